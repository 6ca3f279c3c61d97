import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './store-error'
import { migrations as defaultMigrations, latestVersion, type Migration } from './migrations'
import { systemClock, type Clock } from './clock'
import { foldSearchText } from './search-text'
import { errorMessage } from '../../../shared/error-message'
import type { ExtraConnectionTarget } from './extra-connection-target'
import { mainIsWriting, mainWritesFlag, waitForMain, withMainWriting, type MainWrites } from './main-writes'

/** Default file name inside the app's data folder. */
export const STORE_FILE_NAME = 'talent-desk.sqlite'

/** `PRAGMA application_id` of a Talent Desk store ("TDsk"), so a foreign SQLite file is refused. */
export const APPLICATION_ID = 0x5444736b

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1')
/** A valid database file is at least one page; the smallest page size is 512 bytes. */
const MIN_DATABASE_BYTES = 512

export interface OpenDatabaseOptions {
  /** Absolute path of the database file. Its folder is created if missing. */
  path: string
  /**
   * Path to a better_sqlite3.node built for the running runtime. Electron passes the build for
   * its own ABI here; plain Node (tests, browser host) leaves it unset. See docs/store.md.
   */
  nativeBinding?: string
  /** Full check reads every page (the issue asks for it); 'quick' skips index cross-checks. */
  integrityCheck?: 'full' | 'quick'
  /** Tests pass a shorter list to build an older-version file. */
  migrations?: readonly Migration[]
  clock?: Clock
}

export interface StoreDatabase {
  readonly db: BetterSqlite3.Database
  readonly path: string
  /** Schema version after opening. */
  readonly version: number
  /** Schema version found on disk before migrating (0 for a new file). */
  readonly openedAtVersion: number
  /** Copy written before migrating an existing file, if one was needed this time. */
  readonly preMigrationCopy: string | undefined
  readonly nativeBinding: string | undefined
  /** Raised while this connection writes; workers' connections wait for it (main-writes.ts). */
  readonly mainWrites: MainWrites
  close(): void
}

/**
 * Opens (or creates) the store. Order matters: every check runs on a read-only connection
 * first, so a newer, foreign or damaged file is reported and left byte-for-byte untouched;
 * only then is the file opened for writing, copied aside if a migration is due, and migrated.
 */
export function openDatabase(options: OpenDatabaseOptions): StoreDatabase {
  const file = path.resolve(options.path)
  const list = [...(options.migrations ?? defaultMigrations)].sort((a, b) => a.version - b.version)
  const target = latestVersion(list)
  const clock = options.clock ?? systemClock
  const existed = fs.existsSync(file)

  let found = 0
  let preMigrationCopy: string | undefined
  if (existed) {
    checkHeader(file)
    const sideFiles = [`${file}-wal`, `${file}-shm`].filter((side) => !fs.existsSync(side))
    try {
      const probe = openConnection(file, { readonly: true, nativeBinding: options.nativeBinding })
      try {
        found = runChecks(probe, file, target, options.integrityCheck ?? 'full')
        if (found > 0 && found < target) preMigrationCopy = copyBeforeMigration(probe, file, found, target, clock)
      } finally {
        probe.close()
      }
    } catch (error) {
      removeEmptySideFiles(sideFiles)
      throw error
    }
  } else {
    // Private to the user, as browsers and mail clients keep theirs: a new folder 0700 (one that
    // exists, perhaps chosen by the user, is left as it is) and the file 0600. SQLite gives the
    // -wal and -shm files the database file's permissions.
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
    fs.writeFileSync(file, '', { mode: 0o600, flag: 'wx' })
  }

  const mainWrites = mainWritesFlag()
  const mainWriting: AroundTransaction = (begin) => withMainWriting(mainWrites, begin)
  const db = openConnection(file, { readonly: false, nativeBinding: options.nativeBinding, around: mainWriting })
  flagSingleWrites(db, mainWriting)
  try {
    db.pragma('journal_mode = WAL')
    // FULL: a commit is on disk (not just in the OS cache) before it returns, so a power cut
    // cannot lose a saved member. Batches go in one transaction to keep that cheap.
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    migrate(db, file, list, found, preMigrationCopy)
  } catch (error) {
    db.close()
    throw error
  }

  return {
    db,
    path: file,
    version: target,
    openedAtVersion: found,
    preMigrationCopy,
    nativeBinding: options.nativeBinding,
    mainWrites,
    close: () => {
      if (db.open) db.close()
    }
  }
}

/** Workers' connections, with main's flag. */
const workersFlags = new WeakMap<BetterSqlite3.Database, MainWrites>()

/**
 * Whether main's connection waits to write now, asked by a worker's long transaction between two
 * rows: it commits what it wrote and goes on in a new transaction, which begins after main's. False
 * on main's own connection.
 */
export function mainWaits(db: BetterSqlite3.Database): boolean {
  const flag = workersFlags.get(db)
  return flag !== undefined && mainIsWriting(flag)
}

