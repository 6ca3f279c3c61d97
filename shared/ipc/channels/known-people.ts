import { z } from 'zod'
import { withoutBidiControls } from '../../bidi'
import { personToCheckSchema } from './do-not-contact'

/*
 * The known-people lists (issue #32 items 1, 2 and 5): people the recruiter already has, read from
 * an ATS export (Greenhouse, Lever) or any sheet with emails, profile links or name and company.
 * Main keeps a salted hash of each email, handle and key (as the do-not-contact list does), the
 * name and employer normalised (to recognise a row with neither), and the ATS's id and stage to
 * show back. People are checked against every shared list and the connection's own.
 */

/**
 * How a person was recognised, strongest first: their profile key, an email, a handle, or name and
 * employer (by one of the recruiter's lists), or the service's own ATS match (a profile's
 * `ats_data.is_matched`).
 */
export const knownBySchema = z.enum(['key', 'email', 'handle', 'name-employer', 'service'])
export type KnownBy = z.infer<typeof knownBySchema>

/** The ways in the recruiter's words. */
export const knownByLabels: Record<KnownBy, string> = {
  key: 'profile key',
  email: 'email',
  handle: 'profile link',
  'name-employer': 'name and company',
  service: 'the service'
}

/** A list pulled from a connected ATS (issue #39) has this source, then the ATS's kind: `ats:greenhouse`. */
export const PULLED_LIST_SOURCE = 'ats:'

/** The list name a match by the service's own ATS match carries (it has no list of the recruiter's). */
export const SERVICE_LIST_NAME = 'the service'

/**
 * What a profile's `ats_data` says (the Partner API's AtsData): the service matched this person to
 * the organisation's ATS (`is_matched`), its candidate id, their stage and recruiter there.
 */
export const atsDataToCheckSchema = z.object({
  is_matched: z.boolean().optional(),
  candidate_id: z.string().max(300).optional(),
  current_stage: z.string().max(300).optional(),
  recruiter: z.string().max(300).optional()
})
export type AtsDataToCheck = z.infer<typeof atsDataToCheckSchema>

/**
 * The four fields of a profile's `ats_data` the check reads (text without bidirectional controls,
 * shared/bidi.ts), or undefined when it has none: one reading for the marks, quotes and exports.
 */
export function atsDataOfProfile(profile: unknown): AtsDataToCheck | undefined {
  if (profile === null || typeof profile !== 'object' || Array.isArray(profile)) return undefined
  const ats = (profile as Record<string, unknown>).ats_data
  if (ats === null || typeof ats !== 'object' || Array.isArray(ats)) return undefined
  const record = ats as Record<string, unknown>
  const out: AtsDataToCheck = {}
  if (typeof record.is_matched === 'boolean') out.is_matched = record.is_matched
  for (const field of ['candidate_id', 'current_stage', 'recruiter'] as const) {
    const value = record[field]
    const shown = typeof value === 'string' ? withoutBidiControls(value).trim().slice(0, 300) : ''
    if (shown !== '') out[field] = shown
  }
  return Object.keys(out).length === 0 ? undefined : out
}

/**
 * A person to check: as for do-not-contact, their name and employer for the fuzzy case, and the
 * profile's `ats_data` when it has one. Main adds what it holds of the person by key (a saved
 * profile, bought contacts) before it checks.
 */
export const knownPersonToCheckSchema = personToCheckSchema.extend({
  name: z.string().max(300).optional(),
  employer: z.string().max(300).optional(),
  atsData: atsDataToCheckSchema.optional()
})
export type KnownPersonToCheck = z.input<typeof knownPersonToCheckSchema>

export const knownMatchSchema = z.object({
  /** The person's place in the list checked. */
  index: z.number().int().nonnegative(),
  /** The list that knows them; null when it is the service's own ATS match (`by: 'service'`). */
  listId: z.number().int().positive().nullable(),
  listName: z.string(),
  /** The ATS's own id of the candidate, when the list had one. */
  atsId: z.string().nullable(),
  /** Where they are in the ATS ("Phone Screen", "Offer"…), when the list said. */
  stage: z.string().nullable(),
  by: knownBySchema,
  /** The recruiter the service names for them (`by: 'service'` only). */
  recruiter: z.string().nullable().optional(),
  /**
   * On a line of a list pulled from the ATS itself (issue #39): the service's own ATS match
   * (`ats_data`) named another candidate id or stage. The ATS wins — this line's id and stage are
   * the ATS's — and what the service said is kept so the mark can say they disagreed.
   */
  serviceSaid: z.object({ atsId: z.string().nullable(), stage: z.string().nullable() }).optional()
})
export type KnownMatch = z.infer<typeof knownMatchSchema>

/** Where a list is checked: for every connection, or for one. */
export const knownListScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shared') }),
  z.object({ kind: z.literal('connection'), connectionId: z.string().min(1).max(200) })
])
export type KnownListScope = z.infer<typeof knownListScopeSchema>

