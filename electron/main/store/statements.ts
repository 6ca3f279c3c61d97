import type BetterSqlite3 from 'better-sqlite3'

/** Prepares each SQL text once per connection: preparing costs more than running a small query. */
export class StatementCache {
  private readonly statements = new Map<string, BetterSqlite3.Statement>()

  constructor(readonly db: BetterSqlite3.Database) {}

  get(sql: string): BetterSqlite3.Statement {
    let statement = this.statements.get(sql)
    if (statement === undefined) {
      statement = this.db.prepare(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }
}
