import fs from 'node:fs'
import path from 'node:path'
import { createRequire } from 'node:module'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  APPLICATION_ID,
  openDatabase,
  openStore,
  StoreError,
  StoreRecovery,
  storeFilePath
} from '../../../electron/main/store'
import { openExtraConnection } from '../../../electron/main/store/database'
import { extraConnectionTarget } from '../../../electron/main/store/extra-connection-target'
import { migrations, type Migration } from '../../../electron/main/store/migrations'
import { makeProfile } from './fixtures/profiles'
import { damageMiddlePage, ManualClock, removeDir, sha256, tempDir } from './helpers'

let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => removeDir(dir))

function expectStoreError(fn: () => unknown, code: string): StoreError {
  try {
    fn()
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError)
    expect((error as StoreError).code).toBe(code)
    return error as StoreError
  }
  throw new Error(`expected StoreError ${code}`)
}

/** A store with a shortlist and a few members, closed (checkpointed) so the main file holds it all. */
function populatedFile(): string {
  const clock = new ManualClock()
  const store = openStore({ dataDir: dir, clock })
  const list = store.shortlists.create('Backend')
  store.members.addMany(
    list.id,
    Array.from({ length: 300 }, (_, i) => ({ profile: makeProfile(i), notes: `note ${i} `.repeat(20) }))
  )
  store.close()
  return storeFilePath(dir)
}