/**
 * Another writing connection to a store the main process has already opened, checked and
 * migrated (a worker thread restoring a large backup): the same settings, no checks, no
 * migrations, and never a new file. Refused unless the file is at `schemaVersion`. Each of its
 * transactions waits first while main's connection writes (main-writes.ts).
 */
export function openExtraConnection(target: ExtraConnectionTarget): BetterSqlite3.Database {
  const file = target.storeFile
  const db = openConnection(file, {
    readonly: false,
    mustExist: true,
    nativeBinding: target.nativeBinding,
    around: (begin) => {
      waitForMain(target.mainWrites)
      return begin()
    }
  })
  try {
    db.pragma('synchronous = FULL')
    db.pragma('foreign_keys = ON')
    db.pragma('busy_timeout = 5000')
    workersFlags.set(db, target.mainWrites)
    const version = db.pragma('user_version', { simple: true }) as number
    const applicationId = db.pragma('application_id', { simple: true }) as number
    if (applicationId !== APPLICATION_ID || version !== target.schemaVersion) {
      throw new StoreError(
        'store_unreadable',
        `The data file changed while Talent Desk had it open (${file}). Restart Talent Desk, then try again.`,
        {
          path: file,
          details: { version, expected: target.schemaVersion }
        }
      )
    }
    return db
  } catch (error) {
    db.close()
    throw error instanceof StoreError ? error : classifySqliteError(error, file)
  }
}

/** Runs a transaction's outermost begin-to-commit: main's raises its flag, a worker's waits for main first. */
type AroundTransaction = <T>(begin: () => T) => T

function openConnection(
  file: string,
  options: { readonly: boolean; nativeBinding: string | undefined; mustExist?: boolean; around?: AroundTransaction }
): BetterSqlite3.Database {
  try {
    const db = new Database(file, {
      readonly: options.readonly,
      fileMustExist: options.readonly || options.mustExist === true,
      ...(options.nativeBinding === undefined ? {} : { nativeBinding: options.nativeBinding })
    })
    // The search index's triggers call it (migration 3): every connection that may write has it.
    db.function('td_fold', { deterministic: true }, (value: unknown) =>
      typeof value === 'string' ? foldSearchText(value) : ''
    )
    if (!options.readonly) beginTransactionsImmediate(db, options.around ?? ((begin) => begin()))
    return db
  } catch (error) {
    throw classifySqliteError(error, file)
  }
}

/**
 * Every transaction on a writing connection begins IMMEDIATE: it takes the write lock before its
 * first read, waiting (busy_timeout) while another connection writes. A deferred one that reads,
 * then writes, fails at once with "database is locked" when another connection wrote in between
 * (SQLite cannot wait there: its snapshot is already stale) — a forget answered with a failure
 * because the rebuild of the file after the last forget (privacy/compaction.ts, a worker's
 * connection) was running. One place for every repository, worker and migration: `db.transaction`
 * on these connections returns the IMMEDIATE variant (nested calls are savepoints, as before);
 * every variant of it (`.deferred()` too) begins IMMEDIATE, its outermost call inside `around`.
 */
function beginTransactionsImmediate(db: BetterSqlite3.Database, around: AroundTransaction): void {
  const transaction = db.transaction.bind(db)
  db.transaction = ((fn) => {
    const immediate = transaction(fn).immediate as (...args: unknown[]) => unknown
    const outermost = function (this: unknown, ...args: unknown[]) {
      return db.inTransaction ? immediate.apply(this, args) : around(() => immediate.apply(this, args))
    }
    for (const variant of ['default', 'deferred', 'immediate', 'exclusive'])
      Object.defineProperty(outermost, variant, { value: outermost })
    Object.defineProperty(outermost, 'database', { value: db, enumerable: true })
    return outermost
  }) as BetterSqlite3.Database['transaction']
}

/**
 * Main's writes outside a transaction (one statement: a shortlist made, a setting saved, a
 * `db.exec`) take the write lock as a transaction does: each runs inside `around` too (main's flag
 * raised), so a worker lets it through as it lets main's transactions.
 */
function flagSingleWrites(db: BetterSqlite3.Database, around: AroundTransaction): void {
  const prepare = db.prepare.bind(db) as (...args: unknown[]) => BetterSqlite3.Statement
  db.prepare = ((...args: unknown[]) => {
    const statement = prepare(...args)
    if (statement.reader) return statement
    const run = statement.run.bind(statement) as (...values: unknown[]) => BetterSqlite3.RunResult
    statement.run = ((...values: unknown[]) =>
      db.inTransaction ? run(...values) : around(() => run(...values))) as BetterSqlite3.Statement['run']
    return statement
  }) as BetterSqlite3.Database['prepare']
  const exec = db.exec.bind(db)
  db.exec = (source: string) => (db.inTransaction ? exec(source) : around(() => exec(source)))
}

/** A refused file is left as found: drop the empty -wal/-shm a read-only WAL probe creates. */
function removeEmptySideFiles(created: string[]): void {
  const wal = created.find((side) => side.endsWith('-wal'))
  if (wal !== undefined && fs.existsSync(wal) && fs.statSync(wal).size > 0) return
  for (const side of created) fs.rmSync(side, { force: true })
}

