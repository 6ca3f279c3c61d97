import { z } from 'zod'
import { wellFormed } from '../text'
import { memberOriginSchema } from './provenance'

/*
 * Shortlists, their members and the pipeline stages: the local store seen through the bridge.
 * The store re-exports the field schemas below (names, patch, rating, tags, snapshot source) and
 * takes its types from the ones here, so a rule such as "a stage name is at most 60 characters"
 * or a field's shape is written once and holds on both sides.
 */

export const shortlistNameSchema = z.string().trim().min(1).max(200)
export const stageNameSchema = z.string().trim().min(1).max(60)
export const memberRatingSchema = z.number().int().min(0).max(5).nullable()
const tagSchema = z.string().trim().min(1).max(100)
export const memberNotesSchema = z.string().max(100_000)
export const memberTagsSchema = z.array(tagSchema).max(200)

/**
 * What a recruiter may change on a saved person; absent fields stay as they are. The text must be
 * well-formed (see text.ts); the field schemas above stay lenient for what a backup brings back.
 */
export const memberPatchSchema = z.strictObject({
  notes: wellFormed(memberNotesSchema).optional(),
  tags: z.array(wellFormed(tagSchema)).max(200).optional(),
  /** A stage by name, as the store resolves it (case-insensitively). */
  stage: wellFormed(stageNameSchema).optional(),
  rating: memberRatingSchema.optional()
})
export type MemberPatch = z.infer<typeof memberPatchSchema>

const shortlistIdSchema = z.string().min(1).max(100)
const memberIdSchema = z.number().int().positive()
const stageIdSchema = z.number().int().positive()
const isoSchema = z.string()

export const snapshotSourceSchema = z.enum(['saved', 'refreshed', 'restored'])
export type SnapshotSource = z.infer<typeof snapshotSourceSchema>

/** A colleague's desk in the team (Settings → Team's overview), as a shared shortlist names it. */
export const teamDeskRefSchema = z.object({ deskId: z.string().min(1).max(200), personName: z.string().max(120) })

/** How a shortlist is shared with the team (issue #38): with everyone (audience null) or the desks named. */
export const sharedInfoSchema = z.object({
  teamListId: z.string(),
  audience: z.array(teamDeskRefSchema).nullable(),
  /** Who shared it first, and when. */
  sharedBy: z.string(),
  sharedAt: isoSchema
})
export type SharedInfo = z.infer<typeof sharedInfoSchema>

/** A note written as an entry (shared shortlists): never overwritten, each with who and when. */
export const teamNoteSchema = z.object({
  id: z.string(),
  text: z.string(),
  /** The colleague who wrote it ('' for a note written on this desk outside a team). */
  author: z.string(),
  at: isoSchema,
  /** Written here and not yet with the team. */
  waiting: z.boolean()
})
export type TeamNote = z.infer<typeof teamNoteSchema>

export const shortlistSchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: isoSchema,
  updatedAt: isoSchema,
  deletedAt: isoSchema.nullable(),
  memberCount: z.number().int().nonnegative(),
  /** Shared with the team: with whom, by whom (absent or null when the list is this desk's own). */
  shared: sharedInfoSchema.nullable().optional()
})
export type Shortlist = z.infer<typeof shortlistSchema>

export const stageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  position: z.number().int(),
  memberCount: z.number().int().nonnegative()
})
export type Stage = z.infer<typeof stageSchema>

/** A member's data is called stale when it is older than this many days (see `dataAsOf`). */
export const STALE_AFTER_DAYS = 30

/**
 * What a refresh found different from the snapshot before ("Acme → Globex"). `added`: a new
 * education; `no_longer_sent`: the service stopped sending a field that had a value (not news,
 * and never called "removed"). Stored changes without a kind were changes.
 */
export const profileChangeSchema = z.object({
  field: z.enum(['company', 'title', 'location', 'seniority', 'education', 'open_to_work']),
  from: z.string(),
  to: z.string(),
  kind: z.enum(['changed', 'added', 'no_longer_sent']).default('changed')
})
export type ProfileChange = z.infer<typeof profileChangeSchema>

/** One row of a shortlist: enough to list, sort and filter without the profile itself. */
export const memberSummarySchema = z.object({
  id: z.number().int(),
  shortlistId: z.string(),
  profileKey: z.string(),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  skills: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
  stageId: z.number().int(),
  stage: z.string(),
  rating: z.number().int().nullable(),
  addedAt: isoSchema,
  updatedAt: isoSchema,
  /** When this snapshot was saved here (or restored, or brought in by a refresh job). */
  profileCapturedAt: isoSchema,
  profileSource: snapshotSourceSchema,
  /**
   * How old the data is: the profile's own refresh or update date when it has one, else the save
   * (see shared/data-age.ts). What "stale" and the age shown are counted from.
   */
  dataAsOf: z.object({ at: isoSchema, basis: z.enum(['refreshed', 'updated', 'saved']) }),
  /** What the latest refresh changed against the snapshot before it; empty when nothing did. */
  refreshChanges: z.array(profileChangeSchema)
})
export type MemberSummary = z.infer<typeof memberSummarySchema>