export const knownListSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scope: knownListScopeSchema,
  /** The connection's name when the list is one connection's (null when shared or the connection is gone). */
  connectionName: z.string().nullable(),
  /** What the file was read as: 'greenhouse', 'lever' or 'sheet'. */
  source: z.string(),
  fileName: z.string(),
  people: z.number().int().nonnegative(),
  /** ISO 8601. */
  importedAt: z.string()
})
export type KnownList = z.infer<typeof knownListSchema>

/** What a column of a list's file is read as. */
export const knownFieldSchema = z.enum([
  'email',
  'handle',
  'key',
  'name',
  'first_name',
  'last_name',
  'employer',
  'ats_id',
  'stage',
  'ignore'
])
export type KnownField = z.infer<typeof knownFieldSchema>

export const KNOWN_FIELD_LABELS: Record<KnownField, string> = {
  email: 'Email',
  handle: 'Profile link',
  key: 'Profile key',
  name: 'Full name',
  first_name: 'First name',
  last_name: 'Last name',
  employer: 'Company',
  ats_id: 'ATS id',
  stage: 'Stage',
  ignore: 'Not used'
}

/** Rows read from a list's file at most. */
export const MAX_KNOWN_ROWS = 200_000
/** The largest list file. */
export const MAX_KNOWN_BYTES = 100 * 1024 * 1024
/** A piece of an upload: base64 of up to 3 MB. */
export const KNOWN_CHUNK_CHARS = 4_000_000

const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'an upload id from startKnownPeopleUpload')
const fileNameSchema = z.string().min(1).max(300)

/** What the first rows of a list's file say: its columns, what each is guessed to be, a few rows. */
export const knownPreviewSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** 'greenhouse' or 'lever' when the headers are that ATS's export, else 'sheet'. */
  source: z.string(),
  headers: z.array(z.string()),
  mapping: z.array(knownFieldSchema),
  /** The first rows under the header row, as read. */
  sample: z.array(z.array(z.string())),
  notes: z.array(z.string())
})
export type KnownPreview = z.infer<typeof knownPreviewSchema>

export const knownPeopleChannels = {
  /**
   * Which of these people the recruiter already has: one line per person and list that knows them
   * (by the strongest way). The lists checked are the shared ones and those of `connectionId`
   * (the active connection when not given).
   */
  checkKnownPeople: {
    input: z.strictObject({
      people: z.array(knownPersonToCheckSchema).max(5000),
      connectionId: z.string().max(200).optional()
    }),
    output: z.object({ known: z.array(knownMatchSchema) })
  },
  /** Every list, newest import first. */
  listKnownPeopleLists: {
    input: z.strictObject({}),
    output: z.object({ lists: z.array(knownListSchema) })
  },
  /** Begins sending a list's file in base64 pieces (the page reads the file, main keeps the bytes). */
  startKnownPeopleUpload: {
    input: z.strictObject({ bytes: z.number().int().nonnegative().max(MAX_KNOWN_BYTES) }),
    output: z.object({ uploadId: z.string() })
  },
  appendKnownPeopleUpload: {
    input: z.strictObject({
      uploadId: uploadIdSchema,
      chunk: z
        .string()
        .max(KNOWN_CHUNK_CHARS)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      last: z.boolean()
    }),
    output: z.object({ received: z.number().int().nonnegative() })
  },
  discardKnownPeopleUpload: {
    input: z.strictObject({ uploadId: uploadIdSchema }),
    output: z.object({ discarded: z.boolean() })
  },
  /** Reads the first rows of an uploaded file (in a worker): its columns and what each is guessed to be. */
  previewKnownPeople: {
    input: z.strictObject({ uploadId: uploadIdSchema, fileName: fileNameSchema }),
    output: knownPreviewSchema
  },
  /**
   * Reads the whole uploaded file into a list (in a worker: hashed there, written over its own
   * connection), then lets the upload go. A list of the same name and scope is replaced.
   */
  importKnownPeople: {
    input: z.strictObject({
      uploadId: uploadIdSchema,
      fileName: fileNameSchema,
      name: z.string().trim().min(1).max(120),
      scope: knownListScopeSchema,
      mapping: z.array(knownFieldSchema).max(500)
    }),
    output: z.object({
      list: knownListSchema,
      /** The list had this name and scope already and was replaced. */
      replaced: z.boolean(),
      /** Rows with nothing to recognise a person by (no email, link, key, nor name and company). */
      skipped: z.number().int().nonnegative(),
      notes: z.array(z.string())
    })
  },
  removeKnownPeopleList: {
    input: z.strictObject({ id: z.number().int().positive() }),
    output: z.object({ removed: z.boolean() })
  }
} as const

export const knownPeopleEvents = {
  /** A list was imported, re-imported or removed, or people were forgotten: whoever shows marks checks again. */
  knownPeopleChanged: z.object({})
} as const
