import type BetterSqlite3 from 'better-sqlite3'
import type { MatchProfileRequest } from '../../../shared/api/match-request'
import type {
  ImportCounts,
  ImportDecision,
  ImportDecisionChange,
  ImportField,
  ImportOutcome,
  ImportRowFilter,
  ImportState
} from '../../../shared/ipc/channels/imports'
import { stringifyJson } from '../../../shared/json'
import { StoreError } from '../store/store-error'
import { isoNow, type Clock } from '../store/clock'
import {
  batchOf,
  rowOf,
  type BatchRow,
  type ImportBatchRecord,
  type ImportRowRecord,
  type NewImportBatch,
  type PreparedRow,
  type RowRow
} from './import-records'

export type { ImportBatchRecord, ImportRowRecord, NewImportBatch, PreparedRow } from './import-records'

// 'known' is no column: the imports feature asks the known-people lists (imports/known-rows.ts)
const FILTERS: Record<Exclude<ImportRowFilter, 'known'>, string> = {
  all: `outcome <> 'skipped'`,
  matched: `outcome = 'matched'`,
  doubtful: `outcome = 'doubtful'`,
  none: `outcome = 'none'`,
  failed: `outcome = 'failed'`,
  unmatchable: `outcome = 'unmatchable'`,
  duplicate: `outcome = 'duplicate'`,
  accepted: `decision = 'accepted'`,
  rejected: `decision = 'rejected'`,
  undecided: `decision IS NULL AND outcome IN ('matched', 'doubtful', 'none', 'failed', 'pending')`
}

/**
 * The next pending rows of a batch, by the outcome index (its entries end with row_no, so already
 * in order): the planner would walk the primary key past every answered row instead, 12 ms a take
 * at 8,000 answered. Exported for the test that reads its query plan.
 */
export const PENDING_ROWS_SQL = `SELECT * FROM import_rows INDEXED BY import_rows_outcome
  WHERE batch_id = ? AND outcome = 'pending' ORDER BY row_no LIMIT ?`

/**
 * Import batches and their rows. A row is answered once: `recordAnswer` only writes a row that is
 * still pending, so a late answer after a cancel, an edit or a restart never overwrites another.
 */
export class ImportsRepo {
  readonly #db: BetterSqlite3.Database
  readonly #clock: Clock
  readonly #insertRow: BetterSqlite3.Statement
  readonly #answer: BetterSqlite3.Statement
  readonly #nextUndecided: BetterSqlite3.Statement

