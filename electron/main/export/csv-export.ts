import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Readable, type Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { stringify, type Options as StringifyOptions } from 'csv-stringify/sync'
import { StoreError } from '../store/store-error'
import { safeText } from './cell-safety'
import type { CsvDelimiter } from './list-separator'
import { compileColumn, type CsvColumn, type ExportRow } from './csv-columns'
import { WorkSlices, type SliceOptions } from '../work/work-slices'

export interface CsvProgress {
  written: number
  /** Undefined when the source cannot tell in advance. */
  total: number | undefined
}

export interface CsvWriteOptions {
  columns: readonly CsvColumn[]
  /** UTF-8 byte order mark, so Excel shows accented names right. Default true. */
  bom?: boolean
  /**
   * Between fields: ',' by default; ';' where the recruiter's Excel expects it (list-separator.ts),
   * or the delimiter of the file an enriched export came from.
   */
  delimiter?: CsvDelimiter
  total?: number
  /** Rows between two progress events, and the most in one chunk; default 1000. */
  batchSize?: number
  /**
   * How long rows are formatted before main's event loop gets a turn (work-slices.ts): a chunk
   * ends, and the loop turns, when its slice has run this long, however few rows it holds.
   */
  slices?: SliceOptions
  /** Masks every stored secret's value in a text cell (the log's mask; see compileCells). */
  mask?: (text: string) => string
  onProgress?: (progress: CsvProgress) => void
  signal?: AbortSignal
}

/**
 * csv-stringify settings, RFC 4180 and formula-safe:
 * - CRLF between records; a field holding a comma, quote, CR or LF is quoted, quotes doubled.
 *   csv-stringify quotes a field holding the whole CRLF delimiter but not a lone CR or LF, so
 *   `quoted_match` adds those.
 * - `escape_formulas` (OWASP "CSV Injection"): a text cell starting with = + - @ TAB or CR (or
 *   the full-width = + - @) gets a leading apostrophe, so Excel, LibreOffice and Sheets show it
 *   as text instead of evaluating it. Numbers from the data are left alone (a negative number
 *   stays a number).
 * - Phone numbers get no exemption: "+44 20 7946 0958" is written "'+44 20 7946 0958". Excel
 *   reads an unprefixed "+1-555-0100" as arithmetic (-654) and "+44 20 7946 0958" as a formula
 *   (#NULL!), so exempting phone-like cells would trade safety for a number shown wrong anyway.
 *   The digits stay intact after the apostrophe. See docs/store.md.
 */
/**
 * Identifier-like text: digits only, with a leading zero ("07700900123", zip "02134") or 16 and
 * more digits (an 18-digit li_id, a 2^53+ co-author id). A spreadsheet opening the CSV reads such
 * a cell as a number: the leading zero goes, and past 15 digits the last ones turn to zeros. It
 * gets the same leading apostrophe as a formula-like cell, so it opens as the text it is.
 * Ordinary numbers (stars, scores, years: no leading zero, under 16 digits) stay numbers.
 */
export const IDENTIFIER_LIKE = /^(0\d+|\d{16,})$/

export function spreadsheetCell(value: string | number): string | number {
  return typeof value === 'string' && IDENTIFIER_LIKE.test(value) ? `'${value}` : value
}

export const csvFormat: StringifyOptions = {
  record_delimiter: 'windows',
  quoted_match: ['\r', '\n'],
  escape_formulas: true
}

const UTF8_BOM = '\uFEFF'

/**
 * Streams rows as CSV into `out`, a chunk at a time: each chunk is formatted by csv-stringify
 * and written only when the destination has drained, so memory stays flat whatever the number
 * of rows. A chunk ends when its slice of work is spent (options.slices) or at a batch of rows;
 * after a spent slice the event loop turns before the next row, so a Full-preset export never
 * holds main's loop for a thousand rows at once. Chunk sizes never change the text: csv-stringify
 * writes every record alike. Resolves when everything is flushed.
 */
