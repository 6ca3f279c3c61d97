import { randomBytes } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { saltOf } from '../personal-data/tombstones'
import type { KnownRow } from './known-rows'
import { traitHashes } from './person-keys'

/** Rows written per transaction, and deleted per slice: each holds the file a few milliseconds. */
export const ROWS_AT_ONCE = 2000

export interface NewList {
  name: string
  connectionId: string | null
  source: string
  fileName: string
  importedAt: string
}

/**
 * Writes a list as it is read: into a hidden list (not `ready`), a few thousand people per
 * transaction, then in one short transaction swaps it for the list of the same name and scope
 * (hidden, and its rows deleted in slices after). A check never sees half a list, and no
 * transaction holds the data file for long, so main's own writes never wait on an import.
 */
export class ListWriter {
  readonly #db: BetterSqlite3.Database
  readonly #salt: string
  readonly #listId: number
  readonly #list: NewList
  #people = 0
  readonly #addPerson: BetterSqlite3.Statement
  readonly #addHash: BetterSqlite3.Statement

  constructor(db: BetterSqlite3.Database, list: NewList) {
    this.#db = db
    this.#list = list
    const made = db
      .transaction(() => {
        const salt = saltOf(db)
        const { lastInsertRowid } = db
          .prepare(
            `INSERT INTO known_people_lists (name, connection_id, source, file_name, people, imported_at, ready)
             VALUES (?, ?, ?, ?, 0, ?, 0)`
          )
          .run(
            `\u0000${randomBytes(9).toString('base64url')}`,
            list.connectionId,
            list.source,
            list.fileName,
            list.importedAt
          )
        return { salt, listId: Number(lastInsertRowid) }
      })
      .immediate()
    this.#salt = made.salt
    this.#listId = made.listId
    this.#addPerson = db.prepare(
      'INSERT INTO known_people (list_id, ats_id, stage, name, employer) VALUES (?, ?, ?, ?, ?)'
    )
    this.#addHash = db.prepare('INSERT INTO known_people_hashes (list_id, person_id, kind, hash) VALUES (?, ?, ?, ?)')
  }

  /** Adds people (one transaction; call with at most ROWS_AT_ONCE). */
  add(rows: readonly KnownRow[]): void {
    this.#db
      .transaction(() => {
        for (const row of rows) {
          const { lastInsertRowid } = this.#addPerson.run(this.#listId, row.atsId, row.stage, row.name, row.employer)
          for (const [hash, kind] of traitHashes(this.#salt, row))
            this.#addHash.run(this.#listId, lastInsertRowid, kind, hash)
        }
      })
      .immediate()
    this.#people += rows.length
  }

  /** Shows the list in place of the one of the same name and scope; returns its id and whether one was replaced. */
  finish(): { listId: number; replaced: boolean } {
    const db = this.#db
    const replaced = db
      .transaction(() => {
        const old = db
          .prepare(
            `SELECT id FROM known_people_lists WHERE ready = 1 AND name = ? AND IFNULL(connection_id, '') = IFNULL(?, '')`
          )
          .pluck()
          .get(this.#list.name, this.#list.connectionId) as number | undefined
        if (old !== undefined) hideList(db, old)
        db.prepare('UPDATE known_people_lists SET name = ?, people = ?, ready = 1 WHERE id = ?').run(
          this.#list.name,
          this.#people,
          this.#listId
        )
        return old !== undefined
      })
      .immediate()
    sweepHiddenLists(db)
    return { listId: this.#listId, replaced }
  }

  /** The read failed: the hidden list goes. */
  abandon(): void {
    sweepHiddenLists(this.#db)
  }
}

/** Hides a list (in the caller's transaction): nobody sees it from now; sweepHiddenLists deletes it. */
export function hideList(db: BetterSqlite3.Database, id: number): boolean {
  return (
    db
      .prepare(`UPDATE known_people_lists SET ready = 0, name = ? WHERE id = ? AND ready = 1`)
      .run(`\u0000removed ${id}`, id).changes > 0
  )
}

/**
 * Deletes one slice of a hidden list's rows (hashes first, then people, then the list itself once
 * empty); false when no hidden list is left. A list being written is hidden too: only call this
 * when no import is running (the worker after its own swap, the service when none runs).
 */
export function sweepSlice(db: BetterSqlite3.Database): boolean {
  return db
    .transaction(() => {
      const id = db.prepare('SELECT id FROM known_people_lists WHERE ready = 0 LIMIT 1').pluck().get() as
        number | undefined
      if (id === undefined) return false
      const hashes = db
        .prepare(
          `DELETE FROM known_people_hashes WHERE rowid IN
           (SELECT rowid FROM known_people_hashes WHERE list_id = ? LIMIT ${ROWS_AT_ONCE * 3})`
        )
        .run(id).changes
      if (hashes > 0) return true
      const people = db
        .prepare(
          `DELETE FROM known_people WHERE id IN (SELECT id FROM known_people WHERE list_id = ? LIMIT ${ROWS_AT_ONCE * 3})`
        )
        .run(id).changes
      if (people > 0) return true
      db.prepare('DELETE FROM known_people_lists WHERE id = ?').run(id)
      return true
    })
    .immediate()
}

/** Deletes every hidden list, slice by slice. */
export function sweepHiddenLists(db: BetterSqlite3.Database): void {
  while (sweepSlice(db));
}
