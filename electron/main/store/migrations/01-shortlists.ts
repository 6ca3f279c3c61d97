import type BetterSqlite3 from 'better-sqlite3'

/*
 * The store's first schema: shortlists, their members (each with its profile verbatim as
 * received), stages, earlier snapshots of a profile, and the full-text index over members.
 */
export const version = 1
export const name = 'shortlists, members, stages, full-text index'

const schema = `
CREATE TABLE stages (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE COLLATE NOCASE,
  position INTEGER NOT NULL
);
INSERT INTO stages (name, position) VALUES
  ('New', 0), ('Contacted', 1), ('Interviewing', 2), ('Offer', 3), ('Hired', 4), ('Rejected', 5);

CREATE TABLE shortlists (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  deleted_at TEXT
);

-- profile_json is the current snapshot, verbatim as received (undeclared properties survive);
-- name/title/company/skills are denormalised from it for listing and full-text search.
CREATE TABLE members (
  id INTEGER PRIMARY KEY,
  shortlist_id TEXT NOT NULL REFERENCES shortlists(id) ON DELETE CASCADE,
  profile_key TEXT NOT NULL,
  profile_json TEXT NOT NULL,
  profile_captured_at TEXT NOT NULL,
  profile_source TEXT NOT NULL CHECK (profile_source IN ('saved', 'refreshed', 'restored')),
  name TEXT NOT NULL DEFAULT '',
  title TEXT NOT NULL DEFAULT '',
  company TEXT NOT NULL DEFAULT '',
  skills TEXT NOT NULL DEFAULT '',
  notes TEXT NOT NULL DEFAULT '',
  tags TEXT NOT NULL DEFAULT '[]',
  stage_id INTEGER NOT NULL REFERENCES stages(id),
  rating INTEGER CHECK (rating IS NULL OR rating BETWEEN 0 AND 5),
  added_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  UNIQUE (shortlist_id, profile_key)
);
CREATE INDEX members_profile_key ON members(profile_key);
-- Pages of a shortlist in id order (export, backup) walk this index instead of sorting.
CREATE INDEX members_shortlist ON members(shortlist_id, id);
CREATE INDEX members_stage ON members(stage_id);

-- Earlier versions of a member's profile; the current one lives in members.profile_json.
CREATE TABLE member_snapshots (
  id INTEGER PRIMARY KEY,
  member_id INTEGER NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  captured_at TEXT NOT NULL,
  source TEXT NOT NULL CHECK (source IN ('saved', 'refreshed', 'restored')),
  profile_json TEXT NOT NULL
);
CREATE INDEX member_snapshots_member ON member_snapshots(member_id, captured_at);

-- External-content FTS5 index over members, kept in sync by triggers in the same transaction.
CREATE VIRTUAL TABLE members_fts USING fts5(
  name, title, company, skills, notes, tags,
  content = 'members', content_rowid = 'id',
  tokenize = 'unicode61 remove_diacritics 2'
);
CREATE TRIGGER members_fts_insert AFTER INSERT ON members BEGIN
  INSERT INTO members_fts (rowid, name, title, company, skills, notes, tags)
  VALUES (new.id, new.name, new.title, new.company, new.skills, new.notes, new.tags);
END;
CREATE TRIGGER members_fts_delete AFTER DELETE ON members BEGIN
  INSERT INTO members_fts (members_fts, rowid, name, title, company, skills, notes, tags)
  VALUES ('delete', old.id, old.name, old.title, old.company, old.skills, old.notes, old.tags);
END;
CREATE TRIGGER members_fts_update AFTER UPDATE OF name, title, company, skills, notes, tags ON members BEGIN
  INSERT INTO members_fts (members_fts, rowid, name, title, company, skills, notes, tags)
  VALUES ('delete', old.id, old.name, old.title, old.company, old.skills, old.notes, old.tags);
  INSERT INTO members_fts (rowid, name, title, company, skills, notes, tags)
  VALUES (new.id, new.name, new.title, new.company, new.skills, new.notes, new.tags);
END;
`

export function up(db: BetterSqlite3.Database): void {
  db.exec(schema)
}
