import type BetterSqlite3 from 'better-sqlite3'

/*
 * A batch is one sheet of one file on one connection; each row keeps its cells as read, the
 * request built from the mapping, what the service answered (candidates, transaction id) and
 * the recruiter's decision. Rows are answered one by one, so a restart resumes with the rows
 * still 'pending' and never answers a row twice.
 */
export const version = 12
export const name = 'bulk match from a spreadsheet: import batches and their rows'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE import_batches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          file_name TEXT NOT NULL,
          format TEXT NOT NULL CHECK (format IN ('csv', 'xlsx')),
          sheet TEXT,
          sheets_json TEXT NOT NULL DEFAULT '[]',
          encoding TEXT,
          delimiter TEXT,
          notes_json TEXT NOT NULL DEFAULT '[]',
          header_row INTEGER NOT NULL DEFAULT 0,
          mapping_json TEXT NOT NULL DEFAULT '[]',
          state TEXT NOT NULL DEFAULT 'mapping'
            CHECK (state IN ('mapping', 'matching', 'paused', 'done', 'cancelled')),
          threshold INTEGER NOT NULL,
          problem TEXT,
          shortlist_id TEXT,
          created_at TEXT NOT NULL,
          updated_at TEXT NOT NULL
        );
        CREATE INDEX import_batches_connection ON import_batches(connection_id, created_at);
        CREATE TABLE import_rows (
          batch_id TEXT NOT NULL REFERENCES import_batches(id) ON DELETE CASCADE,
          row_no INTEGER NOT NULL,
          cells_json TEXT NOT NULL,
          request_json TEXT,
          outcome TEXT NOT NULL DEFAULT 'pending'
            CHECK (outcome IN ('skipped', 'unmatchable', 'duplicate', 'pending', 'matched', 'doubtful', 'none', 'failed')),
          duplicate_of INTEGER,
          duplicates INTEGER NOT NULL DEFAULT 0,
          transaction_id TEXT,
          profiles_json TEXT,
          best_key TEXT,
          error TEXT,
          decision TEXT CHECK (decision IN ('accepted', 'rejected')),
          chosen_key TEXT,
          PRIMARY KEY (batch_id, row_no)
        ) WITHOUT ROWID;
        CREATE INDEX import_rows_outcome ON import_rows(batch_id, outcome);`)
}
