import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import {
  normalisedValue,
  type DoNotContactKind,
  type PersonToCheck,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import type { TeamPort } from '../platform/ports'
import { sharedKind, type TeamShare } from '../platform/team-share'

/*
 * What the do-not-contact list shares with the team (issue #38): each entry added or removed by
 * hand, as the team-salted hash of its value (never the value), so it reaches every desk. A
 * colleague's entry is kept in the team's own table (team_do_not_contact, store/migrations/27-team.ts)
 * and every check consults it beside this desk's list. Entries read from a file stay on this desk.
 */

export const ENTRY_KIND = 'do-not-contact.entry'
/** The most of an entry's note the team server keeps (its payload rule). */
const REASON_CHARS = 500

const entryPayload = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(['email', 'domain', 'phone', 'handle', 'key']),
  reason: z.string().max(REASON_CHARS),
  added: z.boolean()
})
type EntryPayload = z.infer<typeof entryPayload>

export const teamShare: TeamShare = {
  feature: 'do-not-contact',
  kinds: {
    [ENTRY_KIND]: sharedKind<EntryPayload>({
      payload: entryPayload,
      apply(change, { db }) {
        // erased on the server (a forget of the person it named): their tombstone suppresses them
        if (change.payload === null || change.payload.kind === 'phone') return
        const { kind, hash, added } = change.payload
        if (added) {
          db.prepare('INSERT OR REPLACE INTO team_do_not_contact (kind, hash, seq) VALUES (?, ?, ?)').run(
            kind,
            hash,
            change.seq
          )
        } else {
          db.prepare('DELETE FROM team_do_not_contact WHERE kind = ? AND hash = ?').run(kind, hash)
        }
      }
    })
  }
}

/** Shares an entry added or removed on this desk (in the caller's transaction); nothing outside a team. */
export function shareEntry(team: TeamPort, kind: DoNotContactKind, text: string, note: string, added: boolean): void {
  const value = normalisedValue(kind, text)
  const hash = value === null ? null : team.salted(value)
  if (hash === null) return
  // a domain names a company, not a person: a forget never reaches it
  team.share(ENTRY_KIND, { hash, kind, reason: note.slice(0, REASON_CHARS), added }, kind === 'domain' ? [] : [hash])
}

/** Removes an entry (remove() answers whether it did) and shares the removal, in one transaction. */
export function removeShared(db: BetterSqlite3.Database, team: TeamPort, id: number, remove: () => boolean): boolean {
  return db.transaction(() => {
    const row = db.prepare('SELECT kind, value, note FROM do_not_contact WHERE id = ?').get(id) as
      { kind: DoNotContactKind; value: string; note: string } | undefined
    const removed = remove()
    if (removed && row !== undefined) shareEntry(team, row.kind, row.value, row.note, false)
    return removed
  })()
}

/** The team's entries naming each of these people (by place), as reasons; none outside a team. */
export function teamReasons(
  team: TeamPort,
  db: BetterSqlite3.Database,
  people: readonly PersonToCheck[]
): SuppressionReason[][] {
  const reasons: SuppressionReason[][] = people.map(() => [])
  if (!team.joined()) return reasons
  const hashed = people.map((person) => {
    const hashes = new Map<string, DoNotContactKind>()
    const add = (kind: DoNotContactKind, text: string) => {
      const value = normalisedValue(kind, text)
      const hash = value === null ? null : team.salted(value)
      if (hash !== null) hashes.set(hash, kind)
    }
    if (person.key !== undefined) add('key', person.key)
    for (const email of person.emails ?? []) {
      add('email', email)
      add('domain', email.slice(email.lastIndexOf('@') + 1))
    }
    for (const handle of person.handles ?? []) add('handle', handle)
    return hashes
  })
  const all = hashed.flatMap((hashes) => [...hashes.keys()])
  if (all.length === 0) return reasons
  const listed = new Set(
    db
      .prepare("SELECT kind || ':' || hash FROM team_do_not_contact WHERE hash IN (SELECT value FROM json_each(?))")
      .pluck()
      .all(JSON.stringify(all)) as string[]
  )
  hashed.forEach((hashes, index) => {
    for (const [hash, kind] of hashes) if (listed.has(`${kind}:${hash}`)) reasons[index]?.push({ why: 'team', kind })
  })
  return reasons
}
