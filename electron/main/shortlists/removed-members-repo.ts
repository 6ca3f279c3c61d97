import type BetterSqlite3 from 'better-sqlite3'
import { StatementCache } from '../store/statements'
import { isoNow, type Clock } from '../store/clock'
import { memberNotFound, summaryColumns, toSummary, type MemberRow } from '../store/member-rows'
import type { MembersRepo, StoredMember } from '../store/members-repo'
import type { ShortlistsRepo } from '../store/shortlists-repo'
import type { MemberSummary } from '../../../shared/ipc/channels/shortlists'

/** A member in Recently deleted, with where it was removed from. */
export type RemovedMember = MemberSummary & {
  removedAt: string
  shortlistName: string
  /** The shortlist itself is deleted too: restoring the person brings it back. */
  shortlistDeleted: boolean
}

/**
 * Recently deleted, for people: a removed member keeps notes, tags, stage, rating and snapshots,
 * ready for `restore`, until `purgeRemoved` (30 days) or `purge`/`emptyRemoved` delete it for good.
 */
export class RemovedMembersRepo {
  private readonly statements: StatementCache

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock,
    private readonly shortlists: ShortlistsRepo,
    private readonly members: MembersRepo
  ) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  /** Moves a member to Recently deleted. */
  remove(memberId: number): void {
    this.db.transaction(() => {
      const current = this.members.get(memberId)
      if (this.isRemoved(memberId)) throw memberNotFound(memberId)
      this.sql('UPDATE members SET removed_at = ? WHERE id = ?').run(isoNow(this.clock), memberId)
      this.shortlists.touch(current.shortlistId)
    })()
  }

  /** Brings a removed member back; its shortlist too, when that was deleted. */
  restore(memberId: number): StoredMember {
    return this.db.transaction(() => {
      const current = this.members.get(memberId)
      if (!this.isRemoved(memberId)) throw memberNotFound(memberId)
      const list = this.shortlists.get(current.shortlistId, { includeDeleted: true })
      if (list.deletedAt !== null) this.shortlists.undoDelete(list.id)
      this.sql('UPDATE members SET removed_at = NULL WHERE id = ?').run(memberId)
      this.shortlists.touch(current.shortlistId)
      return this.members.get(memberId)
    })()
  }

  /** People in Recently deleted (removed from a shortlist), newest first. */
  listRemoved(): RemovedMember[] {
    const rows = this.sql(
      `SELECT ${summaryColumns}, m.removed_at, s.name AS shortlist_name, s.deleted_at AS shortlist_deleted_at
         FROM members m JOIN stages st ON st.id = m.stage_id JOIN shortlists s ON s.id = m.shortlist_id
        WHERE m.removed_at IS NOT NULL ORDER BY m.removed_at DESC, m.id DESC`
    ).all() as Array<MemberRow & { removed_at: string; shortlist_name: string; shortlist_deleted_at: string | null }>
    return rows.map((row) => ({
      ...toSummary(row),
      removedAt: row.removed_at,
      shortlistName: row.shortlist_name,
      shortlistDeleted: row.shortlist_deleted_at !== null
    }))
  }

  /** Deletes one removed member for good (only from Recently deleted). */
  purge(memberId: number): void {
    const changes = this.sql('DELETE FROM members WHERE id = ? AND removed_at IS NOT NULL').run(memberId).changes
    if (changes === 0) throw memberNotFound(memberId)
  }

  /** Deletes for good the members removed `days` ago or earlier; answers how many. */
  purgeRemoved(days: number): number {
    const cutoff = new Date(this.clock.now().getTime() - days * 86_400_000).toISOString()
    return this.sql('DELETE FROM members WHERE removed_at IS NOT NULL AND removed_at <= ?').run(cutoff).changes
  }

  /** Empties the removed members of Recently deleted; answers how many. */
  emptyRemoved(): number {
    return this.sql('DELETE FROM members WHERE removed_at IS NOT NULL').run().changes
  }

  private isRemoved(memberId: number): boolean {
    const row = this.sql('SELECT removed_at FROM members WHERE id = ?').get(memberId) as
      { removed_at: string | null } | undefined
    return row?.removed_at != null
  }
}
