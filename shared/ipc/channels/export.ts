import { z } from 'zod'
import { wellFormed } from '../text'
import { defaultExportFormat, exportFormatIds } from '../../export-formats'

/*
 * CSV export and JSON backup/restore of shortlists. The column schemas are owned here and
 * re-exported by the CSV exporter in main, so the page and the exporter agree on one rule.
 */

/**
 * A column reads `path` from the row: `profile.cur_title`, `member.stage`, `contact.emails.email`,
 * `person.name` (derived: the full name, else first and last name), or `transaction.requestType`
 * (a row of the Usage screen's transactions table).
 */
export const csvColumnSchema = z.strictObject({
  header: wellFormed(z.string().min(1).max(200)),
  path: z
    .string()
    .regex(
      /^(profile|member|contact|person|transaction)(\.[A-Za-z0-9_$]+)+$/,
      'a dotted path starting with profile., member., contact., person. or transaction.'
    )
})
export type CsvColumn = z.infer<typeof csvColumnSchema>

export const columnPresetSchema = z.enum(['basic', 'contact', 'full'])
export type ColumnPreset = z.infer<typeof columnPresetSchema>

/**
 * A file an applicant tracking system imports: Greenhouse's bulk import template, or Talent
 * Desk's own generic layout. The columns are in main (export/ats-presets.ts, with their sources).
 */
export const atsPresetSchema = z.enum(['greenhouse', 'ats'])
export type AtsPreset = z.infer<typeof atsPresetSchema>

/**
 * What an export does with a person who must not be contacted (on the do-not-contact list, or
 * forgotten): `flag` writes them with the reason in a "Do not contact" column; `leave-out` does
 * not write them at all.
 */
export const doNotContactChoiceSchema = z.enum(['flag', 'leave-out'])
export type DoNotContactChoice = z.infer<typeof doNotContactChoiceSchema>

/**
 * What an export does with a person already in your ATS (a list of yours, or the service's own ATS
 * match): `flag` writes them with where they are in an "In your ATS" column; `leave-out` does not
 * write them. An ATS's import file leaves them out by default (importing them again makes
 * duplicates); any other export flags them.
 */
export const knownChoiceSchema = z.enum(['flag', 'leave-out'])
export type KnownChoice = z.infer<typeof knownChoiceSchema>

/** A preset, an ATS's import layout, or a custom list of columns (a bare path uses the path as its header). */
export const columnChoiceSchema = z.union([
  z.strictObject({ preset: columnPresetSchema }),
  z.strictObject({ ats: atsPresetSchema }),
  z.strictObject({
    columns: z
      .array(z.union([csvColumnSchema.shape.path, csvColumnSchema]))
      .min(1)
      .max(500)
  })
])
export type ColumnChoice = z.infer<typeof columnChoiceSchema>

/** Progress of a long export, pushed while rows are written. */
export const exportProgressSchema = z.object({
  exportId: z.string(),
  written: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  done: z.boolean()
})
export type ExportProgress = z.infer<typeof exportProgressSchema>

/** What to export: a saved shortlist, chosen saved people, search results not saved anywhere, or usage rows. */
export const csvSourceSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('shortlist'), shortlistId: z.string().min(1).max(100) }),
  z.strictObject({ kind: z.literal('members'), memberIds: z.array(z.number().int().positive()).min(1).max(100_000) }),
  // Search results as the service sent them: any object, read tolerantly like every API record
  // (a record that does not match the API description is still exported, not refused).
  z.strictObject({
    kind: z.literal('profiles'),
    profiles: z.array(z.record(z.string(), z.unknown())).min(1).max(10_000)
  }),
  // The Usage screen's transactions table as shown (filtered and sorted), one object per row.
  z.strictObject({
    kind: z.literal('transactions'),
    transactions: z.array(z.record(z.string(), z.unknown())).min(1).max(10_000)
  }),
  // An imported spreadsheet enriched: its own columns in order, then the match's (the column
  // choice is not used: the sheet decides its columns).
  z.strictObject({ kind: z.literal('import'), batchId: z.string().min(1).max(40) })
])
export type CsvSource = z.infer<typeof csvSourceSchema>

/**
 * Where a finished file went: a path the recruiter chose (desktop app), or a download the page
 * fetches once from the browser host (`GET /bridge/download/<downloadId>`).
 */