describe('openDatabase', () => {
  it('creates a new store with WAL, foreign keys, full sync and the latest schema', () => {
    const file = path.join(dir, 'nested', 'folder', 'store.sqlite')
    const database = openDatabase({ path: file })
    try {
      expect(fs.existsSync(file)).toBe(true)
      expect(database.db.pragma('journal_mode', { simple: true })).toBe('wal')
      expect(database.db.pragma('foreign_keys', { simple: true })).toBe(1)
      expect(database.db.pragma('synchronous', { simple: true })).toBe(2)
      expect(database.db.pragma('user_version', { simple: true })).toBe(migrations.at(-1)?.version)
      expect(database.db.pragma('application_id', { simple: true })).toBe(APPLICATION_ID)
      expect(database.openedAtVersion).toBe(0)
      expect(database.preMigrationCopy).toBeUndefined()
    } finally {
      database.close()
    }
  })

  it('reopens an up-to-date store without making a copy', () => {
    populatedFile()
    const database = openDatabase({ path: storeFilePath(dir) })
    database.close()
    expect(database.openedAtVersion).toBe(database.version)
    expect(database.preMigrationCopy).toBeUndefined()
    expect(fs.readdirSync(dir).filter((name) => name.endsWith('.bak'))).toEqual([])
  })

  it('refuses a store written by a newer app and leaves the file untouched', () => {
    const file = populatedFile()
    const raw = new Database(file)
    raw.pragma('user_version = 99')
    raw.close()
    const before = sha256(file)
    const listing = fs.readdirSync(dir).sort()
    const error = expectStoreError(() => openDatabase({ path: file }), 'store_newer_than_app')
    expect(error.path).toBe(file)
    expect(error.details).toMatchObject({ fileVersion: 99, appVersion: migrations.at(-1)?.version })
    expect(error.message).toMatch(/newer version/)
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dir).sort()).toEqual(listing)
  })

  it.each([
    ['garbage', () => Buffer.from('this is not a database '.repeat(400))],
    ['empty', () => Buffer.alloc(0)],
    ['a truncated header', (good: Buffer) => good.subarray(0, 300)],
    ['a truncated body', (good: Buffer) => good.subarray(0, Math.floor(good.length / 2))]
  ])('reports %s as store_corrupt and changes nothing', (_, make) => {
    const good = fs.readFileSync(populatedFile())
    const file = path.join(dir, 'damaged.sqlite')
    fs.writeFileSync(file, make(good))
    const before = sha256(file)
    const error = expectStoreError(() => openDatabase({ path: file }), 'store_corrupt')
    expect(error.path).toBe(file)
    expect(error.message).toContain(file)
    expect(sha256(file)).toBe(before)
    expect(fs.existsSync(`${file}-wal`)).toBe(false)
    expect(fs.existsSync(`${file}-shm`)).toBe(false)
  })

  it('reports a failed integrity_check with its findings, file untouched', () => {
    const file = populatedFile()
    damageMiddlePage(file)
    const before = sha256(file)
    const error = expectStoreError(() => openDatabase({ path: file }), 'store_corrupt')
    expect(error.message).toMatch(/failed its integrity check/)
    expect((error.details as { problems: string[] }).problems.join('\n')).toMatch(/page \d+/)
    expect(sha256(file)).toBe(before)
  })

  it('refuses a SQLite file of another program', () => {
    const file = path.join(dir, 'other.sqlite')
    const raw = new Database(file)
    raw.exec('CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL); INSERT INTO invoices (total) VALUES (12.5)')
    raw.close()
    const before = sha256(file)
    expectStoreError(() => openDatabase({ path: file }), 'store_foreign')
    expect(sha256(file)).toBe(before)
  })

  it('copies the file before migrating, migrates, and keeps the data', () => {
    const clock = new ManualClock('2026-03-01T10:00:00.000Z')
    const file = storeFilePath(dir)
    const v1 = openDatabase({ path: file, migrations: migrations.slice(0, 1), clock })
    v1.db.prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Old list', 'x', 'x')").run()
    v1.close()

    const upgraded = openDatabase({ path: file, migrations: migrations.slice(0, 2), clock })
    try {
      expect(upgraded.openedAtVersion).toBe(1)
      expect(upgraded.version).toBe(2)
      expect(upgraded.db.prepare('SELECT name FROM shortlists').all()).toEqual([{ name: 'Old list' }])
      expect(upgraded.db.prepare("SELECT name FROM sqlite_schema WHERE name = 'api_log'").get()).toBeDefined()
    } finally {
      upgraded.close()
    }
    const copy = upgraded.preMigrationCopy
    expect(copy).toBeDefined()
    expect(path.basename(copy ?? '')).toBe('talent-desk.sqlite.pre-v2-from-v1.2026-03-01T10-00-00-000Z.bak')
    const old = new Database(copy ?? '', { readonly: true })
    expect(old.pragma('user_version', { simple: true })).toBe(1)
    expect(old.prepare('SELECT name FROM shortlists').all()).toEqual([{ name: 'Old list' }])
    expect(old.prepare("SELECT name FROM sqlite_schema WHERE name = 'api_log'").get()).toBeUndefined()
    old.close()
  })

  it('rolls back a failing migration and stays at the previous version', () => {
    const file = storeFilePath(dir)
    openDatabase({ path: file, migrations: migrations.slice(0, 1) }).close()
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up: (db) => {
        db.exec('CREATE TABLE half_done (id INTEGER)')
        db.exec('THIS IS NOT SQL')
      }
    }
    const error = expectStoreError(
      () => openDatabase({ path: file, migrations: [...migrations.slice(0, 1), broken] }),
      'store_migration_failed'
    )
    expect((error.details as { preMigrationCopy: string }).preMigrationCopy).toMatch(/pre-v2-from-v1/)
    const raw = new Database(file, { readonly: true })
    expect(raw.pragma('user_version', { simple: true })).toBe(1)
    expect(raw.prepare("SELECT name FROM sqlite_schema WHERE name = 'half_done'").get()).toBeUndefined()
    raw.close()
  })

  it('loads the native module from an explicit nativeBinding path, and says so when it cannot', () => {
    const require = createRequire(import.meta.url)
    const binding = path.join(
      path.dirname(require.resolve('better-sqlite3/package.json')),
      'build/Release/better_sqlite3.node'
    )
    const database = openDatabase({ path: storeFilePath(dir), nativeBinding: binding })
    expect(database.nativeBinding).toBe(binding)
    database.close()
    expectStoreError(
      () => openDatabase({ path: path.join(dir, 'b.sqlite'), nativeBinding: path.join(dir, 'missing.node') }),
      'store_unreadable'
    )
  })
})

