import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import {
  normalisedValue,
  type DoNotContactKind,
  type PersonToCheck,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import { doNotContactBatchSchema, type DoNotContactBatch } from '../../../shared/team/protocol'
import type { TeamPort } from '../platform/ports'
import { sharedKind, type IncomingChange, type TeamShare } from '../platform/team-share'
import { statement } from './statements'

/*
 * What the do-not-contact list shares with the team (issue #38): each entry added or removed by
 * hand, and every entry read from a file (by the thousand, "do-not-contact.batch", written to the
 * outbox by the import itself: batch-share.ts), as the team-salted hash of its value (never the
 * value), so it reaches every desk. A colleague's entry is kept in the team's own table
 * (team_do_not_contact: 32-byte hashes keyed (kind, hash), team/migrations/32-team-do-not-contact-bytes.ts),
 * who shared it, when and why once per change (team_do_not_contact_changes), and every check
 * consults it beside this desk's list.
 */

export const ENTRY_KIND = 'do-not-contact.entry'
export const BATCH_KIND = 'do-not-contact.batch'
/** The most of an entry's note the team server keeps (its payload rule). */
const REASON_CHARS = 500

const entryPayload = z.object({
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  kind: z.enum(['email', 'domain', 'phone', 'handle', 'key']),
  reason: z.string().max(REASON_CHARS),
  added: z.boolean()
})
type EntryPayload = z.infer<typeof entryPayload>

/** A batch entry's kind letter (shared/team/protocol.ts). */
export const KIND_LETTERS: Readonly<Record<string, DoNotContactKind>> = {
  e: 'email',
  d: 'domain',
  h: 'handle',
  k: 'key'
}
/** Rows one statement writes or deletes (a batch of 900 in nine). */
const ROWS_AT_ONCE = 100

/** Who shared a change of entries, when and why: kept once per change, shown beside its entries. */
function keepChange(db: BetterSqlite3.Database, change: IncomingChange<unknown>, reason: string): void {
  statement(
    db,
    'INSERT OR REPLACE INTO team_do_not_contact_changes (seq, person_name, desk_id, server_time, reason) VALUES (?, ?, ?, ?, ?)'
  ).run(change.seq, change.author.personName, change.author.deskId, change.serverTime, reason)
}

/** A colleague's batch: its entries added (a later change of the same entry wins) or taken off. */
function applyBatch(db: BetterSqlite3.Database, seq: number, batch: DoNotContactBatch): void {
  const rows = batch.entries.flatMap((entry) => {
    const kind = KIND_LETTERS[entry[0]!]
    return kind === undefined ? [] : [{ kind, hash: Buffer.from(entry.slice(1), 'hex') }]
  })
  for (let from = 0; from < rows.length; from += ROWS_AT_ONCE) {
    const part = rows.slice(from, from + ROWS_AT_ONCE)
    if (batch.added) {
      // an upsert, not a replace: the counts' triggers see an entry moved from one import to another
      statement(
        db,
        `INSERT INTO team_do_not_contact (kind, hash, seq, source) VALUES ${part.map(() => '(?, ?, ?, ?)').join(', ')}
         ON CONFLICT (kind, hash) DO UPDATE SET seq = excluded.seq, source = excluded.source`
      ).run(part.flatMap(({ kind, hash }) => [kind, hash, seq, batch.import]))
    } else {
      // the import's own entries: one a colleague shared since (by hand or in their file) stays
      statement(
        db,
        `DELETE FROM team_do_not_contact WHERE (kind, hash) IN (VALUES ${part.map(() => '(?, ?)').join(', ')}) AND source IS ?`
      ).run([...part.flatMap(({ kind, hash }) => [kind, hash]), batch.import])
    }
  }
}

export const teamShare: TeamShare = {
  feature: 'do-not-contact',
  kinds: {
    [ENTRY_KIND]: sharedKind<EntryPayload>({
      payload: entryPayload,
      apply(change, { db }) {
        // erased on the server (a forget of the person it named): their tombstone suppresses them
        if (change.payload === null || change.payload.kind === 'phone') return
        const { kind, hash, added, reason } = change.payload
        if (added) {
          statement(
            db,
            `INSERT INTO team_do_not_contact (kind, hash, seq) VALUES (?, ?, ?)
             ON CONFLICT (kind, hash) DO UPDATE SET seq = excluded.seq, source = NULL`
          ).run(kind, Buffer.from(hash, 'hex'), change.seq)
          keepChange(db, change, reason)
        } else {
          statement(db, 'DELETE FROM team_do_not_contact WHERE kind = ? AND hash = ?').run(
            kind,
            Buffer.from(hash, 'hex')
          )
        }
      }
    }),
    [BATCH_KIND]: sharedKind<DoNotContactBatch>({
      payload: doNotContactBatchSchema,
      apply(change, { db }) {
        if (change.payload === null) return
        applyBatch(db, change.seq, change.payload)
        if (change.payload.added) keepChange(db, change, change.payload.reason)
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
    const row = statement(db, 'SELECT kind, value, note FROM do_not_contact WHERE id = ?').get(id) as
      { kind: DoNotContactKind; value: string; note: string } | undefined
    const removed = remove()
    if (removed && row !== undefined) shareEntry(team, row.kind, row.value, row.note, false)
    return removed
  })()
}

/**
 * A check's lookup: every kind's hashes in one statement, each (kind, hash) one search of the
 * primary key, prepared once per connection (a check is some milliseconds: preparing was a part).
 */
const LOOKUP = `SELECT kind || ':' || lower(hex(hash)) FROM team_do_not_contact
  WHERE (kind, hash) IN (SELECT value ->> 0, unhex(value ->> 1) FROM json_each(?))`

/** The team's entries naming each of these people (by place), as reasons; none outside a team. */
export function teamReasons(
  team: TeamPort,
  db: BetterSqlite3.Database,
  people: readonly PersonToCheck[]
): SuppressionReason[][] {
  const reasons: SuppressionReason[][] = people.map(() => [])
  if (!team.joined()) return reasons
  const sought: Array<[DoNotContactKind, string]> = []
  const hashed = people.map((person) => {
    const hashes = new Map<string, DoNotContactKind>()
    const add = (kind: DoNotContactKind, text: string) => {
      const value = normalisedValue(kind, text)
      const hash = value === null ? null : team.salted(value)
      if (hash !== null && !hashes.has(hash)) {
        hashes.set(hash, kind)
        sought.push([kind, hash])
      }
    }
    if (person.key !== undefined) add('key', person.key)
    for (const email of person.emails ?? []) {
      add('email', email)
      add('domain', email.slice(email.lastIndexOf('@') + 1))
    }
    for (const handle of person.handles ?? []) add('handle', handle)
    return hashes
  })
  if (sought.length === 0) return reasons
  const listed = new Set(statement(db, LOOKUP).pluck().all(JSON.stringify(sought)) as string[])
  hashed.forEach((hashes, index) => {
    for (const [hash, kind] of hashes) if (listed.has(`${kind}:${hash}`)) reasons[index]?.push({ why: 'team', kind })
  })
  return reasons
}
