import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import { parseTolerant, wholePersonProfileSchema, type ApiIssue, type WholePersonProfile } from '../../../shared/api'
import { dataAsOf } from '../../../shared/data-age'
import { StoreError } from './errors'
import { StatementCache } from './statements'
import { isoNow, type Clock } from './clock'
import { displayName, readStoredProfile, storedProfile, type ProfileInput } from './profile-fields'
import { profileChanges } from './profile-changes'
import { foldSearchText } from './search-text'
import type { ShortlistsRepo } from './shortlists-repo'
import type { StagesRepo } from './stages-repo'

import {
  memberPatchSchema,
  type MemberPatch,
  type MemberSummary,
  type ProfileChange,
  type SearchHit,
  type SnapshotInfo,
  type SnapshotSource
} from '../../../shared/ipc/channels/shortlists'
export {
  memberNotesSchema,
  memberPatchSchema,
  memberRatingSchema,
  memberTagsSchema,
  snapshotSourceSchema,
  type MemberPatch,
  type MemberSummary,
  type SearchHit,
  type SnapshotSource
} from '../../../shared/ipc/channels/shortlists'

export interface NewMember extends MemberPatch {
  profile: ProfileInput
  /** When the profile was captured; defaults to now. Backup restore passes the original date. */
  capturedAt?: string
  source?: SnapshotSource
}

/** A snapshot as stored: the profile JSON text exactly as received. */
export type StoredSnapshot = Omit<SnapshotInfo, 'current'> & { profileJson: string }

/** Every snapshot of a member, oldest first; `current` marks the one in use. */
export type ProfileSnapshot = SnapshotInfo & { profileJson: string }

/** The recruiter's fields and dates of a member, as the backup carries them. */
type MemberFields = Pick<
  MemberSummary,
  'profileCapturedAt' | 'profileSource' | 'notes' | 'tags' | 'stage' | 'rating' | 'addedAt' | 'updatedAt'
>

export type RestoredMember = MemberFields & {
  profileJson: string
  history: StoredSnapshot[]
  /** Restored into Recently deleted when set. */
  removedAt?: string | null
}

/**
 * A member as the store reads it: the summary plus the current snapshot. Not the bridge's
 * MemberDetail: main keeps the JSON text (export, backup) and the schema issues, and the service
 * adds the summary and the snapshot list for the page.
 */
/** A profile addMany could not save: where it was in the batch, what names it, and why. */
export interface RejectedProfile {
  index: number
  key?: string
  name?: string
  reason: string
}

/** The key and name of a profile that could not be saved, read without trusting its shape. */
function profileLabel(profile: ProfileInput): { key?: string; name?: string } {
  if (typeof profile !== 'object' || profile === null) return {}
  const record = profile as Record<string, unknown>
  const key = typeof record.key === 'string' ? record.key : typeof record.li_id === 'string' ? record.li_id : ''
  const name = displayName(record)
  return { ...(key === '' ? {} : { key }), ...(name === '' ? {} : { name }) }
}

/** A member in Recently deleted, with where it was removed from. */
export type RemovedMember = MemberSummary & {
  removedAt: string
  shortlistName: string
  /** The shortlist itself is deleted too: restoring the person brings it back. */
  shortlistDeleted: boolean
}

function memberNotFound(memberId: number): StoreError {
  return new StoreError('not_found', `No member with id ${memberId}.`, { details: { memberId } })
}

