import type BetterSqlite3 from 'better-sqlite3'

export const version = 22
export const name = 'credit budgets and where each spend was made from'

/**
 * Credit budgets and where each spend was made from (owned by budgets/). A budget is a limit
 * only: what it has spent is summed from credit_ledger, the one book, through `spend_origins`,
 * which tags a purchase (the ledger's purchase_id) with the feature, shortlist and import batch it
 * was made for.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE budgets (
        scope TEXT NOT NULL CHECK (scope IN ('connection', 'shortlist', 'batch')),
        target_id TEXT NOT NULL,
        credits INTEGER NOT NULL CHECK (credits > 0),
        updated_at TEXT NOT NULL,
        PRIMARY KEY (scope, target_id)
      );
      CREATE TABLE spend_origins (
        purchase_id TEXT PRIMARY KEY,
        connection_id TEXT NOT NULL,
        feature TEXT NOT NULL CHECK (feature IN ('search', 'contacts', 'tools', 'import', 'watches')),
        shortlist_id TEXT,
        batch_id TEXT,
        recorded_at TEXT NOT NULL
      );
      CREATE INDEX spend_origins_shortlist ON spend_origins(shortlist_id) WHERE shortlist_id IS NOT NULL;
      CREATE INDEX spend_origins_batch ON spend_origins(batch_id) WHERE batch_id IS NOT NULL;`)
}
