import type BetterSqlite3 from 'better-sqlite3'

/**
 * Statements prepared once per connection (by their SQL): a check of 100 people takes some
 * milliseconds, and preparing its statements on each call was a part of them; a pull applies
 * thousands of changes, and a statement writing team_do_not_contact compiles the counts' triggers
 * (store/migrations/35-team-do-not-contact-lines.ts) when prepared. A data file opened again is
 * another connection, with statements of its own.
 */
const held = new WeakMap<BetterSqlite3.Database, Map<string, BetterSqlite3.Statement>>()

export function statement(db: BetterSqlite3.Database, sql: string): BetterSqlite3.Statement {
  let ofDb = held.get(db)
  if (ofDb === undefined) held.set(db, (ofDb = new Map()))
  let made = ofDb.get(sql)
  if (made === undefined) ofDb.set(sql, (made = db.prepare(sql)))
  return made
}
