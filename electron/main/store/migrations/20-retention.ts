import type BetterSqlite3 from 'better-sqlite3'

export const version = 20
export const name = 'retention: people kept, deleting soon told'

/**
 * Retention (retention/): per person, when the recruiter last kept them (their clock starts again
 * then) and the due date Activity last said "Deleting soon" for (told once per date). The periods
 * themselves are a settings row. Activity's kinds gain `deleting_soon`: its CHECK is rebuilt the
 * way SQLite changes one (a new table, the rows copied, the old dropped, its indexes again).
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE retention_people (
      profile_key TEXT PRIMARY KEY,
      kept_at TEXT,
      warned_due_at TEXT
    ) WITHOUT ROWID;
    CREATE TABLE activity_next (
      id INTEGER PRIMARY KEY,
      connection_id TEXT NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('person_changed', 'new_people', 'refresh_ended', 'deleting_soon')),
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
