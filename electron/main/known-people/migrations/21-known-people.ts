import type BetterSqlite3 from 'better-sqlite3'

export const version = 21
export const name = 'known-people lists'

/**
 * The known-people lists (owned by known-people/): people the recruiter already has in an ATS
 * (Greenhouse, Lever) or any sheet. A list is shared or a connection's; each of its people keeps
 * the ATS's own id and stage (to show back), their name and employer normalised (the fuzzy case:
 * a row with neither email nor profile link), and one salted hash per email, handle or key (the
 * tombstones' salt, in known_people_hashes) — never the email or link in clear. A list not `ready`
 * is being written (an import) or deleted (removed, replaced): nobody sees it, and its rows go in
 * slices so no transaction holds the file for long.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE known_people_lists (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        connection_id TEXT,
        source TEXT NOT NULL DEFAULT 'sheet',
        file_name TEXT NOT NULL DEFAULT '',
        people INTEGER NOT NULL DEFAULT 0,
        imported_at TEXT NOT NULL,
        ready INTEGER NOT NULL DEFAULT 1
      );
      CREATE UNIQUE INDEX known_people_lists_name ON known_people_lists(name, IFNULL(connection_id, ''));
      CREATE TABLE known_people (
        id INTEGER PRIMARY KEY,
        list_id INTEGER NOT NULL REFERENCES known_people_lists(id) ON DELETE CASCADE,
        ats_id TEXT,
        stage TEXT,
        name TEXT NOT NULL DEFAULT '',
        employer TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX known_people_list ON known_people(list_id);
      CREATE INDEX known_people_name ON known_people(name, employer) WHERE name != '';
      CREATE TABLE known_people_hashes (
        list_id INTEGER NOT NULL REFERENCES known_people_lists(id) ON DELETE CASCADE,
        person_id INTEGER NOT NULL REFERENCES known_people(id) ON DELETE CASCADE,
        kind TEXT NOT NULL CHECK (kind IN ('email', 'handle', 'key')),
        hash TEXT NOT NULL
      );
      CREATE INDEX known_people_hash ON known_people_hashes(hash);
      CREATE INDEX known_people_hashes_person ON known_people_hashes(person_id);
      CREATE INDEX known_people_hashes_list ON known_people_hashes(list_id);`)
}
