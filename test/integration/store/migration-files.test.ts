/// <reference types="vite/client" />
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type BetterSqlite3 from 'better-sqlite3'
import { openDatabase } from '../../../electron/main/store/database'
import {
  latestVersion,
  migrations,
  migrationsFrom,
  type Migration,
  type MigrationFile
} from '../../../electron/main/store/migrations'
import { migrationFiles } from '../../../electron/main/store/migrations/index'
import { activityKindSchema } from '../../../shared/ipc/channels/watches'
import {
  INDEX_FILE,
  MAIN_DIR,
  MIGRATIONS_DIR,
  migrationFileNames,
  migrationFilesOnDisk,
  migrationsIndexSource
} from '../../../scripts/migrations-index'
import { ManualClock, removeDir, tempDir } from './helpers'

let dir: string
beforeEach(() => {
  dir = tempDir('td-migrations-')
})
afterEach(() => removeDir(dir))

/** sqlite_master as text to compare: every entry by type and name, its SQL with whitespace folded. */
function schemaOf(db: BetterSqlite3.Database): string[] {
  const rows = db.prepare('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name').all() as Array<{
    type: string
    name: string
    tbl_name: string
    sql: string | null
  }>
  return rows.map((row) => `${row.type} ${row.name} on ${row.tbl_name}: ${(row.sql ?? '').replace(/\s+/g, ' ').trim()}`)
}

const file = (name: string) => path.join(dir, name)

describe('one migration a file', () => {
  it('loads every <nn>-<name>.ts of every migrations/ folder (store’s and the features’), through an index that says the same as the folders', () => {
    const onDisk = migrationFileNames()
    expect(onDisk.length).toBe(migrations.length)
    // the index is what `node --import tsx scripts/migrations-index.ts` writes for the folders as they are
    expect(fs.readFileSync(INDEX_FILE, 'utf8')).toBe(migrationsIndexSource(migrationFilesOnDisk()))
    // and Vite's own look at the folders finds the same modules the index imports
    const globbed = import.meta.glob<Migration>('../../../electron/main/*/migrations/[0-9]*-*.ts', { eager: true })
    const byNumber = Object.entries(globbed).sort(([a], [b]) => parseInt(path.basename(a)) - parseInt(path.basename(b)))
    expect(byNumber.map(([key]) => path.basename(key))).toEqual(onDisk)
    expect(migrationFiles.map(({ module }) => module)).toEqual(byNumber.map(([, module]) => module))
    // one sequence across every folder: no number twice, none missing
    expect(onDisk.map((name) => parseInt(name))).toEqual(onDisk.map((_, i) => i + 1))
    for (const [i, name] of onDisk.entries()) {
      expect(Number(name.slice(0, name.indexOf('-'))), name).toBe(i + 1)
      expect(migrations[i]?.version).toBe(i + 1)
    }
    expect(fs.existsSync(path.join(MIGRATIONS_DIR, 'index.ts'))).toBe(true)
  })

  it('reads one sequence across the folders, so a number used in two folders or skipped shows', () => {
    const main = path.join(dir, 'main')
    const put = (folder: string, name: string) => {
      fs.mkdirSync(path.join(main, folder, 'migrations'), { recursive: true })
      fs.writeFileSync(path.join(main, folder, 'migrations', name), '')
    }
    put('store', '01-a.ts')
    put('store', '03-c.ts')
    put('chat', '02-b.ts')
    put('chat', 'helpers.ts')
    fs.mkdirSync(path.join(main, 'search'))
    expect(migrationFilesOnDisk(main)).toEqual([
      { file: '01-a.ts', folder: 'store' },
      { file: '02-b.ts', folder: 'chat' },
      { file: '03-c.ts', folder: 'store' }
    ])
    expect(migrationsIndexSource(migrationFilesOnDisk(main))).toContain(
      "import * as m02 from '../../chat/migrations/02-b'"
    )
    put('search', '02-d.ts')
    put('search', '05-e.ts')
    expect(migrationFileNames(main).map((name) => parseInt(name))).toEqual([1, 2, 2, 3, 5])
  })

  it('keeps in a feature’s migrations/ only what touches that feature’s own tables', () => {
    const owners = new Map<string, string>()
    for (const folder of fs.readdirSync(MAIN_DIR)) {
      const claims = path.join(MAIN_DIR, folder, 'personal-data.ts')
      if (!fs.existsSync(claims)) continue
      for (const [, table] of fs.readFileSync(claims, 'utf8').matchAll(/\btable:\s*'([a-z_0-9]+)'/g))
        owners.set(table!, folder)
    }
    const named =
      /\b(?:CREATE (?:VIRTUAL )?TABLE(?: IF NOT EXISTS)?|ALTER TABLE|INSERT(?: OR \w+)? INTO|UPDATE|DELETE FROM|DROP TABLE(?: IF EXISTS)?|FROM|JOIN|REFERENCES|ON)\s+([a-z_0-9]+)/g
    const moved = migrationFilesOnDisk().filter(({ folder }) => folder !== 'store')
    expect(moved.length).toBeGreaterThan(0)
    for (const { file, folder } of moved) {
      const source = fs.readFileSync(path.join(MAIN_DIR, folder, 'migrations', file), 'utf8')
      const others = [...source.matchAll(named)]
        .map((match) => match[1]!)
        .filter((table) => owners.has(table) && owners.get(table) !== folder)
      expect(others, `${folder}/migrations/${file}`).toEqual([])
      // nothing of the feature either: the index (in store/) may reach these files and no further
      expect(
        [...source.matchAll(/^import .* from '([^']+)'/gm)].map((match) => match[1]),
        file
      ).toEqual(['better-sqlite3'])
    }
  })

  it('refuses a folder whose numbers skip, repeat, or disagree with the file name', () => {
    const up = () => undefined
    const at = (fileName: string, version: number): MigrationFile => ({
      file: fileName,
      module: { version, name: fileName, up }
    })
    expect(migrationsFrom([at('02-b.ts', 2), at('01-a.ts', 1)]).map((m) => m.version)).toEqual([1, 2])
    expect(() => migrationsFrom([at('01-a.ts', 1), at('03-c.ts', 3)])).toThrow(/without gaps or repeats: found 1, 3/)
    expect(() => migrationsFrom([at('01-a.ts', 1), at('01-b.ts', 1)])).toThrow(/without gaps or repeats/)
    expect(() => migrationsFrom([at('02-a.ts', 1)])).toThrow(/02-a.ts says it is version 1/)
    expect(() => migrationsFrom([at('a.ts', 1)])).toThrow(/not named <number>-<name>.ts/)
    expect(() => migrationsFrom([at('01-a.ts', 2), at('02-b.ts', 1)])).toThrow(/says it is version/)
    expect(() => migrationsFrom([{ file: '01-a.ts', module: { version: 1, name: '', up } }])).toThrow(
      /must export version, name and up/
    )
  })

  it('migrates a copy of every earlier version’s store to the same schema as a fresh store', () => {
    const fresh = openDatabase({ path: file('fresh.sqlite') })
    const expected = schemaOf(fresh.db)
    expect(fresh.version).toBe(latestVersion())
    fresh.close()

    const latest = latestVersion()
    for (let at = 1; at < latest; at++) {
      const path_ = file(`v${at}.sqlite`)
      const old = openDatabase({ path: path_, migrations: migrations.slice(0, at) })
      expect(old.version).toBe(at)
      if (at >= 13) {
        // an Activity entry of the oldest kind, which every rebuild of that table must carry
        old.db
          .prepare(
            `INSERT INTO activity (connection_id, kind, text, created_at, link_json, source_key)
             VALUES ('c1', 'person_changed', 'Ana Peña moved', '2026-01-01T00:00:00.000Z', '{}', 'job:1:ana')`
          )
          .run()
      }
      old.close()

      const upgraded = openDatabase({ path: path_, clock: new ManualClock(), integrityCheck: 'quick' })
      expect({ at, from: upgraded.openedAtVersion, to: upgraded.version }).toEqual({ at, from: at, to: latest })
      expect(upgraded.preMigrationCopy, `copy before upgrading v${at}`).toBeDefined()
      expect(fs.existsSync(upgraded.preMigrationCopy as string)).toBe(true)
      expect(schemaOf(upgraded.db), `store made at v${at}`).toEqual(expected)
      expect(upgraded.db.pragma('foreign_key_check')).toEqual([])
      if (at >= 13)
        expect(upgraded.db.prepare('SELECT kind, source_key FROM activity').all()).toEqual([
          { kind: 'person_changed', source_key: 'job:1:ana' }
        ])
      upgraded.close()
    }
  })
})

