import type BetterSqlite3 from 'better-sqlite3'

/**
 * Credit budgets and where each spend was made from (owned by budgets/). A budget is a limit
 * only: what it has spent is summed from credit_ledger, the one book, through `spend_origins`,
 * which tags a purchase (the ledger's purchase_id) with the feature, shortlist and import batch it
 * was made for. Its number and name are given where the store's list names it (migrations.ts).
 */
export function budgetsSchema(db: BetterSqlite3.Database): void {
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

/**
 * Activity's kinds gain `budget` (a budget reached 75% or 100%, told once per budget, period and
 * level): its CHECK is rebuilt the way SQLite changes one, as retention-migration.ts did.
 */
export function budgetActivity(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE activity_next (
      id INTEGER PRIMARY KEY,
      connection_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('person_changed', 'new_people', 'refresh_ended', 'deleting_soon', 'budget')),
      text TEXT NOT NULL,
      created_at TEXT NOT NULL,
      read_at TEXT,
      shortlist_id TEXT,
      watch_id TEXT,
      link_json TEXT NOT NULL,
      changes_json TEXT NOT NULL DEFAULT '[]',
      people_json TEXT NOT NULL DEFAULT '[]',
      source_key TEXT
    );
    INSERT INTO activity_next SELECT id, connection_id, kind, text, created_at, read_at, shortlist_id, watch_id,
      link_json, changes_json, people_json, source_key FROM activity;
    DROP TABLE activity;
    ALTER TABLE activity_next RENAME TO activity;
    CREATE UNIQUE INDEX activity_source ON activity(source_key) WHERE source_key IS NOT NULL;
    CREATE INDEX activity_connection ON activity(connection_id, id);`)
}
