import type BetterSqlite3 from 'better-sqlite3'

export const version = 27
export const name = 'team: membership, outbox, the team lists'

/**
 * The team (owned by team/, issue #38): the one team this desk is in (the server's exact origin,
 * the team, its salt, this desk, its role, the last sequence number applied and when it last
 * synced; the device credential is in the keychain, never here); the durable outbox of changes
 * not yet accepted by the server (each written in the transaction of the local change it shares,
 * kept through a crash, a refused one kept with its reason); and what colleagues shared that the
 * desk's own tables do not hold: do-not-contact entries and tombstones, as team-salted hashes.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE team_state (
      id INTEGER PRIMARY KEY CHECK (id = 1),
      server_origin TEXT NOT NULL,
      team_id TEXT NOT NULL,
      team_name TEXT NOT NULL,
      salt TEXT NOT NULL,
      desk_id TEXT NOT NULL,
      person_name TEXT NOT NULL,
      desk_name TEXT NOT NULL,
      role TEXT NOT NULL CHECK (role IN ('admin', 'recruiter')),
      last_seq INTEGER NOT NULL DEFAULT 0,
      last_synced_at TEXT,
      joined_at TEXT NOT NULL
    );
    CREATE TABLE team_outbox (
      id INTEGER PRIMARY KEY,
      change_id TEXT NOT NULL UNIQUE,
      kind TEXT NOT NULL,
      payload TEXT NOT NULL,
      subjects TEXT NOT NULL DEFAULT '[]',
      desk_time TEXT NOT NULL,
      attempts INTEGER NOT NULL DEFAULT 0,
      refused_code TEXT,
      refused_message TEXT
    );
    CREATE TABLE team_do_not_contact (
      kind TEXT NOT NULL CHECK (kind IN ('email', 'domain', 'handle', 'key')),
      hash TEXT NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (hash, kind)
    ) WITHOUT ROWID;
    CREATE TABLE team_tombstones (
      hash TEXT PRIMARY KEY,
      reason TEXT NOT NULL,
      seq INTEGER NOT NULL
    ) WITHOUT ROWID;`)
}
