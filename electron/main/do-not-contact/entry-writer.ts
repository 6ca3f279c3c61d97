import type BetterSqlite3 from 'better-sqlite3'
import type { DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
import { saltOf } from '../personal-data/tombstones'
import { entriesHeld } from './do-not-contact-repo'
import { entryHash } from './person-hashes'

/** Entries written per transaction: each holds the data file some tens of milliseconds. */
export const ENTRIES_AT_ONCE = 5000
/**
 * The worker's page cache (KiB; SQLite's default is 2 MiB). Hashes are random, so each entry goes
 * into the UNIQUE (kind, hash) index at a random place: once that index outgrows the cache
 * (a million entries' is some 90 MB) every insert reads a page back from the file.
 */
const OWN_CACHE_KIB = 256 * 1024
/**
 * The worker's checkpoints: every 25,000 pages of the WAL (about 100 MB) instead of SQLite's 1,000.
 * Each transaction of random index inserts rewrites some thousands of pages, so at 1,000 every
 * commit was followed by a checkpoint copying them into the file and waiting for the disk twice;
 * fewer, larger checkpoints copy a page rewritten by many transactions once.
 */
const OWN_CHECKPOINT_PAGES = 25_000
/** Entries deleted per slice on main's thread: a few milliseconds each. */
const SWEEP_ON_MAIN = 2000

/** An entry as a file names it: its kind, its value normalised (hashed) and as written. */
export interface NamedEntry {
  kind: DoNotContactKind
  value: string
  text: string
}

/**
 * Writes a file's entries as they are read: into a hidden import (do_not_contact_imports.ready = 0),
 * a few thousand per transaction, then in one short transaction shows them all (ready = 1, the
 * count raised by what was added). A check never sees half a file, and no transaction holds the
 * data file for long, so main's own writes never wait on an import. Known-people lists are
 * written the same way (known-people/list-writer.ts).
 */
export class EntryWriter {
  readonly #db: BetterSqlite3.Database
  readonly #salt: string
  readonly #importId: number
  readonly #note: string
  readonly #addedAt: string
  readonly #insert: BetterSqlite3.Statement
  readonly #ownConnection: boolean
  /** Entries the list held when the import began (the cap counts them). */
  readonly held: number
  added = 0
  alreadyListed = 0

  /**
   * `ownConnection` (the worker's): the hidden entries are written without waiting for the disk at
   * each of their transactions (synchronous = NORMAL: a crash may lose the last of them, and a
   * hidden import cut short is deleted anyway), through a large page cache and with fewer, larger
   * checkpoints; the swap that shows them waits for it (FULL), as every write of the store does.
   */
  constructor(db: BetterSqlite3.Database, entry: { note: string; addedAt: string; ownConnection?: boolean }) {
    this.#db = db
    this.#ownConnection = entry.ownConnection ?? false
    this.#note = entry.note.trim()
    this.#addedAt = entry.addedAt
    const made = db
      .transaction(() => {
        const salt = saltOf(db)
        const { lastInsertRowid } = db.prepare('INSERT INTO do_not_contact_imports (ready, added) VALUES (0, 0)').run()
        return { salt, importId: Number(lastInsertRowid), held: entriesHeld(db) }
      })
      .immediate()
    this.#salt = made.salt
    this.#importId = made.importId
    this.held = made.held
    if (this.#ownConnection) {
      db.pragma('synchronous = NORMAL')
      db.pragma(`cache_size = -${OWN_CACHE_KIB}`)
      db.pragma(`wal_autocheckpoint = ${OWN_CHECKPOINT_PAGES}`)
    }
    this.#insert = db.prepare(
      'INSERT OR IGNORE INTO do_not_contact (kind, hash, value, note, added_at, import_id) VALUES (?, ?, ?, ?, ?, ?)'
    )
  }

  /** Adds entries (one transaction; call with at most ENTRIES_AT_ONCE). */
  add(entries: readonly NamedEntry[]): void {
    // hashed before the transaction: it holds the data file only for the inserts
    const hashes = entries.map((entry) => entryHash(this.#salt, entry.kind, entry.value))
    this.#db
      .transaction(() => {
        for (const [at, entry] of entries.entries()) {
          const { changes } = this.#insert.run(
            entry.kind,
            hashes[at],
            entry.text,
            this.#note,
            this.#addedAt,
            this.#importId
          )
          if (changes > 0) this.added += 1
          else this.alreadyListed += 1
        }
      })
      .immediate()
  }

  /** Shows every entry written at once; returns how many the list holds now. */
  finish(): number {
    const db = this.#db
    if (this.#ownConnection) db.pragma('synchronous = FULL')
    return db
      .transaction(() => {
        db.prepare('UPDATE do_not_contact_imports SET ready = 1, added = ? WHERE id = ?').run(
          this.added,
          this.#importId
        )
        db.prepare('UPDATE do_not_contact_count SET entries = entries + ? WHERE id = 1').run(this.added)
        return entriesHeld(db)
      })
      .immediate()
  }

  /** The read failed, or the file passed the cap: its hidden entries go. */
  abandon(): void {
    sweepImport(this.#db, this.#importId)
  }
}

/**
 * Deletes one slice of a hidden import's entries (then the import itself once empty): the one
 * named, else any; false when there is none. An import being written is hidden too: without an id,
 * only call this when no import is running (the service checks).
 */
export function sweepSlice(db: BetterSqlite3.Database, limit = SWEEP_ON_MAIN, only?: number): boolean {
  return db
    .transaction(() => {
      const id = (
        only === undefined
          ? db.prepare('SELECT id FROM do_not_contact_imports WHERE ready = 0 LIMIT 1').pluck().get()
          : db.prepare('SELECT id FROM do_not_contact_imports WHERE ready = 0 AND id = ?').pluck().get(only)
      ) as number | undefined
      if (id === undefined) return false
      const deleted = db
        .prepare(
          `DELETE FROM do_not_contact WHERE id IN
           (SELECT id FROM do_not_contact WHERE import_id = ? LIMIT ?)`
        )
        .run(id, limit).changes
      if (deleted > 0) return true
      db.prepare('DELETE FROM do_not_contact_imports WHERE id = ?').run(id)
      return true
    })
    .immediate()
}

/** Deletes one hidden import, slice by slice (the worker's, off main's thread: larger slices). */
export function sweepImport(db: BetterSqlite3.Database, id: number): void {
  while (sweepSlice(db, ENTRIES_AT_ONCE * 4, id));
}

/** Deletes every hidden import (the worker's, before it writes: one import runs at a time). */
export function sweepHiddenImports(db: BetterSqlite3.Database): void {
  while (sweepSlice(db, ENTRIES_AT_ONCE * 4));
}
