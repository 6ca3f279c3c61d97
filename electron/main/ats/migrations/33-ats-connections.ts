import type BetterSqlite3 from 'better-sqlite3'

export const version = 33
export const name = 'ATS connections'

/**
 * The ATS connections (owned by ats/): Greenhouse or Lever, the API root its key is bound to, the
 * acting user's id (On-Behalf-Of, perform_as), whether it is the built-in Sandbox's fake (whose
 * address and key are the Sandbox's, read when called), and the request limit the ATS last said
 * (Greenhouse's X-RateLimit-Limit, per 10 s). The key itself is in the OS keychain. A removed
 * connection keeps its row (and key) until its undo is no longer offered: `removed_at` is set.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE ats_connections (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('greenhouse', 'lever')),
        name TEXT NOT NULL,
        base_url TEXT NOT NULL,
        acting_user TEXT NOT NULL,
        sandbox INTEGER NOT NULL DEFAULT 0,
        rate_limit INTEGER,
        created_at TEXT NOT NULL,
        removed_at TEXT
      );`)
}
