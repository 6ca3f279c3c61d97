import type BetterSqlite3 from 'better-sqlite3'

/*
 * What came from the API and how it was asked for: contact results, credit counts, refresh jobs,
 * conversations and their turns, the connections (never a secret) and the app's own API log.
 */
export const version = 2
export const name = 'contacts, credits, refresh jobs, conversations, connections, api log'

const schema = `
CREATE TABLE contact_results (
  id INTEGER PRIMARY KEY,
  profile_key TEXT,
  fetched_at TEXT NOT NULL,
  contact_type TEXT,
  request_type TEXT,
  result_json TEXT NOT NULL
);
CREATE INDEX contact_results_profile ON contact_results(profile_key, fetched_at);

CREATE TABLE credit_counts (
  id INTEGER PRIMARY KEY,
  recorded_at TEXT NOT NULL,
  available INTEGER,
  used INTEGER,
  new_requested_count INTEGER
);

CREATE TABLE refresh_jobs (
  job_id TEXT PRIMARY KEY,
  status TEXT NOT NULL,
  requested_handles TEXT NOT NULL DEFAULT '[]',
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  start_json TEXT,
  status_json TEXT
);
CREATE INDEX refresh_jobs_updated ON refresh_jobs(updated_at);

CREATE TABLE conversations (
  id TEXT PRIMARY KEY,
  title TEXT NOT NULL DEFAULT '',
  current_query TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE TABLE conversation_turns (
  id INTEGER PRIMARY KEY,
  conversation_id TEXT NOT NULL REFERENCES conversations(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('user', 'assistant')),
  text TEXT NOT NULL,
  current_query TEXT,
  total INTEGER,
  results_json TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX conversation_turns_conversation ON conversation_turns(conversation_id, id);

-- Non-secret connection settings only. API keys and client secrets live in the vault.
CREATE TABLE connections (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('sandbox', 'remote')),
  base_url TEXT NOT NULL,
  auth_url TEXT,
  mcp_url TEXT,
  client_id TEXT,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);

-- The app's own API calls: what was called and how it went. Never headers or bodies.
CREATE TABLE api_log (
  id INTEGER PRIMARY KEY,
  started_at TEXT NOT NULL,
  duration_ms INTEGER NOT NULL,
  connection_id TEXT,
  method TEXT NOT NULL,
  endpoint TEXT NOT NULL,
  status INTEGER,
  ok INTEGER NOT NULL CHECK (ok IN (0, 1)),
  error_code TEXT,
  transaction_id TEXT
);
CREATE INDEX api_log_started ON api_log(started_at);
`

export function up(db: BetterSqlite3.Database): void {
  db.exec(schema)
}
