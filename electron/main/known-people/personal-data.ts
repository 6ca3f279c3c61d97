import type { Store } from '../store'
import type { Person, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { readSalt } from '../personal-data/tombstones'
import { normalisedName, traitHashes } from './person-keys'
import { teamFingerprints, teamSaltOf } from './team-share'

const LABEL = 'people you already have (ATS lists) naming them'
const TEAM_LABEL = 'fingerprints of them in the team’s lists (a colleague’s import)'

/** The person's team fingerprints (key, emails, handles), or none outside a team. */
function teamPrintsOf(store: Store, person: Person): string[] {
  const salt = teamSaltOf(store.database.db)
  return salt === null ? [] : [...teamFingerprints(salt, { ...person, name: '', employer: '' }).keys()]
}

const TEAM_ROWS = `SELECT l.name AS list, l.author, h.kind FROM team_known_hashes h
  JOIN team_known_lists l ON l.desk_id = h.desk_id AND l.list_id = h.list_id
  WHERE h.hash IN (SELECT value FROM json_each(?))`

/** Takes the person out of a list being imported here whose fingerprints wait to be shared. */
function eraseFromParts(store: Store, prints: readonly string[]): number {
  const db = store.database.db
  const theirs = new Set(prints)
  let people = 0
  const parts = db.prepare('SELECT list_id, part, people FROM known_people_team_parts').all() as Array<{
    list_id: number
    part: number
    people: string
  }>
  const update = db.prepare('UPDATE known_people_team_parts SET people = ? WHERE list_id = ? AND part = ?')
  for (const part of parts) {
    const before = JSON.parse(part.people) as string[][]
    const after = before.filter((person) => !person.some((print) => theirs.has(print.slice(1))))
    if (after.length === before.length) continue
    people += before.length - after.length
    update.run(JSON.stringify(after), part.list_id, part.part)
  }
  return people
}

interface KnownPersonRow {
  id: number
  list: string
  ats_id: string | null
  stage: string | null
  name: string
  employer: string
}

/**
 * The people of the lists that are this person: those one of whose hashes is the person's key,
 * email or handle, and those the list knew only by name and company (no hash at all) whose name
 * is one of the person's names — such a row has nothing else to recognise them by, and keeping it
 * would keep their name in clear after they were forgotten.
 */
function rowsAbout(store: Store, person: Person): KnownPersonRow[] {
  const db = store.database.db
  const ids = new Set<number>()
  const salt = readSalt(db)
  if (salt !== null) {
    const hashes = [...traitHashes(salt, person).keys()]
    const find = db.prepare('SELECT person_id FROM known_people_hashes WHERE hash = ?').pluck()
    for (const hash of hashes) for (const id of find.all(hash) as number[]) ids.add(id)
  }
  const byName = db
    .prepare(
      `SELECT id FROM known_people p WHERE name = ? AND name != ''
       AND NOT EXISTS (SELECT 1 FROM known_people_hashes h WHERE h.person_id = p.id)`
    )
    .pluck()
  for (const name of new Set(person.names.map(normalisedName))) {
    if (name !== '') for (const id of byName.all(name) as number[]) ids.add(id)
  }
  if (ids.size === 0) return []
  const read = db.prepare(
    `SELECT p.id, l.name AS list, p.ats_id, p.stage, p.name, p.employer
     FROM known_people p JOIN known_people_lists l ON l.id = p.list_id WHERE p.id = ?`
  )
  return [...ids].map((id) => read.get(id) as KnownPersonRow)
}

/**
 * The lists hold people: their name and employer in clear (normalised) and salted hashes of their
 * emails, handles and keys. Forgetting a person takes them out of every list (their hashes go
 * with them); the list itself (its name, file name, size) names nobody.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => ({
  owner: 'known-people',
  tables: [
    { table: 'known_people', personal: true },
    { table: 'known_people_hashes', personal: true },
    { table: 'known_people_lists', personal: false, why: 'a list’s name, file name, scope and size: nobody in it' },
    { table: 'known_people_team_parts', personal: true },
    { table: 'team_known_hashes', personal: true },
    {
      table: 'team_known_lists',
      personal: false,
      why: 'a colleague’s list: its name, file name, columns, size and who imported it — nobody in it'
    }
  ],
  describe(person) {
    const rows = rowsAbout(store(), person).length
    const team = (
      store()
        .database.db.prepare(TEAM_ROWS)
        .all(JSON.stringify(teamPrintsOf(store(), person))) as unknown[]
    ).length
    return [
      ...(rows === 0 ? [] : [{ table: 'known_people', label: LABEL, rows }]),
      ...(team === 0 ? [] : [{ table: 'team_known_hashes', label: TEAM_LABEL, rows: team }])
    ]
  },
  export(person) {
    const rows = rowsAbout(store(), person).map(({ list, ats_id, stage, name, employer }) => ({
      list,
      atsId: ats_id,
      stage,
      name,
      employer
    }))
    const team = store()
      .database.db.prepare(TEAM_ROWS)
      .all(JSON.stringify(teamPrintsOf(store(), person))) as Array<Record<string, unknown>>
    return [
      ...(rows.length === 0 ? [] : [{ table: 'known_people', label: LABEL, rows }]),
      ...(team.length === 0 ? [] : [{ table: 'team_known_hashes', label: TEAM_LABEL, rows: team }])
    ]
  },
  erase(person) {
    const db = store().database.db
    const rows = rowsAbout(store(), person)
    const remove = db.prepare('DELETE FROM known_people WHERE id = ?')
    const count = db.prepare(
      'UPDATE known_people_lists SET people = people - 1 WHERE id = (SELECT list_id FROM known_people WHERE id = ?)'
    )
    for (const row of rows) {
      count.run(row.id)
      remove.run(row.id)
    }
    const prints = teamPrintsOf(store(), person)
    const team = db
      .prepare('DELETE FROM team_known_hashes WHERE hash IN (SELECT value FROM json_each(?))')
      .run(JSON.stringify(prints)).changes
    const parts = prints.length === 0 ? 0 : eraseFromParts(store(), prints)
    return [
      ...(rows.length === 0 ? [] : [{ table: 'known_people', deleted: rows.length, blanked: 0 }]),
      ...(team === 0 ? [] : [{ table: 'team_known_hashes', deleted: team, blanked: 0 }]),
      ...(parts === 0 ? [] : [{ table: 'known_people_team_parts', deleted: 0, blanked: parts }])
    ]
  }
})
