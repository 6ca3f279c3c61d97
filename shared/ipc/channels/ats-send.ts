import { z } from 'zod'

/*
 * "Send to the ATS" (issue #39 item 2): people of a shortlist (the ticked ones or all) or of an
 * Import review, previewed like a quote — who is new, who is already in the ATS and how they were
 * recognised, who lacks what the ATS requires, who is on the do-not-contact list and left out —
 * then sent once: Greenhouse candidates or prospects, Lever opportunities. Progress is told by the
 * atsSendProgress event; a send can be cancelled.
 */

const idSchema = z.string().min(1).max(100)

/** Whose people: a shortlist's (its ticked members, or all when none is given) or an import batch's matched rows. */
export const atsSendSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('shortlist'),
    shortlistId: idSchema,
    memberIds: z.array(z.number().int().positive()).max(5000).optional()
  }),
  z.strictObject({
    kind: z.literal('import'),
    batchId: idSchema,
    /** Profile keys of the review's rows chosen; all matched rows when absent. */
    personKeys: z.array(z.string().min(1).max(200)).max(5000).optional()
  })
])
export type AtsSendSource = z.infer<typeof atsSendSourceSchema>

/** What the preview found for a person. */
/** unchecked: the ATS could not be asked about them (its answer failed or could not be read); looked for again when sent. */
export const atsPreviewStatusSchema = z.enum(['new', 'existing', 'sent', 'missing', 'left-out', 'unchecked'])
export type AtsPreviewStatus = z.infer<typeof atsPreviewStatusSchema>

/** How a person already in the ATS was recognised. */
export const atsMatchedBySchema = z.enum(['email', 'link', 'name-company'])
export type AtsMatchedBy = z.infer<typeof atsMatchedBySchema>

export const atsMatchedByLabels: Record<AtsMatchedBy, string> = {
  email: 'email',
  link: 'profile link',
  'name-company': 'name and company'
}

export const atsPreviewRowSchema = z.object({
  personKey: z.string(),
  memberId: z.number().int().nullable(),
  name: z.string(),
  company: z.string(),
  status: atsPreviewStatusSchema,
  /** The ATS's record: the one found (existing) or made by an earlier send (sent). */
  atsId: z.string().nullable(),
  matchedBy: atsMatchedBySchema.nullable(),
  /** The ATS's required fields the person lacks (status missing). */
  missing: z.array(z.string()),
  /** Why they are left out (status left-out), in words. */
  leftOutReason: z.string().nullable(),
  /** Why the ATS could not be asked about them (status unchecked), in words. */
  lookError: z.string().nullable()
})
export type AtsPreviewRow = z.infer<typeof atsPreviewRowSchema>

export const atsJobSchema = z.object({
  id: z.string(),
  name: z.string(),
  stages: z.array(z.object({ id: z.string(), name: z.string() }))
})
export type AtsJob = z.infer<typeof atsJobSchema>

export const atsSendCountsSchema = z.object({
  new: z.number().int().nonnegative(),
  existing: z.number().int().nonnegative(),
  sent: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  leftOut: z.number().int().nonnegative(),
  unchecked: z.number().int().nonnegative()
})
export type AtsSendCounts = z.infer<typeof atsSendCountsSchema>

export const atsSendPreviewSchema = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  kind: z.enum(['greenhouse', 'lever']),
  /** The shortlist's or spreadsheet's name. */
  sourceName: z.string(),
  counts: atsSendCountsSchema,
  rows: z.array(atsPreviewRowSchema),
  /** Greenhouse's open jobs, Lever's published postings, each with the stages to start in. */
  jobs: z.array(atsJobSchema),
  /**
   * Said when the records will go without the "Talent Desk" source (Greenhouse has no source by
   * that name: an admin adds it under Configure → Sources); null when they carry it.
   */
  sourceNote: z.string().nullable(),
  /**
   * How the profile links and names and companies were looked for, in words: against the list
   * pulled from the ATS (Known people, live) and the changes since, or by reading every record.
   */
  lookNote: z.string()
})
export type AtsSendPreview = z.infer<typeof atsSendPreviewSchema>

/** What a send does with people already in the ATS: leaves them, or gives them a new application on the chosen job. */
export const atsExistingChoiceSchema = z.enum(['skip', 'apply'])
export type AtsExistingChoice = z.infer<typeof atsExistingChoiceSchema>

/** One person's outcome in a send. */
export const atsSendOutcomeSchema = z.object({
  personKey: z.string(),
  name: z.string(),
  /** applied: already in the ATS, given a new application on the chosen job (Lever: a new opportunity for the posting). */
  result: z.enum(['created', 'applied', 'skipped', 'failed', 'left-out', 'missing']),
  atsId: z.string().nullable(),
  /** What happened, in words ('' for a plain create). */
  message: z.string()
})
export type AtsSendOutcome = z.infer<typeof atsSendOutcomeSchema>

export const atsSendResultSchema = z.object({
  sendId: z.string(),
  cancelled: z.boolean(),
  created: z.number().int().nonnegative(),
  /** People already there given a new application. */
  applied: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  leftOut: z.number().int().nonnegative(),
  missing: z.number().int().nonnegative(),
  outcomes: z.array(atsSendOutcomeSchema)
})
export type AtsSendResult = z.infer<typeof atsSendResultSchema>

export const atsSendProgressSchema = z.object({
  sendId: z.string(),
  done: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  created: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  /** The person just handled. */
  latest: atsSendOutcomeSchema.nullable()
})
export type AtsSendProgress = z.infer<typeof atsSendProgressSchema>

const sendIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/)

export const atsSendChannels = {
  /** Who is new, already there, sent before, lacking fields or left out; the jobs and stages to choose from. */
  previewAtsSend: {
    input: z.strictObject({ connectionId: idSchema, source: atsSendSourceSchema }),
    output: atsSendPreviewSchema
  },
  /** Sends the new people (exactly once per person, source and connection); existing and sent-before ones are skipped or get a new application. */
  sendToAts: {
    input: z.strictObject({
      /** Chosen by the page, so it can cancel the send and match its progress events. */
      sendId: sendIdSchema,
      connectionId: idSchema,
      source: atsSendSourceSchema,
      jobId: z.string().min(1).max(100).nullable(),
      stageId: z.string().min(1).max(100).nullable(),
      /** People already there or sent before: skipped (the default), or a new application on the job (Lever: an opportunity for the posting) on their record there; a job is needed. */
      existing: atsExistingChoiceSchema.optional()
    }),
    output: atsSendResultSchema
  },
  /** Stops a send after the person in hand; those sent stay sent. */
  cancelAtsSend: {
    input: z.strictObject({ sendId: sendIdSchema }),
    output: z.object({ cancelled: z.boolean() })
  },
  /** The ATS ids of a shortlist's people sent before (the member rows show them). */
  listAtsSent: {
    input: z.strictObject({ shortlistId: idSchema }),
    output: z.array(
      z.object({ personKey: z.string(), connectionId: z.string(), atsId: z.string(), created: z.boolean() })
    )
  }
} as const

export const atsSendEvents = {
  /** A send handled one more person. */
  atsSendProgress: atsSendProgressSchema
} as const
