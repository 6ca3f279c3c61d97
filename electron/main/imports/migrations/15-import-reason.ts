import type BetterSqlite3 from 'better-sqlite3'

/*
 * the reason in the recruiter's words ("same name and employer"), written with the answer;
 * rows answered before it have none
 */
export const version = 15
export const name = 'import rows: why a row was matched, doubtful or none'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE import_rows ADD COLUMN reason TEXT;`)
}
