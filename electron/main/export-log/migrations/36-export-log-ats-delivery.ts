import type BetterSqlite3 from 'better-sqlite3'

export const version = 36
export const name = 'export log ats delivery'

/*
 * People sent to an ATS through its API (ats/push/, issue #39 item 2) leave by neither a saved
 * file nor a download: `delivery` may say 'ats'. SQLite changes a CHECK by rebuilding the table
 * (a new table, the rows copied, the old dropped, its index again).
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE export_log_next (
          id INTEGER PRIMARY KEY,
          exported_at TEXT NOT NULL,
          kind TEXT NOT NULL,
          format TEXT NOT NULL,
          source TEXT NOT NULL,
          people INTEGER NOT NULL,
          files_json TEXT NOT NULL,
          delivery TEXT NOT NULL CHECK (delivery IN ('file', 'download', 'ats')),
          connection_id TEXT,
          connection_name TEXT,
          person_key TEXT
        );
        INSERT INTO export_log_next SELECT id, exported_at, kind, format, source, people, files_json, delivery,
          connection_id, connection_name, person_key FROM export_log;
        DROP TABLE export_log;
        ALTER TABLE export_log_next RENAME TO export_log;
        CREATE INDEX export_log_person ON export_log(person_key) WHERE person_key IS NOT NULL;`)
}
