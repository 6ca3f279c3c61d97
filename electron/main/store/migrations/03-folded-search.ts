import type BetterSqlite3 from 'better-sqlite3'
import { locationText } from '../search-text'

/**
 * Version 3: the saved-people search compares folded text (see search-text.ts), so the index can
 * no longer read the members table as it is. The FTS table becomes contentless and its triggers
 * index `td_fold(…)` of each column (an application function every connection registers); the
 * location a profile names gets a column of its own and is indexed too.
 */
export const foldedSearchSchema = `
DROP TRIGGER members_fts_insert;
DROP TRIGGER members_fts_delete;
DROP TRIGGER members_fts_update;
DROP TABLE members_fts;
CREATE VIRTUAL TABLE members_fts USING fts5(
  name, title, company, skills, location, notes, tags,
  content = '', contentless_delete = 1,
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER members_fts_insert AFTER INSERT ON members BEGIN
  INSERT INTO members_fts (rowid, name, title, company, skills, location, notes, tags)
  VALUES (new.id, td_fold(new.name), td_fold(new.title), td_fold(new.company), td_fold(new.skills),
          td_fold(new.location), td_fold(new.notes), td_fold(new.tags));
END;
CREATE TRIGGER members_fts_delete AFTER DELETE ON members BEGIN
  DELETE FROM members_fts WHERE rowid = old.id;
END;
CREATE TRIGGER members_fts_update AFTER UPDATE OF name, title, company, skills, location, notes, tags ON members BEGIN
  DELETE FROM members_fts WHERE rowid = old.id;
  INSERT INTO members_fts (rowid, name, title, company, skills, location, notes, tags)
  VALUES (new.id, td_fold(new.name), td_fold(new.title), td_fold(new.company), td_fold(new.skills),
          td_fold(new.location), td_fold(new.notes), td_fold(new.tags));
END;
INSERT INTO members_fts (rowid, name, title, company, skills, location, notes, tags)
  SELECT id, td_fold(name), td_fold(title), td_fold(company), td_fold(skills), td_fold(location), td_fold(notes),
         td_fold(tags)
    FROM members;
`

export const version = 3
export const name = 'folded saved-people search with location'

export function up(db: BetterSqlite3.Database): void {
  db.exec("ALTER TABLE members ADD COLUMN location TEXT NOT NULL DEFAULT ''")
  // Backfill the location column from each saved profile, a page at a time (a statement cannot
  // write while another iterates, and a big store should not sit in memory whole).
  // An unreadable profile keeps '': the member is still found by its other columns.
  const page = db.prepare('SELECT id, profile_json FROM members WHERE id > ? ORDER BY id LIMIT 500')
  const setLocation = db.prepare('UPDATE members SET location = ? WHERE id = ?')
  let after = 0
  for (;;) {
    const rows = page.all(after) as Array<{ id: number; profile_json: string }>
    if (rows.length === 0) break
    for (const row of rows) {
      const location = locationOf(row.profile_json)
      if (location !== '') setLocation.run(location, row.id)
    }
    after = (rows.at(-1) as { id: number }).id
  }
  db.exec(foldedSearchSchema)
}

function locationOf(profileJson: string): string {
  try {
    const profile: unknown = JSON.parse(profileJson)
    return profile !== null && typeof profile === 'object' && !Array.isArray(profile)
      ? locationText(profile as Record<string, unknown>)
      : ''
  } catch {
    return ''
  }
}
