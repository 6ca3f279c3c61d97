import type BetterSqlite3 from 'better-sqlite3'

export const version = 26
export const name = 'do-not-contact imports and count'

/**
 * A do-not-contact list of a million entries (issue #36 item 4). A file is imported into a hidden
 * import (do_not_contact_imports.ready = 0: no check, no page, no count sees its entries), a few
 * thousand entries per transaction by a worker over its own connection, then shown in one short
 * transaction (ready = 1), as known-people lists are. Entries added by hand have no import. The
 * number shown (do_not_contact_count) is kept by triggers and the swap, so the Settings panel never
 * counts a million rows; a partial index finds an import's entries (to delete one cut short).
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`CREATE TABLE do_not_contact_imports (
        id INTEGER PRIMARY KEY,
        ready INTEGER NOT NULL DEFAULT 0,
        added INTEGER NOT NULL DEFAULT 0
      );
      ALTER TABLE do_not_contact ADD COLUMN import_id INTEGER;
      CREATE INDEX do_not_contact_by_import ON do_not_contact(import_id) WHERE import_id IS NOT NULL;
      CREATE TABLE do_not_contact_count (
        id INTEGER PRIMARY KEY CHECK (id = 1),
        entries INTEGER NOT NULL
      );
      INSERT INTO do_not_contact_count (id, entries) VALUES (1, (SELECT COUNT(*) FROM do_not_contact));
      CREATE TRIGGER do_not_contact_counted AFTER INSERT ON do_not_contact WHEN NEW.import_id IS NULL
      BEGIN UPDATE do_not_contact_count SET entries = entries + 1 WHERE id = 1; END;
      CREATE TRIGGER do_not_contact_uncounted AFTER DELETE ON do_not_contact
      WHEN OLD.import_id IS NULL OR (SELECT ready FROM do_not_contact_imports WHERE id = OLD.import_id) = 1
      BEGIN UPDATE do_not_contact_count SET entries = entries - 1 WHERE id = 1; END;`)
}
