import type BetterSqlite3 from 'better-sqlite3'

export const version = 34
export const name = 'ats send journal'

/*
 * The send journal of "Send to the ATS" (ats/push/, issue #39 item 2): one row per person sent
 * from a source (a shortlist or an import batch) to an ATS connection. The row is written with
 * state 'intent' before the create call and gets the ATS's id (state 'done') after it, so a send
 * cut short by a crash or a 5xx looks in the ATS before it creates again, and a second send of
 * the same people skips them. `created` says whether this desk made the record (0: it was there).
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE ats_send_journal (
          id INTEGER PRIMARY KEY,
          connection_id TEXT NOT NULL,
          source_kind TEXT NOT NULL CHECK (source_kind IN ('shortlist', 'import')),
          source_id TEXT NOT NULL,
          person_key TEXT NOT NULL,
          state TEXT NOT NULL CHECK (state IN ('intent', 'done')),
          ats_id TEXT,
          created INTEGER NOT NULL DEFAULT 0,
          intent_at TEXT NOT NULL,
          done_at TEXT,
          UNIQUE (connection_id, source_kind, source_id, person_key)
        );
        CREATE INDEX ats_send_journal_source ON ats_send_journal(source_kind, source_id);`)
}
