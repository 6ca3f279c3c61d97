import type BetterSqlite3 from 'better-sqlite3'
import { StatementCache } from './statements'
import { storedTags } from './member-rows'
import type { MembersRepo } from './members-repo'
import type { ShortlistsRepo } from './shortlists-repo'
import type { SnapshotsRepo, StoredSnapshot } from './snapshots-repo'
import type { MemberSummary, SearchHit, SnapshotSource } from '../../../shared/ipc/channels/shortlists'

/** The recruiter's fields and dates of a member, as the backup carries them. */
type MemberFields = Pick<
  MemberSummary,
  'profileCapturedAt' | 'profileSource' | 'notes' | 'tags' | 'stage' | 'rating' | 'addedAt' | 'updatedAt'
>

/** A member as a backup carries it, to be restored exactly. */
export type RestoredMember = MemberFields & {
  profileJson: string
  history: StoredSnapshot[]
  /** Restored into Recently deleted when set. */
  removedAt?: string | null
}

/** One member as the exporters and the backup need it: raw JSON, nothing parsed yet. */
export type MemberRecord = MemberFields &
  Pick<SearchHit, 'id' | 'shortlistId' | 'shortlistName' | 'profileKey'> & {
    profileJson: string
    /** Latest stored contact result for this profile key, as stored. */
    contactJson: string | null
    /** The member's name column: kept apart from the profile, so readable when it is not. */
    name: string
    /** Set while the member is in Recently deleted. */
    removedAt: string | null
  }

/** Page size for streaming reads: bounded memory, and the connection is free between pages. */
const PAGE = 1000

/** Members in bulk, as exports and backups read them and a restore writes them back. */
export class MemberRecordsRepo {
  private readonly statements: StatementCache

  constructor(
    db: BetterSqlite3.Database,
    private readonly shortlists: ShortlistsRepo,
    private readonly members: MembersRepo,
    private readonly snapshots: SnapshotsRepo
  ) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  /**
   * Streams members with their profile JSON and latest contact result, one page at a time, for
   * CSV export and backup. Either a whole shortlist or a selection of member ids.
   * `contacts: false` skips the contact lookup when no column shows contacts.
   */
  *records(
    selector:
      { shortlistId: string; includeDeleted?: boolean; includeRemoved?: boolean } | { memberIds: readonly number[] },
    options: { contacts?: boolean } = {}
  ): Generator<MemberRecord> {
    const contact =
      options.contacts === false
        ? 'NULL'
        : `(SELECT c.result_json FROM contact_results c WHERE c.profile_key = m.profile_key
           ORDER BY c.fetched_at DESC, c.id DESC LIMIT 1)`
    const base = `SELECT m.id, m.shortlist_id, s.name AS shortlist_name, m.profile_key, m.profile_json,
        m.profile_captured_at, m.profile_source, m.notes, m.tags, st.name AS stage, m.rating, m.added_at, m.updated_at,
        ${contact} AS contact_json, m.name, m.removed_at
      FROM members m JOIN shortlists s ON s.id = m.shortlist_id JOIN stages st ON st.id = m.stage_id`
    if ('shortlistId' in selector) {
      this.shortlists.nameOf(selector.shortlistId, { includeDeleted: selector.includeDeleted === true })
      // Rows as arrays (raw): no per-row object with named keys, which matters at 100,000 rows.
      const removed = selector.includeRemoved === true ? '' : 'AND m.removed_at IS NULL'
      const page = this.sql(`${base} WHERE m.shortlist_id = ? ${removed} AND m.id > ? ORDER BY m.id LIMIT ${PAGE}`).raw(
        true
      )
      let after = 0
      for (;;) {
        const rows = page.all(selector.shortlistId, after) as RecordRow[]
        for (const row of rows) yield toRecord(row)
        const last = rows.at(-1)
        if (last === undefined || rows.length < PAGE) return
        after = last[0]
      }
    }
    const one = this.sql(`${base} WHERE m.id = ? AND m.removed_at IS NULL`).raw(true)
    for (const id of selector.memberIds) {
      const row = one.get(id) as RecordRow | undefined
      if (row !== undefined) yield toRecord(row)
    }
  }

  /**
   * Members an export of the selector writes. For a shortlist: all its members, less those in
   * Recently deleted. Both counts read indexes only (members_shortlist; members_removed, which
   * `+` makes the planner take); counting `removed_at IS NULL` directly read every member's row,
   * 60 ms of main's event loop at 100,000.
   */
  count(selector: { shortlistId: string } | { memberIds: readonly number[] }): number {
    if ('memberIds' in selector) return selector.memberIds.length
    const all = this.sql('SELECT count(*) AS n FROM members WHERE shortlist_id = ?').get(selector.shortlistId) as {
      n: number
    }
    const removed = this.sql(
      'SELECT count(*) AS n FROM members WHERE removed_at IS NOT NULL AND +shortlist_id = ?'
    ).get(selector.shortlistId) as { n: number }
    return all.n - removed.n
  }

  /** Inserts a member exactly as backed up (inside the caller's transaction): dates, fields, history. */
  insertRestored(shortlistId: string, member: RestoredMember): number {
    const id = this.members.insertRow(shortlistId, {
      profile: member.profileJson,
      capturedAt: member.profileCapturedAt,
      source: member.profileSource,
      notes: member.notes,
      tags: member.tags,
      stage: member.stage,
      rating: member.rating
    })
    this.sql('UPDATE members SET added_at = ?, updated_at = ?, removed_at = ? WHERE id = ?').run(
      member.addedAt,
      member.updatedAt,
      member.removedAt ?? null,
      id
    )
    this.snapshots.insertHistory(id, member.history)
    return id
  }
}

/** Columns of the records query, in SELECT order. */
type RecordRow = [
  id: number,
  shortlistId: string,
  shortlistName: string,
  profileKey: string,
  profileJson: string,
  profileCapturedAt: string,
  profileSource: SnapshotSource,
  notes: string,
  tags: string,
  stage: string,
  rating: number | null,
  addedAt: string,
  updatedAt: string,
  contactJson: string | null,
  name: string,
  removedAt: string | null
]

function toRecord(row: RecordRow): MemberRecord {
  return {
    id: row[0],
    shortlistId: row[1],
    shortlistName: row[2],
    profileKey: row[3],
    profileJson: row[4],
    profileCapturedAt: row[5],
    profileSource: row[6],
    notes: row[7],
    tags: storedTags(row[8]),
    stage: row[9],
    rating: row[10],
    addedAt: row[11],
    updatedAt: row[12],
    contactJson: row[13],
    name: row[14],
    removedAt: row[15]
  }
}
