import { z } from 'zod'
import { savedTargetSchema } from './export'

/*
 * The export log (issue #31 item 6): every file that took people's data out of the app — a CSV or
 * Excel export, a backup, an access-request copy, the log's own export — recorded when it was
 * written: what and from where, how many people, the file's name (and its folder for a desktop
 * save), when, and through which connection when one was involved.
 */

/** What was written out. */
export const exportLogKindSchema = z.enum([
  /** A saved shortlist, as CSV or Excel. */
  'shortlist',
  /** Saved people the recruiter ticked. */
  'members',
  /** Search results not saved anywhere. */
  'profiles',
  /** The Usage screen's transactions. */
  'transactions',
  /** An imported spreadsheet with what matching found. */
  'import',
  /** Every shortlist, as a JSON backup. */
  'backup',
  /** Everything held about one person (an access request): HTML and JSON. */
  'person-copy',
  /** This log itself, as CSV. */
  'export-log',
  /** People sent to an ATS (Greenhouse, Lever) through its API: no file, the format names the ATS. */
  'ats-send'
])
export type ExportLogKind = z.infer<typeof exportLogKindSchema>

/** The kinds in the recruiter's words. */
export const exportLogKindLabels: Record<ExportLogKind, string> = {
  shortlist: 'Shortlist export',
  members: 'Selected people export',
  profiles: 'Search results export',
  transactions: 'Usage transactions export',
  import: 'Matched spreadsheet export',
  backup: 'Backup of every shortlist',
  'person-copy': 'Access-request copy',
  'export-log': 'Export log',
  'ats-send': 'Sent to an ATS'
}

/** One file written: its name, and the folder it went to (a desktop save; null for a download). */
export const exportLogFileSchema = z.object({ name: z.string(), folder: z.string().nullable() })
export type ExportLogFile = z.infer<typeof exportLogFileSchema>

export const exportLogEntrySchema = z.object({
  id: z.number().int().positive(),
  /** ISO 8601, when the files were finished. */
  exportedAt: z.string(),
  kind: exportLogKindSchema,
  /** csv, xlsx, json, html+json. */
  format: z.string(),
  /** Where from, in the recruiter's words: the shortlist's or the spreadsheet's name; '' when nothing names it. */
  source: z.string(),
  /** People in the files (rows for an export, saved people for a backup, 1 for an access copy). */
  people: z.number().int().nonnegative(),
  files: z.array(exportLogFileSchema),
  /** A file the recruiter saved (desktop), a download the browser fetched, or people sent to an ATS's API. */
  delivery: z.enum(['file', 'download', 'ats']),
  /** The connection whose data it was, when one was involved (its name as it was then). */
  connection: z.object({ id: z.string(), name: z.string() }).nullable()
})
export type ExportLogEntry = z.infer<typeof exportLogEntrySchema>

export const exportLogPageSchema = z.object({
  /** Newest first. */
  entries: z.array(exportLogEntrySchema),
  total: z.number().int().nonnegative(),
  /** Pass as `before` for the next (older) page; null when this page is the last. */
  nextBefore: z.number().int().positive().nullable()
})
export type ExportLogPage = z.infer<typeof exportLogPageSchema>

const cancelledSchema = z.object({ cancelled: z.literal(true) })

export const exportLogExportResultSchema = z.discriminatedUnion('cancelled', [
  cancelledSchema,
  z.object({
    cancelled: z.literal(false),
    target: savedTargetSchema,
    /** Entries written (this export is logged after it, as the newest line). */
    rows: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative()
  })
])
export type ExportLogExportResult = z.infer<typeof exportLogExportResultSchema>

/** What a line of the register for the data-protection officer records (issue #38 item 4.5). */
export const registerWhatSchema = z.enum(['export', 'access-copy', 'forget', 'retention-purge'])
export type RegisterWhat = z.infer<typeof registerWhatSchema>

export const registerWhatLabels: Record<RegisterWhat, string> = {
  export: 'Export',
  'access-copy': 'Access-request copy',
  forget: 'Forget',
  'retention-purge': 'Retention purge'
}

/** A line of the register: who, when, what, how many people, the files' names — never who the people were. */
export const registerEntrySchema = z.object({
  id: z.number().int().positive(),
  /** ISO 8601, on the desk that did it. */
  at: z.string(),
  what: registerWhatSchema,
  /** The export's kind and format ("Shortlist export, csv"), a forget's reason code; '' when none. */
  detail: z.string(),
  people: z.number().int().nonnegative(),
  files: z.array(z.string()),
  /** Who did it: null for this desk, else the colleague's name as the team knows them. */
  colleague: z.string().nullable()
})
export type RegisterEntry = z.infer<typeof registerEntrySchema>

const registerFilterSchema = z.strictObject({
  what: registerWhatSchema.optional(),
  /** A month, "2026-03". */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/)
    .optional()
})

export const exportLogChannels = {
  /** The register for the data-protection officer: every desk's lines, newest first, filtered by kind and month. */
  listRegister: {
    input: registerFilterSchema.extend({ limit: z.number().int().min(1).max(5000).default(1000) }),
    output: z.object({
      entries: z.array(registerEntrySchema),
      total: z.number().int().nonnegative(),
      /** Months that have lines, newest first ("2026-03"). */
      months: z.array(z.string())
    })
  },
  /** The register (as filtered) as CSV where the recruiter chooses; this export is in the export log. */
  exportRegister: { input: registerFilterSchema, output: exportLogExportResultSchema },
  /** The export log, newest first, a page at a time (`before`: an id from the previous page). */
  listExportLog: {
    input: z.strictObject({
      before: z.number().int().positive().optional(),
      limit: z.number().int().min(1).max(500).default(100)
    }),
    output: exportLogPageSchema
  },
  /** The whole log as CSV, where the recruiter chooses (or a download); this export is logged too. */
  exportExportLog: { input: z.strictObject({}), output: exportLogExportResultSchema }
} as const

export const exportLogEvents = {
  /** A file left the app and was logged: the export log shows it at once. */
  exportLogged: exportLogEntrySchema
} as const
