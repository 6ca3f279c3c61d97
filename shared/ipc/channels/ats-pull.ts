import { z } from 'zod'

/*
 * Known people, live (issue #39 item 3): a connected ATS (Greenhouse, Lever) fills the list
 * "ATS: <connection name>" of "People you already have" — a full pull replaces it whole when it
 * completes, incremental pulls (Greenhouse `updated_after`, Lever `updated_at_start`) put changed
 * people in place on demand and every 15 minutes. Greenhouse's `can_email: false` puts the
 * person's emails on the do-not-contact list, and takes them off again when it turns true.
 */

/** How often incremental pulls run while the app runs. */
export const ATS_PULL_EVERY_MS = 15 * 60_000

/**
 * Changes since a pulled list's pull time are read from this long before it (clock skew, writes in
 * flight): by the incremental pull, and by a send's look that answers from the list.
 */
export const INCREMENTAL_MARGIN_MS = 5 * 60_000

/** The list an ATS connection's people are kept in. */
export const atsListName = (connectionName: string): string => `ATS: ${connectionName}`

const connectionIdSchema = z.string().min(1).max(200)

export const atsPullModeSchema = z.enum(['full', 'incremental'])
export type AtsPullMode = z.infer<typeof atsPullModeSchema>

export const atsPullStatusSchema = z.object({
  connectionId: z.string(),
  /** idle: never pulled since the app started (see `last`); pulling; the last one's end otherwise. */
  state: z.enum(['idle', 'pulling', 'done', 'failed', 'cancelled']),
  mode: atsPullModeSchema.nullable(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Pages read and people seen so far (this pull). */
  pages: z.number().int().nonnegative(),
  people: z.number().int().nonnegative(),
  /** Incremental: people new to the list and people put in place. */
  added: z.number().int().nonnegative(),
  updated: z.number().int().nonnegative(),
  /** Emails put on / taken off the do-not-contact list by this pull. */
  doNotContactAdded: z.number().int().nonnegative(),
  doNotContactRemoved: z.number().int().nonnegative(),
  /** The list as it is now: its people and when its last completed pull started, or null. */
  list: z.object({ name: z.string(), people: z.number().int().nonnegative(), pulledAt: z.string() }).nullable(),
  /** What went wrong, in the recruiter's words (state failed), else null. */
  error: z.string().nullable()
})
export type AtsPullStatus = z.infer<typeof atsPullStatusSchema>

export const atsPullChannels = {
  /** Pull now: `full` replaces the list whole; `incremental` (the default when a list exists) picks up changes. */
  pullAtsNow: {
    input: z.strictObject({ connectionId: connectionIdSchema, mode: atsPullModeSchema.optional() }),
    output: atsPullStatusSchema
  },
  /** The pull running or the last one's result, and the list as it is. */
  getAtsPullStatus: {
    input: z.strictObject({ connectionId: connectionIdSchema }),
    output: atsPullStatusSchema
  },
  /** Stops a running pull between two pages (the list stays as it was). */
  cancelAtsPull: {
    input: z.strictObject({ connectionId: connectionIdSchema }),
    output: z.object({ cancelled: z.boolean() })
  }
} as const

export const atsPullEvents = {
  /** A pull started, read a page, or ended. */
  atsPullProgress: atsPullStatusSchema
} as const