export const savedTargetSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('file'), path: z.string() }),
  z.object({ kind: z.literal('download'), downloadId: z.string(), fileName: z.string() })
])
export type SavedTarget = z.infer<typeof savedTargetSchema>

/** What a backup or restore put in Recently deleted: deleted shortlists, and people (removed or in them). */
export const recentlyDeletedCountsSchema = z.object({
  shortlists: z.number().int().nonnegative(),
  members: z.number().int().nonnegative()
})

const cancelledSchema = z.object({ cancelled: z.literal(true) })

export const csvExportResultSchema = z.discriminatedUnion('cancelled', [
  cancelledSchema,
  z.object({
    cancelled: z.literal(false),
    target: savedTargetSchema,
    rows: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** People left out because their saved profile could not be read; every other row was written. */
    unreadable: z.array(z.object({ name: z.string(), profileKey: z.string() })),
    /**
     * People who must not be contacted: written with the reason (`flagged`) or left out
     * (`leftOut`), as the export's doNotContact said. Both 0 for rows that are not people.
     */
    doNotContact: z.object({
      flagged: z.number().int().nonnegative(),
      leftOut: z.number().int().nonnegative()
    }),
    /** People already in your ATS: written with where they are (`flagged`) or left out (`leftOut`). */
    known: z
      .object({
        flagged: z.number().int().nonnegative(),
        leftOut: z.number().int().nonnegative()
      })
      .default({ flagged: 0, leftOut: 0 })
  })
])
export type CsvExportResult = z.infer<typeof csvExportResultSchema>

export const backupResultSchema = z.discriminatedUnion('cancelled', [
  cancelledSchema,
  z.object({
    cancelled: z.literal(false),
    target: savedTargetSchema,
    /** Shortlists and people the recruiter sees; Recently deleted counted apart. */
    shortlists: z.number().int().nonnegative(),
    members: z.number().int().nonnegative(),
    recentlyDeleted: recentlyDeletedCountsSchema,
    bytes: z.number().int().nonnegative(),
    /** People whose saved profile was damaged: backed up with key, name, notes, tags and stage only. */
    damaged: z.array(z.object({ shortlist: z.string(), person: z.string() }))
  })
])
export type BackupResult = z.infer<typeof backupResultSchema>

/** A backup record that cannot be restored, named as the recruiter knows it. */
export const backupProblemSchema = z.object({
  shortlist: z.string(),
  person: z.string().optional(),
  reason: z.string()
})

export const restoreSummarySchema = z.object({
  shortlists: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      members: z.number().int().nonnegative(),
      originalId: z.string(),
      /** The id was taken, so it came back as a new shortlist named "… (restored)". */
      renamed: z.boolean(),
      /** It came back into Recently deleted (it was deleted when the backup was made). */
      deleted: z.boolean()
    })
  ),
  stagesAdded: z.array(z.string()),
  /** People restored into shortlists the recruiter sees (those in Recently deleted apart). */
  members: z.number().int().nonnegative(),
  recentlyDeleted: recentlyDeletedCountsSchema,
  /** Records left out of a partial restore because they could not be read. */
  skipped: z.array(backupProblemSchema),
  /**
   * People left out because they were forgotten since the backup was made (a tombstone knows their
   * key, an email or a handle). Main always says it; optional for summaries made before it.
   */
  forgotten: z.number().int().nonnegative().optional()
})
export type RestoreSummary = z.infer<typeof restoreSummarySchema>
export type BackupProblem = z.infer<typeof backupProblemSchema>

/** What a backup would restore, checked record by record; nothing is written. */
export const backupPreviewSchema = z.object({
  shortlists: z.number().int().nonnegative(),
  members: z.number().int().nonnegative(),
  recentlyDeleted: recentlyDeletedCountsSchema,
  /** People a restore would leave out: forgotten since the backup was made (not in the counts above). */
  forgotten: z.number().int().nonnegative(),
  problems: z.array(backupProblemSchema)
})
export type BackupPreview = z.infer<typeof backupPreviewSchema>

/** Largest backup the page may send as text in one request (the browser host caps bodies at 64 MB). */
export const MAX_BACKUP_CHARS = 60_000_000

