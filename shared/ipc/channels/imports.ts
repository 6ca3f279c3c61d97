import { z } from 'zod'
import { matchProfileRequestSchema } from '../../api/match-request'
import { wellFormed } from '../text'

/*
 * Bulk match from a spreadsheet: a file (CSV or xlsx) is uploaded in pieces, read in a worker
 * into an import batch kept in the store, its columns mapped to Match Profiles fields, every row
 * matched at a bounded rate (resumed after a restart), reviewed, and the accepted people
 * shortlisted, quoted for contacts and exported with the original sheet.
 */

/** What a column of the sheet becomes in a Match Profiles request; `keep` = kept, not matched. */
export const importFieldSchema = z.enum([
  'name',
  'first_name',
  'last_name',
  'company',
  'title',
  'school',
  'location',
  'email',
  'handle',
  'key',
  'keep'
])
export type ImportField = z.infer<typeof importFieldSchema>

export const IMPORT_FIELD_LABELS: Record<ImportField, string> = {
  name: 'Name',
  first_name: 'First name',
  last_name: 'Last name',
  company: 'Company',
  title: 'Title',
  school: 'School',
  location: 'Location',
  email: 'Email',
  handle: 'Profile handle or URL',
  key: 'Profile key',
  keep: 'Keep, don’t match'
}

/**
 * A row's outcome. `skipped`: above or at the header row; `unmatchable`: nothing to match on;
 * `duplicate`: the same email, handle or key as an earlier row (folded into it); `pending`: not
 * matched yet; `matched`: the row's own values agree with one candidate (a shared identifier, or
 * the name with its employer, or title and place…), one far enough ahead of any other that agrees;
 * `doubtful`: several agree and none is ahead, or one is worth a look but does not agree enough;
 * `none`: no candidate, or none worth a look; `failed`: the service could not answer (match it again).
 */
export const importOutcomeSchema = z.enum([
  'skipped',
  'unmatchable',
  'duplicate',
  'pending',
  'matched',
  'doubtful',
  'none',
  'failed'
])
export type ImportOutcome = z.infer<typeof importOutcomeSchema>

export const importStateSchema = z.enum(['mapping', 'matching', 'paused', 'done', 'cancelled'])
export type ImportState = z.infer<typeof importStateSchema>

export const importDecisionSchema = z.enum(['accepted', 'rejected'])
export type ImportDecision = z.infer<typeof importDecisionSchema>

/** Rows read from one sheet at most (the header row and rows above it not counted). */
export const MAX_IMPORT_ROWS = 50_000
/** Columns read at most; a wider sheet is cut there, and the note says so. */
export const MAX_IMPORT_COLUMNS = 500
/** The largest file that may be imported. */
export const MAX_IMPORT_BYTES = 100 * 1024 * 1024
/** A piece of an upload: base64 of up to 3 MB (a multiple of 4 characters, but for the last). */
export const IMPORT_CHUNK_CHARS = 4_000_000
/** The lead in match_score points a candidate the row's values fit needs over any other that fits. */
export const DEFAULT_IMPORT_THRESHOLD = 15

const batchIdSchema = z.string().regex(/^[A-Za-z0-9_-]{8,40}$/, 'an import id')
const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'an upload id from startImportUpload')
const rowNoSchema = z.number().int().positive()

export const importCountsSchema = z.object({
  rows: z.number().int().nonnegative(),
  skipped: z.number().int().nonnegative(),
  unmatchable: z.number().int().nonnegative(),
  duplicate: z.number().int().nonnegative(),
  pending: z.number().int().nonnegative(),
  matched: z.number().int().nonnegative(),
  doubtful: z.number().int().nonnegative(),
  none: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  accepted: z.number().int().nonnegative(),
  rejected: z.number().int().nonnegative()
})
export type ImportCounts = z.infer<typeof importCountsSchema>

/** What reading a spreadsheet found: main's reader returns it, a batch keeps it, the page shows it. */
export const sheetInfoSchema = z.object({
  format: z.enum(['csv', 'xlsx']),
  /** The sheet read (xlsx), and every sheet of the workbook with whether it is hidden. */
  sheet: z.string().nullable(),
  sheets: z.array(z.object({ name: z.string(), hidden: z.boolean() })),
  /** How the text was decoded (CSV): utf-8, utf-16le, windows-1252, or mixed per line. */
  encoding: z.string().nullable(),
  delimiter: z.string().nullable(),
  /** What the reader did that the recruiter should know (rows cut, empty rows skipped…). */
  notes: z.array(z.string())
})
export type SheetInfo = z.infer<typeof sheetInfoSchema>

