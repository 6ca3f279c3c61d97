import type BetterSqlite3 from 'better-sqlite3'
import { ReadCache } from './read-cache'
import { statementsOf } from './statements'

/** Small app settings (the active connection, …) as key → text. Never a secret. */
export class SettingsRepo {
  constructor(private readonly db: BetterSqlite3.Database) {}

  private readonly sql = statementsOf(() => this.db)

  #cache: ReadCache<string | null> | undefined

  get(key: string): string | null {
    return (this.#cache ??= new ReadCache(this.db)).get(key, () => {
      const row = this.sql('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined
      return row?.value ?? null
    })
  }

  set(key: string, value: string): void {
    this.#cache?.forget()
    this.sql(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
    ).run(key, value)
  }

  delete(key: string): void {
    this.#cache?.forget()
    this.sql('DELETE FROM settings WHERE key = ?').run(key)
  }
}
