import { createHash } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'

/*
 * The team's salted hash (issue #38): sha256 hex of the team salt's 32 bytes followed by the
 * value's UTF-8, the value normalised as the kind's rule says (keys as the API gives them, emails
 * lower-cased and trimmed, handles and domains lower-cased). Every desk of the team hashes alike,
 * so a desk recognises a colleague's do-not-contact entry or tombstone without learning who it
 * names; the server holds only these hashes.
 */

let saltOf: { hex: string; bytes: Buffer } | null = null

export function teamHash(salt: string, value: string): string {
  if (saltOf?.hex !== salt) saltOf = { hex: salt, bytes: Buffer.from(salt, 'hex') }
  return createHash('sha256').update(saltOf.bytes).update(value, 'utf8').digest('hex')
}

/** A person's values as the team hashes them: keys as given, emails and handles trimmed and lower-cased (as tombstones.ts normalises). */
export function teamSubjects(
  salt: string,
  person: { key?: string | undefined; emails: readonly string[]; handles: readonly string[] }
): string[] {
  const subjects = new Set<string>()
  const key = person.key?.trim() ?? ''
  if (key !== '') subjects.add(teamHash(salt, key))
  for (const value of [...person.emails, ...person.handles]) {
    const normal = value.trim().toLowerCase()
    if (normal !== '') subjects.add(teamHash(salt, normal))
  }
  return [...subjects]
}

/** The team's salt and its tombstones' hashes with their reasons (store/migrations/27-team.ts), or null outside a team. */
export function readTeamTombstones(
  db: BetterSqlite3.Database
): { salt: string; hashes: Array<[string, string]> } | null {
  const salt = db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string | undefined
  if (salt === undefined) return null
  const hashes = db.prepare('SELECT hash, reason FROM team_tombstones').raw().all() as Array<[string, string]>
  return { salt, hashes }
}
