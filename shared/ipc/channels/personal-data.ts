import { z } from 'zod'
import { savedTargetSchema } from './export'
import { errorCodeSchema } from '../errors'
import { copyLanguages } from '../../copy-languages'

/*
 * Personal data of one person (issue #31): what the app holds about them, table by table; a copy
 * for an access request (a JSON file and a readable HTML summary); and forgetting them, which
 * leaves only a tombstone (salted hashes of their key, emails and handles, the date and a reason).
 */

/** A person is named by the Partner API's profile key. */
const personKeySchema = z.string().trim().min(1).max(200)

/**
 * Why a person was forgotten, as a code: never free text, which would likely name them and would
 * then stay in the tombstone the erase leaves. The screen words each one (erasureReasonLabels).
 */
export const erasureReasonSchema = z.enum([
  'person-asked',
  'consent-withdrawn',
  'objected',
  'no-longer-needed',
  'retention-period',
  'other'
])
export type ErasureReason = z.infer<typeof erasureReasonSchema>

/** The reasons in the recruiter's words. */
export const erasureReasonLabels: Record<ErasureReason, string> = {
  'person-asked': 'They asked to be erased',
  'consent-withdrawn': 'They withdrew their consent',
  objected: 'They objected to being contacted or kept',
  'no-longer-needed': 'No longer needed for recruiting',
  'retention-period': 'Kept longer than the retention period',
  other: 'Another reason'
}

/** Who the person is, as the app's records name them. */
export const personIdentitySchema = z.object({
  key: z.string(),
  names: z.array(z.string()),
  emails: z.array(z.string()),
  phones: z.array(z.string()),
  handles: z.array(z.string())
})
export type PersonIdentity = z.infer<typeof personIdentitySchema>

/** A part of the app that could not answer (the others' answers stand). */
export const ownerProblemSchema = z.object({ owner: z.string(), message: z.string() })

/** When this key was forgotten before (they came back since: found again, restored, imported). */
export const tombstoneSeenSchema = z.object({
  forgottenAt: z.string(),
  reason: erasureReasonSchema
})

export const personDescriptionSchema = z.object({
  person: personIdentitySchema,
  /** What is held, table by table: `label` is the recruiter's word for it ("profile snapshots"). */
  holdings: z.array(
    z.object({ owner: z.string(), table: z.string(), label: z.string(), rows: z.number().int().nonnegative() })
  ),
  /** Rows about them in all: 0 when the app holds nothing about this key. */
  rows: z.number().int().nonnegative(),
  /** The key was forgotten before (the latest time), or null. */
  forgotten: tombstoneSeenSchema.nullable(),
  problems: z.array(ownerProblemSchema)
})
export type PersonDescription = z.infer<typeof personDescriptionSchema>

/** What forgetting one person did. */
export const forgottenPersonSchema = z.object({
  key: z.string(),
  /** Rows deleted or blanked, table by table. */
  tables: z.array(
    z.object({
      owner: z.string(),
      table: z.string(),
      deleted: z.number().int().nonnegative(),
      blanked: z.number().int().nonnegative()
    })
  ),
  /** Nothing was held about them; the tombstone is written all the same. */
  nothingHeld: z.boolean()
})

export const forgetResultSchema = z.object({
  forgotten: z.array(forgottenPersonSchema),
  /** People left as they were: an owner could not answer (the whole person stays, never half erased). */
  failed: z.array(
    z.object({
      key: z.string(),
      /** store_error: an owner's records could not be read or changed (the data file refused). */
      code: errorCodeSchema,
      owner: z.string(),
      message: z.string()
    })
  ),
  /**
   * The data file was rebuilt after the erase (VACUUM) and its log emptied, so no older copy of
   * their rows stays in it; in the app the rebuild runs in a worker thread and finishes shortly
   * after this answer (true once it has started). False when it could not be now (an export was
   * reading): the erased rows were zeroed, older copies go at the next forget or at close.
   */
  compacted: z.boolean(),
  /** What the recruiter should know about copies the app no longer controls (backups, exports). */
  notice: z.string()
})
export type ForgetResult = z.infer<typeof forgetResultSchema>

const cancelledSchema = z.object({ cancelled: z.literal(true) })

export const personExportResultSchema = z.discriminatedUnion('cancelled', [
  cancelledSchema,
  z.object({
    cancelled: z.literal(false),
    /** The readable summary (HTML) first, then the whole copy (JSON), saved beside it. */
    files: z.array(
      z.object({ format: z.enum(['html', 'json']), target: savedTargetSchema, bytes: z.number().int().nonnegative() })
    ),
    tables: z.number().int().nonnegative(),
    rows: z.number().int().nonnegative(),
    problems: z.array(ownerProblemSchema)
  })
])
export type PersonExportResult = z.infer<typeof personExportResultSchema>

/**
 * The controller an access copy and the candidate notice name (GDPR art. 15(1), 13/14(1)(a)): who
 * decides what is done with the data, and how a person reaches them. Set once in Settings →
 * Personal data; null until it is.
 */
export const dataControllerSchema = z.strictObject({
  /** The organisation (or person) responsible: "Fabrikam Recruiting GmbH". */
  name: z.string().trim().min(1, 'Write the name of the organisation responsible.').max(200),
  /** How a person reaches them: an email address, a postal address, or both (a few lines). */
  contact: z.string().trim().min(3, 'Write how a person can reach the controller (an email or an address).').max(1000),
  /** The data-protection officer's contact, where there is one ('' when none). */
  dpo: z.string().trim().max(1000).default('')
})
export type DataController = z.infer<typeof dataControllerSchema>

/** The language an access copy is written in (the person's). */
export const copyLanguageSchema = z.enum(copyLanguages)

export const personalDataChannels = {
  /** What the app holds about one person, table by table, and whether their key was forgotten before. */
  describePerson: { input: z.strictObject({ key: personKeySchema }), output: personDescriptionSchema },
  /**
   * Forgets people everywhere (one, or a batch): every owner's rows in one transaction per person,
   * then a tombstone. Cannot be undone.
   */
  forgetPeople: {
    input: z.strictObject({ keys: z.array(personKeySchema).min(1).max(500), reason: erasureReasonSchema }),
    output: forgetResultSchema
  },
  /** An access request: everything held about one person, as an HTML summary and a JSON file. */
  exportPersonData: {
    input: z.strictObject({
      key: personKeySchema,
      /** The person's language: the readable copy is written in it (the JSON is the same in all). */
      language: copyLanguageSchema.default('en')
    }),
    output: personExportResultSchema
  },
  /** The controller named in access copies and the candidate notice; null until it is set. */
  getDataController: { input: z.strictObject({}), output: dataControllerSchema.nullable() },
  /** Sets the controller (checked: a name and a way to reach them); answers what is now stored. */
  setDataController: { input: z.strictObject({ controller: dataControllerSchema }), output: dataControllerSchema }
} as const

export const personalDataEvents = {
  /**
   * People were forgotten: every screen showing them (shortlists, contacts, imports, chats,
   * Activity, recent searches) loads again. Their keys, so a view can drop them at once.
   */
  peopleForgotten: z.object({ keys: z.array(z.string()) })
} as const
