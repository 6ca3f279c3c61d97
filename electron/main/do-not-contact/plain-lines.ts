import fs from 'node:fs'
import { MAX_IMPORT_COLUMNS } from '../../../shared/ipc/channels/imports'
import { sniffDelimiter } from '../sheets/delimiter'
import { MAX_CELL_CHARS, UnreadableSheet, type SheetRow } from '../sheets/sheet-reader'
import { decodeText, looksBinary } from '../sheets/text-decoding'

/** Rows handed on at once, as readSheet does. */
const BATCH_ROWS = 1000
/** csv-parse's max_record_size in readSheet: a longer line is its error, so such a file goes there. */
const MAX_LINE_CHARS = 5_000_000

/**
 * A file of lines read the quick way: the rows readSheet would give (sheets/sheet-reader.ts, the
 * general CSV reader: csv-parse over the decoded text), split here with String.split, which a
 * million-line suppression export reads in a fraction of the time. Only a plain file of text
 * without a quote is read so (no quoted cell can hold a delimiter or a line break), its lines
 * ending all in \n or all in \r\n; anything else (a workbook, quotes, mixed line ends, an empty or
 * binary file, one named .xlsx) returns false untouched, for readSheet. Same decoding, delimiter, BOM, numbering
 * (every line a row, empty ones too), empty rows skipped, the column and cell caps, `maxRows`.
 */
export function readPlainLines(
  file: string,
  options: { fileName: string; maxRows: number; onRows: (rows: SheetRow[]) => void }
): boolean {
  const { maxRows, onRows } = options
  if (/\.xlsx$/i.test(options.fileName)) return false
  // a workbook is known by its first bytes: not read whole here as well as by readSheet
  const head = Buffer.alloc(4)
  const fd = fs.openSync(file, 'r')
  let headBytes: number
  try {
    headBytes = fs.readSync(fd, head, 0, 4, 0)
  } finally {
    fs.closeSync(fd)
  }
  if (headBytes < 4 || head.readUInt32LE(0) === 0x04034b50 || head.readUInt32BE(0) === 0xd0cf11e0) return false
  const bytes = fs.readFileSync(file)
  let { text } = decodeText(bytes)
  if (looksBinary(text) || text.includes('"')) return false
  if (text.startsWith('\uFEFF')) text = text.slice(1)
  const crlf = text.includes('\r')
  const lines = text.split(crlf ? '\r\n' : '\n')
  if (crlf && lines.some((line) => line.includes('\r') || line.includes('\n'))) return false
  if (lines.some((line) => line.length > MAX_LINE_CHARS)) return false
  // the text's last line break ends its last row (no row after it)
  if (lines.at(-1) === '') lines.pop()
  const delimiter = sniffDelimiter(text)
  let batch: SheetRow[] = []
  let rows = 0
  for (let at = 0; at < lines.length && rows < maxRows; at += 1) {
    let cells = lines[at]!.split(delimiter)
    let last = cells.length - 1
    while (last >= 0 && cells[last]!.trim() === '') last -= 1
    if (last < 0) continue
    if (last + 1 < cells.length) cells = cells.slice(0, last + 1)
    if (cells.length > MAX_IMPORT_COLUMNS) cells = cells.slice(0, MAX_IMPORT_COLUMNS)
    for (let cell = 0; cell < cells.length; cell += 1) {
      if (cells[cell]!.length > MAX_CELL_CHARS) cells[cell] = cells[cell]!.slice(0, MAX_CELL_CHARS)
    }
    batch.push({ sheetRow: at + 1, cells })
    rows += 1
    if (batch.length >= BATCH_ROWS) {
      onRows(batch)
      batch = []
    }
  }
  if (batch.length > 0) onRows(batch)
  if (rows === 0) throw new UnreadableSheet('There are no rows in this sheet: every row is empty.')
  return true
}
