import { z } from 'zod'
import { erasureReasonSchema, type ErasureReason } from '../../../shared/ipc/channels/personal-data'
import type { TeamPort } from '../platform/ports'
import { sharedKind, type TeamShare } from '../platform/team-share'
import type { Person } from '../personal-data/personal-data-owner'

/*
 * What forgetting shares with the team (issue #38): a forget on any desk is a tombstone for the
 * team, its subjects the team-salted hashes of the person's key, emails and handles, its payload
 * the reason code only. On every other desk it goes through the same erase as a forget there (the
 * person held under a key it hashes is forgotten, tombstone and all), and its hashes are kept
 * (team_tombstones) wherever the desk's own tombstones are consulted, so a re-import, a restore
 * or a search skips them even on a desk that never held them.
 */

export const TOMBSTONE_KIND = 'erasure.tombstone'

const tombstonePayload = z.object({ reason: erasureReasonSchema })
type TombstonePayload = z.infer<typeof tombstonePayload>

/** Shares a forget done here (inside the erase's transaction, beside the desk's own tombstone). */
export function shareForget(
  team: TeamPort,
  person: Pick<Person, 'key' | 'emails' | 'handles'>,
  reason: ErasureReason
): void {
  if (!team.joined()) return
  // normalised as personal-data/team-hash.ts's teamSubjects: the key as given, the rest lower-cased
  const values = [
    person.key.trim(),
    ...[...person.emails, ...person.handles].map((value) => value.trim().toLowerCase())
  ]
  const subjects = values.filter((value) => value !== '').map((value) => team.salted(value))
  // at most 50 subjects a change (the protocol's limit): the key first, then emails and handles
  team.share(TOMBSTONE_KIND, { reason }, [...new Set(subjects.filter((hash) => hash !== null))].slice(0, 50))
}

export interface ErasureApply {
  /** Every person key held on this desk. */
  heldKeys: () => readonly string[]
  /** Forgets these people through the desk's one erase path (privacy.forget). */
  forget: (keys: readonly string[], reason: ErasureReason) => void
}

export function erasureShare(erase: ErasureApply): TeamShare {
  return {
    feature: 'privacy',
    kinds: {
      [TOMBSTONE_KIND]: sharedKind<TombstonePayload>({
        payload: tombstonePayload,
        apply(change, { db }) {
          const reason = change.payload?.reason ?? 'person-asked'
          const keep = db.prepare('INSERT OR IGNORE INTO team_tombstones (hash, reason, seq) VALUES (?, ?, ?)')
          for (const subject of change.subjects)
            if (/^[0-9a-f]{64}$/.test(subject)) keep.run(subject, reason, change.seq)
        },
        // the erase itself after the page committed (it checkpoints the file): everyone held here
        // whom a team tombstone names, each through the same erase as a forget on this desk
        settle({ db, salted }) {
          const find = db.prepare('SELECT reason FROM team_tombstones WHERE hash = ?').pluck()
          const byReason = new Map<ErasureReason, string[]>()
          for (const key of erase.heldKeys()) {
            const reason = find.get(salted(key.trim())) as ErasureReason | undefined
            if (reason !== undefined) byReason.set(reason, [...(byReason.get(reason) ?? []), key])
          }
          for (const [reason, keys] of byReason) erase.forget(keys, reason)
        }
      })
    }
  }
}
