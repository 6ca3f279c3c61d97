import type BetterSqlite3 from 'better-sqlite3'

/*
 * Every spend (or refused or uncertain spend) of contact credits, with the keys it was for and
 * the counts before and after; and which keys are bought, per connection and contact type, so
 * a quote knows what is free. A purchase is recorded only from the service's own answer.
 */
export const version = 6
export const name = 'credit ledger and contact purchases'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE credit_ledger (
          id INTEGER PRIMARY KEY,
          connection_id TEXT NOT NULL,
          recorded_at TEXT NOT NULL,
          purchase_id TEXT NOT NULL,
          contact_type TEXT NOT NULL,
          keys_json TEXT NOT NULL,
          outcome TEXT NOT NULL CHECK (outcome IN ('bought', 'refused', 'unknown')),
          credits_spent INTEGER,
          available_before INTEGER,
          used_before INTEGER,
          available_after INTEGER,
          used_after INTEGER,
          transaction_id TEXT,
          message TEXT
        );
        CREATE INDEX credit_ledger_connection ON credit_ledger(connection_id, id);
        CREATE TABLE contact_purchases (
          connection_id TEXT NOT NULL,
          contact_type TEXT NOT NULL,
          profile_key TEXT NOT NULL,
          ledger_id INTEGER NOT NULL REFERENCES credit_ledger(id),
          bought_at TEXT NOT NULL,
          PRIMARY KEY (connection_id, contact_type, profile_key)
        );`)
}
