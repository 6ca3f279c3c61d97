import type { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { isLinkPath, isWebLink, safeText } from './cell-safety'
import type { ExportRow } from './csv-columns'
import { compileCells, IDENTIFIER_LIKE, writeThroughPart, type CsvWriteOptions } from './csv-export'
import { spreadsheetDate } from './xlsx-dates'
import { WorkSlices } from '../work/work-slices'

/** Options of an .xlsx export: those of CSV but the byte order mark and delimiter, meaningless here. */
export type XlsxWriteOptions = Omit<CsvWriteOptions, 'bom' | 'delimiter'>

/**
 * Streams rows into an .xlsx workbook (exceljs's streaming WorkbookWriter: each row is written and
 * released, so memory stays flat at 100,000 rows). Cells are typed: text stays text (an
 * identifier such as "07700900123" or an 18-digit id is a string cell with the Text number
 * format, so the spreadsheet neither drops its zero nor rounds it; "=1+1" is text, never a
 * formula), numbers stay numbers, ISO dates and times are date cells, and a lone web address in a
 * column of links is a hyperlink. The header row is bold and frozen.
 */
export async function writeXlsx(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  out: Writable,
  options: XlsxWriteOptions
): Promise<{ rows: number }> {
  const batchSize = Math.max(1, options.batchSize ?? 1000)
  const cells = compileCells(options)
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false })
  const sheet = workbook.addWorksheet('Export', { views: [{ state: 'frozen', ySplit: 1 }] })
  sheet.columns = options.columns.map((column) => ({
    header: safeText(column.header),
    width: Math.max(12, column.header.length + 2)
  }))
  sheet.getRow(1).font = { bold: true }
  sheet.getRow(1).commit()
  const links = options.columns.map((column) => isLinkPath(column.path))
  let written = 0
  const add = (row: ExportRow) => {
    options.signal?.throwIfAborted()
    const typed = cells.map((cell, index) => typedCell(cell(row), links[index]!))
    const line = sheet.addRow(typed.map((cell) => cell.value))
    typed.forEach((cell, index) => {
      if (cell.numFmt !== undefined) line.getCell(index + 1).numFmt = cell.numFmt
    })
    line.commit()
    written += 1
    if (written % batchSize === 0) options.onProgress?.({ written, total: options.total })
  }
  // After each slice of work the event loop turns (work-slices.ts): the zip stream drains (memory
  // stays flat) and the main process keeps serving the window.
  const slices = new WorkSlices(options.slices)
  if (Symbol.iterator in rows) {
    for (const row of rows) {
      add(row)
      if (slices.spent()) await slices.pause()
    }
  } else {
    for await (const row of rows) {
      add(row)
      if (slices.spent()) await slices.pause()
    }
  }
  options.onProgress?.({ written, total: options.total })
  sheet.commit()
  await workbook.commit()
  return { rows: written }
}

/** Excel refuses a hyperlink longer than this (it offers to repair the file). */
const MAX_HYPERLINK = 2_000

/**
 * A cell with its type: an identifier as Text-format text; an ISO date or time as a date
 * (xlsx-dates.ts); in a column of links, a lone web address as a hyperlink (the column holds
 * only http(s) addresses by then: cell-safety.ts); the rest as it is.
 */
function typedCell(value: string | number, link: boolean): { value: ExcelJS.CellValue; numFmt?: string } {
  if (typeof value !== 'string') return { value }
  if (IDENTIFIER_LIKE.test(value)) return { value, numFmt: '@' }
  if (link && value.length <= MAX_HYPERLINK && isWebLink(value)) return { value: { text: value, hyperlink: value } }
  const date = spreadsheetDate(value)
  return date === undefined ? { value } : { value: date.date, numFmt: date.numFmt }
}

/** The .xlsx export into `file`, through a part file renamed into place (as CSV). */
export function writeXlsxFile(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  file: string,
  options: XlsxWriteOptions
): Promise<{ path: string; rows: number; bytes: number }> {
  return writeThroughPart(file, options.signal, (out) => writeXlsx(rows, out, options))
}