describe('transactions on a writing connection', () => {
  // A forget read the person, then erased: when the rebuild after the last forget (a worker's
  // connection) wrote in between, SQLite answered "database is locked" at once, without waiting.
  it('take the write lock before their first read, so another connection cannot write in between', () => {
    const database = openDatabase({ path: storeFilePath(dir) })
    const { db } = database
    db.exec('CREATE TABLE notes (text TEXT)')
    const worker = openExtraConnection(extraConnectionTarget(database))
    worker.pragma('busy_timeout = 0') // a worker would wait; here its refusal shows who holds the lock
    let workerWrote: string | null = null
    db.transaction(() => {
      db.prepare('SELECT count(*) FROM notes').get()
      try {
        worker.prepare("INSERT INTO notes (text) VALUES ('the worker')").run()
        workerWrote = 'yes'
      } catch (error) {
        workerWrote = (error as Error).message
      }
      db.prepare("INSERT INTO notes (text) VALUES ('main')").run()
    })()
    expect(workerWrote).toBe('database is locked')
    expect(db.prepare('SELECT text FROM notes').pluck().all()).toEqual(['main'])
    // the worker's own transactions too, and a nested one is a savepoint of the outer
    db.pragma('busy_timeout = 0')
    worker.transaction(() => {
      worker.transaction(() => worker.prepare("INSERT INTO notes (text) VALUES ('nested')").run())()
      expect(() => db.prepare("INSERT INTO notes (text) VALUES ('main again')").run()).toThrow('database is locked')
    })()
    expect(db.prepare('SELECT text FROM notes ORDER BY rowid').pluck().all()).toEqual(['main', 'nested'])
    worker.close()
    database.close()
  })
})

describe('StoreRecovery', () => {
  it('moves a damaged file aside so a fresh store can start, without deleting anything', () => {
    const file = storeFilePath(dir)
    fs.writeFileSync(file, 'garbage'.repeat(200))
    const before = sha256(file)
    expectStoreError(() => openStore({ dataDir: dir }), 'store_corrupt')
    const clock = new ManualClock('2026-05-05T05:05:05.005Z')
    const { movedTo } = new StoreRecovery(file, clock).moveAside()
    expect(movedTo).toBe(`${file}.corrupt-2026-05-05T05-05-05-005Z`)
    expect(sha256(movedTo)).toBe(before)
    const fresh = openStore({ dataDir: dir })
    expect(fresh.shortlists.list()).toEqual([])
    fresh.close()
  })

  it('lists pre-migration copies and restores one in place of a damaged store', () => {
    const file = storeFilePath(dir)
    const v1 = openDatabase({ path: file, migrations: migrations.slice(0, 1) })
    v1.db.prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Kept', 'x', 'x')").run()
    v1.close()
    openDatabase({ path: file }).close()
    fs.writeFileSync(file, 'garbage'.repeat(200))
    fs.rmSync(`${file}-wal`, { force: true })
    fs.rmSync(`${file}-shm`, { force: true })

    const recovery = new StoreRecovery(file, new ManualClock())
    const copies = recovery.listCopies()
    expect(copies).toHaveLength(1)
    expect(copies[0]?.kind).toBe('pre-migration')
    const { movedTo } = recovery.restoreCopy(copies[0]?.path ?? '')
    expect(fs.readFileSync(movedTo ?? '', 'utf8')).toMatch(/^garbage/)
    expect(fs.existsSync(copies[0]?.path ?? '')).toBe(true)

    const store = openStore({ dataDir: dir })
    expect(store.shortlists.list().map((s) => s.name)).toEqual(['Kept'])
    store.close()
    expectStoreError(() => recovery.restoreCopy(path.join(dir, 'elsewhere.bak')), 'not_found')
  })
})

describe('privacy of the data folder', () => {
  it('creates the folder 0700 and the store 0600 (its -wal and -shm too), and leaves an existing folder as it was', () => {
    const parent = tempDir('td-private-')
    try {
      const created = path.join(parent, 'new', 'Talent Desk')
      const store = openStore({ dataDir: created })
      store.shortlists.create('Private')
      const mode = (file: string) => fs.statSync(file).mode & 0o777
      expect(mode(created)).toBe(0o700)
      const file = path.join(created, 'talent-desk.sqlite')
      expect(mode(file)).toBe(0o600)
      expect(mode(`${file}-wal`)).toBe(0o600)
      expect(mode(`${file}-shm`)).toBe(0o600)
      store.close()

      // A folder the recruiter chose (--data-dir ~) keeps its own permissions; only our file is private.
      const chosen = path.join(parent, 'home')
      fs.mkdirSync(chosen, { mode: 0o755 })
      fs.chmodSync(chosen, 0o755)
      openStore({ dataDir: chosen }).close()
      expect(mode(chosen)).toBe(0o755)
      expect(mode(path.join(chosen, 'talent-desk.sqlite'))).toBe(0o600)
    } finally {
      fs.rmSync(parent, { recursive: true, force: true })
    }
  })
})
