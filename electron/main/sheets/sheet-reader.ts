import fs from 'node:fs'
import { Readable } from 'node:stream'
import { parse } from 'csv-parse'
import { MAX_IMPORT_COLUMNS, MAX_IMPORT_ROWS, type SheetInfo } from '../../../shared/ipc/channels/imports'
import { decodeText, looksBinary, MIXED_ENCODING } from './text-decoding'
import { sniffDelimiter } from './delimiter'
import { checkZip } from './zip-check'
import { errorMessage } from '../../../shared/error-message'

/** Rows read at most: the data rows, and room for a title block above the header row. */
export const MAX_READ_ROWS = MAX_IMPORT_ROWS + 50
/** A cell longer than this is cut (a pasted document, or a broken quote swallowing the file). */
export const MAX_CELL_CHARS = 10_000
const BATCH_ROWS = 1000

/**
 * A row as read, with its number as a spreadsheet program shows it (1-based, counting the title
 * block, the header row and empty rows). In a CSV a record is one row: a quoted cell that holds
 * line breaks keeps its record on one row, as Excel and LibreOffice show it, so after such a
 * record the row number is less than the line number a text editor shows.
 */
export interface SheetRow {
  sheetRow: number
  cells: string[]
}

export interface ReadOptions {
  fileName: string
  /** xlsx: the sheet to read; else the first visible one. */
  sheet?: string | undefined
  /** Bytes of the file read so far (the file's size is known to the caller). */
  onProgress?: (read: number) => void
  /** Non-empty rows in order, a thousand at a time. */
  onRows: (rows: SheetRow[]) => void
  /** Rows read at most (MAX_READ_ROWS by default; a known-people list reads more). */
  maxRows?: number
}

/** A refusal the recruiter can act on (the worker passes its message on as it is). */
export class UnreadableSheet extends Error {}

/**
 * Reads a spreadsheet's rows as text: a .xlsx workbook (exceljs's streaming reader, one sheet) or
 * CSV in any common encoding and delimiter with quoted newlines, each row with its number in the
 * sheet (`SheetRow`). Date cells of a workbook read as ISO dates. Empty rows are skipped and
 * counted, rows past MAX_READ_ROWS and columns past MAX_IMPORT_COLUMNS are cut; each is a note.
 */
export async function readSheet(file: string, options: ReadOptions): Promise<SheetInfo> {
  const head = Buffer.alloc(8)
  const fd = fs.openSync(file, 'r')
  const size = fs.fstatSync(fd).size
  fs.readSync(fd, head, 0, 8, 0)
  fs.closeSync(fd)
  if (size === 0) throw new UnreadableSheet('The file is empty.')
  if (head.readUInt32LE(0) === 0x04034b50) return readXlsx(file, options)
  if (head.readUInt32BE(0) === 0xd0cf11e0) {
    throw new UnreadableSheet(
      'This is an old Excel workbook (.xls) or a password-protected one. Open it in Excel or LibreOffice, save it as .xlsx or CSV without a password, and import that.'
    )
  }
  if (/\.xlsx$/i.test(options.fileName)) {
    throw new UnreadableSheet('This file is named .xlsx but is not an Excel workbook. Check that it is the right file.')
  }
  return readCsv(file, size, options)
}

class RowSink {
  readonly notes: string[] = []
  #batch: SheetRow[] = []
  #rows = 0
  #empty = 0
  #wide = 0
  #long = 0
  full = false

  constructor(
    private readonly onRows: (rows: SheetRow[]) => void,
    private readonly maxRows = MAX_READ_ROWS
  ) {}