/**
 * A larger backup travels in pieces (`startBackupUpload`, `appendBackupUpload`) into a file main
 * reads itself, a piece and a record at a time: each piece stays far below the host's 64 MB body
 * cap even when every character is escaped. 500 million characters (about 100,000 saved people)
 * is a bound on the upload's file, not on memory.
 */
export const BACKUP_CHUNK_CHARS = 4_000_000
export const MAX_UPLOAD_CHARS = 500_000_000

const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'an upload id from startBackupUpload')

/** Where a restore reads the backup: its text, or a finished upload. */
const backupSourceFields = {
  text: { json: z.string().max(MAX_BACKUP_CHARS) },
  upload: { uploadId: uploadIdSchema }
}

export const exportChannels = {
  /** The columns of each preset, for the custom-column picker. */
  listExportColumns: {
    input: z.strictObject({}),
    output: z.object({ presets: z.record(columnPresetSchema, z.array(csvColumnSchema)) })
  },
  /**
   * Asks where to save (desktop: a save dialog; browser host: a download), then streams the CSV,
   * pushing `exportProgress` events tagged with the caller's `exportId`.
   */
  exportCsv: {
    input: z.strictObject({
      exportId: z.string().min(1).max(100),
      source: csvSourceSchema,
      columns: columnChoiceSchema,
      /** One of shared/export-formats.ts: csv, or xlsx (a workbook with typed cells, identifiers as text). */
      format: z.enum(exportFormatIds).default(defaultExportFormat),
      /** UTF-8 byte order mark, so Excel shows accented names right (CSV only). */
      bom: z.boolean().default(true),
      /**
       * People who must not be contacted: flagged in a "Do not contact" column (the default), or
       * left out of the file. Not used for the Usage screen's transactions (no people).
       */
      doNotContact: doNotContactChoiceSchema.default('flag'),
      /**
       * People already in your ATS: left out or flagged in an "In your ATS" column. By default
       * left out of an ATS's import file (Greenhouse, the ATS CSV), flagged in any other.
       */
      known: knownChoiceSchema.optional(),
      /** Suggested file name, without folder. */
      fileName: wellFormed(z.string().trim().min(1).max(200)).optional()
    }),
    output: csvExportResultSchema
  },
  /** Stops a running export; its partial file is removed. `cancelled: false` if none was running. */
  cancelExport: {
    input: z.strictObject({ exportId: z.string().min(1).max(100) }),
    output: z.object({ cancelled: z.boolean() })
  },
  /** Every shortlist (with recently deleted ones) with its members, lossless, as one JSON file. */
  backupShortlists: { input: z.strictObject({}), output: backupResultSchema },
  /**
   * Restores a backup the page read from a file. The whole file is checked first: a bad or
   * foreign file is refused (`invalid_input`, with the reasons) and nothing changes.
   */
  restoreShortlists: {
    input: z.union([
      z.strictObject({
        ...backupSourceFields.text,
        /** Restore every readable record and list the rest (after the recruiter saw the preview). */
        partial: z.boolean().optional()
      }),
      z.strictObject({ ...backupSourceFields.upload, partial: z.boolean().optional() })
    ]),
    output: restoreSummarySchema
  },
  /** Checks a backup record by record without writing: what would come back, and what could not. */
  previewRestore: {
    input: z.union([z.strictObject(backupSourceFields.text), z.strictObject(backupSourceFields.upload)]),
    output: backupPreviewSchema
  },
  /**
   * Begins sending a backup file in pieces of at most BACKUP_CHUNK_CHARS characters. The upload
   * is a file in the app's data folder, removed after a restore, by `discardBackupUpload`, after
   * 30 idle minutes, and at every start.
   */
  startBackupUpload: { input: z.strictObject({}), output: z.object({ uploadId: z.string() }) },
  /** The next piece, in order; `last` on the final one. Answers how many characters have arrived. */
  appendBackupUpload: {
    input: z.strictObject({
      ...backupSourceFields.upload,
      chunk: z.string().max(BACKUP_CHUNK_CHARS),
      last: z.boolean()
    }),
    output: z.object({ received: z.number().int().nonnegative() })
  },
  /** Drops an upload the recruiter decided not to restore. `discarded: false` if it was gone. */
  discardBackupUpload: {
    input: z.strictObject(backupSourceFields.upload),
    output: z.object({ discarded: z.boolean() })
  }
}

export const exportEvents = {
  exportProgress: exportProgressSchema
}
