import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './store-error'
import { StatementCache } from './statements'
import { isoNow, type Clock } from './clock'
import { storedProfile, type ProfileInput } from './profile-fields'
import { profileChanges } from './profile-changes'
import type { MembersRepo, StoredMember } from './members-repo'
import type { ProfileChange, SnapshotInfo, SnapshotSource } from '../../../shared/ipc/channels/shortlists'

/** A snapshot as stored: the profile JSON text exactly as received. */
export type StoredSnapshot = Omit<SnapshotInfo, 'current'> & { profileJson: string }

/** Every snapshot of a member, oldest first; `current` marks the one in use. */
export type ProfileSnapshot = SnapshotInfo & { profileJson: string }

/** A member a refreshed profile was applied to, with what changed. */
export interface RefreshedMember {
  memberId: number
  shortlistId: string
  profileKey: string
  name: string
  changes: ProfileChange[]
}

/**
 * A member's profile over time: the current snapshot lives on the member row, earlier ones in
 * `member_snapshots`. A refresh adds a snapshot and says what changed against the one before.
 */
export class SnapshotsRepo {
  private readonly statements: StatementCache

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock,
    private readonly members: MembersRepo
  ) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  /** All snapshots of a member, oldest first; the last one is current. */
  snapshots(memberId: number): ProfileSnapshot[] {
    const current = this.members.get(memberId)
    return [
      ...this.history(memberId).map((snapshot) => ({ ...snapshot, current: false })),
      {
        capturedAt: current.profileCapturedAt,
        source: current.profileSource,
        current: true,
        profileJson: current.profileJson
      }
    ]
  }

  /** Earlier snapshots of a member (not the current one), oldest first. */
  history(memberId: number): StoredSnapshot[] {
    const rows = this.sql(
      'SELECT captured_at, source, profile_json FROM member_snapshots WHERE member_id = ? ORDER BY captured_at, id'
    ).all(memberId) as Array<{ captured_at: string; source: SnapshotSource; profile_json: string }>
    return rows.map((row) => ({ capturedAt: row.captured_at, source: row.source, profileJson: row.profile_json }))
  }

  /**
   * Stores a newer snapshot for a member (a refresh). The previous one moves to the history; the
   * profile key must not change.
   */
  addSnapshot(
    memberId: number,
    profile: ProfileInput,
    options: { capturedAt?: string; source?: SnapshotSource } = {}
  ): StoredMember {
    const next = storedProfile(profile)
    return this.db.transaction(() => {
      const current = this.members.get(memberId)
      if (next.key !== current.profileKey) {
        throw new StoreError('invalid_input', 'A snapshot must have the same profile key as the member.', {
          details: { expected: current.profileKey, received: next.key }
        })
      }
      this.sql('INSERT INTO member_snapshots (member_id, captured_at, source, profile_json) VALUES (?, ?, ?, ?)').run(
        memberId,
        current.profileCapturedAt,
        current.profileSource,
        current.profileJson
      )
      const source = options.source ?? 'refreshed'
      // A refresh says what changed against the snapshot before it; other sources clear it.
      const changes =
        source === 'refreshed' ? profileChanges(current.profile as Record<string, unknown>, next.profile) : []
      this.sql(
        `UPDATE members SET profile_json = ?, profile_captured_at = ?, profile_source = ?, profile_refreshed_at = ?,
           profile_updated_at = ?, name = ?, title = ?, company = ?, skills = ?, location = ?, refresh_changes = ?,
           updated_at = ? WHERE id = ?`
      ).run(
        next.json,
        options.capturedAt ?? isoNow(this.clock),
        source,
        next.dates.refreshedAt,
        next.dates.updatedAt,
        next.name,
        next.title,
        next.company,
        next.skills,
        next.location,
        JSON.stringify(changes),
        isoNow(this.clock),
        memberId
      )
      return this.members.get(memberId)
    })()
  }

  /**
   * Applies a refreshed profile to every member saved with its key (Recently deleted ones too, so a
   * restored person is current); returns each member with what changed.
   */
  applyRefreshedProfile(profile: ProfileInput, capturedAt?: string): RefreshedMember[] {
    const { key } = storedProfile(profile)
    return this.db.transaction(() => {
      const ids = (this.sql('SELECT id FROM members WHERE profile_key = ?').all(key) as Array<{ id: number }>).map(
        (r) => r.id
      )
      return ids.map((id) => {
        const member = this.addSnapshot(id, profile, capturedAt === undefined ? {} : { capturedAt })
        return {
          memberId: id,
          shortlistId: member.shortlistId,
          profileKey: key,
          name: member.name,
          changes: member.refreshChanges
        }
      })
    })()
  }

  /** Restores a member's earlier snapshots exactly as backed up. */
  insertHistory(memberId: number, history: readonly StoredSnapshot[]): void {
    const insert = this.sql(
      'INSERT INTO member_snapshots (member_id, captured_at, source, profile_json) VALUES (?, ?, ?, ?)'
    )
    for (const snapshot of history) insert.run(memberId, snapshot.capturedAt, snapshot.source, snapshot.profileJson)
  }
}
