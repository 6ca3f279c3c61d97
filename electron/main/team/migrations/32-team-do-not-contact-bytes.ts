import type BetterSqlite3 from 'better-sqlite3'

export const version = 32
export const name = 'team do-not-contact: hashes as 32 bytes in (kind, hash) order, and who shared them'

/**
 * The team's do-not-contact entries (store/migrations/27-team.ts) as this desk's own list keeps
 * its entries (28-do-not-contact-hash-bytes.ts): each hash's 32 bytes, not 64 hex characters, and
 * the key (kind, hash), so a check looks a kind's hashes up in one index of half the size. A team
 * list of a million entries checked 100 people in 19–29 ms under load with the hex key; the
 * desk's own list of a million in ~2.6 ms. Entries read from a file on a colleague's desk arrive
 * by the thousand ("do-not-contact.batch"): `source` is the import that shared them (NULL for an
 * entry added by hand), and each change that added entries keeps who, when and why once in
 * team_do_not_contact_changes (by its sequence number), not once per entry.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE team_do_not_contact_bytes (
      kind TEXT NOT NULL CHECK (kind IN ('email', 'domain', 'handle', 'key')),
      hash BLOB NOT NULL,
      seq INTEGER NOT NULL,
      source TEXT,
      PRIMARY KEY (kind, hash)
    ) WITHOUT ROWID;
    INSERT INTO team_do_not_contact_bytes (kind, hash, seq)
      SELECT kind, unhex(hash), seq FROM team_do_not_contact WHERE unhex(hash) IS NOT NULL;
    DROP TABLE team_do_not_contact;
    ALTER TABLE team_do_not_contact_bytes RENAME TO team_do_not_contact;
    CREATE INDEX team_do_not_contact_source ON team_do_not_contact (source) WHERE source IS NOT NULL;
    CREATE TABLE team_do_not_contact_changes (
      seq INTEGER PRIMARY KEY,
      person_name TEXT NOT NULL,
      desk_id TEXT NOT NULL,
      server_time TEXT NOT NULL,
      reason TEXT NOT NULL
    );`)
}
