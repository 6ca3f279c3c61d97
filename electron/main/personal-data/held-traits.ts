import type BetterSqlite3 from 'better-sqlite3'
import type { PersonToCheck } from '../../../shared/ipc/channels/do-not-contact'
import { mergeTraits, parseOrUndefined, traitsOf } from './person-match'
import type { PersonTraits } from './personal-data-owner'

// Read-only over the store's tables (shared infrastructure; no feature is imported): the contact
// results bought, and the profile saved in a shortlist (the latest saved per key). Contact quotes
// and a watch's news check people by it.
const RESULTS = `SELECT profile_key AS key, result_json AS json FROM contact_results
  WHERE profile_key IN (SELECT value FROM json_each(?))`
const PROFILES = `SELECT profile_key AS key, profile_json AS json, MAX(updated_at) FROM members
  WHERE profile_key IN (SELECT value FROM json_each(?)) GROUP BY profile_key`

/**
 * People as the do-not-contact check needs them: each key with the emails and handles the app
 * holds for it, so an entry "@acme.com" or a listed email leaves out a person asked for by key
 * alone (a quote) or found by a search that shows no emails (a watch).
 */
export function peopleToCheck(db: BetterSqlite3.Database, keys: readonly string[]): PersonToCheck[] {
  const held = new Map<string, PersonTraits[]>()
  const list = JSON.stringify(keys)
  for (const sql of [RESULTS, PROFILES]) {
    for (const row of db.prepare(sql).iterate(list) as Iterable<{ key: string; json: string }>) {
      const traits = traitsOf(parseOrUndefined(row.json))
      held.set(row.key, [...(held.get(row.key) ?? []), traits])
    }
  }
  return keys.map((key) => {
    const traits = held.get(key)
    if (traits === undefined) return { key }
    const { emails, handles } = mergeTraits(...traits)
    return { key, emails, handles }
  })
}
