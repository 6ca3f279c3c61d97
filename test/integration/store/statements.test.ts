import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { statementsOf } from '../../../electron/main/store/statements'
import { removeDir, tempDir } from './helpers'

// The repositories' `sql(text)` is one helper (statementsOf): a statement is prepared once per
// repository, on first use, against the connection it is handed then.
describe('statementsOf', () => {
  let dir: string
  let db: Database.Database

  beforeEach(() => {
    dir = tempDir()
    db = new Database(path.join(dir, 'statements.sqlite'))
    db.exec('CREATE TABLE t (v TEXT)')
  })
  afterEach(() => {
    db.close()
    removeDir(dir)
  })

  it('prepares each text once, on first use, and the statement runs against the database', () => {
    let asked = 0
    const sql = statementsOf(() => {
      asked += 1
      return db
    })
    expect(asked).toBe(0)
    const insert = sql('INSERT INTO t (v) VALUES (?)')
    expect(sql('INSERT INTO t (v) VALUES (?)')).toBe(insert)
    insert.run('a')
    expect(sql('SELECT v FROM t').all()).toEqual([{ v: 'a' }])
    expect(asked).toBe(1)
    // another repository keeps its own statements
    expect(statementsOf(() => db)('INSERT INTO t (v) VALUES (?)')).not.toBe(insert)
  })

  it('a field initialiser may name a constructor parameter', () => {
    class Repo {
      constructor(private readonly db: Database.Database) {}
      private readonly sql = statementsOf(() => this.db)
      count(): number {
        return (this.sql('SELECT count(*) AS n FROM t').get() as { n: number }).n
      }
    }
    expect(new Repo(db).count()).toBe(0)
  })

  it('no repository of store/ writes the cache by hand any more', () => {
    const folder = path.resolve(__dirname, '../../../electron/main/store')
    const byHand = fs
      .readdirSync(folder)
      .filter((name) => name.endsWith('.ts') && name !== 'statements.ts')
      .filter((name) => /\?\?=\s*new StatementCache\(/.test(fs.readFileSync(path.join(folder, name), 'utf8')))
    expect(byHand).toEqual([])
  })
})
