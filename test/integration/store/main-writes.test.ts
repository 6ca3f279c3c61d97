import { once } from 'node:events'
import { Worker } from 'node:worker_threads'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, storeFilePath } from '../../../electron/main/store'
import { extraConnectionTarget } from '../../../electron/main/store/extra-connection-target'
import { mainIsWriting, mainWritesFlag, waitForMain, withMainWriting } from '../../../electron/main/store/main-writes'
import { removeDir, tempDir } from './helpers'

// Main's turn at the data file (main-writes.ts): SQLite's busy wait is no queue, and a worker that
// begins its next transaction as soon as it commits kept main's thread blocked, then failed main's
// write ("database is locked") while it deleted a replaced list's rows.
let dir: string
beforeEach(() => {
  dir = tempDir('td-main-writes-')
})
afterEach(() => removeDir(dir))

describe('main’s turn at the data file', () => {
  it('a worker’s transaction begins only once main’s transaction has committed', async () => {
    const database = openDatabase({ path: storeFilePath(dir) })
    const { db } = database
    db.exec('CREATE TABLE notes (text TEXT)')
    const signal = new Int32Array(new SharedArrayBuffer(4))
    const worker = new Worker(new URL('../../../electron/main/embedded-api/tsx-worker.mjs', import.meta.url), {
      workerData: {
        ...extraConnectionTarget(database),
        signal: signal.buffer,
        entry: new URL('./fixtures/turn-taking-worker.ts', import.meta.url).href
      }
    })
    try {
      const replies = once(worker, 'message')
      expect((await replies)[0]).toEqual({ ready: true })
      const answer = once(worker, 'message')
      db.transaction(() => {
        expect(mainIsWriting(database.mainWrites)).toBe(true)
        db.prepare("INSERT INTO notes (text) VALUES ('main')").run()
        Atomics.store(signal, 0, 1)
        Atomics.notify(signal, 0)
        // the worker is at its begin; main holds the file a moment longer (a worker that did not
        // wait for main would be refused in that moment: its busy_timeout is 0)
        Atomics.wait(signal, 0, 1, 10_000)
        Atomics.wait(signal, 0, 2, 200)
      })()
      expect(mainIsWriting(database.mainWrites)).toBe(false)
      expect((await answer)[0]).toEqual({ wrote: true })
      expect(db.prepare('SELECT text FROM notes ORDER BY rowid').pluck().all()).toEqual(['main', 'worker'])
    } finally {
      await worker.terminate()
      database.close()
    }
  })

  it('raises main’s flag for a write outside a transaction too (one statement, exec), not for a read', () => {
    const database = openDatabase({ path: storeFilePath(dir) })
    const { db } = database
    try {
      // SQLite calls this while the statement runs: what a worker would see at that moment
      db.function('main_writing', () => (mainIsWriting(database.mainWrites) ? 1 : 0))
      db.exec('CREATE TABLE notes (text TEXT, writing INTEGER)')
      db.prepare("INSERT INTO notes (text, writing) VALUES ('one statement', main_writing())").run()
      db.exec("INSERT INTO notes (text, writing) VALUES ('exec', main_writing())")
      db.transaction(() => db.prepare("INSERT INTO notes (text, writing) VALUES ('in a transaction', main_writing())").run())()
      expect(db.prepare('SELECT text, writing FROM notes ORDER BY rowid').all()).toEqual([
        { text: 'one statement', writing: 1 },
        { text: 'exec', writing: 1 },
        { text: 'in a transaction', writing: 1 }
      ])
      expect(db.prepare('SELECT main_writing()').pluck().get()).toBe(0)
      expect(mainIsWriting(database.mainWrites)).toBe(false)
    } finally {
      database.close()
    }
  })

  it('counts nested transactions, lowers the flag when one throws, and never waits on main’s own thread', () => {
    const flag = mainWritesFlag()
    expect(() =>
      withMainWriting(flag, () =>
        withMainWriting(flag, () => {
          expect(mainIsWriting(flag)).toBe(true)
          // main's own thread (a second connection there) would wait for itself: it goes at once
          waitForMain(flag)
          throw new Error('refused')
        })
      )
    ).toThrow('refused')
    expect(mainIsWriting(flag)).toBe(false)
  })
})
