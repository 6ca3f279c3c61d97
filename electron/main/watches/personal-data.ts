import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mayMention,
  parseOrUndefined,
  requestNamesPerson,
  textNamesPerson,
  withoutPerson
} from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

type Row = Record<string, unknown>

const SEEN_OF = 'SELECT * FROM saved_search_seen WHERE profile_key = ?'

/**
 * Watches: a saved search remembers every key it found (saved_search_seen), and a watch run plans
 * its refresh jobs by handle (watch_runs). Erasing deletes their seen marks (a search that finds
 * them again tells it as news) and takes their handle out of the plans it keeps (blanked). A saved
 * search that looks for them (its request by their key, email, handle or name, or its name or
 * words naming them) is theirs, Recently deleted ones too: it is deleted, with its watch.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const runsOf = (person: Person) => {
    const runs: Row[] = []
    for (const row of db().prepare('SELECT * FROM watch_runs ORDER BY started_at, id').iterate() as Iterable<Row>) {
      const plan = row.plan_json
      if (
        typeof plan === 'string' &&
        mayMention(plan, person) &&
        withoutPerson(parseOrUndefined(plan), person).removed > 0
      )
        runs.push(row)
    }
    return runs
  }
  const seenOf = (person: Person) => db().prepare(SEEN_OF).all(person.key) as Row[]
  const searchesOf = (person: Person) =>
    (db().prepare('SELECT * FROM saved_searches ORDER BY created_at, id').all() as Row[]).filter((row) => {
      const query = parseOrUndefined(row.query_json as string) as { request?: unknown } | undefined
      return (
        requestNamesPerson(query?.request, person) ||
        textNamesPerson(row.name as string, person) ||
        textNamesPerson(row.query_json as string, person)
      )
    })
  const labels = {
    searches: 'saved searches looking for them',
    seen: 'found by saved searches',
    runs: 'watch runs that planned a refresh of them'
  }
  return {
    owner: 'watches',
    tables: [
      { table: 'saved_searches', personal: true },
      { table: 'saved_search_seen', personal: true },
      { table: 'watches', personal: false, why: 'what is watched (a shortlist or a search) and when it runs' },
      { table: 'watch_runs', personal: true }
    ],

    describe: (person) => [
      { table: 'saved_searches', label: labels.searches, rows: searchesOf(person).length },
      { table: 'saved_search_seen', label: labels.seen, rows: seenOf(person).length },
      { table: 'watch_runs', label: labels.runs, rows: runsOf(person).length }
    ],

    export: (person) => [
      { table: 'saved_searches', label: labels.searches, rows: searchesOf(person) },
      { table: 'saved_search_seen', label: labels.seen, rows: seenOf(person) },
      { table: 'watch_runs', label: labels.runs, rows: runsOf(person) }
    ],

    erase(person) {
      const searches = searchesOf(person)
      const dropWatch = db().prepare("DELETE FROM watches WHERE kind = 'search' AND target_id = ?")
      const dropSearch = db().prepare('DELETE FROM saved_searches WHERE id = ?')
      for (const search of searches) {
        dropWatch.run(search.id)
        dropSearch.run(search.id)
      }
      const seen = db().prepare('DELETE FROM saved_search_seen WHERE profile_key = ?').run(person.key).changes
      const runs = runsOf(person)
      const setPlan = db().prepare('UPDATE watch_runs SET plan_json = ? WHERE id = ?')
      for (const run of runs) setPlan.run(jsonWithoutPerson(run.plan_json as string, person), run.id)
      return [
        { table: 'saved_searches', deleted: searches.length, blanked: 0 },
        { table: 'saved_search_seen', deleted: seen, blanked: 0 },
        { table: 'watch_runs', deleted: 0, blanked: runs.length }
      ]
    }
  }
}
