import type BetterSqlite3 from 'better-sqlite3'

export const version = 28
export const name = 'do-not-contact hashes as bytes'

/**
 * The do-not-contact list's hashes as their 32 bytes (a BLOB) instead of 64 characters of hex
 * (issue #36 item 4): the (kind, hash) index is about half the size, so an import of a million
 * entries writes half the pages. The table is made again with every entry (its id, and so its
 * place in the list, kept; each hex hash converted by unhex), written in id order, and its index
 * made after, in one sort; the count's triggers (26-do-not-contact-imports.ts) made again as they
 * were. Tombstones keep their hex hashes.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE do_not_contact_new (
        id INTEGER PRIMARY KEY,
        kind TEXT NOT NULL CHECK (kind IN ('email', 'domain', 'handle', 'key')),
        hash BLOB NOT NULL CHECK (length(hash) = 32),
        value TEXT NOT NULL,
        note TEXT NOT NULL DEFAULT '',
        added_at TEXT NOT NULL,
        import_id INTEGER
      );
      INSERT INTO do_not_contact_new (id, kind, hash, value, note, added_at, import_id)
        SELECT id, kind, unhex(hash), value, note, added_at, import_id FROM do_not_contact ORDER BY id;
      DROP TABLE do_not_contact;
      ALTER TABLE do_not_contact_new RENAME TO do_not_contact;
      CREATE UNIQUE INDEX do_not_contact_by_hash ON do_not_contact(kind, hash);
      CREATE INDEX do_not_contact_by_import ON do_not_contact(import_id) WHERE import_id IS NOT NULL;
      CREATE TRIGGER do_not_contact_counted AFTER INSERT ON do_not_contact WHEN NEW.import_id IS NULL
      BEGIN UPDATE do_not_contact_count SET entries = entries + 1 WHERE id = 1; END;
      CREATE TRIGGER do_not_contact_uncounted AFTER DELETE ON do_not_contact
      WHEN OLD.import_id IS NULL OR (SELECT ready FROM do_not_contact_imports WHERE id = OLD.import_id) = 1
      BEGIN UPDATE do_not_contact_count SET entries = entries - 1 WHERE id = 1; END;`)
}
