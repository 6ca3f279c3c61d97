import type BetterSqlite3 from 'better-sqlite3'

export const version = 25
export const name = 'activity kinds in a table'

/**
 * Activity's kinds move out of a CHECK into `activity_kinds`, which `activity.kind` references
 * (foreign keys are on for every connection the app opens). The table is rebuilt one last time,
 * the way SQLite changes a column (a new table, the rows copied, the old dropped, its indexes
 * again); from here on a new kind is one migration of its own:
 * `INSERT INTO activity_kinds (kind) VALUES ('…')`, and the kind in shared/ipc/channels/watches.ts.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE activity_kinds (kind TEXT PRIMARY KEY) WITHOUT ROWID;
    INSERT INTO activity_kinds (kind) VALUES
      ('person_changed'), ('new_people'), ('refresh_ended'), ('deleting_soon'), ('budget');
    CREATE TABLE activity_next (
      id INTEGER PRIMARY KEY,
      connection_id TEXT NOT NULL,
      kind TEXT NOT NULL REFERENCES activity_kinds(kind),
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