export async function writeCsv(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  out: Writable,
  options: CsvWriteOptions
): Promise<{ rows: number }> {
  const batchSize = Math.max(1, options.batchSize ?? 1000)
  const cells = compileCells(options)
  const format: StringifyOptions = { ...csvFormat, delimiter: options.delimiter ?? ',' }
  let written = 0

  async function* chunks(): AsyncGenerator<string> {
    yield (
      ((options.bom ?? true) ? UTF8_BOM : '') +
      stringify([options.columns.map((column) => safeText(column.header))], format)
    )
    const slices = new WorkSlices(options.slices)
    let chunk: Array<Array<string | number>> = []
    /** Rows formatted since the last progress event. */
    let inBatch = 0
    const text = (): string => {
      const csv = stringify(chunk, format)
      written += chunk.length
      chunk = []
      return csv
    }
    const progress = () => {
      inBatch = 0
      options.onProgress?.({ written, total: options.total })
    }
    /** Formats a row; answers the chunk's text when its slice is spent or its batch complete. */
    const add = (row: ExportRow): string | undefined => {
      chunk.push(cells.map((cell) => spreadsheetCell(cell(row))))
      inBatch += 1
      if (inBatch < batchSize && !slices.spent()) return undefined
      const csv = text()
      if (inBatch === batchSize) progress()
      return csv
    }
    // A plain loop for synchronous sources (the store's pages): `for await` would add a
    // promise per row.
    if (Symbol.iterator in rows) {
      for (const row of rows) {
        const csv = add(row)
        if (csv === undefined) continue
        yield csv
        if (slices.spent()) await slices.pause()
      }
    } else {
      for await (const row of rows) {
        const csv = add(row)
        if (csv === undefined) continue
        yield csv
        if (slices.spent()) await slices.pause()
      }
    }
    const rest = text()
    if (inBatch > 0 || written === 0) progress()
    if (rest !== '') yield rest
  }

  await pipeline(
    Readable.from(chunks(), { objectMode: false }),
    out,
    ...(options.signal ? [{ signal: options.signal }] : [])
  )
  return { rows: written }
}

/**
 * The columns as functions from row to cell, a text cell masked of every stored secret's value
 * (a key a service echoed into a record is written as the mask, as in the log). Every format's
 * writer reads its cells through this.
 */
export function compileCells(
  options: Pick<CsvWriteOptions, 'columns' | 'mask'>
): Array<(row: ExportRow) => string | number> {
  const cells = options.columns.map(compileColumn)
  const mask = options.mask
  if (mask === undefined) return cells
  return cells.map((cell) => (row: ExportRow) => {
    const value = cell(row)
    return typeof value === 'string' ? mask(value) : value
  })
}

/**
 * Writes the CSV to `<file>.part-*` and renames it into place when complete, so a failed or
 * cancelled export never leaves a half-written file under the chosen name.
 */
export function writeCsvFile(
  rows: Iterable<ExportRow> | AsyncIterable<ExportRow>,
  file: string,
  options: CsvWriteOptions
): Promise<{ path: string; rows: number; bytes: number }> {
  return writeThroughPart(file, options.signal, (out) => writeCsv(rows, out, options))
}

/** Where a file is written before it is complete: `<file>.part-<8 hex>`, beside it. */
export function partFileOf(file: string): string {
  return `${file}.part-${randomBytes(4).toString('hex')}`
}

/**
 * Runs `write` into `<file>.part-*` (created 0600) and renames it into place when complete; a
 * failed or cancelled write removes the part and names no path in its message.
 */
export async function writeThroughPart(
  file: string,
  signal: AbortSignal | undefined,
  write: (out: Writable) => Promise<{ rows: number }>
): Promise<{ path: string; rows: number; bytes: number }> {
  const target = path.resolve(file)
  const part = partFileOf(target)
  try {
    const { rows: count } = await write(fs.createWriteStream(part, { flags: 'wx', mode: 0o600 }))
    fs.renameSync(part, target)
    return { path: target, rows: count, bytes: fs.statSync(target).size }
  } catch (error) {
    fs.rmSync(part, { force: true })
    if (error instanceof StoreError) throw error
    if (signal?.aborted === true) {
      throw new StoreError('export_cancelled', 'The export was cancelled.', { path: target, cause: error })
    }
    // The message reaches the recruiter: it names no path; the path stays in the details for the log.
    throw new StoreError(
      'export_failed',
      'The export file could not be written. Check that the folder exists, that there is free space, and try again.',
      { path: target, cause: error }
    )
  }
}