export const importBatchSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  ...sheetInfoSchema.shape,
  /** Index (0-based) of the header row among the rows read. */
  headerRow: z.number().int().nonnegative(),
  /** The header row's number in the sheet, as the spreadsheet program shows it. */
  headerSheetRow: z.number().int().positive(),
  headers: z.array(z.string()),
  mapping: z.array(importFieldSchema),
  /** What the app suggests for each column of the chosen header row. */
  suggested: z.array(importFieldSchema),
  /** A mapping was chosen before for exactly these headers, and is the one offered. */
  remembered: z.boolean(),
  state: importStateSchema,
  threshold: z.number().int().min(0).max(100),
  /** The undecided rows are being sorted again by a threshold just set (their outcomes change meanwhile). */
  resorting: z.boolean(),
  counts: importCountsSchema,
  /** While matching: rows answered per second lately, and the seconds left at that rate. */
  rowsPerSecond: z.number().nullable(),
  etaSeconds: z.number().nullable(),
  /** Why matching stopped by itself (the connection is gated, signed out…), until it runs again. */
  problem: z.string().nullable(),
  shortlistId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string()
})
export type ImportBatch = z.infer<typeof importBatchSchema>

export const importCandidateSchema = z.object({
  key: z.string(),
  name: z.string(),
  title: z.string(),
  company: z.string(),
  location: z.string(),
  link: z.string(),
  email: z.string(),
  score: z.number().nullable(),
  matchType: z.string().nullable()
})
export type ImportCandidate = z.infer<typeof importCandidateSchema>

export const importRowSchema = z.object({
  /** The row's key: its place among the rows read (empty rows left out). */
  rowNo: z.number().int(),
  /** The row's number in the sheet (1-based, as Excel or LibreOffice shows it): the one named. */
  sheetRow: z.number().int().positive(),
  cells: z.array(z.string()),
  request: matchProfileRequestSchema.nullable(),
  outcome: importOutcomeSchema,
  /** The earlier row this one repeats (duplicate; its number in the sheet), or how many later rows were folded into it. */
  duplicateOf: z.number().int().nullable(),
  duplicates: z.number().int().nonnegative(),
  transactionId: z.string().nullable(),
  candidates: z.array(importCandidateSchema),
  /** The candidate matching found (a matched row's), accepted by `a`. */
  bestKey: z.string().nullable(),
  /** Why the row is matched, doubtful or none, in the recruiter's words ("same name and employer"). */
  reason: z.string().nullable(),
  error: z.string().nullable(),
  decision: importDecisionSchema.nullable(),
  chosenKey: z.string().nullable(),
  /** Why the row's person must not be contacted (the do-not-contact list, or forgotten); absent when they may be. */
  doNotContact: z.string().optional(),
  /** Which of the recruiter's ATS lists already have the row's person, and how known ("Greenhouse (Offer), by email"); absent when none. */
  known: z.string().optional()
})
export type ImportRow = z.infer<typeof importRowSchema>

/** A row's decision as it was, so a change can be undone. */
const decisionChangeSchema = z.object({
  rowNo: z.number().int(),
  decision: importDecisionSchema.nullable(),
  chosenKey: z.string().nullable()
})
export type ImportDecisionChange = z.infer<typeof decisionChangeSchema>

const openedSchema = z.object({
  batch: importBatchSchema,
  preview: z.array(z.array(z.string())),
  /** Each preview row's number in the sheet. */
  previewRows: z.array(z.number().int().positive())
})
export type OpenedImport = z.infer<typeof openedSchema>

/** What the review table lists: one outcome, the accepted or rejected, or all rows. */
export const importRowFilterSchema = z.enum([
  'all',
  'matched',
  'doubtful',
  'none',
  'failed',
  'unmatchable',
  'duplicate',
  'accepted',
  'rejected',
  'undecided',
  /** Rows whose person is already in an ATS list (known-people). */
  'known'
])
export type ImportRowFilter = z.infer<typeof importRowFilterSchema>

