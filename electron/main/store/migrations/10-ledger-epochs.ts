import type BetterSqlite3 from 'better-sqlite3'

/*
 * A reset of the Sandbox gives back its credits and forgets its purchases. The ledger keeps
 * the rows as history, marked with the reset's time, and they no longer count as bought.
 */
export const version = 10
export const name = 'credit ledger: epochs (a reset of the service ends one)'

export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE credit_ledger ADD COLUMN reset_at TEXT;`)
}
