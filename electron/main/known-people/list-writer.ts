import { randomBytes } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { saltOf } from '../personal-data/tombstones'
import { mainWaits } from '../store/database'
import type { KnownRow } from './known-rows'
import { traitHashes } from './person-keys'
import { TeamParts, teamSaltOf } from './team-share'

/**
 * Rows written per transaction: each holds the file some tens of milliseconds. A write ends early
 * when main waits to write (mainWaits).
 */
export const ROWS_AT_ONCE = 5000
/** Rows deleted per slice on main's thread: a few milliseconds each. */
const SWEEP_ON_MAIN = 2000
/** Rows deleted per slice in the worker: one DELETE each, so main waits for one slice at most. */
const SWEEP_IN_WORKER = 2000

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
  /** The list's team fingerprints, gathered in parts while the desk is in a team (team-share.ts). */
  readonly #teamParts: TeamParts | null

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
        return { salt, teamSalt: teamSaltOf(db), listId: Number(lastInsertRowid) }
      })
      .immediate()
    this.#salt = made.salt
    this.#listId = made.listId
    this.#teamParts = made.teamSalt === null ? null : new TeamParts(db, made.teamSalt, made.listId)
    this.#addPerson = db.prepare(
      'INSERT INTO known_people (list_id, ats_id, stage, name, employer) VALUES (?, ?, ?, ?, ?)'
    )
    this.#addHash = db.prepare('INSERT INTO known_people_hashes (list_id, person_id, kind, hash) VALUES (?, ?, ?, ?)')
  }

  /**
   * Adds people (call with at most ROWS_AT_ONCE): in one transaction, or in more when main waits
   * to write meanwhile (what is written is committed, main writes, the rest follows).
   */
  add(rows: readonly KnownRow[]): void {
    const db = this.#db
    let at = 0
    while (at < rows.length) {
      const from = at
      db.transaction(() => {
        for (; at < rows.length; at += 1) {
          if (at > from && mainWaits(db)) return
          const row = rows[at]!
          const { lastInsertRowid } = this.#addPerson.run(this.#listId, row.atsId, row.stage, row.name, row.employer)
          for (const [hash, kind] of traitHashes(this.#salt, row))
            this.#addHash.run(this.#listId, lastInsertRowid, kind, hash)
          this.#teamParts?.add(row)
        }
      }).immediate()
    }
    this.#people += rows.length
  }

  /**
   * Shows the list in place of the one of the same name and scope; returns its id and the id of the
   * list it replaced (hidden now: sweepList deletes its rows), or null.
   */
  finish(): { listId: number; replaced: number | null } {
    const db = this.#db
    const replaced = db
      .transaction(() => {
        this.#teamParts?.flush()
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
        return old ?? null
      })
      .immediate()
    return { listId: this.#listId, replaced }
  }

  /** The read failed: the hidden list goes. */
  abandon(): void {
    sweepList(this.#db, this.#listId)
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
 * empty): the one named, else any; false when there is none. A list being written is hidden too:
 * without an id, only call this when no import is running (the service checks).
 */
export function sweepSlice(db: BetterSqlite3.Database, limit = SWEEP_ON_MAIN, only?: number): boolean {
  return db
    .transaction(() => {
      const id = (
        only === undefined
          ? db.prepare('SELECT id FROM known_people_lists WHERE ready = 0 LIMIT 1').pluck().get()
          : db.prepare('SELECT id FROM known_people_lists WHERE ready = 0 AND id = ?').pluck().get(only)
      ) as number | undefined
      if (id === undefined) return false
      const hashes = db
        .prepare(
          `DELETE FROM known_people_hashes WHERE rowid IN
           (SELECT rowid FROM known_people_hashes WHERE list_id = ? LIMIT ?)`
        )
        .run(id, limit).changes
      if (hashes > 0) return true
      const people = db
        .prepare(`DELETE FROM known_people WHERE id IN (SELECT id FROM known_people WHERE list_id = ? LIMIT ?)`)
        .run(id, limit).changes
      if (people > 0) return true
      db.prepare('DELETE FROM known_people_team_parts WHERE list_id = ?').run(id)
      db.prepare('DELETE FROM known_people_lists WHERE id = ?').run(id)
      return true
    })
    .immediate()
}

/** Deletes one hidden list, slice by slice (the worker's, off main's thread: each slice waits while main writes). */
export function sweepList(db: BetterSqlite3.Database, id: number): void {
  while (sweepSlice(db, SWEEP_IN_WORKER, id));
}