  constructor(db: BetterSqlite3.Database, clock: Clock) {
    this.#db = db
    this.#clock = clock
    this.#insertRow = db.prepare(
      'INSERT INTO import_rows (batch_id, row_no, sheet_row, cells_json) VALUES (?, ?, ?, ?)'
    )
    this.#nextUndecided = db.prepare(
      `SELECT * FROM import_rows WHERE batch_id = ? AND row_no > ? AND decision IS NULL
         AND outcome IN ('matched', 'doubtful') ORDER BY row_no LIMIT 1`
    )
    this.#answer = db.prepare(
      `UPDATE import_rows SET outcome = ?, profiles_json = ?, best_key = ?, reason = ?, error = ?,
         transaction_id = COALESCE(transaction_id, ?)
       WHERE batch_id = ? AND row_no = ? AND outcome = 'pending'`
    )
  }

  create(batch: NewImportBatch): void {
    const now = isoNow(this.#clock)
    this.#db
      .prepare(
        `INSERT INTO import_batches (id, connection_id, file_name, format, sheet, sheets_json, encoding, delimiter,
           notes_json, threshold, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        batch.id,
        batch.connectionId,
        batch.fileName,
        batch.format,
        batch.sheet,
        JSON.stringify(batch.sheets),
        batch.encoding,
        batch.delimiter,
        JSON.stringify(batch.notes),
        batch.threshold,
        now,
        now
      )
  }

  /**
   * Appends rows as read, each with its row in the sheet (call inside a transaction for speed);
   * `firstNo` is the first one's place among the rows read.
   */
  addRows(batchId: string, rows: ReadonlyArray<{ sheetRow: number; cells: readonly string[] }>, firstNo: number): void {
    rows.forEach((row, index) => this.#insertRow.run(batchId, firstNo + index, row.sheetRow, JSON.stringify(row.cells)))
  }

  /** What the reader found: the format, the sheet read and the others, the encoding, the notes. */
  describe(
    batchId: string,
    info: Pick<NewImportBatch, 'format' | 'sheet' | 'sheets' | 'encoding' | 'delimiter' | 'notes'>
  ): void {
    this.#db
      .prepare(
        `UPDATE import_batches SET format = ?, sheet = ?, sheets_json = ?, encoding = ?, delimiter = ?, notes_json = ?
         WHERE id = ?`
      )
      .run(
        info.format,
        info.sheet,
        JSON.stringify(info.sheets),
        info.encoding,
        info.delimiter,
        JSON.stringify(info.notes),
        batchId
      )
  }

  get(batchId: string): ImportBatchRecord {
    const row = this.#db.prepare('SELECT * FROM import_batches WHERE id = ?').get(batchId) as BatchRow | undefined
    if (row === undefined) throw new StoreError('not_found', 'No import with that id.', { details: { batchId } })
    return batchOf(row)
  }

  list(connectionId: string): ImportBatchRecord[] {
    return (
      this.#db
        .prepare('SELECT * FROM import_batches WHERE connection_id = ? ORDER BY created_at DESC, id')
        .all(connectionId) as BatchRow[]
    ).map(batchOf)
  }

  /** Batches still matching when the app closed, on every connection. */
  running(): ImportBatchRecord[] {
    return (this.#db.prepare(`SELECT * FROM import_batches WHERE state = 'matching'`).all() as BatchRow[]).map(batchOf)
  }

  delete(batchId: string): boolean {
    return this.#db.prepare('DELETE FROM import_batches WHERE id = ?').run(batchId).changes > 0
  }

  /** The first rows as read, for the preview and the header row's choice. */
  firstRows(batchId: string, limit: number): string[][] {
    return (
      this.#db
        .prepare('SELECT cells_json FROM import_rows WHERE batch_id = ? ORDER BY row_no LIMIT ?')
        .all(batchId, limit) as Array<{ cells_json: string }>
    ).map((row) => JSON.parse(row.cells_json) as string[])
  }

  /** The sheet's own numbers of the first rows read (those `firstRows` answers), in order. */
  firstSheetRows(batchId: string, limit: number): number[] {
    return (
      this.#db
        .prepare('SELECT row_no, sheet_row FROM import_rows WHERE batch_id = ? ORDER BY row_no LIMIT ?')
        .all(batchId, limit) as Array<{ row_no: number; sheet_row: number | null }>
    ).map((row) => row.sheet_row ?? row.row_no)
  }

  /** Every row's cells in order, a page at a time (the mapping's worker reads them all). */
  *allCells(batchId: string): Generator<{ rowNo: number; sheetRow: number; cells: string[] }> {
    const page = this.#db.prepare(
      'SELECT row_no, sheet_row, cells_json FROM import_rows WHERE batch_id = ? AND row_no > ? ORDER BY row_no LIMIT 1000'
    )
    let after = 0
    for (;;) {
      const rows = page.all(batchId, after) as Array<{ row_no: number; sheet_row: number | null; cells_json: string }>
      if (rows.length === 0) return
      for (const row of rows) {
        yield {
          rowNo: row.row_no,
          sheetRow: row.sheet_row ?? row.row_no,
          cells: JSON.parse(row.cells_json) as string[]
        }
      }
      after = rows[rows.length - 1]!.row_no
    }
  }

  setMapping(batchId: string, headerRow: number, mapping: ImportField[]): void {
    this.#db
      .prepare(`UPDATE import_batches SET header_row = ?, mapping_json = ?, updated_at = ? WHERE id = ?`)
      .run(headerRow, JSON.stringify(mapping), isoNow(this.#clock), batchId)
  }

  /** Writes the mapping's outcome for every row (before matching; decisions and answers cleared). */
  prepareRows(batchId: string, rows: readonly PreparedRow[]): void {
    const update = this.#db.prepare(
      `UPDATE import_rows SET request_json = ?, outcome = ?, duplicate_of = ?, duplicates = ?, transaction_id = NULL,
         profiles_json = NULL, best_key = NULL, reason = NULL, error = NULL, decision = NULL, chosen_key = NULL
       WHERE batch_id = ? AND row_no = ?`
    )
    for (const row of rows) {
      update.run(
        row.request === null ? null : JSON.stringify(row.request),
        row.outcome,
        row.duplicateOf,
        row.duplicates,
        batchId,
        row.rowNo
      )
    }
  }

  setState(batchId: string, state: ImportState, problem: string | null = null): void {
    this.#db
      .prepare('UPDATE import_batches SET state = ?, problem = ?, updated_at = ? WHERE id = ?')
      .run(state, problem, isoNow(this.#clock), batchId)
  }

  setProblem(batchId: string, problem: string | null): void {
    this.#db.prepare('UPDATE import_batches SET problem = ? WHERE id = ?').run(problem, batchId)
  }

  setThreshold(batchId: string, threshold: number): void {
    this.#db.prepare('UPDATE import_batches SET threshold = ? WHERE id = ?').run(threshold, batchId)
  }

  setShortlist(batchId: string, shortlistId: string): void {
    this.#db.prepare('UPDATE import_batches SET shortlist_id = ? WHERE id = ?').run(shortlistId, batchId)
  }

  counts(batchId: string): ImportCounts {
    const counts: ImportCounts = {
      rows: 0,
      skipped: 0,
      unmatchable: 0,
      duplicate: 0,
      pending: 0,
      matched: 0,
      doubtful: 0,
      none: 0,
      failed: 0,
      accepted: 0,
      rejected: 0
    }
    const byOutcome = this.#db
      .prepare('SELECT outcome, count(*) AS n FROM import_rows WHERE batch_id = ? GROUP BY outcome')
      .all(batchId) as Array<{ outcome: ImportOutcome; n: number }>
    for (const { outcome, n } of byOutcome) {
      counts[outcome] = n
      if (outcome !== 'skipped') counts.rows += n
    }
    const byDecision = this.#db
      .prepare(
        'SELECT decision, count(*) AS n FROM import_rows WHERE batch_id = ? AND decision IS NOT NULL GROUP BY decision'
      )
      .all(batchId) as Array<{ decision: ImportDecision; n: number }>
    for (const { decision, n } of byDecision) counts[decision] = n
    return counts
  }

  /** Pending rows in order, leaving out those already being matched. */
  pending(batchId: string, limit: number, busy: ReadonlySet<number>): ImportRowRecord[] {
    const rows = this.#db.prepare(PENDING_ROWS_SQL).all(batchId, limit + busy.size) as RowRow[]
    return rows
      .filter((row) => !busy.has(row.row_no))
      .slice(0, limit)
      .map(rowOf)
  }

  /** A row's answer; written only while the row is pending. Answers whether it was written. */
  recordAnswer(
    batchId: string,
    rowNo: number,
    answer: {
      outcome: 'matched' | 'doubtful' | 'none' | 'failed'
      profiles: ReadonlyArray<Record<string, unknown>>
      bestKey: string | null
      /** Why, in the recruiter's words (null for a failed row: `error` says why). */
      reason?: string | null
      error: string | null
      /** The id the row was sent with (kept when it has one already). */
      transactionId?: string
    }
  ): boolean {
    return (
      this.#answer.run(
        answer.outcome,
        answer.profiles.length === 0 ? null : stringifyJson(answer.profiles),
        answer.bestKey,
        answer.reason ?? null,
        answer.error,
        answer.transactionId ?? null,
        batchId,
        rowNo
      ).changes > 0
    )
  }

  /**
   * The first matched or doubtful row after `after` that nobody decided yet, with its candidates
   * (the threshold moved: the rows are sorted again one at a time, between other writes).
   */
  nextUndecidedAnswer(batchId: string, after: number): ImportRowRecord | null {
    const row = this.#nextUndecided.get(batchId, after) as RowRow | undefined
    return row === undefined ? null : rowOf(row)
  }

  reclassify(
    batchId: string,
    rowNo: number,
    outcome: 'matched' | 'doubtful',
    bestKey: string | null,
    reason: string | null
  ): void {
    // a row the recruiter decided keeps the outcome it was decided on
    this.#db
      .prepare(
        `UPDATE import_rows SET outcome = ?, best_key = ?, reason = ?
         WHERE batch_id = ? AND row_no = ? AND decision IS NULL AND outcome IN ('matched', 'doubtful')`
      )
      .run(outcome, bestKey, reason, batchId, rowNo)
  }

  row(batchId: string, rowNo: number): ImportRowRecord {
    const row = this.#db.prepare('SELECT * FROM import_rows WHERE batch_id = ? AND row_no = ?').get(batchId, rowNo) as
      RowRow | undefined
    if (row === undefined) throw new StoreError('not_found', 'No such row in this import.', { details: { rowNo } })
    return rowOf(row)
  }

  rows(
    batchId: string,
    filter: Exclude<ImportRowFilter, 'known'>,
    offset: number,
    limit: number
  ): { total: number; rows: ImportRowRecord[] } {
    const where = `batch_id = ? AND ${FILTERS[filter]}`
    const total = (
      this.#db.prepare(`SELECT count(*) AS n FROM import_rows WHERE ${where}`).get(batchId) as { n: number }
    ).n
    const rows = this.#db
      .prepare(`SELECT * FROM import_rows WHERE ${where} ORDER BY row_no LIMIT ? OFFSET ?`)
      .all(batchId, limit, offset) as RowRow[]
    return { total, rows: rows.map(rowOf) }
  }

  /** Every row past the header, in order (the enriched export). */
  *rowsInOrder(batchId: string): Generator<ImportRowRecord> {
    const page = this.#db.prepare(
      `SELECT * FROM import_rows WHERE batch_id = ? AND row_no > ? AND outcome <> 'skipped' ORDER BY row_no LIMIT 500`
    )
    let after = 0
    for (;;) {
      const rows = page.all(batchId, after) as RowRow[]
      if (rows.length === 0) return
      for (const row of rows) yield rowOf(row)
      after = rows[rows.length - 1]!.row_no
    }
  }

  /** Sets decisions in one transaction; answers each changed row as it was before. */
  decide(
    batchId: string,
    decisions: ReadonlyArray<{ rowNo: number; decision: ImportDecision | null; chosenKey: string | null }>
  ): ImportDecisionChange[] {
    const read = this.#db.prepare(
      'SELECT row_no, decision, chosen_key FROM import_rows WHERE batch_id = ? AND row_no = ? AND outcome <> ?'
    )
    const write = this.#db.prepare(
      'UPDATE import_rows SET decision = ?, chosen_key = ? WHERE batch_id = ? AND row_no = ?'
    )
    return this.#db.transaction(() => {
      const changed: ImportDecisionChange[] = []
      for (const { rowNo, decision, chosenKey } of decisions) {
        const before = read.get(batchId, rowNo, 'skipped') as
          { row_no: number; decision: ImportDecision | null; chosen_key: string | null } | undefined
        if (before === undefined) continue
        if (before.decision === decision && before.chosen_key === chosenKey) continue
        write.run(decision, chosenKey, batchId, rowNo)
        changed.push({ rowNo, decision: before.decision, chosenKey: before.chosen_key })
      }
      return changed
    })()
  }

  /** Rows matched and not decided: accepted with their match. */
  acceptMatched(batchId: string): ImportDecisionChange[] {
    const rows = this.#db
      .prepare(
        `SELECT row_no, best_key FROM import_rows WHERE batch_id = ? AND outcome = 'matched' AND decision IS NULL
           AND best_key IS NOT NULL ORDER BY row_no`
      )
      .all(batchId) as Array<{ row_no: number; best_key: string }>
    return this.decide(
      batchId,
      rows.map((row) => ({ rowNo: row.row_no, decision: 'accepted', chosenKey: row.best_key }))
    )
  }

  /** The recruiter's own request for a row: matched again from scratch. */
  editRequest(batchId: string, rowNo: number, request: MatchProfileRequest): void {
    this.#db
      .prepare(
        `UPDATE import_rows SET request_json = ?, outcome = 'pending', transaction_id = NULL, profiles_json = NULL,
           best_key = NULL, reason = NULL, error = NULL, decision = NULL, chosen_key = NULL
         WHERE batch_id = ? AND row_no = ? AND outcome NOT IN ('skipped', 'duplicate')`
      )
      .run(JSON.stringify(request), batchId, rowNo)
  }

  /** Rows of an outcome back to pending (to be matched again). Answers how many. */
  requeue(batchId: string, outcome: 'failed' | 'none'): number {
    return this.#db
      .prepare(
        `UPDATE import_rows SET outcome = 'pending', transaction_id = NULL, error = NULL, decision = NULL, chosen_key = NULL
         WHERE batch_id = ? AND outcome = ? AND request_json IS NOT NULL`
      )
      .run(batchId, outcome).changes
  }

  /** Accepted rows with the chosen candidate's profile (null when the row no longer has it). */
  accepted(batchId: string): Array<{ row: ImportRowRecord; profile: Record<string, unknown> | null }> {
    const rows = this.#db
      .prepare(`SELECT * FROM import_rows WHERE batch_id = ? AND decision = 'accepted' ORDER BY row_no`)
      .all(batchId) as RowRow[]
    return rows.map(rowOf).map((row) => ({
      row,
      profile: row.profiles.find((profile) => profile['key'] === row.chosenKey) ?? null
    }))
  }
}
