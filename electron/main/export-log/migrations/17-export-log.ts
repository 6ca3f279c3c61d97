import type BetterSqlite3 from 'better-sqlite3'

/*
 * Every file that took people's data out of the app (export-log/): what, from where, how
 * many people, the files' names (and folder for a desktop save), when, through which
 * connection. person_key only on an access-request copy, so forgetting them blanks its names.
 */
export const version = 17
export const name = 'export log'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE export_log (
          id INTEGER PRIMARY KEY,
          exported_at TEXT NOT NULL,
          kind TEXT NOT NULL,
          format TEXT NOT NULL,
          source TEXT NOT NULL,
          people INTEGER NOT NULL,
          files_json TEXT NOT NULL,
          delivery TEXT NOT NULL CHECK (delivery IN ('file', 'download')),
          connection_id TEXT,
          connection_name TEXT,
          person_key TEXT
        );
        CREATE INDEX export_log_person ON export_log(person_key) WHERE person_key IS NOT NULL;`)
}
