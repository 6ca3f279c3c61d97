import { z } from 'zod'
import { dataAsOf } from '../../../shared/data-age'
import { StoreError } from './store-error'
import {
  memberPatchSchema,
  type MemberPatch,
  type MemberSummary,
  type ProfileChange,
  type SearchHit,
  type SnapshotSource
} from '../../../shared/ipc/channels/shortlists'

/** A member row as the summary queries read it (`summaryColumns`, members `m` joined with stages `st`). */
export interface MemberRow {
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

export const summaryColumns = `m.id, m.shortlist_id, m.profile_key, m.name, m.title, m.company, m.skills, m.notes, m.tags,
  m.stage_id, st.name AS stage, m.rating, m.added_at, m.updated_at, m.profile_captured_at, m.profile_source,
  m.profile_refreshed_at, m.profile_updated_at, m.refresh_changes`

/** The one row → summary mapping (lists, Recently deleted, search hits, a member's page). */
export function toSummary(row: MemberRow): MemberSummary {
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
    dataAsOf: dataAsOf({
      profileCapturedAt: row.profile_captured_at,
      profileSource: row.profile_source,
      dates: { refreshedAt: row.profile_refreshed_at, updatedAt: row.profile_updated_at }
    }),
    refreshChanges: listOf<ProfileChange>(row.refresh_changes)
  }
}

/** A search hit: the summary with its shortlist's name and rank, in the same object (no copy). */
export function toHit(row: MemberRow & { shortlist_name: string; rank: number }): SearchHit {
  return Object.assign(toSummary(row), { shortlistName: row.shortlist_name, rank: row.rank })
}

/** A JSON list column: most are empty, and '[]' needs no parser. */
export function listOf<T>(text: string): T[] {
  return text === '[]' ? [] : (JSON.parse(text) as T[])
}

/** Tags as stored; a damaged value reads as no tags rather than failing the whole page. */
export function storedTags(json: string): string[] {
  if (json === '[]') return []
  try {
    const tags: unknown = JSON.parse(json)
    return Array.isArray(tags) ? tags.filter((tag): tag is string => typeof tag === 'string') : []
  } catch {
    return []
  }
}

export function parsePatch(patch: MemberPatch): MemberPatch {
  const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined))
  const parsed = memberPatchSchema.safeParse(defined)
  if (!parsed.success) {
    throw new StoreError('invalid_input', 'Some of the member’s fields are not valid.', {
      details: z.flattenError(parsed.error).fieldErrors
    })
  }
  return parsed.data
}

export function memberNotFound(memberId: number): StoreError {
  return new StoreError('not_found', `No member with id ${memberId}.`, { details: { memberId } })
}
