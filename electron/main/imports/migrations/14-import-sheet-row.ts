import type BetterSqlite3 from 'better-sqlite3'

/*
 * row_no counts the rows read (empty ones left out); sheet_row is the row as the spreadsheet
 * program numbers it, the one named to the recruiter. Rows read before it have only row_no.
 */
export const version = 14
export const name = 'import rows: the sheet’s own row number'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE import_rows ADD COLUMN sheet_row INTEGER;
        UPDATE import_rows SET sheet_row = row_no;`)
}
