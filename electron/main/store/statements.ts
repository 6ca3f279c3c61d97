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

/**
 * A repository's `sql(text)`: the statement for `text`, prepared once (a StatementCache made on
 * the first call, so a field initialiser may name the connection a constructor parameter holds).
 */
export const statementsOf = (db: () => BetterSqlite3.Database): ((sql: string) => BetterSqlite3.Statement) => {
  let cache: StatementCache | undefined
  return (sql) => (cache ??= new StatementCache(db())).get(sql)
}
