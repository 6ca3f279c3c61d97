import type { Writable } from 'node:stream'
import type { CsvSource, DoNotContactChoice, KnownChoice } from '../../../shared/ipc/channels/export'
import { defaultExportFormat, type ExportFormat } from '../../../shared/export-formats'
import type { PersonToCheck, Suppression } from '../../../shared/ipc/channels/do-not-contact'
import type { KnownMatch, KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import { flagColumns, screenedRows, verdictsOf, type DoNotContactTally, type RowScreens } from './do-not-contact-rows'
import type { MemberRecordsRepo } from '../store/member-records-repo'
import type { Store } from '../store/index'
import type { SheetRowsPort } from '../platform/ports'
import { StoreError } from '../store/store-error'
import {
  columnChoiceSchema,
  columnPresets,
  resolveColumns,
  type ColumnChoice,
  type CsvColumn,
  type ExportRow
} from './csv-columns'
import { writeCsv, type CsvProgress } from './csv-export'
import { exportWriters } from './export-writers'
import { memberRows, profileRow, type UnreadableRow } from './export-rows'
import { isCsvDelimiter, type CsvDelimiter } from './list-separator'
import type { SliceOptions } from '../work/work-slices'

export interface SpreadsheetExportRequest {
  source: CsvSource
  columns: ColumnChoice
  /** One of shared/export-formats.ts (its first by default); the same columns and rows either way. */
  format?: ExportFormat
  bom?: boolean
  /**
   * Between CSV fields: the recruiter's list separator (list-separator.ts). An enriched export of
   * a CSV import uses that file's own delimiter instead.
   */
  delimiter?: CsvDelimiter
  onProgress?: (progress: CsvProgress) => void
  signal?: AbortSignal
  /** Masks every stored secret's value in a text cell (the log's mask). */
  mask?: (text: string) => string
  /** How long rows are formatted before main's event loop gets a turn (work-slices.ts). */
  slices?: SliceOptions
  /**
   * People who must not be contacted, flagged in a "Do not contact" column or left out
   * (do-not-contact-rows.ts), checked through the do-not-contact port. Without it rows are
   * written as they are.
   */
  doNotContact?: {
    choice: DoNotContactChoice
    check: (people: readonly PersonToCheck[]) => Suppression[]
  }
  /**
   * People already in your ATS, flagged in an "In your ATS" column or left out, checked through the
   * known-people port (the one check of marks and quotes). `choice` by default: left out of an
   * ATS's import file (Greenhouse, the ATS CSV), flagged in any other.
   */
  known?: {
    choice?: KnownChoice
    check: (people: readonly KnownPersonToCheck[]) => KnownMatch[]
  }
}

/** What an export wrote: its rows, and the people it could not read, flagged or left out. */
export interface SpreadsheetWritten {
  rows: number
  unreadable: UnreadableRow[]
  doNotContact: DoNotContactTally
  known: DoNotContactTally
}

/**
 * Rows written as a spreadsheet, a CSV file or an .xlsx workbook (the request's format), for the
 * IPC layer: the Electron save dialog gives a path (`toFile`), the browser host pipes `toStream`
 * into the download response.
 */
export class SpreadsheetExportService {
  constructor(
    private readonly memberRecords: MemberRecordsRepo,
    /** Where an import's rows are read (an enriched sheet's export), and who reads them (Imports). */
    private readonly sheets?: { store: Store; rows: SheetRowsPort }
  ) {}

  presets(): Record<string, readonly CsvColumn[]> {
    return columnPresets
  }

  /** Writes every readable row; members whose saved profile cannot be read come back in `unreadable`. */
  async toFile(
    request: SpreadsheetExportRequest,
    file: string
  ): Promise<SpreadsheetWritten & { path: string; bytes: number }> {
    const { rows, options, unreadable, doNotContact, known } = await this.prepare(request)
    const written = await exportWriters[request.format ?? defaultExportFormat](rows, file, options)
    return { ...written, unreadable, doNotContact, known }
  }

  async toStream(request: SpreadsheetExportRequest, out: Writable): Promise<SpreadsheetWritten> {
    const { rows, options, unreadable, doNotContact, known } = await this.prepare(request)
    return { ...(await writeCsv(rows, out, options)), unreadable, doNotContact, known }
  }

  private async prepare(request: SpreadsheetExportRequest) {
    const choice = columnChoiceSchema.safeParse(request.columns)
    if (!choice.success)
      throw new StoreError('invalid_input', 'Those columns cannot be exported.', { details: choice.error.issues })
    const { source } = request
    let columns = resolveColumns(choice.data)
    /** The rows, read afresh each call (the checks read them once before they are written). */
    let rowsOf: (unreadable: UnreadableRow[]) => Iterable<ExportRow>
    let total: number
    let delimiter = request.delimiter
    const unreadable: UnreadableRow[] = []
    if (source.kind === 'import') {
      if (this.sheets === undefined) throw new StoreError('invalid_input', 'Imports cannot be exported here.')
      const { store, rows } = this.sheets
      const sheet = rows.sheetRows(store, source.batchId)
      columns = sheet.columns
      let first: Iterable<ExportRow> | null = sheet.rows
      rowsOf = () => {
        const read = first ?? rows.sheetRows(store, source.batchId).rows
        first = null
        return read
      }
      total = sheet.total
      if (isCsvDelimiter(sheet.delimiter)) delimiter = sheet.delimiter
    } else if (source.kind === 'profiles') {
      const profiles = source.profiles.map(profileRow)
      rowsOf = () => profiles
      total = source.profiles.length
    } else if (source.kind === 'transactions') {
      const transactions = source.transactions.map((transaction) => ({ profile: {}, transaction }))
      rowsOf = () => transactions
      total = source.transactions.length
    } else {
      const selector =
        source.kind === 'shortlist' ? { shortlistId: source.shortlistId } : { memberIds: source.memberIds }
      // Look contacts up only when a column shows them.
      const contacts = columns.some((column) => column.path.startsWith('contact.'))
      rowsOf = (into) => memberRows(this.memberRecords.records(selector, { contacts }), into)
      total = this.memberRecords.count(selector)
    }
    const tally = { doNotContact: { flagged: 0, leftOut: 0 }, known: { flagged: 0, leftOut: 0 } }
    let rows: Iterable<ExportRow>
    // every source but Usage's transactions is people
    const screens: RowScreens =
      source.kind === 'transactions'
        ? {}
        : {
            ...(request.doNotContact === undefined ? {} : { doNotContact: request.doNotContact }),
            ...(request.known === undefined
              ? {}
              : {
                  known: {
                    // an ATS's import file leaves out whom the ATS has: importing them again makes duplicates
                    choice: request.known.choice ?? ('ats' in choice.data ? 'leave-out' : 'flag'),
                    check: request.known.check
                  }
                })
          }
    if (screens.doNotContact === undefined && screens.known === undefined) rows = rowsOf(unreadable)
    else {
      // read once to check everyone (a batch per turn of the loop), then again as written
      const verdicts = await verdictsOf(rowsOf([]), screens, request.signal)
      columns = [...columns, ...flagColumns(verdicts, screens)]
      rows = screenedRows(rowsOf(unreadable), verdicts, screens, tally)
    }
    return {
      rows,
      unreadable,
      doNotContact: tally.doNotContact,
      known: tally.known,
      options: {
        columns,
        total,
        ...(request.bom === undefined ? {} : { bom: request.bom }),
        ...(delimiter === undefined ? {} : { delimiter }),
        ...(request.onProgress === undefined ? {} : { onProgress: request.onProgress }),
        ...(request.mask === undefined ? {} : { mask: request.mask }),
        ...(request.slices === undefined ? {} : { slices: request.slices }),
        ...(request.signal === undefined ? {} : { signal: request.signal })
      }
    }
  }
}
