import type BetterSqlite3 from 'better-sqlite3'

export const version = 31
export const name = 'contacts bought by the team'

/**
 * Contacts bought by the team (owned by contacts/, issue #38 item 4.3): a colleague's purchase as
 * the "contacts.bought" change carried it — one person, one contact type, the result as the
 * Partner API gave it — with who bought it and when, so a quote here serves that person free from
 * the team's copy instead of buying them again. The newest copy per person and type is kept; an
 * erasure of the person deletes it (contacts/personal-data.ts), here and on the server.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE team_bought_contacts (
      profile_key TEXT NOT NULL,
      contact_type TEXT NOT NULL,
      result_json TEXT NOT NULL,
      bought_by TEXT NOT NULL,
      bought_by_desk TEXT NOT NULL,
      bought_at TEXT NOT NULL,
      change_id TEXT NOT NULL,
      seq INTEGER NOT NULL,
      PRIMARY KEY (profile_key, contact_type)
    ) WITHOUT ROWID;
    CREATE INDEX team_bought_contacts_change ON team_bought_contacts(change_id);`)
}