export const importChannels = {
  /** Begins sending a spreadsheet in base64 pieces (the page reads the file, main keeps the bytes). */
  startImportUpload: {
    input: z.strictObject({ bytes: z.number().int().nonnegative() }),
    output: z.object({ uploadId: z.string() })
  },
  appendImportUpload: {
    input: z.strictObject({
      uploadId: uploadIdSchema,
      chunk: z
        .string()
        .max(IMPORT_CHUNK_CHARS)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      last: z.boolean()
    }),
    output: z.object({ received: z.number().int().nonnegative() })
  },
  discardImportUpload: {
    input: z.strictObject({ uploadId: uploadIdSchema }),
    output: z.object({ discarded: z.boolean() })
  },
  /**
   * Reads a finished upload (in a worker: progress as `importProgress`) into a new import batch on
   * the active connection: the sheet chosen (xlsx; else the first visible), the header row
   * guessed, each column's field suggested. `replaces`: a batch of the same file read from another
   * sheet, dropped when this one is made.
   */
  openImport: {
    input: z.strictObject({
      uploadId: uploadIdSchema,
      fileName: wellFormed(z.string().trim().min(1).max(300)),
      sheet: z.string().max(300).optional(),
      replaces: batchIdSchema.optional()
    }),
    output: openedSchema
  },
  /** Imports of the active connection, newest first. */
  listImports: { input: z.strictObject({}), output: z.array(importBatchSchema) },
  getImport: { input: z.strictObject({ batchId: batchIdSchema }), output: openedSchema },
  /** The header row and each column's field; answers with the rows' outcomes before matching. */
  mapImport: {
    input: z.strictObject({
      batchId: batchIdSchema,
      headerRow: z.number().int().nonnegative(),
      mapping: z.array(importFieldSchema).max(1000).optional()
    }),
    output: openedSchema
  },
  /** Starts (or resumes) matching every pending row. */
  startImportMatch: { input: z.strictObject({ batchId: batchIdSchema }), output: importBatchSchema },
  pauseImport: { input: z.strictObject({ batchId: batchIdSchema }), output: importBatchSchema },
  /** Stops for good: pending rows stay unmatched; what was matched stays. */
  cancelImport: { input: z.strictObject({ batchId: batchIdSchema }), output: importBatchSchema },
  /** Drops the import and its rows (people already shortlisted stay there). */
  deleteImport: { input: z.strictObject({ batchId: batchIdSchema }), output: z.object({ deleted: z.boolean() }) },
  /** Moves the lead a candidate that fits needs over others that fit; undecided rows are sorted again. */
  setImportThreshold: {
    input: z.strictObject({ batchId: batchIdSchema, threshold: z.number().int().min(0).max(100) }),
    output: importBatchSchema
  },
  listImportRows: {
    input: z.strictObject({
      batchId: batchIdSchema,
      filter: importRowFilterSchema.default('all'),
      offset: z.number().int().nonnegative().default(0),
      limit: z.number().int().min(1).max(2000).default(500)
    }),
    output: z.object({ total: z.number().int().nonnegative(), rows: z.array(importRowSchema) })
  },
  /**
   * Accepts (with the chosen candidate's key), rejects, or clears rows; answers what each row was
   * before, for Undo (which sends those back).
   */
  decideImportRows: {
    input: z.strictObject({
      batchId: batchIdSchema,
      decisions: z
        .array(
          z.strictObject({
            rowNo: rowNoSchema,
            decision: importDecisionSchema.nullable(),
            chosenKey: z.string().min(1).max(500).nullable().optional()
          })
        )
        .min(1)
        .max(50_000)
    }),
    output: z.object({ changed: z.array(decisionChangeSchema) })
  },
  /** Accepts every matched row not decided yet, with its match. */
  acceptMatchedImportRows: {
    input: z.strictObject({ batchId: batchIdSchema }),
    output: z.object({ changed: z.array(decisionChangeSchema) })
  },
  /** The row's request edited by the recruiter, matched again at once. */
  editImportRow: {
    input: z.strictObject({ batchId: batchIdSchema, rowNo: rowNoSchema, request: matchProfileRequestSchema }),
    output: importRowSchema
  },
  /** Rows that failed (or every row of an outcome) go back to be matched again. */
  rematchImportRows: {
    input: z.strictObject({ batchId: batchIdSchema, outcome: z.enum(['failed', 'none']).default('failed') }),
    output: importBatchSchema
  },
  /**
   * Adds every accepted person to a shortlist (an existing one, or a new one by name), the row's
   * kept columns as notes ("Header: value" lines). People already on it are left as they are.
   */
  shortlistImport: {
    input: z.union([
      z.strictObject({ batchId: batchIdSchema, shortlistId: z.string().min(1).max(100) }),
      z.strictObject({ batchId: batchIdSchema, newShortlist: wellFormed(z.string().trim().min(1).max(200)) })
    ]),
    output: z.object({
      shortlistId: z.string(),
      shortlistName: z.string(),
      added: z.number().int().nonnegative(),
      skipped: z.number().int().nonnegative(),
      rejected: z.array(z.object({ rowNo: z.number().int(), sheetRow: z.number().int(), reason: z.string() }))
    })
  },
  /** The accepted people (key and name), for one contacts quote. */
  importAcceptedPeople: {
    input: z.strictObject({ batchId: batchIdSchema }),
    output: z.array(z.object({ key: z.string(), name: z.string() }))
  }
}

export const importEvents = {
  /** A batch changed: reading progress (`read` of `size` bytes), or its counts while matching. */
  importProgress: z.object({
    batchId: z.string().nullable(),
    uploadId: z.string().nullable(),
    read: z.number().int().nonnegative().nullable(),
    size: z.number().int().nonnegative().nullable(),
    batch: importBatchSchema.nullable()
  })
}
