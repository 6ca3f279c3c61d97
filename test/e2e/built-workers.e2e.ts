import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { CheckpointWorkerReply } from '../../electron/main/team/wal-checkpoints'
import { SANDBOX_WORKER_FILE } from '../../electron/main/embedded-api/prewarmed-worker'
import { openTestStore, removeDir, tempDir } from '../integration/store/helpers'
import { builtHost } from './built-host'

/*
 * The worker threads the app starts are files of the build (out/main, electron.vite.config.ts's
 * entries), loaded by built-workers.ts by name: a worker missing from the build, or one whose bundle
 * does not run, fails here as it would fail a recruiter. The checkpoint worker (the team sync's
 * write-ahead log, checkpointed off main's thread while a backlog applies) is run as built, on a
 * data file with a log to copy.
 */

const root = resolve(import.meta.dirname, '../..')
const outMain = join(root, 'out/main')

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir)
})

describe('the built workers', () => {
  it('every worker file built-workers.ts starts is in out/main', () => {
    const source = readFileSync(join(root, 'electron/main/built-workers.ts'), 'utf8')
    const files = [...source.matchAll(/'([a-z-]+-worker\.cjs)'/g)].map((match) => match[1]!)
    expect(files).toContain('checkpoint-worker.cjs')
    for (const file of [...files, SANDBOX_WORKER_FILE]) expect(existsSync(join(outMain, file)), file).toBe(true)
    expect(Object.keys(builtHost().workers)).toContain('checkpoint')
  })

  it('the built checkpoint worker copies the log into the data file on a connection of its own, then ends when asked', async () => {
    const dir = tempDir('td-e2e-checkpoint-')
    dirs.push(dir)
    const { store } = openTestStore(dir)
    const { db, path, version } = store.database
    try {
      // a log to copy: main's automatic checkpoint off, as during a team sync's slices
      db.pragma('wal_autocheckpoint = 0')
      db.exec('CREATE TABLE checkpoint_probe (n INTEGER)')
      const insert = db.prepare('INSERT INTO checkpoint_probe (n) VALUES (?)')
      db.transaction(() => {
        for (let n = 0; n < 5_000; n += 1) insert.run(n)
      })()
      const worker = builtHost().workers.checkpoint({
        storeFile: path,
        schemaVersion: version,
        nativeBinding: undefined
      })
      const exited = new Promise<number>((resolveExit) => worker.once('exit', resolveExit))
      const reply = new Promise<CheckpointWorkerReply>((resolveReply, reject) => {
        worker.once('message', resolveReply)
        worker.once('error', reject)
      })
      worker.postMessage('checkpoint')
      const answer = await reply
      expect(answer).toMatchObject({ done: true, busy: 0 })
      if (answer.done) {
        expect(answer.log).toBeGreaterThan(0)
        expect(answer.checkpointed).toBe(answer.log)
      }
      worker.postMessage('close')
      expect(await exited).toBe(0)
      expect(db.prepare('SELECT COUNT(*) FROM checkpoint_probe').pluck().get()).toBe(5_000)
    } finally {
      store.close()
    }
  })
})
