import type BetterSqlite3 from 'better-sqlite3'

/*
 * Removing a person stamps removed_at; lists, counts, search and export skip stamped rows,
 * Recently deleted lists them, and they are purged 30 days later or when emptied.
 */
export const version = 4
export const name = 'removed members stay in Recently deleted'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE members ADD COLUMN removed_at TEXT;
        CREATE INDEX members_removed ON members(removed_at) WHERE removed_at IS NOT NULL;`)
}
