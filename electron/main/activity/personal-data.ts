import type { Store } from '../store'
import { jsonWithoutPerson, mayMention, parseOrUndefined, withoutPerson } from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

type Row = Record<string, unknown>

/**
 * Activity keeps "Ana Peña moved Acme → Globex" (person_changed, told once by its source key
 * `job:<id>:<key>`) and the people a watched search found for the first time (new_people, in
 * people_json), and what a colleague did to them on a shared shortlist (team_shortlist, source key
 * `team:<seq>:<key>`). Erasing deletes their person_changed entries and takes them out of the new-people
 * lists it keeps (blanked: the entry still says how many were new).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const entriesOf = (person: Person) => {
    const rows = db()
      .prepare(
        `SELECT * FROM activity WHERE source_key LIKE 'job:%:' || ? OR source_key LIKE 'team:%:' || ?
            OR instr(people_json, ?) > 0 ORDER BY id`
      )
      .all(person.key, person.key, person.key) as Row[]
    const about = rows.filter((row) => String(row.source_key).endsWith(`:${person.key}`))
    const listing = rows.filter(
      (row) =>
        !about.includes(row) &&
        typeof row.people_json === 'string' &&
        mayMention(row.people_json, person) &&
        withoutPerson(parseOrUndefined(row.people_json), person).removed > 0
    )
    return { about, listing }
  }
  const labels = { about: 'Activity entries about them', listing: 'Activity entries listing them among new people' }
  return {
    owner: 'activity',
    tables: [
      { table: 'activity', personal: true },
      {
        table: 'activity_kinds',
        personal: false,
        why: 'the names of the kinds of entry Activity can hold: nobody in it'
      }
    ],

    describe(person) {
      const { about, listing } = entriesOf(person)
      return [
        { table: 'activity', label: labels.about, rows: about.length },
        { table: 'activity', label: labels.listing, rows: listing.length }
      ]
    },

    export(person) {
      const { about, listing } = entriesOf(person)
      return [
        { table: 'activity', label: labels.about, rows: about },
        { table: 'activity', label: labels.listing, rows: listing }
      ]
    },

    erase(person) {
      const { about, listing } = entriesOf(person)
      const remove = db().prepare('DELETE FROM activity WHERE id = ?')
      for (const row of about) remove.run(row.id)
      const setPeople = db().prepare('UPDATE activity SET people_json = ? WHERE id = ?')
      for (const row of listing) setPeople.run(jsonWithoutPerson(row.people_json as string, person), row.id)
      return [{ table: 'activity', deleted: about.length, blanked: listing.length }]
    }
  }
}
