import type BetterSqlite3 from 'better-sqlite3'
import { profileDates, type ProfileDates } from '../../../shared/data-age'
import { locationText } from './search-text'

/*
 * Migrations that rebuild the saved-people search or fill members' columns from each saved
 * profile (versions 3, 9 and 11 of migrations.ts), a page at a time. Released, so never edited.
 */

/**
 * Version 3: the saved-people search compares folded text (see search-text.ts), so the index can
 * no longer read the members table as it is. The FTS table becomes contentless and its triggers
 * index `td_fold(…)` of each column (an application function every connection registers); the
 * location a profile names gets a column of its own and is indexed too.
 */
const foldedSearchSchema = `
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

/**
 * Version 9: the same index with prefix indexes for the first one to three letters. The last word
 * a recruiter types is matched as a prefix; without these, a short prefix such as "s" merged the
 * lists of every word starting with it (tens of milliseconds on 100,000 people) on each keystroke.
 */
export const prefixedSearchSchema = foldedSearchSchema.replace(
  "tokenize = 'unicode61 remove_diacritics 2'",
  "tokenize = 'unicode61 remove_diacritics 2',\n  prefix = '1 2 3'"
)

export function foldedSearch(db: BetterSqlite3.Database): void {
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

/**
 * Version 11: each member’s profile dates (last_refreshed, last_updated) read into columns, so a
 * list shows how old the data is without parsing every profile. Backfilled a page at a time, as
 * the location was; an unreadable profile keeps NULL (its save time dates it).
 */
export function profileDateColumns(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE members ADD COLUMN profile_refreshed_at TEXT;
    ALTER TABLE members ADD COLUMN profile_updated_at TEXT;`)
  const page = db.prepare('SELECT id, profile_json FROM members WHERE id > ? ORDER BY id LIMIT 500')
  const setDates = db.prepare('UPDATE members SET profile_refreshed_at = ?, profile_updated_at = ? WHERE id = ?')
  let after = 0
  for (;;) {
    const rows = page.all(after) as Array<{ id: number; profile_json: string }>
    if (rows.length === 0) break
    for (const row of rows) {
      const dates = datesOf(row.profile_json)
      if (dates.refreshedAt !== null || dates.updatedAt !== null)
        setDates.run(dates.refreshedAt, dates.updatedAt, row.id)
    }
    after = (rows.at(-1) as { id: number }).id
  }
}

function datesOf(profileJson: string): ProfileDates {
  try {
    const profile: unknown = JSON.parse(profileJson)
    if (profile !== null && typeof profile === 'object' && !Array.isArray(profile))
      return profileDates(profile as Record<string, unknown>)
  } catch {
    // a damaged profile: dated by its save
  }
  return { refreshedAt: null, updatedAt: null }
}
