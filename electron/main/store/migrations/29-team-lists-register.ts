import type BetterSqlite3 from 'better-sqlite3'

export const version = 29
export const name = 'team: known-people lists shared, the register'

/**
 * People you already have, shared with the team (issue #38 item 4.2; owned by known-people/). A
 * list imported while the desk is in a team is also fingerprinted with the team's salt as it is
 * written (known_people_team_parts: the people of one part, JSON, as the change that shares them
 * will carry; kept until the import completes and they go to the outbox). A colleague's list is
 * kept as its name, the columns it was read by and its fingerprints only (team_known_lists,
 * team_known_hashes): never a name, email or link, and never the ATS's id or stage.
 *
 * The register for the data-protection officer (issue #38 item 4.5; owned by export-log/): every
 * export, access copy, forget and retention purge, this desk's (desk_id NULL) and, in a team, its
 * colleagues' — who, when, what, how many people, the files' names; never who the people were.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE known_people_team_parts (
      list_id INTEGER NOT NULL,
      part INTEGER NOT NULL,
      people TEXT NOT NULL,
      PRIMARY KEY (list_id, part)
    ) WITHOUT ROWID;
    CREATE TABLE team_known_lists (
      id INTEGER PRIMARY KEY,
      desk_id TEXT NOT NULL,
      list_id INTEGER NOT NULL,
      author TEXT NOT NULL,
      name TEXT NOT NULL,
      source TEXT NOT NULL,
      file_name TEXT NOT NULL,
      columns TEXT NOT NULL,
      people INTEGER NOT NULL,
      imported_at TEXT NOT NULL,
      seq INTEGER NOT NULL,
      UNIQUE (desk_id, list_id)
    );
    CREATE TABLE team_known_hashes (
      desk_id TEXT NOT NULL,
      list_id INTEGER NOT NULL,
      kind TEXT NOT NULL CHECK (kind IN ('email', 'handle', 'key', 'name-employer')),
      hash TEXT NOT NULL
    );
    CREATE INDEX team_known_hash ON team_known_hashes(hash);
    CREATE INDEX team_known_hashes_list ON team_known_hashes(desk_id, list_id);
    CREATE TABLE register_entries (
      id INTEGER PRIMARY KEY,
      at TEXT NOT NULL,
      what TEXT NOT NULL CHECK (what IN ('export', 'access-copy', 'forget', 'retention-purge')),
      detail TEXT NOT NULL DEFAULT '',
      people INTEGER NOT NULL,
      files_json TEXT NOT NULL DEFAULT '[]',
      desk_id TEXT,
      person_name TEXT,
      change_id TEXT UNIQUE
    );
    CREATE INDEX register_entries_at ON register_entries(at);`)
}
