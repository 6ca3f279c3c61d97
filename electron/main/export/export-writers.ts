import type { ExportFormat } from '../../../shared/export-formats'
import type { ExportRow } from './csv-columns'
import { writeCsvFile, type CsvWriteOptions } from './csv-export'

/** Writes the rows into a file of one format (through a part file, renamed when whole). */
export type ExportWriter = (
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  file: string,
  options: CsvWriteOptions
) => Promise<{ path: string; rows: number; bytes: number }>

/**
 * The writer of each export format of shared/export-formats.ts, keyed by its id: a format without
 * a writer does not compile. Options a format does not take are ignored by its writer (a
 * workbook has no byte order mark or delimiter).
 */
export const exportWriters: Record<ExportFormat, ExportWriter> = {
  csv: writeCsvFile,
  // exceljs takes a third of a second to load: only an .xlsx export pays for it, not every start
  xlsx: async (rows, file, options) => (await import('./xlsx-export')).writeXlsxFile(rows, file, options)
}
