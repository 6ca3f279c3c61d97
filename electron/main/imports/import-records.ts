import type { MatchProfileRequest } from '../../../shared/api/match-request'
import type {
  ImportDecision,
  ImportField,
  ImportOutcome,
  ImportState,
  SheetInfo
} from '../../../shared/ipc/channels/imports'
import { parseJson } from '../../../shared/json'

/* The import tables' rows as records: their shapes, and how an SQL row becomes one. */

/** A batch: the file it came from and what reading it found (SheetInfo), then its matching. */
export interface ImportBatchRecord extends SheetInfo {
  id: string
  connectionId: string
  fileName: string
  headerRow: number
  mapping: ImportField[]
  state: ImportState
  threshold: number
  problem: string | null
  shortlistId: string | null
  createdAt: string
  updatedAt: string
}

export interface ImportRowRecord {
  /** The row's place among the rows read (empty rows left out): the key of the row. */
  rowNo: number
  /** The row's number as the spreadsheet program shows it: the number named to the recruiter. */
  sheetRow: number
  cells: string[]
  request: MatchProfileRequest | null
  outcome: ImportOutcome
  duplicateOf: number | null
  duplicates: number
  transactionId: string | null
  /** The candidates as the service sent them, best first. */
  profiles: Array<Record<string, unknown>>
  bestKey: string | null
  /** Why the row is matched, doubtful or none, in the recruiter's words (null before migration 15). */
  reason: string | null
  error: string | null
  decision: ImportDecision | null
  chosenKey: string | null
}

/** A row's outcome and request as the mapping makes them (before matching). */
export interface PreparedRow {
  rowNo: number
  request: MatchProfileRequest | null
  outcome: 'skipped' | 'unmatchable' | 'duplicate' | 'pending'
  /** The earlier row this one repeats, by its row in the sheet. */
  duplicateOf: number | null
  duplicates: number
}

export type NewImportBatch = Pick<
  ImportBatchRecord,
  'id' | 'connectionId' | 'fileName' | 'format' | 'sheet' | 'sheets' | 'encoding' | 'delimiter' | 'notes' | 'threshold'
>

export interface BatchRow {
  id: string
  connection_id: string
  file_name: string
  format: 'csv' | 'xlsx'
  sheet: string | null
  sheets_json: string
  encoding: string | null
  delimiter: string | null
  notes_json: string
  header_row: number
  mapping_json: string
  state: ImportState
  threshold: number
  problem: string | null
  shortlist_id: string | null
  created_at: string
  updated_at: string
}

export interface RowRow {
  row_no: number
  sheet_row: number | null
  cells_json: string
  request_json: string | null
  outcome: ImportOutcome
  duplicate_of: number | null
  duplicates: number
  transaction_id: string | null
  profiles_json: string | null
  best_key: string | null
  reason: string | null
  error: string | null
  decision: ImportDecision | null
  chosen_key: string | null
}

export function batchOf(row: BatchRow): ImportBatchRecord {
  return {
    id: row.id,
    connectionId: row.connection_id,
    fileName: row.file_name,
    format: row.format,
    sheet: row.sheet,
    sheets: JSON.parse(row.sheets_json) as ImportBatchRecord['sheets'],
    encoding: row.encoding,
    delimiter: row.delimiter,
    notes: JSON.parse(row.notes_json) as string[],
    headerRow: row.header_row,
    mapping: JSON.parse(row.mapping_json) as ImportField[],
    state: row.state,
    threshold: row.threshold,
    problem: row.problem,
    shortlistId: row.shortlist_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at
  }
}

export function rowOf(row: RowRow): ImportRowRecord {
  return {
    rowNo: row.row_no,
    sheetRow: row.sheet_row ?? row.row_no,
    cells: JSON.parse(row.cells_json) as string[],
    request: row.request_json === null ? null : (JSON.parse(row.request_json) as MatchProfileRequest),
    outcome: row.outcome,
    duplicateOf: row.duplicate_of,
    duplicates: row.duplicates,
    transactionId: row.transaction_id,
    profiles: row.profiles_json === null ? [] : (parseJson(row.profiles_json) as Array<Record<string, unknown>>),
    bestKey: row.best_key,
    reason: row.reason,
    error: row.error,
    decision: row.decision,
    chosenKey: row.chosen_key
  }
}
