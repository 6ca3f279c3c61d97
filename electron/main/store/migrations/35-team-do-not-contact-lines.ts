import type BetterSqlite3 from 'better-sqlite3'

export const version = 35
export const name = 'team do-not-contact: counts by import, entries by hand in order, an import’s team id'

/**
 * The team's do-not-contact list as Settings shows it (issue #38 item 4.1): a file a colleague
 * shared is one line, so its entries are counted by the import that shared them
 * (team_do_not_contact_counts: one row per source, '' for entries added by hand, kept by triggers
 * as entries come, move from one import to another, and go), and the count is read at once
 * whatever the list holds; the entries added by hand are paged newest first through an index of
 * their sequence numbers. On this desk, an import keeps the id its batches were shared under
 * (do_not_contact_imports.team_import), so removing it sends batches that take the same entries
 * off every colleague's desk.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE do_not_contact_imports ADD COLUMN team_import TEXT;
    CREATE TABLE team_do_not_contact_counts (
      source TEXT PRIMARY KEY,
      entries INTEGER NOT NULL,
      seq INTEGER NOT NULL
    );
    INSERT INTO team_do_not_contact_counts (source, entries, seq)
      SELECT COALESCE(source, ''), COUNT(*), MIN(seq) FROM team_do_not_contact GROUP BY COALESCE(source, '');
    CREATE INDEX team_do_not_contact_by_hand ON team_do_not_contact (seq) WHERE source IS NULL;
    CREATE TRIGGER team_do_not_contact_counted AFTER INSERT ON team_do_not_contact
    BEGIN
      INSERT INTO team_do_not_contact_counts (source, entries, seq) VALUES (COALESCE(NEW.source, ''), 1, NEW.seq)
        ON CONFLICT (source) DO UPDATE SET entries = entries + 1;
    END;
    CREATE TRIGGER team_do_not_contact_uncounted AFTER DELETE ON team_do_not_contact
    BEGIN
      UPDATE team_do_not_contact_counts SET entries = entries - 1 WHERE source = COALESCE(OLD.source, '');
      DELETE FROM team_do_not_contact_counts WHERE source = COALESCE(OLD.source, '') AND entries <= 0;
    END;
    CREATE TRIGGER team_do_not_contact_moved AFTER UPDATE OF source ON team_do_not_contact
      WHEN OLD.source IS NOT NEW.source
    BEGIN
      UPDATE team_do_not_contact_counts SET entries = entries - 1 WHERE source = COALESCE(OLD.source, '');
      DELETE FROM team_do_not_contact_counts WHERE source = COALESCE(OLD.source, '') AND entries <= 0;
      INSERT INTO team_do_not_contact_counts (source, entries, seq) VALUES (COALESCE(NEW.source, ''), 1, NEW.seq)
        ON CONFLICT (source) DO UPDATE SET entries = entries + 1;
    END;`)
}
