import type BetterSqlite3 from 'better-sqlite3'

/*
 * Everything saved from the API records which connection it came from (rows older than this
 * migration have none and are shown under every connection). The parameter names the spec
 * leaves unnamed are per connection. Secrets stay in the vault: nothing here holds one.
 */
export const version = 5
export const name = 'connections own what came from them; settings; recent searches'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE connections ADD COLUMN query_names TEXT NOT NULL DEFAULT '{}';
        ALTER TABLE contact_results ADD COLUMN connection_id TEXT;
        ALTER TABLE credit_counts ADD COLUMN connection_id TEXT;
        ALTER TABLE refresh_jobs ADD COLUMN connection_id TEXT;
        ALTER TABLE conversations ADD COLUMN connection_id TEXT;
        CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        CREATE TABLE recent_searches (
          id INTEGER PRIMARY KEY,
          connection_id TEXT,
          request_json TEXT NOT NULL,
          options_json TEXT NOT NULL,
          signature TEXT NOT NULL,
          result_count INTEGER,
          searched_at TEXT NOT NULL
        );
        CREATE UNIQUE INDEX recent_searches_signature ON recent_searches(connection_id, signature);
        CREATE INDEX recent_searches_at ON recent_searches(searched_at);`)
}
