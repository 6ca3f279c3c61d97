import type BetterSqlite3 from 'better-sqlite3'
import { MAX_KNOWN_ROWS, type KnownField, type KnownPreview } from '../../../shared/ipc/channels/known-people'
import { guessHeaderRow } from '../sheets/column-guess'
import { readSheet, type SheetRow } from '../sheets/sheet-reader'
import { guessKnownColumns, sourceOfHeaders } from './known-columns'
import { knownRowOf, type KnownRow } from './known-rows'
import { ListWriter, ROWS_AT_ONCE } from './list-writer'

/** Rows the preview reads: room for a title block, the header row and a sample. */
const PREVIEW_ROWS = 30
const SAMPLE_ROWS = 5

const formatOf = (fileName: string, info: { format: 'csv' | 'xlsx' }) =>
  /\.xlsx$/i.test(fileName) ? 'xlsx' : info.format

/** The first rows of a file: the header row guessed as Import guesses it, each column's field. */
export async function previewList(file: string, fileName: string): Promise<KnownPreview> {
  const rows: SheetRow[] = []
  const info = await readSheet(file, { fileName, maxRows: PREVIEW_ROWS, onRows: (read) => rows.push(...read) })
  const cells = rows.map((row) => row.cells)
  const header = guessHeaderRow(cells)
  const headers = cells[header] ?? []
  const sample = cells.slice(header + 1, header + 1 + SAMPLE_ROWS)
  return {
    format: formatOf(fileName, info),
    source: sourceOfHeaders(headers),
    headers,
    mapping: guessKnownColumns(headers, cells.slice(header + 1)),
    sample,
    notes: info.notes.filter((note) => !note.startsWith('Only the first'))
  }
}

export interface ListJob {
  file: string
  fileName: string
  name: string
  connectionId: string | null
  mapping: KnownField[]
  importedAt: string
  /** Rows under the header read at most (MAX_KNOWN_ROWS; smaller in tests). */
  maxRows?: number
}

export interface ListRead {
  listId: number
  /** The list replaced, hidden: its rows are still to delete (sweepList). */
  replaced: number | null
  people: number
  skipped: number
  notes: string[]
}

/**
 * Reads a whole file into a list: the header row found as the preview found it, each row after it
 * a person by the mapping (rows that name nobody skipped), hashed and written a few thousand at a
 * time (ListWriter), then swapped in for the list of the same name and scope.
 */
export async function readIntoList(db: BetterSqlite3.Database, job: ListJob): Promise<ListRead> {
  let header: number | null = null
  let people = 0
  let skipped = 0
  let pending: KnownRow[] = []
  let headers: string[] = []
  const firstRows: string[][] = []
  let writer: ListWriter | null = null
  const flush = () => {
    if (pending.length === 0) return
    writer ??= new ListWriter(db, {
      name: job.name,
      connectionId: job.connectionId,
      source: sourceOfHeaders(headers),
      fileName: job.fileName,
      importedAt: job.importedAt
    })
    writer.add(pending)
    pending = []
  }
  const maxRows = job.maxRows ?? MAX_KNOWN_ROWS
  // rows under the header past the limit are left out, and the note says the limit that applied
  let cut = false
  const take = (cells: string[]) => {
    if (people + skipped >= maxRows) {
      cut = true
      return
    }
    const row = knownRowOf(cells, job.mapping)
    if (row === null) skipped += 1
    else {
      pending.push(row)
      people += 1
      if (pending.length >= ROWS_AT_ONCE) flush()
    }
  }
  try {
    const info = await readSheet(job.file, {
      fileName: job.fileName,
      // the header may be any of the first 20 rows: a few more are read, the limit is applied above
      maxRows: maxRows + 50,
      onRows: (rows) => {
        for (const row of rows) {
          if (header === null) {
            firstRows.push(row.cells)
            if (firstRows.length < 20) continue
            header = guessHeaderRow(firstRows)
            headers = firstRows[header] ?? []
            for (const cells of firstRows.slice(header + 1)) take(cells)
            continue
          }
          take(row.cells)
        }
      }
    })
    if (header === null) {
      header = guessHeaderRow(firstRows)
      headers = firstRows[header] ?? []
      for (const cells of firstRows.slice(header + 1)) take(cells)
    }
    flush()
    if (writer === null) {
      writer = new ListWriter(db, {
        name: job.name,
        connectionId: job.connectionId,
        source: sourceOfHeaders(headers),
        fileName: job.fileName,
        importedAt: job.importedAt
      })
    }
    const { listId, replaced } = writer.finish()
    const notes = info.notes.filter((note) => !note.startsWith('Only the first') || note.includes('columns'))
    if (cut)
      notes.push(
        `Only the first ${maxRows.toLocaleString('en')} rows under the header were read; the rest of the file was left out.`
      )
    if (people === 0) notes.unshift(noOneWhy(job.mapping, skipped))
    return { listId, replaced, people, skipped, notes }
  } catch (error) {
    writer?.abandon()
    throw error
  }
}

/** Fields that recognise a person on their own (name needs a company with it). */
const RECOGNISING: ReadonlySet<KnownField> = new Set(['email', 'handle', 'key'])

/** Why a list has nobody in it, in the recruiter's words. */
export function noOneWhy(mapping: readonly KnownField[], rows: number): string {
  const named = mapping.some((field) => field === 'name' || field === 'first_name' || field === 'last_name')
  const recognises = mapping.some((field) => RECOGNISING.has(field)) || (named && mapping.includes('employer'))
  if (rows === 0) return 'No one was imported: the file has no rows under its header row.'
  if (!recognises) {
    return 'No one was imported: no column is read as an email, a profile link, a profile key, or a name with a company. Choose what the columns are, and import the file again.'
  }
  return `No one was imported: none of its ${rows} ${rows === 1 ? 'row has' : 'rows have'} an email, a profile link, a profile key, or a name with a company.`
}