  /** The row numbered `sheetRow` in the sheet. */
  add(cells: string[], sheetRow: number): void {
    if (this.full) return
    let last = cells.length - 1
    while (last >= 0 && cells[last]!.trim() === '') last -= 1
    if (last < 0) {
      this.#empty += 1
      return
    }
    let row = cells.slice(0, last + 1)
    if (row.length > MAX_IMPORT_COLUMNS) {
      row = row.slice(0, MAX_IMPORT_COLUMNS)
      this.#wide += 1
    }
    row = row.map((cell) => {
      if (cell.length <= MAX_CELL_CHARS) return cell
      this.#long += 1
      return cell.slice(0, MAX_CELL_CHARS)
    })
    this.#batch.push({ sheetRow, cells: row })
    this.#rows += 1
    if (this.#batch.length >= BATCH_ROWS) this.flush()
    if (this.#rows >= this.maxRows) this.full = true
  }

  flush(): void {
    if (this.#batch.length === 0) return
    this.onRows(this.#batch)
    this.#batch = []
  }

  finish(more: boolean): string[] {
    this.flush()
    if (this.#rows === 0) throw new UnreadableSheet('There are no rows in this sheet: every row is empty.')
    const notes = [...this.notes]
    if (this.#empty > 0) notes.push(`${this.#empty.toLocaleString('en')} empty rows were skipped.`)
    if (more)
      notes.push(
        `Only the first ${this.maxRows.toLocaleString('en')} rows were read; the rest of the sheet was left out.`
      )
    if (this.#wide > 0)
      notes.push(
        `Only the first ${MAX_IMPORT_COLUMNS} columns were read (${this.#wide.toLocaleString('en')} rows had more).`
      )
    if (this.#long > 0)
      notes.push(
        `${this.#long.toLocaleString('en')} cells longer than ${MAX_CELL_CHARS.toLocaleString('en')} characters were cut.`
      )
    return notes
  }
}

async function readCsv(file: string, size: number, options: ReadOptions): Promise<SheetInfo> {
  const bytes = await fs.promises.readFile(file)
  options.onProgress?.(Math.round(size / 4))
  const { text, encoding } = decodeText(bytes)
  if (looksBinary(text)) {
    throw new UnreadableSheet(
      'This file holds binary data, not rows of text. If it is a spreadsheet, save it as .xlsx or CSV and import that.'
    )
  }
  const delimiter = sniffDelimiter(text)
  const sink = new RowSink(options.onRows, options.maxRows)
  if (encoding === 'windows-1252')
    sink.notes.push('The file is not UTF-8: it was read as Windows-1252 (Western European).')
  if (encoding === MIXED_ENCODING) {
    sink.notes.push('Some lines are UTF-8 and others Windows-1252: each line was read in its own encoding.')
  }
  const pieces = function* () {
    const piece = 1_000_000
    for (let at = 0; at < text.length; at += piece) {
      options.onProgress?.(Math.round(size / 4 + ((3 * size) / 4) * (at / text.length)))
      yield text.slice(at, at + piece)
    }
  }
  const parser = Readable.from(pieces(), { objectMode: false }).pipe(
    parse({
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: false,
      bom: true,
      max_record_size: 5_000_000
    })
  )
  let more = false
  // every record is a row, an empty line too (csv-parse gives it as one empty cell)
  let sheetRow = 0
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      if (sink.full) {
        more = true
        parser.destroy()
        break
      }
      sheetRow += 1
      sink.add(record, sheetRow)
    }
  } catch (error) {
    const reason = errorMessage(error)
    throw new UnreadableSheet(
      `The CSV could not be read: ${reason.replace(/^Invalid[^:]*:\s*/, '')}. Check the quotes near that line.`
    )
  }
  options.onProgress?.(size)
  return { format: 'csv', sheet: null, sheets: [], encoding, delimiter, notes: sink.finish(more) }
}

interface RowLike {
  values: unknown[] | Record<string, unknown>
  getCell(column: number): { numFmt?: unknown }
}

interface WorksheetReaderLike extends AsyncIterable<RowLike> {
  name: string
  state?: string
}

async function readXlsx(file: string, options: ReadOptions): Promise<SheetInfo> {
  const verdict = checkZip(file)
  if (!verdict.ok) throw new UnreadableSheet(`This workbook cannot be imported: ${verdict.reason}.`)
  // exceljs takes a third of a second to load: only an import of a workbook pays for it
  const { default: ExcelJS } = await import('exceljs')
  let read = 0
  const stream = fs.createReadStream(file)
  stream.on('data', (chunk) => {
    read += chunk.length
    options.onProgress?.(read)
  })
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(stream, {
    worksheets: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    // the styles say which numbers are dates: exceljs then gives them as Date (1900 or 1904 system)
    styles: 'cache',
    entries: 'ignore'
  })
  const sink = new RowSink(options.onRows, options.maxRows)
  let sheets: SheetInfo['sheets'] = []
  let chosen: string | null = null
  let found = false
  let more = false
  try {
    for await (const worksheet of reader as unknown as AsyncIterable<WorksheetReaderLike>) {
      if (sheets.length === 0) {
        const model = (reader as unknown as { model?: { sheets?: Array<{ name: string; state?: string }> } }).model
        sheets = (model?.sheets ?? []).map((sheet) => ({
          name: sheet.name,
          hidden: (sheet.state ?? 'visible') !== 'visible'
        }))
        if (options.sheet !== undefined && !sheets.some((sheet) => sheet.name === options.sheet)) {
          throw new UnreadableSheet(`This workbook has no sheet named “${options.sheet}”.`)
        }
        chosen = options.sheet ?? sheets.find((sheet) => !sheet.hidden)?.name ?? sheets[0]?.name ?? null
      }
      if (chosen !== null && worksheet.name !== chosen) {
        // a sheet before the chosen one is read through, not skipped: exceljs keeps a sheet stored
        // before the shared strings in a temporary file, opens it for this reader, and deletes it
        // once the next sheet is asked for — a reader left unread had its file deleted under its
        // opening (ENOENT, uncaught); sheets after the chosen one are never asked for
        for await (const _row of worksheet) void _row
        continue
      }
      found = true
      chosen = worksheet.name
      let expected = 1
      for await (const row of worksheet) {
        const number = (row as unknown as { number: number }).number
        if (number > expected) for (let gap = expected; gap < number; gap += 1) sink.add([], gap)
        expected = number + 1
        if (sink.full) {
          more = true
          break
        }
        sink.add(cellsOf(row, date1904(reader)), number)
      }
      break
    }
  } catch (error) {
    if (error instanceof UnreadableSheet) throw error
    const reason = errorMessage(error)
    throw new UnreadableSheet(
      `This workbook could not be read (${reason}). Open it in Excel or LibreOffice and save it again.`
    )
  } finally {
    stream.destroy()
  }
  if (!found) throw new UnreadableSheet('This workbook has no sheet with rows.')
  const hidden = sheets.find((sheet) => sheet.name === chosen)?.hidden === true
  if (hidden) sink.notes.push(`The sheet “${chosen}” is hidden in the workbook.`)
  return { format: 'xlsx', sheet: chosen, sheets, encoding: null, delimiter: null, notes: sink.finish(more) }
}

/** The workbook counts days from 1904 (Excel for Mac before 2011) rather than from 1900. */
function date1904(reader: unknown): boolean {
  return (reader as { properties?: { model?: { date1904?: unknown } } }).properties?.model?.date1904 === true
}

/** exceljs's row values (1-based, sparse) as text cells; a date by its cell's number format. */
function cellsOf(row: RowLike, in1904: boolean): string[] {
  const values = row.values
  const list = Array.isArray(values) ? values : Object.values(values)
  const cells: string[] = []
  const last = Math.min(list.length - 1, MAX_IMPORT_COLUMNS + 1)
  for (let i = 1; i <= last; i += 1) {
    const value = list[i]
    if (value instanceof Date) {
      cells.push(dateText(value, row.getCell(i).numFmt))
      continue
    }
    // exceljs leaves a formula's result a serial number even when the cell shows a date
    const result = typeof value === 'object' && value !== null ? (value as { result?: unknown }).result : undefined
    const numFmt = typeof result === 'number' ? row.getCell(i).numFmt : undefined
    cells.push(
      typeof result === 'number' && isDateFormat(numFmt)
        ? dateText(serialDate(result, in1904), numFmt)
        : cellText(value)
    )
  }
  return cells
}

/** A number format that shows a date or a time (exceljs's own test, which it applies to plain values). */
export function isDateFormat(numFmt: unknown): boolean {
  return typeof numFmt === 'string' && /[ymdhMsb]/.test(numFmt.replace(/\[[^\]]*]|"[^"]*"/g, ''))
}

/** An Excel serial as the wall-clock time it names, in UTC: day 25569 is 1970-01-01 (1900 system). */
export function serialDate(serial: number, in1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (in1904 ? 1462 : 0)) * 86_400_000))
}

/**
 * A date cell as ISO text: `2026-11-03`, with the time when it has one (`2026-11-03 14:30`,
 * seconds when there are any), or only the time for a format without a day or year (`h:mm`).
 * exceljs gives the cell's wall-clock time as a UTC Date, in either date system.
 */
export function dateText(value: Date, numFmt?: unknown): string {
  if (Number.isNaN(value.getTime())) return ''
  // serials are fractions of a day: 14:30 can arrive as 14:29:59.999
  const iso = new Date(Math.round(value.getTime() / 1000) * 1000).toISOString()
  const date = iso.slice(0, 10)
  const time = iso.endsWith(':00.000Z') ? iso.slice(11, 16) : iso.slice(11, 19)
  const format = typeof numFmt === 'string' ? numFmt.replace(/\[[^\]]*]|"[^"]*"/g, '') : ''
  if (format !== '' && !/[yd]/i.test(format)) return time
  return time === '00:00' ? date : `${date} ${time}`
}

export function cellText(value: unknown): string {
  if (value === null || value === undefined) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(15)))
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (value instanceof Date) return dateText(value)
  if (typeof value === 'object') {
    const cell = value as Record<string, unknown>
    if ('result' in cell) return cellText(cell['result'])
    if ('formula' in cell || 'sharedFormula' in cell) return ''
    if (Array.isArray(cell['richText'])) {
      return (cell['richText'] as Array<{ text?: unknown }>)
        .map((part) => (typeof part.text === 'string' ? part.text : ''))
        .join('')
    }
    if ('text' in cell || 'hyperlink' in cell) {
      const text = cellText(cell['text'])
      return text !== '' ? text : cellText(cell['hyperlink'])
    }
    if ('error' in cell) return ''
  }
  return String(value)
}
