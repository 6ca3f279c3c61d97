import type BetterSqlite3 from 'better-sqlite3'

export const version = 19
export const name = 'do-not-contact list'

/**
 * The do-not-contact list (owned by do-not-contact/): each entry's kind, the salted hash of its
 * normalised value (the tombstones' salt, so a list moved with its data file still matches), the
 * value as the recruiter typed it (to show the list back), a note.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE do_not_contact (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('email', 'domain', 'handle', 'key')),
        hash TEXT NOT NULL,
        value TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        added_at TEXT NOT NULL,
        UNIQUE (kind, hash)
      );`)
}
