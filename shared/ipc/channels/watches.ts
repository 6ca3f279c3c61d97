import { z } from 'zod'
import { matchProfileRequestSchema } from '../../api/match-request'
import { notTooDeep } from '../nesting'
import { wellFormed } from '../text'
import { searchOptionsSchema } from './search'
import { profileChangeSchema } from './shortlists'

/*
 * Watches: a shortlist whose members are refreshed in the background when their data gets old,
 * and saved searches re-run on a schedule that report only the people not seen before. What they
 * find lands in the Activity list (kept per connection), one desktop notification per batch.
 * Nothing that spends credits runs unattended: refresh jobs, Match Profiles and Conversational
 * Search only.
 */

/** The defaults a new watch and a new connection's budget start from. */
export const WATCH_DEFAULTS = {
  /** A watched shortlist's member is refreshed once their data is older than this. */
  maxAgeDays: 7,
  /** How often a watched shortlist is looked at, and a watched search re-run. */
  everyHours: 24,
  /** Refresh jobs the watches may start per connection per day. */
  jobsPerDay: 4,
  /** People in one such job. */
  peoplePerJob: 100
} as const

const idSchema = z.string().min(1).max(100)
const nameSchema = wellFormed(z.string().trim().min(1).max(200))
const queryObjectSchema = z.record(z.string(), z.unknown())

/** What a saved search runs: the Search form's request, or a Chat query (its last words and query). */
export const savedQuerySchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('search'), request: matchProfileRequestSchema, options: searchOptionsSchema }),
  z.strictObject({
    kind: z.literal('chat'),
    text: wellFormed(z.string().trim().min(1).max(4000)),
    currentQuery: notTooDeep(queryObjectSchema).nullable()
  })
])
export type SavedQuery = z.infer<typeof savedQuerySchema>

export const watchKindSchema = z.enum(['shortlist', 'search'])
export type WatchKind = z.infer<typeof watchKindSchema>

export const watchSchema = z.object({
  id: z.string(),
  kind: watchKindSchema,
  connectionId: z.string(),
  connectionName: z.string(),
  /** The shortlist's or the saved search's id, and its name as it is now. */
  targetId: z.string(),
  targetName: z.string(),
  /** Shortlists: members whose data is older than this many days are refreshed. */
  maxAgeDays: z.number().int().nullable(),
  everyHours: z.number().int(),
  paused: z.boolean(),
  nextRunAt: z.string(),
  lastRunAt: z.string().nullable(),
  /** What the last run did, in words ("Refreshing 12 of 40 members", "2 new people"). */
  lastResult: z.string().nullable(),
  /** A run (or its refresh jobs) is under way. */
  running: z.boolean()
})
export type Watch = z.infer<typeof watchSchema>

export const savedSearchSchema = z.object({
  id: z.string(),
  connectionId: z.string(),
  name: z.string(),
  query: savedQuerySchema,
  createdAt: z.string(),
  /** People this search has found so far (who are no longer news). */
  seenCount: z.number().int(),
  watch: watchSchema.nullable()
})
export type SavedSearch = z.infer<typeof savedSearchSchema>

export const watchSettingsSchema = z.object({
  jobsPerDay: z.int().min(1).max(100),
  peoplePerJob: z.int().min(1).max(1000),
  /** Every watch of this connection holds still. */
  pausedAll: z.boolean(),
  /** Hold still while the computer runs on battery or a metered network (where the system says so). */
  pauseOnBatteryOrMetered: z.boolean()
})
export type WatchSettings = z.infer<typeof watchSettingsSchema>

/** What the system says of power and network; null where it does not say. */
export const powerStateSchema = z.object({ onBattery: z.boolean().nullable(), metered: z.boolean().nullable() })
export type PowerState = z.infer<typeof powerStateSchema>

export const watchesOverviewSchema = z.object({
  connectionId: z.string(),
  watches: z.array(watchSchema),
  settings: watchSettingsSchema,
  /** Today's use of the budget by watches on this connection (the local day). */
  today: z.object({ jobs: z.number().int(), people: z.number().int() }),
  power: powerStateSchema,
  /** Why nothing runs now (paused, on battery…), or null. */
  heldBecause: z.string().nullable()
})
export type WatchesOverview = z.infer<typeof watchesOverviewSchema>

export const activityKindSchema = z.enum([
  'person_changed',
  'new_people',
  'refresh_ended',
  'deleting_soon',
  'budget',
  'team_shortlist'
])
export type ActivityKind = z.infer<typeof activityKindSchema>

/** Where an entry leads: the person on a shortlist, the saved search, the refresh job, Settings → Personal data's retention. */
export const activityLinkSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('member'), shortlistId: z.string(), memberId: z.number().int() }),
  z.object({ kind: z.literal('savedSearch'), savedSearchId: z.string() }),
  z.object({ kind: z.literal('refreshJob'), jobId: z.string() }),
  z.object({ kind: z.literal('retention') }),
  /** A budget reached 75% or 100%: Usage → Budgets and spend. */
  z.object({ kind: z.literal('budgets') }),
  /** What a colleague did to a shared shortlist (the list itself: shared, renamed). */
  z.object({ kind: z.literal('shortlist'), shortlistId: z.string() })
])
export type ActivityLink = z.infer<typeof activityLinkSchema>

