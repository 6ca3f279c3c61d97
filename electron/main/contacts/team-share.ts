import type BetterSqlite3 from 'better-sqlite3'
import {
  CONTACTS_BOUGHT_KIND,
  contactsBoughtPayloadSchema,
  type ContactsBoughtPayload
} from '../../../shared/team/protocol'
import type { PeopleHeld } from '../platform/event-bus'
import type { TeamPayload, TeamPort } from '../platform/ports'
import { sharedKind, type TeamShare } from '../platform/team-share'
import { traitsOf } from '../personal-data/person-match'

/*
 * What contacts share with the team (issue #38 item 4.3): contact data a desk bought goes to the
 * team ("contacts.bought": one person, one contact type, the result as the Partner API gave it),
 * so a colleague's quote serves that person free from the team's copy instead of buying them
 * again. Every desk keeps the newest copy per person and type, with who bought it and when
 * (team_bought_contacts); the change's subjects are the person's team-salted hashes (their key,
 * emails and handles, normalised as a tombstone's), so an erasure of the person deletes it on the
 * server, and on each desk the same erase as a forget removes its copy (contacts/personal-data.ts).
 */

/** A colleague's purchase as this desk holds it. */
export interface TeamCopy {
  key: string
  result: Record<string, unknown>
  boughtBy: string
  boughtAt: string
}

/**
 * Shares what this desk bought (in the caller's transaction): each Completed lookup of a person
 * whose data the service gave. Nothing outside a team.
 */
export function shareBought(
  team: TeamPort,
  contactType: ContactsBoughtPayload['contactType'],
  results: ReadonlyArray<{ key: string; result: Record<string, unknown> }>,
  boughtAt: string
): void {
  if (!team.joined()) return
  for (const { key, result } of results) {
    const traits = traitsOf(result)
    // normalised as a tombstone's subjects (privacy/team-share.ts shareForget): the key first
    const values = [key.trim(), ...[...traits.emails, ...traits.handles].map((value) => value.trim().toLowerCase())]
    const subjects = [...new Set(values.filter((value) => value !== '').map((value) => team.salted(value)))].filter(
      (hash): hash is string => hash !== null
    )
    if (subjects.length === 0) continue
    const payload: ContactsBoughtPayload = {
      key,
      contactType,
      result: result as ContactsBoughtPayload['result'],
      boughtAt
    }
    team.share(CONTACTS_BOUGHT_KIND, payload as TeamPayload, subjects.slice(0, 50))
  }
}

/** The team's copies of these people's contact data of a type (none outside a team, or not bought by the team). */
export function teamCopies(
  db: BetterSqlite3.Database,
  contactType: string,
  keys: readonly string[]
): Map<string, TeamCopy> {
  const copies = new Map<string, TeamCopy>()
  if (keys.length === 0) return copies
  const rows = db
    .prepare(
      `SELECT profile_key, result_json, bought_by, bought_at FROM team_bought_contacts
       WHERE contact_type = ? AND profile_key IN (SELECT value FROM json_each(?))`
    )
    .all(contactType, JSON.stringify(keys)) as Array<{
    profile_key: string
    result_json: string
    bought_by: string
    bought_at: string
  }>
  for (const row of rows) {
    copies.set(row.profile_key, {
      key: row.profile_key,
      result: JSON.parse(row.result_json) as Record<string, unknown>,
      boughtBy: row.bought_by,
      boughtAt: row.bought_at
    })
  }
  return copies
}

export function contactsTeamShare(deps: { held: (held: PeopleHeld) => void }): TeamShare {
  return {
    feature: 'contacts',
    kinds: {
      [CONTACTS_BOUGHT_KIND]: sharedKind<ContactsBoughtPayload>({
        payload: contactsBoughtPayloadSchema,
        apply(change, { db }) {
          // erased on the server (its person forgotten): no copy of it stays here either
          if (change.payload === null) {
            db.prepare('DELETE FROM team_bought_contacts WHERE change_id = ?').run(change.id)
            return
          }
          const { key, contactType, result, boughtAt } = change.payload
          // a lookup that gave nothing is not the team's to serve
          if (result['status'] !== 'Completed') return
          db.prepare(
            `INSERT INTO team_bought_contacts
               (profile_key, contact_type, result_json, bought_by, bought_by_desk, bought_at, change_id, seq)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)
             ON CONFLICT (profile_key, contact_type) DO UPDATE SET
               result_json = excluded.result_json, bought_by = excluded.bought_by,
               bought_by_desk = excluded.bought_by_desk, bought_at = excluded.bought_at,
               change_id = excluded.change_id, seq = excluded.seq
             WHERE excluded.seq > team_bought_contacts.seq`
          ).run(
            key,
            contactType,
            JSON.stringify(result),
            change.author.personName,
            change.author.deskId,
            boughtAt,
            change.id,
            change.seq
          )
          // held here now: a colleague's forget finds them (provenance's held people)
          deps.held({
            kind: 'team',
            what: 'contact',
            detail: `${contactType} contact details bought by ${change.author.personName}`,
            connectionId: null,
            people: [{ key }]
          })
        }
      })
    }
  }
}
