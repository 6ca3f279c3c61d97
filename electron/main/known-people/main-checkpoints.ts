import type BetterSqlite3 from 'better-sqlite3'

/**
 * Main's automatic checkpoints, held off while ATS pulls write their pages in the known-people
 * worker. A commit that finds the write-ahead log past 1,000 pages copies it into the data file
 * and waits for the disk, on whichever connection made it: the worker writes a pull's pages, but
 * main's own commits between them (the pull's do-not-contact notes) crossed the mark too, and
 * then main's thread waited 100–170 ms (the ats-pull bench). While a pull runs, main's
 * connection leaves checkpoints to the worker's (its commits run them, off main's thread); the
 * last pull to end puts main's setting back. Pulls may overlap (two connections): counted.
 */
export class MainCheckpoints {
  readonly #db: () => BetterSqlite3.Database
  #holders = 0
  #saved = 0

  constructor(db: () => BetterSqlite3.Database) {
    this.#db = db
  }

  /** Held off until the returned release is called (once; later calls do nothing). */
  hold(): () => void {
    const db = this.#db()
    if (this.#holders === 0) {
      this.#saved = db.pragma('wal_autocheckpoint', { simple: true }) as number
      db.pragma('wal_autocheckpoint = 0')
    }
    this.#holders += 1
    let released = false
    return () => {
      if (released) return
      released = true
      this.#holders -= 1
      if (this.#holders === 0 && db.open) db.pragma(`wal_autocheckpoint = ${this.#saved}`)
    }
  }
}