/** A person a saved search found for the first time. */
export const newPersonSchema = z.object({
  key: z.string(),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string()
})
export type NewPerson = z.infer<typeof newPersonSchema>

export const activityEntrySchema = z.object({
  id: z.number().int(),
  connectionId: z.string(),
  kind: activityKindSchema,
  /** The sentence the list shows ("Ana Peña moved Acme → Globex"). */
  text: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  shortlistId: z.string().nullable(),
  watchId: z.string().nullable(),
  link: activityLinkSchema,
  /** person_changed: what changed. */
  changes: z.array(profileChangeSchema),
  /** new_people: who (the first 100). */
  people: z.array(newPersonSchema)
})
export type ActivityEntry = z.infer<typeof activityEntrySchema>

export const unreadCountsSchema = z.object({
  total: z.number().int(),
  byKind: z.record(activityKindSchema, z.number().int())
})
export type UnreadCounts = z.infer<typeof unreadCountsSchema>

/** One desktop notification for a batch of news; `focus` is the item it is about (none: several). */
export const activityNoticeSchema = z.object({
  title: z.string(),
  body: z.string(),
  focus: activityLinkSchema.nullable(),
  shortlistId: z.string().nullable()
})
export type ActivityNotice = z.infer<typeof activityNoticeSchema>

const maxAgeDaysSchema = z.int().min(1).max(365)
const everyHoursSchema = z
  .int()
  .min(1)
  .max(24 * 30)

export const watchesChannels = {
  /** The active connection's watches, budget and what holds them. */
  listWatches: { input: z.strictObject({}), output: watchesOverviewSchema },
  /** Watches a shortlist (or changes its age) on the active connection. */
  watchShortlist: {
    input: z.strictObject({ shortlistId: idSchema, maxAgeDays: maxAgeDaysSchema.default(WATCH_DEFAULTS.maxAgeDays) }),
    output: watchSchema
  },
  /** Watches a saved search (or changes how often). */
  watchSavedSearch: {
    input: z.strictObject({ savedSearchId: idSchema, everyHours: everyHoursSchema.default(WATCH_DEFAULTS.everyHours) }),
    output: watchSchema
  },
  /** Stops a watch; what it found stays in Activity. Answers the watch as it was (for Undo). */
  unwatch: { input: z.strictObject({ watchId: idSchema }), output: watchSchema },
  setWatchPaused: { input: z.strictObject({ watchId: idSchema, paused: z.boolean() }), output: watchSchema },
  /** Runs a watch now (within the budget), whatever its schedule. */
  runWatchNow: { input: z.strictObject({ watchId: idSchema }), output: watchSchema },
  setWatchSettings: { input: watchSettingsSchema.partial().strict(), output: watchesOverviewSchema },
  /** What the page can see of power and network (Battery Status API, Network Information saveData). */
  reportPower: { input: powerStateSchema.strict(), output: z.object({ held: z.boolean() }) },

  /** Saves a Search or a Chat query with a name (and watches it when asked). */
  saveSearch: {
    input: z.strictObject({ name: nameSchema, query: savedQuerySchema, watch: z.boolean().default(true) }),
    output: savedSearchSchema
  },
  listSavedSearches: { input: z.strictObject({}), output: z.array(savedSearchSchema) },
  renameSavedSearch: { input: z.strictObject({ id: idSchema, name: nameSchema }), output: savedSearchSchema },
  /** Deletes a saved search and its watch; restoreSavedSearch undoes it. */
  deleteSavedSearch: { input: z.strictObject({ id: idSchema }), output: savedSearchSchema },
  restoreSavedSearch: { input: z.strictObject({ id: idSchema }), output: savedSearchSchema },

  /** The active connection's activity, newest first. */
  listActivity: {
    input: z.strictObject({
      kind: activityKindSchema.optional(),
      shortlistId: idSchema.optional(),
      unreadOnly: z.boolean().default(false),
      /** Entries older than this id (the next page). */
      before: z.int().positive().optional(),
      limit: z.int().min(1).max(500).default(100)
    }),
    output: z.object({ entries: z.array(activityEntrySchema), unread: unreadCountsSchema, more: z.boolean() })
  },
  /** Marks entries read (or unread again); `all` marks every entry of the active connection. */
  markActivityRead: {
    input: z
      .strictObject({
        ids: z.array(z.int().positive()).max(1000).optional(),
        all: z.boolean().optional(),
        read: z.boolean().default(true)
      })
      .refine((input) => (input.ids === undefined) !== (input.all === undefined), { message: 'Give ids or all.' }),
    output: unreadCountsSchema
  }
}

export const watchesEvents = {
  /** A watch was added, changed, ran or finished; the overview as it is now. */
  watchesChanged: watchesOverviewSchema,
  /** Entries were added (news, with one notice or none) or read; unread counts as they are now. */
  activityChanged: z.object({
    connectionId: z.string(),
    added: z.array(activityEntrySchema),
    unread: unreadCountsSchema,
    notice: activityNoticeSchema.nullable()
  }),
  /** Saved searches were added, renamed, deleted or restored. */
  savedSearchesChanged: z.object({ connectionId: z.string() })
}
