/*
 * The formats a spreadsheet export writes (the exportCsv channel's `format`): one entry each. The
 * contract's enum is derived from this table, main writes each with its writer
 * (electron/main/export/export-writers.ts, keyed by the same ids) and the export dialog offers
 * them from it; a new format is an entry here and its writer there.
 */

/** An option of the exportCsv input that only some formats take. */
export type ExportFormatOption = 'bom'

export interface ExportFormatInfo {
  /** What the file is called in a title: "Export Ana to Excel". */
  name: string
  /** The dialog's choice, and its hint. */
  label: string
  hint: string
  /** The file's extension, without the dot. */
  extension: string
  /** What the save dialog's filter calls the files. */
  fileType: string
  /** Its media type, for a download. */
  mediaType: string
  /** The options of the input it takes (a CSV file's byte order mark). */
  options: readonly ExportFormatOption[]
}

/** Every format, in the order offered; the first is the default. */
export const exportFormats = {
  csv: {
    name: 'CSV',
    label: 'CSV',
    hint: 'plain text, for any program',
    extension: 'csv',
    fileType: 'CSV',
    mediaType: 'text/csv; charset=utf-8',
    options: ['bom']
  },
  xlsx: {
    name: 'Excel',
    label: 'Excel workbook (.xlsx)',
    hint: 'typed cells: phone numbers and ids stay exactly as written',
    extension: 'xlsx',
    fileType: 'Excel workbook',
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    options: []
  }
} as const satisfies Record<string, ExportFormatInfo>

export type ExportFormat = keyof typeof exportFormats

/** The ids, in the table's order (a non-empty tuple, as z.enum takes them). */
export const exportFormatIds = Object.keys(exportFormats) as [ExportFormat, ...ExportFormat[]]

/** The format chosen when none is: the table's first. */
export const defaultExportFormat: ExportFormat = exportFormatIds[0]

/** The format's entry, typed as any entry (for the fields that differ between formats). */
export function exportFormatInfo(format: ExportFormat): ExportFormatInfo {
  return exportFormats[format]
}

/** Whether the format takes an option of the input. */
export function formatTakes(format: ExportFormat, option: ExportFormatOption): boolean {
  return exportFormatInfo(format).options.includes(option)
}
