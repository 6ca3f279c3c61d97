import type { Store } from '../store'
import { parseOrUndefined, requestNamesPerson } from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

interface RecentRow {
  id: number
  request_json: string
  [column: string]: unknown
}

/**
 * Recent searches: a search by key, email, handle or name is a search for that person (a search
 * by title or skills names nobody). Erasing deletes those searches; the others stay.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const searchesOf = (person: Person): RecentRow[] =>
    (db().prepare('SELECT * FROM recent_searches ORDER BY id').all() as RecentRow[]).filter((row) =>
      requestNamesPerson(parseOrUndefined(row.request_json), person)
    )
  const label = 'recent searches for them'
  return {
    owner: 'search',
    tables: [{ table: 'recent_searches', personal: true }],
    describe: (person) => [{ table: 'recent_searches', label, rows: searchesOf(person).length }],
    export: (person) => [{ table: 'recent_searches', label, rows: searchesOf(person) }],
    erase(person) {
      const remove = db().prepare('DELETE FROM recent_searches WHERE id = ?')
      const rows = searchesOf(person)
      for (const row of rows) remove.run(row.id)
      return [{ table: 'recent_searches', deleted: rows.length, blanked: 0 }]
    }
  }
}
