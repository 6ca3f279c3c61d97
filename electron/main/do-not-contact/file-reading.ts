import type BetterSqlite3 from 'better-sqlite3'
import {
  detectedKind,
  fileTooMany,
  MAX_DO_NOT_CONTACT,
  normalisedValue
} from '../../../shared/ipc/channels/do-not-contact'
import { readSheet, UnreadableSheet, type SheetRow } from '../sheets/sheet-reader'
import { EntryWriter, sweepHiddenImports, type NamedEntry } from './entry-writer'
import { readPlainLines } from './plain-lines'

const SKIPPED_SHOWN = 100
/** Rows read at most: a full list, and room for a header or a title block. */
const MAX_FILE_ROWS = MAX_DO_NOT_CONTACT + 50

export interface FileJob {
  file: string
  fileName: string
  note: string
  addedAt: string
}

export interface FileRead {
  added: number
  alreadyListed: number
  skipped: Array<{ line: number; text: string }>
  skippedCount: number
  /** Entries the list holds now. */
  total: number
}

/** The file would pass the cap: refused whole, in words the recruiter can act on (the worker passes them on). */
export class ListWouldOverflow extends UnreadableSheet {}

/**
 * The parts of a cell: a line of a file of lines may mix commas, semicolons and tabs (an export
 * from one tool pasted into another's), so a cell is split on each, its quotes dropped.
 */
const partsOf = (cell: string): string[] =>
  cell
    .split(/[,;\t]/)
    .map((part) =>
      part
        .trim()
        .replace(/^"+|"+$/g, '')
        .trim()
    )
    .filter((part) => part !== '')

/** What a cell names, normalised, or null (a header, a name). */
function entryOf(cell: string): NamedEntry | null {
  const text = cell.trim()
  const kind = detectedKind(text)
  if (kind === null) return null
  const typed = kind === 'key' ? text.replace(/^key:/i, '') : text
  const value = normalisedValue(kind, typed)
  return value === null ? null : { kind, value, text: typed }
}

/**
 * Reads a whole file of lines or CSV (or a workbook) into the list (a plain file of lines split
 * quickly, plain-lines.ts; anything else by the general reader): every cell that names an
 * email, a domain, a profile address or "key:<key>", hashed as read and written in the index's
 * order a few thousand at a time (EntryWriter) into a hidden import, then shown at once. A file
 * that would take the list past MAX_DO_NOT_CONTACT adds nothing. Hidden imports a close cut short are deleted first.
 */
export async function readIntoDoNotContact(
  db: BetterSqlite3.Database,
  job: FileJob,
  { ownConnection = false }: { ownConnection?: boolean } = {}
): Promise<FileRead> {
  sweepHiddenImports(db)
  const writer = new EntryWriter(db, {
    note: job.note,
    addedAt: job.addedAt,
    ownConnection,
    // the cap, after each transaction: a file past it stops there, and what it wrote goes
    afterEach: ({ held, added }) => {
      if (held + added > MAX_DO_NOT_CONTACT) throw new ListWouldOverflow(fileTooMany(held))
    }
  })
  const skipped: FileRead['skipped'] = []
  let skippedCount = 0
  try {
    const onRows = (rows: SheetRow[]) => {
      for (const row of rows) {
        let named = 0
        for (const part of row.cells.flatMap(partsOf)) {
          const entry = entryOf(part)
          if (entry === null) continue
          writer.add(entry)
          named += 1
        }
        if (named === 0) {
          skippedCount += 1
          if (skipped.length < SKIPPED_SHOWN) {
            skipped.push({ line: row.sheetRow, text: row.cells.join(',').slice(0, 200) })
          }
        }
      }
    }
    const reading = { fileName: job.fileName, maxRows: MAX_FILE_ROWS, onRows }
    if (!readPlainLines(job.file, reading)) await readSheet(job.file, reading)
    const total = writer.finish()
    return { added: writer.added, alreadyListed: writer.alreadyListed, skipped, skippedCount, total }
  } catch (error) {
    writer.abandon()
    throw error
  }
}
