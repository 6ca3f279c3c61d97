import type BetterSqlite3 from 'better-sqlite3'
import { MAX_DO_NOT_CONTACT, type DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
import { saltOf } from '../personal-data/tombstones'
import { randomUUID } from 'node:crypto'
import { shareRemoved, TeamBatches } from './batch-share'
import { entriesHeld } from './do-not-contact-repo'
import { entryHashBytes } from './person-hashes'

/** Entries written per transaction: each holds the data file some milliseconds. */
export const ENTRIES_AT_ONCE = 5000
/**
 * Entries held at most before they are written (about 100 bytes each: a full list's at once). A
 * run is written in the order of the (kind, hash) index, so a million entries fill its pages one
 * after another: written in the file's order, each went to a random place, and every transaction
 * of 5,000 rewrote some thousands of the index's pages (an import of a million took 20–40 s).
 * At most 2^20 (hashOrder).
 */
const RUN_ENTRIES = MAX_DO_NOT_CONTACT
/** The kinds in the order SQLite sorts their names, as the (kind, hash) index holds them. */
const KINDS_IN_ORDER: readonly DoNotContactKind[] = ['domain', 'email', 'handle', 'key']
/**
 * The worker's page cache (KiB; SQLite's default is 2 MiB): an import adds to the list, so its
 * entries still go between those of the list at random places in the (kind, hash) index.
 */
const OWN_CACHE_KIB = 256 * 1024
/**
 * The worker's checkpoints: every 25,000 pages of the WAL (about 100 MB) instead of SQLite's 1,000.
 * Each transaction of random index inserts rewrites some thousands of pages, so at 1,000 every
 * commit was followed by a checkpoint copying them into the file and waiting for the disk twice;
 * fewer, larger checkpoints copy a page rewritten by many transactions once.
 */
const OWN_CHECKPOINT_PAGES = 25_000
/**
 * Entries inserted by one statement (a multi-row VALUES): the same work in SQLite, a fiftieth of the
 * calls into it (a million single-row inserts spent about as long in the calls as in the b-trees).
 */
const ROWS_PER_INSERT = 50
/** Entries deleted per slice on main's thread: a few milliseconds each. */
const SWEEP_ON_MAIN = 2000

/** An entry as a file names it: its kind, its value normalised (hashed) and as written. */
export interface NamedEntry {
  kind: DoNotContactKind
  value: string
  text: string
}

/**
 * Writes a file's entries as they are read: hashed at once, held in runs of up to a million and
 * written in the index's order (hashOrder; a run of one transaction or less in the file's), a few
 * thousand per transaction, into a hidden import (do_not_contact_imports.ready = 0); then in one
 * short transaction shows them all (ready = 1, the count raised by what was added). A check never
 * sees half a file, and no transaction holds the data file for long, so main's own writes never
 * wait on an import. The ids follow the order written: the list shows a large file's entries
 * newest import first, in no order of the file's. Known-people lists are written the same way
 * (known-people/list-writer.ts).
 */
export class EntryWriter {
  readonly #db: BetterSqlite3.Database
  readonly #salt: string
  readonly #importId: number
  readonly #note: string
  readonly #addedAt: string
  readonly #insert: BetterSqlite3.Statement
  /** ROWS_PER_INSERT entries in one statement. */
  readonly #insertMany: BetterSqlite3.Statement
  readonly #ownConnection: boolean
  readonly #afterEach: (written: { held: number; added: number }) => void
  /** The entries as the team gets them (hashed with the team's salt), shared when shown. */
  readonly #team: TeamBatches
  /** The run not yet written: each entry's kind (its place in KINDS_IN_ORDER), text and hash's 32 bytes. */
  #kinds = new Uint8Array(ENTRIES_AT_ONCE)
  #texts: string[] = []
  #hashes = Buffer.alloc(ENTRIES_AT_ONCE * 32)
  /** Entries the list held when the import began (the cap counts them). */
  readonly held: number
  added = 0
  alreadyListed = 0

  /**
   * `ownConnection` (the worker's): the hidden entries are written without waiting for the disk at
   * each of their transactions (synchronous = NORMAL: a crash may lose the last of them, and a
   * hidden import cut short is deleted anyway), through a large page cache and with fewer, larger
   * checkpoints; the swap that shows them waits for it (FULL), as every write of the store does.
   * `afterEach` is called after each transaction (the cap: it throws to stop the import).
   */
  constructor(
    db: BetterSqlite3.Database,
    entry: {
      note: string
      addedAt: string
      ownConnection?: boolean
      afterEach?: (written: { held: number; added: number }) => void
    }
  ) {
    this.#db = db
    this.#ownConnection = entry.ownConnection ?? false
    this.#note = entry.note.trim()
    this.#addedAt = entry.addedAt
    this.#afterEach = entry.afterEach ?? (() => undefined)
    const made = db
      .transaction(() => {
        const salt = saltOf(db)
        const { lastInsertRowid } = db.prepare('INSERT INTO do_not_contact_imports (ready, added) VALUES (0, 0)').run()
        return { salt, importId: Number(lastInsertRowid), held: entriesHeld(db), team: new TeamBatches(db) }
      })
      .immediate()
    this.#team = made.team
    this.#salt = made.salt
    this.#importId = made.importId
    this.held = made.held
    if (this.#ownConnection) {
      db.pragma('synchronous = NORMAL')
      db.pragma(`cache_size = -${OWN_CACHE_KIB}`)
      db.pragma(`wal_autocheckpoint = ${OWN_CHECKPOINT_PAGES}`)
    }
    const insert = (rows: number) => {
      const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?)').join(', ')
      return db.prepare(
        `INSERT OR IGNORE INTO do_not_contact (kind, hash, value, note, added_at, import_id) VALUES ${values}`
      )
    }
    this.#insert = insert(1)
    this.#insertMany = insert(ROWS_PER_INSERT)
  }

  /** Takes an entry: hashed now (off main's thread in the worker), written with its run. */
  add(entry: NamedEntry): void {
    const at = this.#texts.length
    if (at === this.#kinds.length) {
      const kinds = new Uint8Array(at * 2)
      kinds.set(this.#kinds)
      this.#kinds = kinds
      const hashes = Buffer.alloc(at * 2 * 32)
      this.#hashes.copy(hashes)
      this.#hashes = hashes
    }
    this.#kinds[at] = KINDS_IN_ORDER.indexOf(entry.kind)
    this.#texts.push(entry.text)
    entryHashBytes(this.#salt, entry.kind, entry.value).copy(this.#hashes, at * 32)
    this.#team.add(entry.kind, entry.value)
    if (this.#texts.length >= RUN_ENTRIES) this.#writeRun()
  }

  /** Writes the run held, in the index's order, a transaction per ENTRIES_AT_ONCE. */
  #writeRun(): void {
    const count = this.#texts.length
    const order = count > ENTRIES_AT_ONCE ? hashOrder(this.#kinds, this.#hashes, count) : null
    for (let from = 0; from < count; from += ENTRIES_AT_ONCE) {
      const to = Math.min(count, from + ENTRIES_AT_ONCE)
      this.#db
        .transaction(() => {
          let at = from
          for (; at + ROWS_PER_INSERT <= to; at += ROWS_PER_INSERT) {
            const values: unknown[] = []
            for (let row = at; row < at + ROWS_PER_INSERT; row += 1) values.push(...this.#row(order, row))
            this.#counted(this.#insertMany.run(values).changes, ROWS_PER_INSERT)
          }
          for (; at < to; at += 1) this.#counted(this.#insert.run(this.#row(order, at)).changes, 1)
        })
        .immediate()
      this.#afterEach({ held: this.held, added: this.added })
    }
    this.#texts = []
  }

  /** The values of the entry written `at` of the run (its place in the index's order, or the file's). */
  #row(order: Uint32Array | null, at: number): unknown[] {
    const index = order === null ? at : order[at]!
    return [
      KINDS_IN_ORDER[this.#kinds[index]!],
      this.#hashes.subarray(index * 32, index * 32 + 32),
      this.#texts[index],
      this.#note,
      this.#addedAt,
      this.#importId
    ]
  }

  /** Of `rows` entries inserted or ignored, `changes` were added (the rest already listed). */
  #counted(changes: number, rows: number): void {
    this.added += changes
    this.alreadyListed += rows - changes
  }

  /** Changes put in the team's outbox when the import was shown (0 outside a team). */
  shared = 0

  /**
   * Writes what is held, then shows every entry written at once, and puts them in the team's outbox
   * in the same transaction; returns how many the list holds now.
   */
  finish(): number {
    this.#writeRun()
    const db = this.#db
    if (this.#ownConnection) db.pragma('synchronous = FULL')
    return db
      .transaction(() => {
        const teamImport = this.#team.sharing ? randomUUID() : null
        db.prepare('UPDATE do_not_contact_imports SET ready = 1, added = ?, team_import = ? WHERE id = ?').run(
          this.added,
          teamImport,
          this.#importId
        )
        db.prepare('UPDATE do_not_contact_count SET entries = entries + ? WHERE id = 1').run(this.added)
        this.shared = teamImport === null ? 0 : this.#team.write(db, this.#note, this.#addedAt, teamImport)
        return entriesHeld(db)
      })
      .immediate()
  }

  /** The read failed, or the file passed the cap: its hidden entries go. */
  abandon(): void {
    this.#texts = []
    sweepImport(this.#db, this.#importId)
  }
}

/**
 * The places of a run's entries in the (kind, hash) index's order: each entry's kind, the first 31
 * bits of its hash and its place packed into one number below 2^53 (2 + 31 + 20 bits), the numbers
 * sorted as doubles (no comparator: a million in some tens of milliseconds); then the few entries
 * alike in those 31 bits (a handful in a million) put in their whole hashes' order. The same entry
 * twice keeps the file's order: it is written first as the file first names it, and the rest is
 * ignored as already listed.
 */
export function hashOrder(kinds: Uint8Array, hashes: Buffer, count: number): Uint32Array {
  const place = 2 ** 20
  if (count > place) throw new Error(`a run of ${count} entries: at most ${place}`)
  const keys = new Float64Array(count)
  for (let at = 0; at < count; at += 1) {
    keys[at] = (kinds[at]! * 2 ** 31 + (hashes.readUInt32BE(at * 32) >>> 1)) * place + at
  }
  keys.sort()
  const order = new Uint32Array(count)
  for (let at = 0; at < count; at += 1) order[at] = keys[at]! % place
  const prefix = (at: number) => Math.floor(keys[at]! / place)
  for (let from = 0; from < count;) {
    let to = from + 1
    while (to < count && prefix(to) === prefix(from)) to += 1
    if (to - from > 1) {
      // a stable sort: the same hash stays in the file's order
      const alike = Array.from(order.subarray(from, to)).sort((a, b) =>
        hashes.compare(hashes, b * 32, b * 32 + 32, a * 32, a * 32 + 32)
      )
      order.set(alike, from)
    }
    from = to
  }
  return order
}

/**
 * Deletes one slice of a hidden import's entries (then the import itself once empty): the one
 * named, else any; false when there is none. An import being written is hidden too: without an id,
 * only call this when no import is running (the service checks). An import hidden to be removed
 * (DoNotContactRepo.hideImport) was shared with the team: each slice's entries are shared as taken
 * off (batch-share.ts shareRemoved) in the transaction that deletes them, so a removal cut short by
 * a close goes on at the next sweep and shares the rest, and nothing is shared twice.
 */
export function sweepSlice(db: BetterSqlite3.Database, limit = SWEEP_ON_MAIN, only?: number): boolean {
  return db
    .transaction(() => {
      const hidden = (
        only === undefined
          ? db.prepare('SELECT id, team_import FROM do_not_contact_imports WHERE ready = 0 LIMIT 1').get()
          : db.prepare('SELECT id, team_import FROM do_not_contact_imports WHERE ready = 0 AND id = ?').get(only)
      ) as { id: number; team_import: string | null } | undefined
      if (hidden === undefined) return false
      const slice = db
        .prepare('SELECT id, kind, value FROM do_not_contact WHERE import_id = ? ORDER BY id LIMIT ?')
        .all(hidden.id, limit) as Array<{ id: number; kind: DoNotContactKind; value: string }>
      if (slice.length > 0) {
        shareRemoved(db, hidden.team_import, slice, new Date().toISOString())
        db.prepare('DELETE FROM do_not_contact WHERE id IN (SELECT value FROM json_each(?))').run(
          JSON.stringify(slice.map((entry) => entry.id))
        )
        return true
      }
      db.prepare('DELETE FROM do_not_contact_imports WHERE id = ?').run(hidden.id)
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
