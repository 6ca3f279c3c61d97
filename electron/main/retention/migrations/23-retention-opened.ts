import type BetterSqlite3 from 'better-sqlite3'

export const version = 23
export const name = 'retention: when a person was last opened'

/**
 * Retention (retention/): per person, when the recruiter last opened them (a shortlist member's
 * detail). Opening counts as activity, as keeping does, so their clock starts again then; kept
 * apart from `kept_at`, which says the recruiter chose to keep them.
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec('ALTER TABLE retention_people ADD COLUMN opened_at TEXT')
}
