import type BetterSqlite3 from 'better-sqlite3'

/*
 * What forgetting a person leaves (personal-data/tombstones.ts): the date and a reason code,
 * and a salted hash of each of their key, emails and handles; never clear text.
 */
export const version = 16
export const name = 'tombstones of forgotten people'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE tombstones (
          id INTEGER PRIMARY KEY,
          forgotten_at TEXT NOT NULL,
          reason TEXT NOT NULL
        );
        CREATE TABLE tombstone_hashes (
          hash TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('key', 'email', 'handle')),
          tombstone_id INTEGER NOT NULL REFERENCES tombstones(id) ON DELETE CASCADE,
          PRIMARY KEY (hash, tombstone_id)
        ) WITHOUT ROWID;`)
}
