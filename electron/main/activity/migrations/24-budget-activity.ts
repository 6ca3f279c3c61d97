import type BetterSqlite3 from 'better-sqlite3'

export const version = 24
export const name = 'activity tells budgets reached'

/**
 * Activity's kinds gain `budget` (a budget reached 75% or 100%, told once per budget, period and
 * level): its CHECK is rebuilt the way SQLite changes one, as 20-retention.ts did.
 */
export function up(db: BetterSqlite3.Database): void {
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
