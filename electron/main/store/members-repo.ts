import type BetterSqlite3 from 'better-sqlite3'
import { parseTolerant, wholePersonProfileSchema, type ApiIssue, type WholePersonProfile } from '../../../shared/api'
import { StoreError } from './store-error'
import { StatementCache } from './statements'
import { isoNow, type Clock } from './clock'
import { displayName } from '../../../shared/display-name'
import { readStoredProfile, storedProfile, type ProfileInput } from './profile-fields'
import { memberNotFound, parsePatch, summaryColumns, toSummary, type MemberRow } from './member-rows'
import type { ShortlistsRepo } from './shortlists-repo'
import type { StagesRepo } from './stages-repo'
import type { MemberPatch, MemberSummary, SnapshotSource } from '../../../shared/ipc/channels/shortlists'
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

/**
 * Saved profiles in shortlists. Each member keeps the profile JSON verbatim as saved, earlier
 * snapshots with their dates (snapshots-repo), and the recruiter's notes, tags, stage and rating.
 * A profile key appears at most once per shortlist. Recently deleted, snapshots, search and bulk
 * records have repositories of their own beside this one.
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
      const id = this.insertRow(shortlistId, input)
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
          added.push(this.insertRow(shortlistId, input))
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

  get(memberId: number): StoredMember {
    const row = this.sql(
      `SELECT ${summaryColumns}, m.profile_json FROM members m JOIN stages st ON st.id = m.stage_id WHERE m.id = ?`
    ).get(memberId) as (MemberRow & { profile_json: string }) | undefined
    if (row === undefined) throw memberNotFound(memberId)
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

  /**
   * Members of a shortlist without their profile JSON (what the shortlist view needs), live ones
   * in the order they were added; `limit` people after `after` (the last one of the page before)
   * read a page.
   */
  list(
    shortlistId: string,
    options: {
      stage?: string | undefined
      after?: { addedAt: string; id: number } | undefined
      limit?: number | undefined
    } = {}
  ): MemberSummary[] {
    this.shortlists.get(shortlistId)
    const stageId = options.stage === undefined ? undefined : this.stages.resolve(options.stage)
    const rows = this.sql(
      `SELECT ${summaryColumns} FROM members m JOIN stages st ON st.id = m.stage_id
         WHERE m.shortlist_id = @shortlistId AND m.removed_at IS NULL AND (@stageId IS NULL OR m.stage_id = @stageId)
           AND (@afterAddedAt IS NULL OR m.added_at > @afterAddedAt OR (m.added_at = @afterAddedAt AND m.id > @afterId))
         ORDER BY m.added_at, m.id LIMIT @limit`
    ).all({
      shortlistId,
      stageId: stageId ?? null,
      afterAddedAt: options.after?.addedAt ?? null,
      afterId: options.after?.id ?? null,
      limit: options.limit ?? -1
    }) as MemberRow[]
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

  /** Inserts one member row, inside the caller's transaction (add, addMany, a backup restore). */
  insertRow(shortlistId: string, input: NewMember): number {
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
