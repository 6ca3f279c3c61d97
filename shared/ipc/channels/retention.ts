import { z } from 'zod'

/**
 * Retention (issue #31 item 2): how long people may be held without activity, and people with
 * bought contacts after their last purchase, before the app forgets them (the same erase as
 * forgetPeople, reason `retention-period`). Off until the recruiter sets a period.
 */

/** The longest period the screen offers: ten years. */
export const RETENTION_MAX_DAYS = 3650
/** How long before it runs a deletion is announced ("Deleting soon") and can still be stopped. */
export const RETENTION_NOTICE_DAYS = 7

const periodSchema = z.number().int().min(1).max(RETENTION_MAX_DAYS).nullable()

export const retentionSettingsSchema = z.strictObject({
  /** Days a person on no active shortlist may go without activity; null: kept however long. */
  inactiveDays: periodSchema,
  /** Days a person with bought contacts is kept after the last purchase or activity; null: no limit. */
  contactDays: periodSchema
})
export type RetentionSettings = z.infer<typeof retentionSettingsSchema>

export const RETENTION_OFF: RetentionSettings = { inactiveDays: null, contactDays: null }

/** One person who would go, when, and why. */
export const retentionDueSchema = z.object({
  key: z.string(),
  /** A name the records give them, or '' (a contact bought for someone never saved). */
  name: z.string(),
  /** The latest of: saved or changed in a shortlist, removed, contact bought, kept by the recruiter. */
  lastActivityAt: z.string(),
  dueAt: z.string(),
  /** Which period ends first. */
  rule: z.enum(['inactive', 'contacts']),
  /** Due within the notice days: Activity said "Deleting soon". */
  soon: z.boolean()
})
export type RetentionDue = z.infer<typeof retentionDueSchema>

export const retentionOverviewSchema = z.object({
  settings: retentionSettingsSchema,
  /** Who would go, soonest first (at most `limit`). */
  due: z.array(retentionDueSchema),
  /** How many would go in all. */
  total: z.number().int().nonnegative(),
  /** When the last purge ran and how many it forgot, or null. */
  lastPurge: z.object({ at: z.string(), forgotten: z.number().int().nonnegative() }).nullable(),
  /** `settings` are periods as typed, not those saved: who would go under them (nothing was saved). */
  unsaved: z.boolean().optional()
})
export type RetentionOverview = z.infer<typeof retentionOverviewSchema>

const previewInput = z.strictObject({
  limit: z.number().int().min(1).max(1000).default(200),
  /** Who would go under these periods, as the recruiter types them, before saving (nothing is saved). */
  settings: retentionSettingsSchema.optional()
})

export const retentionChannels = {
  getRetention: { input: previewInput, output: retentionOverviewSchema },
  setRetention: {
    input: z.strictObject({ settings: retentionSettingsSchema, limit: z.number().int().min(1).max(1000).default(200) }),
    output: retentionOverviewSchema
  },
  /** The recruiter keeps them: their clock starts again now. */
  keepPeople: {
    input: z.strictObject({
      keys: z.array(z.string().min(1).max(500)).min(1).max(500),
      limit: z.number().int().min(1).max(1000).default(200)
    }),
    output: retentionOverviewSchema
  }
} as const
