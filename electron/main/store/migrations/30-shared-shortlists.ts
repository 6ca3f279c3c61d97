import type BetterSqlite3 from 'better-sqlite3'

export const version = 30
export const name = 'shared shortlists: the team list, field clocks, notes by author'

/**
 * Shared shortlists (owned by shortlists/, issue #38 item 4.4): which local shortlist is shared
 * with the team under which team id, and with whom (NULL: the whole team; else the named desks);
 * per field of the list and of each member the server's sequence number of the value held, its
 * author and time (seq NULL: this desk's own edit, not yet back from the server), so the last
 * writer in the server's order wins field by field; and notes as entries, each with its author
 * and time, so two notes written at once are both kept. Activity's new kind: what a colleague did
 * to a shared shortlist.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE shared_shortlists (
      shortlist_id TEXT PRIMARY KEY REFERENCES shortlists(id) ON DELETE CASCADE,
      team_list_id TEXT NOT NULL UNIQUE,
      audience TEXT,
      shared_by TEXT NOT NULL,
      shared_at TEXT NOT NULL
    ) WITHOUT ROWID;
    CREATE TABLE shared_field_clocks (
      shortlist_id TEXT NOT NULL REFERENCES shortlists(id) ON DELETE CASCADE,
      member_id INTEGER NOT NULL,
      field TEXT NOT NULL,
      seq INTEGER,
      edit TEXT NOT NULL,
      author TEXT NOT NULL,
      at TEXT NOT NULL,
      PRIMARY KEY (shortlist_id, member_id, field)
    ) WITHOUT ROWID;
    CREATE TABLE shared_notes (
      id INTEGER PRIMARY KEY,
      member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
      note_id TEXT NOT NULL UNIQUE,
      text TEXT NOT NULL,
      author TEXT NOT NULL,
      at TEXT NOT NULL,
      seq INTEGER
    );
    CREATE INDEX shared_notes_member ON shared_notes(member_id, id);
    INSERT INTO activity_kinds (kind) VALUES ('team_shortlist');`)
}
