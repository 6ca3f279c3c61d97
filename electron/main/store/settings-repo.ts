import type BetterSqlite3 from 'better-sqlite3'
import { StatementCache } from './statements'

/** Small app settings (the active connection, …) as key → text. Never a secret. */
export class SettingsRepo {
  constructor(private readonly db: BetterSqlite3.Database) {}

  #statements: StatementCache | undefined
  private sql(text: string): BetterSqlite3.Statement {
    return (this.#statements ??= new StatementCache(this.db)).get(text)
  }

  get(key: string): string | null {
    const row = this.sql('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value ?? null
  }

  set(key: string, value: string): void {
    this.sql(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
    ).run(key, value)
  }

  delete(key: string): void {
    this.sql('DELETE FROM settings WHERE key = ?').run(key)
  }
}