describe('Activity kinds are a table', () => {
  it('holds exactly the kinds shared/ names, and refuses a kind it does not hold', () => {
    const store = openDatabase({ path: file('kinds.sqlite') })
    try {
      const kinds = (
        store.db.prepare('SELECT kind FROM activity_kinds ORDER BY kind').all() as Array<{ kind: string }>
      ).map((row) => row.kind)
      expect(kinds).toEqual([...activityKindSchema.options].sort())
      const insert = store.db.prepare(
        `INSERT INTO activity (connection_id, kind, text, created_at, link_json) VALUES ('c1', ?, 'x', '2026-01-01', '{}')`
      )
      for (const kind of activityKindSchema.options) expect(() => insert.run(kind)).not.toThrow()
      expect(() => insert.run('no_such_kind')).toThrow(/FOREIGN KEY constraint failed/)
    } finally {
      store.close()
    }
  })

  it('takes a new kind with one INSERT in its own migration, the activity table left as it was', () => {
    const path_ = file('new-kind.sqlite')
    const before = openDatabase({ path: path_ })
    const activityBefore = before.db.prepare("SELECT sql, rootpage FROM sqlite_master WHERE name = 'activity'").get()
    before.db
      .prepare(
        `INSERT INTO activity (connection_id, kind, text, created_at, link_json) VALUES ('c1', 'budget', 'kept', '2026-01-01', '{}')`
      )
      .run()
    before.close()

    const next = latestVersion() + 1
    const newKind: Migration = {
      version: next,
      name: 'activity tells something new',
      up: (db) => db.exec("INSERT INTO activity_kinds (kind) VALUES ('something_new')")
    }
    const after = openDatabase({ path: path_, migrations: [...migrations, newKind], clock: new ManualClock() })
    try {
      expect(after.version).toBe(next)
      expect(after.db.prepare("SELECT sql, rootpage FROM sqlite_master WHERE name = 'activity'").get()).toEqual(
        activityBefore
      )
      after.db
        .prepare(
          `INSERT INTO activity (connection_id, kind, text, created_at, link_json) VALUES ('c1', 'something_new', 'x', '2026-01-02', '{}')`
        )
        .run()
      expect(after.db.prepare('SELECT kind, text FROM activity ORDER BY id').all()).toEqual([
        { kind: 'budget', text: 'kept' },
        { kind: 'something_new', text: 'x' }
      ])
    } finally {
      after.close()
    }
  })
})
