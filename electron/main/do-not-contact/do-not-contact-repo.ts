import type BetterSqlite3 from 'better-sqlite3'
import {
  normalisedValue,
  type DoNotContactEntry,
  type DoNotContactKind
} from '../../../shared/ipc/channels/do-not-contact'
import { readSalt, saltedHash, saltOf } from '../personal-data/tombstones'

export interface DoNotContactRow {
  id: number
  kind: DoNotContactKind
  hash: string
  value: string
  note: string
  added_at: string
}

export const entryOf = (row: DoNotContactRow): DoNotContactEntry => ({
  id: row.id,
  kind: row.kind,
  value: row.value,
  note: row.note,
  addedAt: row.added_at
})

/** The do_not_contact table: entries by their salted hash (the tombstones' salt). */
export class DoNotContactRepo {
  readonly #db: BetterSqlite3.Database

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  list(): DoNotContactEntry[] {
    const rows = this.#db.prepare('SELECT * FROM do_not_contact ORDER BY id DESC').all() as DoNotContactRow[]
    return rows.map(entryOf)
  }

  /** Tombstones: each forgotten person counts as suppressed, with no entry. */
  forgottenCount(): number {
    return this.#db.prepare('SELECT COUNT(*) FROM tombstones').pluck().get() as number
  }

  /** Adds an entry (call inside a transaction for many); an entry of the same kind and value is kept as it was. */
  add(
    kind: DoNotContactKind,
    text: string,
    note: string,
    addedAt: string
  ): { entry: DoNotContactEntry; added: boolean } | null {
    const value = normalisedValue(kind, text)
    if (value === null) return null
    const hash = saltedHash(saltOf(this.#db), kind, value)
    const { changes } = this.#db
      .prepare('INSERT OR IGNORE INTO do_not_contact (kind, hash, value, note, added_at) VALUES (?, ?, ?, ?, ?)')
      .run(kind, hash, text.trim(), note.trim(), addedAt)
    const row = this.#db
      .prepare('SELECT * FROM do_not_contact WHERE kind = ? AND hash = ?')
      .get(kind, hash) as DoNotContactRow
    return { entry: entryOf(row), added: changes > 0 }
  }

  remove(id: number): boolean {
    return this.#db.prepare('DELETE FROM do_not_contact WHERE id = ?').run(id).changes > 0
  }

  /** Every entry by its hash (the list is the recruiter's, thousands at most: read once per check). */
  byHash(): { salt: string | null; entries: Map<string, DoNotContactRow> } {
    const salt = readSalt(this.#db)
    const rows = this.#db.prepare('SELECT * FROM do_not_contact').all() as DoNotContactRow[]
    return { salt, entries: new Map(rows.map((row) => [row.hash, row])) }
  }
}
