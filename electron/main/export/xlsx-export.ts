import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { compileColumn, type ExportRow } from './csv-columns'
import { IDENTIFIER_LIKE, writeThroughPart, type CsvWriteOptions } from './csv-export'

/** Options of an .xlsx export: those of CSV but the byte order mark, which has no meaning here. */
export type XlsxWriteOptions = Omit<CsvWriteOptions, 'bom'>

/**
 * Streams rows into an .xlsx workbook (exceljs's streaming WorkbookWriter: each row is written and
 * released, so memory stays flat at 100,000 rows). Cells are typed: text stays text (an
 * identifier such as "07700900123" or an 18-digit id is a string cell with the Text number
 * format, so the spreadsheet neither drops its zero nor rounds it; "=1+1" is text, never a
 * formula), numbers stay numbers. The header row is bold and frozen.
 */
export async function writeXlsx(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  out: Writable,
  options: XlsxWriteOptions
): Promise<{ rows: number }> {
  const batchSize = Math.max(1, options.batchSize ?? 1000)
  const cells = options.columns.map(compileColumn)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = options.columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length + 2)
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  let written = 0
  const add = (row: ExportRow) => {
    options.signal?.throwIfAborted()
    const values = cells.map((cell) => cell(row))
    const line = sheet.addRow(values)
    values.forEach((value, index) => {
      if (typeof value === 'string' && IDENTIFIER_LIKE.test(value)) line.getCell(index + 1).numFmt = '@'
    })
    line.commit()
    written += 1
    if (written % batchSize === 0) options.onProgress?.({ written, total: options.total })
  }
  // Between batches the event loop turns: the zip stream drains (memory stays flat) and the main
  // process keeps serving the window.
  const pause = () => new Promise<void>((resolve) => setImmediate(resolve))
  if (Symbol.iterator in rows) {
    for (const row of rows) {
      add(row)
      if (written % batchSize === 0) await pause()
    }
  } else {
    for await (const row of rows) add(row)
  }
  options.onProgress?.({ written, total: options.total })
  sheet.commit()
  await workbook.commit()
  return { rows: written }
}

/** The .xlsx export into `file`, through a part file renamed into place (as CSV). */
export function writeXlsxFile(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  file: string,
  options: XlsxWriteOptions
): Promise<{ path: string; rows: number; bytes: number }> {
  return writeThroughPart(file, options.signal, (out) => writeXlsx(rows, out, options))
}
