import type BetterSqlite3 from 'better-sqlite3'
import {
  listFull,
  MAX_DO_NOT_CONTACT,
  normalisedValue,
  type DoNotContactEntry,
  type DoNotContactImport,
  type DoNotContactKind
} from '../../../shared/ipc/channels/do-not-contact'
import { AppError } from '../../../shared/ipc/errors'
import { saltOf } from '../personal-data/tombstones'
import { entryHashBytes } from './person-hashes'
import { statement } from './statements'

export interface DoNotContactRow {
  id: number
  kind: DoNotContactKind
  /** The salted hash's 32 bytes (migrations/28-do-not-contact-hash-bytes.ts). */
  hash: Buffer
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

/** An entry is seen once it was added by hand, or its import was shown (migrations/26-do-not-contact-imports.ts). */
export const SHOWN = `(d.import_id IS NULL OR (SELECT ready FROM do_not_contact_imports WHERE id = d.import_id) = 1)`

/** The entries shown, as of the kept count (never counted row by row). */
export function entriesHeld(db: BetterSqlite3.Database): number {
  return (
    (statement(db, 'SELECT entries FROM do_not_contact_count WHERE id = 1').pluck().get() as number | undefined) ?? 0
  )
}

/** The do_not_contact table: entries by their salted hash (the tombstones' salt). */
export class DoNotContactRepo {
  readonly #db: BetterSqlite3.Database
  #salt: string | null = null

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  /** The tombstones' salt, read (or made) once for this repository's work: a pull's page adds many. */
  #saltOf(): string {
    return (this.#salt ??= saltOf(this.#db))
  }

  /** A page of the entries shown, newest first. */
  page(offset: number, limit: number): DoNotContactEntry[] {
    const rows = this.#db
      .prepare(`SELECT d.* FROM do_not_contact d WHERE ${SHOWN} ORDER BY d.id DESC LIMIT ? OFFSET ?`)
      .all(limit, offset) as DoNotContactRow[]
    return rows.map(entryOf)
  }

  total(): number {
    return entriesHeld(this.#db)
  }

  /** Tombstones: each forgotten person counts as suppressed, with no entry. */
  forgottenCount(): number {
    return this.#db.prepare('SELECT COUNT(*) FROM tombstones').pluck().get() as number
  }

  /**
   * Adds an entry by hand (in the caller's transaction); an entry of the same kind and value is kept
   * as it was. A full list refuses it, in the words of the field.
   */
  add(
    kind: DoNotContactKind,
    text: string,
    note: string,
    addedAt: string
  ): { entry: DoNotContactEntry; added: boolean } | null {
    const value = normalisedValue(kind, text)
    if (value === null) return null
    const hash = entryHashBytes(this.#saltOf(), kind, value)
    const find = statement(this.#db, 'SELECT * FROM do_not_contact WHERE kind = ? AND hash = ?')
    const held = find.get(kind, hash) as DoNotContactRow | undefined
    if (held !== undefined) return { entry: entryOf(held), added: false }
    const count = entriesHeld(this.#db)
    if (count >= MAX_DO_NOT_CONTACT) {
      throw new AppError('invalid_input', listFull(count), [{ path: 'value', message: listFull(count) }])
    }
    statement(this.#db, 'INSERT INTO do_not_contact (kind, hash, value, note, added_at) VALUES (?, ?, ?, ?, ?)').run(
      kind,
      hash,
      text.trim(),
      note.trim(),
      addedAt
    )
    return { entry: entryOf(find.get(kind, hash) as DoNotContactRow), added: true }
  }

  /** The ids of the email entries of these salted hashes (hex) noted with exactly `note` (an ATS pull's own). */
  idsNoted(emailHashes: readonly string[], note: string): number[] {
    const find = statement(this.#db, 'SELECT id FROM do_not_contact WHERE kind = ? AND hash = ? AND note = ?').pluck()
    const ids: number[] = []
    for (const hash of emailHashes) ids.push(...(find.all('email', Buffer.from(hash, 'hex'), note.trim()) as number[]))
    return ids
  }

  /**
   * The files imported and shown, newest first: how many each added, and the note and time its
   * entries were added with (read from one of them, through the index by import).
   */
  imports(limit = 200): DoNotContactImport[] {
    return this.#db
      .prepare(
        `SELECT i.id, i.added, d.note, d.added_at AS addedAt FROM do_not_contact_imports i
         JOIN do_not_contact d ON d.id = (SELECT id FROM do_not_contact WHERE import_id = i.id LIMIT 1)
         WHERE i.ready = 1 ORDER BY i.id DESC LIMIT ?`
      )
      .all(limit) as DoNotContactImport[]
  }

  /**
   * Hides a shown import (in the caller's transaction): its entries leave every check, page and the
   * count at once; the sweep deletes them after (entry-writer.ts sweepSlice). How many it held, or
   * null when there is no such import shown.
   */
  hideImport(id: number): number | null {
    const held = this.#db.prepare('SELECT COUNT(*) FROM do_not_contact WHERE import_id = ?').pluck().get(id) as number
    if (
      this.#db.prepare('UPDATE do_not_contact_imports SET ready = 0 WHERE id = ? AND ready = 1').run(id).changes === 0
    ) {
      return null
    }
    this.#db.prepare('UPDATE do_not_contact_count SET entries = entries - ? WHERE id = 1').run(held)
    return held
  }

  remove(id: number): boolean {
    return statement(this.#db, `DELETE FROM do_not_contact AS d WHERE d.id = ? AND ${SHOWN}`).run(id).changes > 0
  }
}