export const positionSummarySchema = z.object({
  title: z.string(),
  company: z.string(),
  start: z.string(),
  end: z.string()
})

/**
 * What the detail pane shows of a saved profile, read tolerantly in main: a field of an
 * unexpected type is shown as absent rather than failing the whole member.
 */
export const profileSummarySchema = z.object({
  name: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  headline: z.string(),
  skills: z.array(z.string()),
  positions: z.array(positionSummarySchema),
  urls: z.array(z.string())
})
export type ProfileSummary = z.infer<typeof profileSummarySchema>

export const snapshotInfoSchema = z.object({
  capturedAt: isoSchema,
  source: snapshotSourceSchema,
  current: z.boolean()
})
export type SnapshotInfo = z.infer<typeof snapshotInfoSchema>

export const memberDetailSchema = memberSummarySchema.extend({
  summary: profileSummarySchema,
  /** The current snapshot as stored, parsed. */
  profile: z.record(z.string(), z.unknown()),
  /** Every snapshot, oldest first; the last one is current. */
  snapshots: z.array(snapshotInfoSchema),
  /** What could not be read, in the recruiter's words (a damaged saved profile, say). */
  problems: z.array(z.string()),
  /** Where the saved profile does not match the API description (shown quietly, as in Search). */
  profileIssues: z.array(z.object({ path: z.string(), message: z.string() })),
  /** Contact data already bought for this person (newest per type), as received. */
  contacts: z.array(z.unknown()),
  /** Notes written as entries (a shared shortlist's), oldest first, each with who and when. */
  teamNotes: z.array(teamNoteSchema).optional(),
  /** On a shared shortlist: who last set each field (stage, tags, rating), and when. */
  fieldAuthors: z.array(z.object({ field: z.string(), author: z.string(), at: isoSchema })).optional()
})
export type MemberDetail = z.infer<typeof memberDetailSchema>

/** A person in Recently deleted: removed from a shortlist, restorable until `purgeAt`. */
export const removedMemberSchema = memberSummarySchema.extend({
  removedAt: isoSchema,
  purgeAt: isoSchema,
  shortlistName: z.string(),
  /** Its shortlist is deleted too: restoring the person brings the shortlist back. */
  shortlistDeleted: z.boolean()
})
export type RemovedMember = z.infer<typeof removedMemberSchema>

export const recentlyDeletedSchema = z.object({
  shortlists: z.array(shortlistSchema.extend({ purgeAt: isoSchema })),
  members: z.array(removedMemberSchema),
  /** Days anything stays before it is deleted for good. */
  days: z.number().int().positive()
})
export type RecentlyDeleted = z.infer<typeof recentlyDeletedSchema>

export const searchHitSchema = memberSummarySchema.extend({
  shortlistName: z.string(),
  /** bm25 score; lower is a better match. */
  rank: z.number()
})
export type SearchHit = z.infer<typeof searchHitSchema>

export const addMembersResultSchema = z.object({
  added: z.array(z.number().int()),
  /** Profile keys already in the shortlist; they were left as they were. */
  skipped: z.array(z.string()),
  /** Profiles that could not be saved (no key, too deep, too large…); the rest were saved. */
  rejected: z.array(
    z.object({
      index: z.number().int(),
      key: z.string().optional(),
      name: z.string().optional(),
      reason: z.string()
    })
  )
})
export type AddMembersResult = z.infer<typeof addMembersResultSchema>