export type StoredMember = MemberSummary & {
  /**
   * The current snapshot, parsed and checked with the shared schema, tolerantly: when
   * `profileIssues` is not empty the profile is still the stored data, untouched, and the
   * fields listed there do not match their declared types.
   */
  profile: WholePersonProfile
  profileIssues: ApiIssue[]
  /** The same snapshot as stored: the JSON text as received. */
  profileJson: string
  /** The stored text could not be read (damaged on disk): `profile` is empty, the rest intact. */
  profileDamaged: boolean
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

interface MemberRow {
  id: number
  shortlist_id: string
  profile_key: string
  name: string
  title: string
  company: string
  skills: string
  notes: string
  tags: string
  stage_id: number
  stage: string
  rating: number | null
  added_at: string
  updated_at: string
  profile_captured_at: string
  profile_source: SnapshotSource
  profile_refreshed_at: string | null
  profile_updated_at: string | null
  refresh_changes: string
}

const summaryColumns = `m.id, m.shortlist_id, m.profile_key, m.name, m.title, m.company, m.skills, m.notes, m.tags,
  m.stage_id, st.name AS stage, m.rating, m.added_at, m.updated_at, m.profile_captured_at, m.profile_source,
  m.profile_refreshed_at, m.profile_updated_at, m.refresh_changes`

/** Matches ranked for a common word: the newest this many (see `search`). */
export const SEARCH_CANDIDATES = 1000

/** Page size for streaming reads: bounded memory, and the connection is free between pages. */
const PAGE = 1000

/**
 * Saved profiles in shortlists. Each member keeps the profile JSON verbatim as saved, earlier
 * snapshots with their dates, and the recruiter's notes, tags, stage and rating. A profile key
 * appears at most once per shortlist.
 */
export class MembersRepo {
  private readonly statements: StatementCache

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock,
    private readonly shortlists: ShortlistsRepo,
    private readonly stages: StagesRepo
  ) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  add(shortlistId: string, input: NewMember): StoredMember {
    return this.db.transaction(() => {
      this.shortlists.get(shortlistId)
      const id = this.insert(shortlistId, input)
      this.shortlists.touch(shortlistId)
      return this.get(id)
    })()
  }

  /**
   * Adds many members in one transaction (one disk sync). Profiles already in the shortlist are
   * skipped and reported, never overwritten. A profile that cannot be saved (no key, not an
   * object, too deep or too large) is reported in `rejected` with its position and the reason;
   * the rest are saved all the same.
   */
  addMany(
    shortlistId: string,
    inputs: NewMember[]
  ): { added: number[]; skipped: string[]; rejected: RejectedProfile[] } {
    return this.db.transaction(() => {
      this.shortlists.get(shortlistId)
      const added: number[] = []
      const skipped: string[] = []
      const rejected: RejectedProfile[] = []
      inputs.forEach((input, index) => {
        try {
          added.push(this.insert(shortlistId, input))
        } catch (error) {
          if (!(error instanceof StoreError)) throw error
          if (error.code === 'duplicate_member') {
            skipped.push(String((error.details as { profileKey: string }).profileKey))
          } else if (error.code === 'invalid_input' || error.code === 'profile_without_key') {
            rejected.push({ index, ...profileLabel(input.profile), reason: error.message })
          } else throw error
        }
      })
      if (added.length > 0) this.shortlists.touch(shortlistId)
      return { added, skipped, rejected }
    })()
  }

  update(memberId: number, patch: MemberPatch): StoredMember {
    const valid = parsePatch(patch)
    return this.db.transaction(() => {
      const current = this.get(memberId)
      const stageId = valid.stage === undefined ? current.stageId : this.stages.resolve(valid.stage)
      this.sql('UPDATE members SET notes = ?, tags = ?, stage_id = ?, rating = ?, updated_at = ? WHERE id = ?').run(
        valid.notes ?? current.notes,
        JSON.stringify(valid.tags ?? current.tags),
        stageId,
        valid.rating === undefined ? current.rating : valid.rating,
        isoNow(this.clock),
        memberId
      )
      this.shortlists.touch(current.shortlistId)
      return this.get(memberId)
    })()
  }

  /**
   * Moves a member to Recently deleted: notes, tags, stage, rating and snapshots stay, ready for
   * `restore`, until `purgeRemoved` (30 days) or `purge`/`emptyRemoved` delete them for good.
   */
  remove(memberId: number): void {
    this.db.transaction(() => {
      const current = this.get(memberId)
      if (this.isRemoved(memberId)) throw memberNotFound(memberId)
      this.sql('UPDATE members SET removed_at = ? WHERE id = ?').run(isoNow(this.clock), memberId)
      this.shortlists.touch(current.shortlistId)
    })()
  }

  /** Brings a removed member back; its shortlist too, when that was deleted. */
  restore(memberId: number): StoredMember {
    return this.db.transaction(() => {
      const current = this.get(memberId)
      if (!this.isRemoved(memberId)) throw memberNotFound(memberId)
      const list = this.shortlists.get(current.shortlistId, { includeDeleted: true })
      if (list.deletedAt !== null) this.shortlists.undoDelete(list.id)
      this.sql('UPDATE members SET removed_at = NULL WHERE id = ?').run(memberId)
      this.shortlists.touch(current.shortlistId)
      return this.get(memberId)
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

  get(memberId: number): StoredMember {
    const row = this.sql(
      `SELECT ${summaryColumns}, m.profile_json FROM members m JOIN stages st ON st.id = m.stage_id WHERE m.id = ?`
    ).get(memberId) as (MemberRow & { profile_json: string }) | undefined
    if (row === undefined)
      throw new StoreError('not_found', `No member with id ${memberId}.`, { details: { memberId } })
    const stored = readStoredProfile(row.profile_json)
    const checked = stored === undefined ? undefined : parseTolerant(wholePersonProfileSchema, stored)
    return {
      ...toSummary(row),
      profileJson: row.profile_json,
      profile: (checked?.value ?? {}) as WholePersonProfile,
      profileIssues: checked?.issues ?? [],
      profileDamaged: checked === undefined
    }
  }

  findByKey(shortlistId: string, profileKey: string): MemberSummary | undefined {
    const row = this.sql(
      `SELECT ${summaryColumns} FROM members m JOIN stages st ON st.id = m.stage_id WHERE m.shortlist_id = ? AND m.profile_key = ?`
    ).get(shortlistId, profileKey) as MemberRow | undefined
    return row === undefined ? undefined : toSummary(row)
  }

  /** Members of a shortlist without their profile JSON: what the shortlist view needs. */
  list(shortlistId: string, options: { stage?: string } = {}): MemberSummary[] {
    this.shortlists.get(shortlistId)
    const stageId = options.stage === undefined ? undefined : this.stages.resolve(options.stage)
    const rows = this.sql(
      `SELECT ${summaryColumns} FROM members m JOIN stages st ON st.id = m.stage_id
         WHERE m.shortlist_id = ? AND m.removed_at IS NULL AND (? IS NULL OR m.stage_id = ?)
         ORDER BY m.added_at, m.id`
    ).all(shortlistId, stageId ?? null, stageId ?? null) as MemberRow[]
    return rows.map(toSummary)
  }

  /** Every shortlist (live) a profile key is saved in: "already shortlisted" badges. */
  shortlistsOf(profileKey: string): Array<{ shortlistId: string; memberId: number }> {
    return this.sql(
      `SELECT m.shortlist_id AS shortlistId, m.id AS memberId FROM members m
           JOIN shortlists s ON s.id = m.shortlist_id AND s.deleted_at IS NULL
         WHERE m.profile_key = ? AND m.removed_at IS NULL`
    ).all(profileKey) as Array<{ shortlistId: string; memberId: number }>
  }

  /** For each key, the live shortlists holding it (keys on none are absent). One query for a page of results. */
  shortlistsOfKeys(keys: readonly string[]): Map<string, Array<{ id: string; name: string }>> {
    const out = new Map<string, Array<{ id: string; name: string }>>()
    if (keys.length === 0) return out
    const rows = this.sql(
      `SELECT m.profile_key AS key, s.id AS id, s.name AS name FROM members m
           JOIN shortlists s ON s.id = m.shortlist_id AND s.deleted_at IS NULL
         WHERE m.profile_key IN (SELECT value FROM json_each(?)) AND m.removed_at IS NULL
         ORDER BY s.name, s.id`
    ).all(JSON.stringify([...new Set(keys)])) as Array<{ key: string; id: string; name: string }>
    for (const row of rows) {
      const list = out.get(row.key) ?? []
      list.push({ id: row.id, name: row.name })
      out.set(row.key, list)
    }
    return out
  }

  /** All snapshots of a member, oldest first; the last one is current. */
  snapshots(memberId: number): ProfileSnapshot[] {
    const current = this.get(memberId)
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
      const current = this.get(memberId)
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
      return this.get(memberId)
    })()
  }

  /**
   * Applies a refreshed profile to every member saved with its key (Recently deleted ones too, so a
   * restored person is current); returns each member with what changed.
   */
  applyRefreshedProfile(
    profile: ProfileInput,
    capturedAt?: string
  ): Array<{ memberId: number; shortlistId: string; profileKey: string; name: string; changes: ProfileChange[] }> {
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

  /**
   * Full-text search over name, title, company, skills, location, notes and tags, within one
   * shortlist or across all live ones. Words are matched folded (see search-text.ts: accents and
   * letters such as ø or ł as typed on a plain keyboard, `C#` as one word); the last as a prefix.
   */
  search(query: string, options: { shortlistId?: string; limit?: number } = {}): SearchHit[] {
    const match = ftsQuery(query)
    if (match === undefined) return []
    const limit = Math.min(Math.max(options.limit ?? 200, 1), 10_000)
    const shortlistId = options.shortlistId ?? null
    // A common word matches tens of thousands of people, and ranking every one of them cost
    // 30-60 ms a keystroke. Only the newest SEARCH_CANDIDATES matches are ranked: the index reads
    // them newest first and scores each as it goes, without looking at the older ones.
    const rows = this.#ranked(match, shortlistId, limit, SEARCH_CANDIDATES)
    // Filters (removed people, deleted shortlists, one shortlist) may have left too few of the
    // candidates when there were more matches than candidates: then everything is ranked.
    const rankAll = rows.length < limit && this.#matchesMoreThan(match, SEARCH_CANDIDATES)
    return (rankAll ? this.#ranked(match, shortlistId, limit, null) : rows).map(toHit)
  }

  /**
   * The best `limit` matches by bm25, among the newest `candidates` matches (all of them when
   * null). The candidates come from one pass over the index in rowid order, newest first, which
   * stops at `candidates`; scoring them there costs less than scoring after a `rowid >= ?` bound.
   * The filters and the ranking see only ids and scores; the listing columns are read for the
   * `limit` that are returned, not for every candidate.
   */
  #ranked(
    match: string,
    shortlistId: string | null,
    limit: number,
    candidates: number | null
  ): Array<MemberRow & { shortlist_name: string; rank: number }> {
    const newest = candidates === null ? '' : 'ORDER BY rowid DESC LIMIT ?'
    return this.sql(
      `SELECT ${summaryColumns}, s.name AS shortlist_name, w.rank FROM
         (SELECT m.id, c.rank
            FROM (SELECT rowid AS id, bm25(members_fts, 10, 5, 5, 3, 3, 2, 2) AS rank
                    FROM members_fts WHERE members_fts MATCH ? ${newest}) c
            JOIN members m ON m.id = c.id
            JOIN shortlists s ON s.id = m.shortlist_id AND s.deleted_at IS NULL
           WHERE m.removed_at IS NULL AND (? IS NULL OR m.shortlist_id = ?)
           ORDER BY c.rank LIMIT ?) w
         JOIN members m ON m.id = w.id
         JOIN shortlists s ON s.id = m.shortlist_id
         JOIN stages st ON st.id = m.stage_id
         ORDER BY w.rank`
    ).all(...(candidates === null ? [match] : [match, candidates]), shortlistId, shortlistId, limit) as Array<
      MemberRow & { shortlist_name: string; rank: number }
    >
  }

  /** Whether more than `count` members match (read in rowid order, stopping after count + 1). */
  #matchesMoreThan(match: string, count: number): boolean {
    const row = this.sql(
      'SELECT count(*) AS n FROM (SELECT rowid FROM members_fts WHERE members_fts MATCH ? LIMIT ?)'
    ).get(match, count + 1) as { n: number }
    return row.n > count
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
      this.shortlists.get(selector.shortlistId, { includeDeleted: selector.includeDeleted === true })
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

  /** Earlier snapshots of a member (not the current one), oldest first. */
  history(memberId: number): StoredSnapshot[] {
    const rows = this.sql(
      'SELECT captured_at, source, profile_json FROM member_snapshots WHERE member_id = ? ORDER BY captured_at, id'
    ).all(memberId) as Array<{ captured_at: string; source: SnapshotSource; profile_json: string }>
    return rows.map((row) => ({ capturedAt: row.captured_at, source: row.source, profileJson: row.profile_json }))
  }

  /** Inserts a member exactly as backed up: its dates, recruiter fields and snapshot history. */
  insertRestored(shortlistId: string, member: RestoredMember): number {
    const id = this.insert(shortlistId, {
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
    const insertSnapshot = this.sql(
      'INSERT INTO member_snapshots (member_id, captured_at, source, profile_json) VALUES (?, ?, ?, ?)'
    )
    for (const snapshot of member.history)
      insertSnapshot.run(id, snapshot.capturedAt, snapshot.source, snapshot.profileJson)
    return id
  }

  count(selector: { shortlistId: string } | { memberIds: readonly number[] }): number {
    if ('memberIds' in selector) return selector.memberIds.length
    return (
      this.sql('SELECT count(*) AS n FROM members WHERE shortlist_id = ? AND removed_at IS NULL').get(
        selector.shortlistId
      ) as { n: number }
    ).n
  }

  private insert(shortlistId: string, input: NewMember): number {
    const profile = storedProfile(input.profile)
    const patch = parsePatch({ notes: input.notes, tags: input.tags, stage: input.stage, rating: input.rating })
    const now = isoNow(this.clock)
    const stageId = this.stages.resolve(patch.stage)
    let inserted: BetterSqlite3.RunResult
    try {
      inserted = this.sql(
        `INSERT INTO members (shortlist_id, profile_key, profile_json, profile_captured_at, profile_source,
           profile_refreshed_at, profile_updated_at, name, title, company, skills, location, notes, tags, stage_id,
           rating, added_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      ).run(
        shortlistId,
        profile.key,
        profile.json,
        input.capturedAt ?? now,
        input.source ?? 'saved',
        profile.dates.refreshedAt,
        profile.dates.updatedAt,
        profile.name,
        profile.title,
        profile.company,
        profile.skills,
        profile.location,
        patch.notes ?? '',
        JSON.stringify(patch.tags ?? []),
        stageId,
        patch.rating ?? null,
        now,
        now
      )
    } catch (error) {
      // The UNIQUE (shortlist_id, profile_key) constraint is the single source of truth.
      if ((error as { code?: unknown }).code !== 'SQLITE_CONSTRAINT_UNIQUE') throw error
      // Adding someone who is in Recently deleted brings them back, notes and all, rather than
      // refusing (or silently replacing what the recruiter wrote about them).
      const removed = this.sql(
        'SELECT id FROM members WHERE shortlist_id = ? AND profile_key = ? AND removed_at IS NOT NULL'
      ).get(shortlistId, profile.key) as { id: number } | undefined
      if (removed !== undefined) {
        this.sql('UPDATE members SET removed_at = NULL WHERE id = ?').run(removed.id)
        return removed.id
      }
      const existing = this.findByKey(shortlistId, profile.key)
      throw new StoreError('duplicate_member', `"${profile.name || profile.key}" is already in this shortlist.`, {
        details: { profileKey: profile.key, memberId: existing?.id }
      })
    }
    return Number(inserted.lastInsertRowid)
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

/** Tags as stored; a damaged value reads as no tags rather than failing the whole page. */
function storedTags(json: string): string[] {
  if (json === '[]') return []
  try {
    const tags: unknown = JSON.parse(json)
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

function parsePatch(patch: MemberPatch): MemberPatch {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const parsed = memberPatchSchema.safeParse(defined)
  if (!parsed.success) {
    throw new StoreError('invalid_input', 'Some of the member’s fields are not valid.', {
      details: z.flattenError(parsed.error).fieldErrors
    })
  }
  return parsed.data
}

/** A JSON list column: most are empty, and '[]' needs no parser. */
function listOf<T>(text: string): T[] {
  return text === '[]' ? [] : (JSON.parse(text) as T[])
}

function toSummary(row: MemberRow): MemberSummary {
  return {
    id: row.id,
    shortlistId: row.shortlist_id,
    profileKey: row.profile_key,
    name: row.name,
    title: row.title,
    company: row.company,
    skills: row.skills,
    notes: row.notes,
    tags: listOf<string>(row.tags),
    stageId: row.stage_id,
    stage: row.stage,
    rating: row.rating,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
    profileCapturedAt: row.profile_captured_at,
    profileSource: row.profile_source,
    dataAsOf: dataAsOfRow(row),
    refreshChanges: listOf<ProfileChange>(row.refresh_changes)
  }
}

function dataAsOfRow(row: MemberRow): MemberSummary['dataAsOf'] {
  return dataAsOf({
    profileCapturedAt: row.profile_captured_at,
    profileSource: row.profile_source,
    dates: { refreshedAt: row.profile_refreshed_at, updatedAt: row.profile_updated_at }
  })
}

/** A search hit in one object (a keystroke makes hundreds: no summary copied into a second). */
function toHit(row: MemberRow & { shortlist_name: string; rank: number }): SearchHit {
  return {
    id: row.id,
    shortlistId: row.shortlist_id,
    profileKey: row.profile_key,
    name: row.name,
    title: row.title,
    company: row.company,
    skills: row.skills,
    notes: row.notes,
    tags: listOf<string>(row.tags),
    stageId: row.stage_id,
    stage: row.stage,
    rating: row.rating,
    addedAt: row.added_at,
    updatedAt: row.updated_at,
    profileCapturedAt: row.profile_captured_at,
    profileSource: row.profile_source,
    dataAsOf: dataAsOfRow(row),
    refreshChanges: listOf<ProfileChange>(row.refresh_changes),
    shortlistName: row.shortlist_name,
    rank: row.rank
  }
}

/**
 * Turns what a recruiter types into a safe FTS5 query: each word becomes a quoted phrase (so
 * operators and punctuation are literal), all words must match, the last one as a prefix.
 */
export function ftsQuery(input: string): string | undefined {
  const words = foldSearchText(input)
    .split(/\s+/)
    // a quote would end the phrase, and FTS5 reads a NUL as the end of the whole query
    .map((word) => word.replaceAll('"', '').replaceAll('\0', ''))
    .filter((word) => /[\p{L}\p{N}]/u.test(word))
  if (words.length === 0) return undefined
  return words.map((word, index) => `"${word}"${index === words.length - 1 ? '*' : ''}`).join(' ')
}
