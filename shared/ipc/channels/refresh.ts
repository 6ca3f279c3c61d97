import { z } from 'zod'
import { profileChangeSchema } from './shortlists'

const apiIssueSchema = z.object({ path: z.string(), message: z.string() })

/**
 * How far the app is with a job. starting: written, start not yet answered (re-sent with the
 * same jobId after a restart); following: polled until it ends; finished: ended and its profiles
 * applied; lost: the service no longer knows it; refused: the service would not start it.
 */
export const refreshTrackingSchema = z.enum(['starting', 'following', 'finished', 'lost', 'refused'])
export type RefreshTracking = z.infer<typeof refreshTrackingSchema>

/** What the end of a job did to the shortlists. */
export const refreshOutcomeSchema = z.object({
  /** Where the refreshed profiles were read: the job's dataUrl, or Match Profiles by key. */
  source: z.enum(['dataUrl', 'matchProfiles', 'none']),
  profilesReceived: z.number().int(),
  membersUpdated: z.number().int(),
  changed: z.array(
    z.object({
      memberId: z.number().int(),
      shortlistId: z.string(),
      name: z.string(),
      changes: z.array(profileChangeSchema)
    })
  ),
  /** Said when the profiles could not be read (members keep their earlier data). */
  note: z.string().nullable()
})
export type RefreshOutcome = z.infer<typeof refreshOutcomeSchema>

export const refreshJobSummarySchema = z.object({
  jobId: z.string(),
  connectionId: z.string().nullable(),
  connectionName: z.string(),
  /** "Backend hires: 12 stale members", "3 pasted handles". */
  label: z.string(),
  shortlistId: z.string().nullable(),
  /** The watch that started it (null: the recruiter did); its news goes to Activity, not a notice of its own. */
  watchId: z.string().nullable(),
  /** The service's status (Queued, InProgress, Completed, Failed, Cancelled) as last seen. */
  status: z.string(),
  tracking: refreshTrackingSchema,
  totalRequested: z.number().int(),
  totalProcessed: z.number().int(),
  totalSuccessful: z.number().int(),
  totalFailed: z.number().int(),
  progressPercentage: z.number(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  duration: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** When the app saw the job end. */
  finishedAt: z.string().nullable(),
  /** Why a job is lost or refused, or the service's errorMessage. */
  message: z.string().nullable(),
  outcome: refreshOutcomeSchema.nullable()
})
export type RefreshJobSummary = z.infer<typeof refreshJobSummarySchema>

export const refreshOptionsSchema = z.strictObject({
  batchSize: z.int().min(1).max(1000).optional(),
  maxConcurrency: z.int().min(1).max(100).optional(),
  saveToStorage: z.boolean().default(true)
})
export type RefreshOptions = z.infer<typeof refreshOptionsSchema>

export const refreshJobDetailSchema = refreshJobSummarySchema.extend({
  requestedHandles: z.array(z.string()),
  processedHandles: z.array(z.string()),
  failedHandles: z.array(z.object({ handle: z.string(), error: z.string() })),
  options: z.object({
    batchSize: z.number().int().optional(),
    maxConcurrency: z.number().int().optional(),
    saveToStorage: z.boolean()
  }),
  /** The latest record as the service sent it, and where it did not match the spec. */
  record: z.unknown(),
  issues: z.array(apiIssueSchema)
})
export type RefreshJobDetail = z.infer<typeof refreshJobDetailSchema>

const handleSchema = z.string().trim().min(1).max(500)

export const refreshPlanSchema = z.object({
  shortlistId: z.string(),
  shortlistName: z.string(),
  members: z.number().int(),
  /** Members whose data is older than the stale age (or all, when not only stale). */
  chosen: z.number().int(),
  handles: z.array(z.string()),
  /** Chosen members with no handle the service can refresh them by. */
  withoutHandle: z.array(z.string()),
  staleAfterDays: z.number().int()
})
export type RefreshPlan = z.infer<typeof refreshPlanSchema>

export const refreshChannels = {
  /** Which members of a shortlist a refresh would cover (stale ones, or all), and their handles. */
  planRefresh: {
    input: z.strictObject({ shortlistId: z.string().min(1).max(100), onlyStale: z.boolean().default(true) }),
    output: refreshPlanSchema
  },
  /** Starts a job for pasted handles or a shortlist's members; followed until it ends. */
  startRefresh: {
    input: z
      .strictObject({
        handles: z.array(handleSchema).min(1).max(1000).optional(),
        shortlistId: z.string().min(1).max(100).optional(),
        onlyStale: z.boolean().default(true),
        options: refreshOptionsSchema.default({ saveToStorage: true })
      })
      .refine((input) => (input.handles === undefined) !== (input.shortlistId === undefined), {
        message: 'Give either handles or a shortlist.'
      }),
    output: refreshJobSummarySchema
  },
  listRefreshJobs: {
    input: z.strictObject({}),
    output: z.object({ jobs: z.array(refreshJobSummarySchema) })
  },
  getRefreshJob: {
    input: z.strictObject({ jobId: z.string().min(1).max(200) }),
    output: refreshJobDetailSchema
  },
  /** Asks the service about a job now (after a sleep, or to retry a lost one once). */
  checkRefreshJob: {
    input: z.strictObject({ jobId: z.string().min(1).max(200) }),
    output: refreshJobSummarySchema
  }
}

export const refreshEvents = {
  /** A job moved; `finishedNow` is true once, when the app sees it end (the notification's cue). */
  refreshJobChanged: z.object({ job: refreshJobSummarySchema, finishedNow: z.boolean() })
}