export const shortlistChannels = {
  listShortlists: { input: z.strictObject({}), output: z.array(shortlistSchema) },
  createShortlist: { input: z.strictObject({ name: wellFormed(shortlistNameSchema) }), output: shortlistSchema },
  renameShortlist: {
    input: z.strictObject({ id: shortlistIdSchema, name: wellFormed(shortlistNameSchema) }),
    output: shortlistSchema
  },
  /** Soft delete: the answer is the deleted shortlist, so the page can offer Undo. */
  deleteShortlist: { input: z.strictObject({ id: shortlistIdSchema }), output: shortlistSchema },
  undoDeleteShortlist: { input: z.strictObject({ id: shortlistIdSchema }), output: shortlistSchema },

  /**
   * The people of a shortlist in the order they were added; `after` (the last person of the page
   * before: when added, and id) and `limit` read a page of them, so a large shortlist comes in
   * answers short to read, and people added or removed meanwhile never repeat or skip a row.
   */
  listMembers: {
    input: z.strictObject({
      shortlistId: shortlistIdSchema,
      stage: stageNameSchema.optional(),
      after: z.strictObject({ addedAt: z.string().max(40), id: z.number().int() }).optional(),
      limit: z.number().int().min(1).max(10_000).optional()
    }),
    output: z.array(memberSummarySchema)
  },
  getMember: { input: z.strictObject({ memberId: memberIdSchema }), output: memberDetailSchema },
  /** Saves profiles as received (unknown fields kept); ones already in the shortlist are skipped. */
  addMembers: {
    input: z.strictObject({
      shortlistId: shortlistIdSchema,
      // Each profile is checked on its own in main (key, depth, size), so one bad record is
      // reported in `rejected` instead of refusing the whole batch; saved profiles are kept
      // verbatim and read tolerantly, as the API's are.
      profiles: z.array(z.unknown()).min(1).max(10_000),
      /** Where the page found them (a search, a chat, a watch's news); by hand when not said. */
      origin: memberOriginSchema.optional()
    }),
    output: addMembersResultSchema
  },
  updateMember: {
    input: z.strictObject({ memberId: memberIdSchema, patch: memberPatchSchema }),
    output: memberDetailSchema
  },
  /**
   * Shares a shortlist with the team (issue #38): `with` null for everyone, or the colleagues'
   * desks named (this desk is added). Shared again, the audience changes and everything is sent anew.
   */
  shareShortlist: {
    input: z.strictObject({ id: shortlistIdSchema, with: z.array(teamDeskRefSchema).min(1).max(200).nullable() }),
    output: shortlistSchema
  },
  /** Adds a note as an entry (its author and time kept); shared with the team when its shortlist is. */
  addMemberNote: {
    input: z.strictObject({ memberId: memberIdSchema, text: wellFormed(z.string().trim().min(1).max(20_000)) }),
    output: memberDetailSchema
  },
  removeMember: {
    input: z.strictObject({ memberId: memberIdSchema }),
    output: z.object({ memberId: z.number().int() })
  },

  /** Back from Recently deleted: the person, with notes, tags, stage and rating (and the shortlist if deleted). */
  restoreMember: { input: z.strictObject({ memberId: memberIdSchema }), output: memberSummarySchema },
  listRecentlyDeleted: { input: z.strictObject({}), output: recentlyDeletedSchema },
  /** Deletes one item of Recently deleted for good. */
  purgeMember: { input: z.strictObject({ memberId: memberIdSchema }), output: z.object({ memberId: z.number() }) },
  purgeShortlist: { input: z.strictObject({ id: shortlistIdSchema }), output: z.object({ id: z.string() }) },
  /** Empties Recently deleted; answers how many shortlists and people were deleted for good. */
  emptyRecentlyDeleted: {
    input: z.strictObject({}),
    output: z.object({ shortlists: z.number().int(), members: z.number().int() })
  },
  listStages: { input: z.strictObject({}), output: z.array(stageSchema) },
  addStage: { input: z.strictObject({ name: wellFormed(stageNameSchema) }), output: stageSchema },
  renameStage: { input: z.strictObject({ id: stageIdSchema, name: wellFormed(stageNameSchema) }), output: stageSchema },
  /** `ids` names every stage exactly once, in the new order. */
  reorderStages: {
    input: z.strictObject({ ids: z.array(stageIdSchema).min(1).max(500) }),
    output: z.array(stageSchema)
  },
  /** Members in the stage move to `reassignTo`; without it a stage in use is refused (conflict). */
  removeStage: {
    input: z.strictObject({ id: stageIdSchema, reassignTo: stageIdSchema.optional() }),
    output: z.array(stageSchema)
  },

  /** Full-text search over saved people: name, title, company, skills, notes, tags. */
  searchSaved: {
    input: z.strictObject({
      query: z.string().max(500),
      shortlistId: shortlistIdSchema.optional(),
      limit: z.number().int().min(1).max(10_000).optional()
    }),
    output: z.array(searchHitSchema)
  }
}

export const shortlistEvents = {
  /**
   * Saved people's profiles changed outside the page's own edits (a refresh job applied what it
   * read): every view of them (a shortlist's rows, the open person, Contacts) reads them again.
   */
  membersChanged: z.object({
    reason: z.enum(['refresh', 'import', 'team']),
    memberIds: z.array(z.number().int()),
    shortlistIds: z.array(z.string()),
    profileKeys: z.array(z.string())
  }),
  /** A colleague shared, renamed or changed shortlists (issue #38): the list of shortlists reads again. */
  shortlistsChanged: z.object({ reason: z.literal('team'), shortlistIds: z.array(z.string()) })
}
