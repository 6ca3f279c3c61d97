import type BetterSqlite3 from 'better-sqlite3'

/*
 * A run is written (with the job ids it will use) before anything is sent, in the same
 * transaction that moves the watch's next run, so a crash neither repeats nor loses it. A
 * saved search remembers every key it has found; activity entries carry a source key so the
 * same news is never entered twice.
 */
export const version = 13
export const name = 'watches: saved searches, watches and their runs, activity'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE saved_searches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          name TEXT NOT NULL,
          query_json TEXT NOT NULL,
          created_at TEXT NOT NULL,
          deleted_at TEXT,
          first_looked_at TEXT
        );
        CREATE INDEX saved_searches_connection ON saved_searches(connection_id, created_at);
        CREATE TABLE saved_search_seen (
          saved_search_id TEXT NOT NULL REFERENCES saved_searches(id) ON DELETE CASCADE,
          profile_key TEXT NOT NULL,
          first_seen_at TEXT NOT NULL,
          PRIMARY KEY (saved_search_id, profile_key)
        ) WITHOUT ROWID;
        CREATE TABLE watches (
          id TEXT PRIMARY KEY,
          connection_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('shortlist', 'search')),
          target_id TEXT NOT NULL,
          max_age_days INTEGER,
          every_hours INTEGER NOT NULL,
          paused INTEGER NOT NULL DEFAULT 0,
          next_run_at TEXT NOT NULL,
          last_run_at TEXT,
          last_result TEXT,
          created_at TEXT NOT NULL,
          UNIQUE (connection_id, kind, target_id)
        );
        CREATE TABLE watch_runs (
          id TEXT PRIMARY KEY,
          watch_id TEXT NOT NULL,
          connection_id TEXT NOT NULL,
          started_at TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('planned', 'done')),
          plan_json TEXT NOT NULL DEFAULT '[]',
          jobs INTEGER NOT NULL DEFAULT 0,
          people INTEGER NOT NULL DEFAULT 0
        );
        CREATE INDEX watch_runs_connection ON watch_runs(connection_id, started_at);
        ALTER TABLE refresh_jobs ADD COLUMN watch_id TEXT;
        CREATE TABLE activity (
          id INTEGER PRIMARY KEY,
          connection_id TEXT NOT NULL,
          kind TEXT NOT NULL CHECK (kind IN ('person_changed', 'new_people', 'refresh_ended')),
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
        CREATE UNIQUE INDEX activity_source ON activity(source_key) WHERE source_key IS NOT NULL;
        CREATE INDEX activity_connection ON activity(connection_id, id);`)
}
