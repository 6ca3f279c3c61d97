import type BetterSqlite3 from 'better-sqlite3'

/**
 * Values read from the store, kept until the data may have changed: the owner forgets them on
 * its own writes, and SQLite's `data_version` (a few microseconds to ask) moves when any other
 * connection — another process, a worker — commits. Nothing read inside a transaction is kept,
 * since a rollback would leave it wrong. For small, hot reads on every API call (the active
 * connection and its settings), which otherwise cost a query and a parse each time.
 */
export class ReadCache<T> {
  readonly #values = new Map<string, T>()
  readonly #version: BetterSqlite3.Statement
  #seen: unknown = undefined

  constructor(private readonly db: BetterSqlite3.Database) {
    this.#version = db.prepare('PRAGMA data_version').pluck()
  }

  get(key: string, read: () => T): T {
    if (this.db.inTransaction) return read()
    const version = this.#version.get()
    if (version !== this.#seen) {
      this.#values.clear()
      this.#seen = version
    } else if (this.#values.has(key)) {
      return this.#values.get(key) as T
    }
    const value = read()
    this.#values.set(key, value)
    return value
  }

  /** After a write through this connection (which does not move `data_version`). */
  forget(): void {
    this.#values.clear()
  }
}
