import type BetterSqlite3 from 'better-sqlite3'

/**
 * Runs `write` on main's connection with synchronous = NORMAL: its commits return without waiting
 * for the disk. The store otherwise commits with FULL, an fsync that holds main's thread (tens of
 * ms on a slow disk). Under WAL an app crash loses nothing either way; a power cut may lose these
 * commits until the next FULL commit on the same file (any connection's, a worker's too) puts
 * them on disk. For bulk bookkeeping that is done again if lost (a team sync's slices, an ATS
 * pull's do-not-contact notes, before the pull's own last commit), never for a recruiter's edit.
 */
export function withoutWaitingForDisk<T>(db: BetterSqlite3.Database, write: () => T): T {
  const synchronous = db.pragma('synchronous', { simple: true }) as number
  db.pragma('synchronous = NORMAL')
  try {
    return write()
  } finally {
    db.pragma(`synchronous = ${synchronous}`)
  }
}
