import type BetterSqlite3 from 'better-sqlite3'

export const version = 18
export const name = 'provenance and lawful basis'

/**
 * Provenance and lawful basis (provenance/): a line per person or contact each time they came to
 * be held (where from, the shortlist, an import's batch and sheet row, a purchase, the connection
 * and its name as it was then), and the basis each person is held on with a notice's date. A
 * person with no basis row is held on legitimate interest, nothing set.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE provenance (
      id INTEGER PRIMARY KEY,
      person_key TEXT NOT NULL,
      recorded_at TEXT NOT NULL,
      kind TEXT NOT NULL,
      what TEXT NOT NULL CHECK (what IN ('person', 'contact')),
      detail TEXT NOT NULL,
      shortlist_id TEXT,
      shortlist_name TEXT,
      import_batch_id TEXT,
      import_row INTEGER,
      purchase_id TEXT,
      connection_id TEXT,
      connection_name TEXT
    );
    CREATE INDEX provenance_person ON provenance(person_key);
    CREATE TABLE lawful_basis (
      person_key TEXT PRIMARY KEY,
      basis TEXT NOT NULL CHECK (basis IN ('legitimate-interest', 'consent', 'other')),
      consented_on TEXT,
      other TEXT,
      notice_sent_on TEXT,
      set_at TEXT NOT NULL
    );`)
}