/** Cheap checks before SQLite sees the file: garbage and truncated files fail here. */
function checkHeader(file: string): void {
  let stat: fs.Stats
  let head = Buffer.alloc(0)
  try {
    stat = fs.statSync(file)
    if (!stat.isFile()) throw new Error('not a regular file')
    const fd = fs.openSync(file, 'r')
    try {
      head = Buffer.alloc(Math.min(100, stat.size))
      fs.readSync(fd, head, 0, head.length, 0)
    } finally {
      fs.closeSync(fd)
    }
    fs.accessSync(file, fs.constants.R_OK | fs.constants.W_OK)
  } catch (error) {
    throw new StoreError('store_unreadable', `The data file cannot be read: ${file}.`, { path: file, cause: error })
  }
  if (stat.size < MIN_DATABASE_BYTES || !head.subarray(0, SQLITE_HEADER.length).equals(SQLITE_HEADER)) {
    throw new StoreError(
      'store_corrupt',
      stat.size < MIN_DATABASE_BYTES
        ? `The data file is empty or truncated (${stat.size} bytes): ${file}`
        : `The data file is not a SQLite database: ${file}`,
      { path: file, details: { size: stat.size } }
    )
  }
}

function runChecks(probe: BetterSqlite3.Database, file: string, target: number, mode: 'full' | 'quick'): number {
  let version: number
  let applicationId: number
  let tables: number
  let problems: string[]
  try {
    version = probe.pragma('user_version', { simple: true }) as number
    applicationId = probe.pragma('application_id', { simple: true }) as number
    tables = (probe.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE type = 'table'").get() as { n: number }).n
    const rows = probe.pragma(mode === 'full' ? 'integrity_check(20)' : 'quick_check(20)') as Array<
      Record<string, string>
    >
    problems = rows.map((row) => Object.values(row)[0] ?? '').filter((text) => text !== 'ok')
  } catch (error) {
    throw classifySqliteError(error, file)
  }
  if (applicationId !== APPLICATION_ID && (version !== 0 || tables !== 0)) {
    throw new StoreError('store_foreign', `The data file belongs to another program: ${file}.`, {
      path: file,
      details: { applicationId, version }
    })
  }
  if (version > target) {
    throw new StoreError(
      'store_newer_than_app',
      `The data file was written by a newer version of Talent Desk (schema ${version}, this app knows ${target}). ` +
        `Update the app; the file has not been changed: ${file}`,
      { path: file, details: { fileVersion: version, appVersion: target } }
    )
  }
  if (problems.length > 0) {
    throw new StoreError('store_corrupt', `The data file failed its integrity check: ${file}.`, {
      path: file,
      details: { problems }
    })
  }
  return version
}

/** VACUUM INTO writes a consistent copy (WAL content included) without writing to the source. */
function copyBeforeMigration(
  probe: BetterSqlite3.Database,
  file: string,
  from: number,
  to: number,
  clock: Clock
): string {
  const copy = preMigrationCopyPath(file, from, to, clock)
  try {
    probe.prepare('VACUUM INTO ?').run(copy)
    fs.chmodSync(copy, 0o600)
  } catch (error) {
    throw new StoreError('store_unreadable', `Could not copy the data file before upgrading it: ${file}.`, {
      path: file,
      cause: error
    })
  }
  return copy
}

export function preMigrationCopyPath(file: string, from: number, to: number, clock: Clock): string {
  const stamp = clock.now().toISOString().replace(/[:.]/g, '-')
  return `${file}.pre-v${to}-from-v${from}.${stamp}.bak`
}

function migrate(
  db: BetterSqlite3.Database,
  file: string,
  list: readonly Migration[],
  from: number,
  preMigrationCopy: string | undefined
): void {
  for (const migration of list) {
    if (migration.version <= from) continue
    try {
      db.transaction(() => {
        migration.up(db)
        db.pragma(`application_id = ${APPLICATION_ID}`)
        db.pragma(`user_version = ${migration.version}`)
      })()
    } catch (error) {
      throw new StoreError(
        'store_migration_failed',
        `Upgrading the data file to schema ${migration.version} (${migration.name}) failed; it is still at the previous version: ${file}.`,
        { path: file, details: { version: migration.version, preMigrationCopy }, cause: error }
      )
    }
  }
}

/** Maps SQLite error codes to the store's codes so the UI can offer the right way out. */
export function classifySqliteError(error: unknown, file: string): StoreError {
  if (error instanceof StoreError) return error
  const code = (error as { code?: unknown }).code
  const text = errorMessage(error)
  if (
    code === 'SQLITE_NOTADB' ||
    code === 'SQLITE_CORRUPT' ||
    (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))
  ) {
    return new StoreError('store_corrupt', `The data file is damaged (${text}): ${file}.`, { path: file, cause: error })
  }
  return new StoreError('store_unreadable', `The data file cannot be opened (${text}): ${file}.`, {
    path: file,
    cause: error
  })
}
