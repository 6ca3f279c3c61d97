import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { AtsPagesAnswer, AtsPagesAsk } from '../../electron/main/known-people/list-jobs'
import type { CheckpointWorkerReply } from '../../electron/main/team/wal-checkpoints'
import { SANDBOX_WORKER_FILE } from '../../electron/main/embedded-api/prewarmed-worker'
import { openTestStore, removeDir, tempDir } from '../integration/store/helpers'
import { builtHost } from './built-host'
import { extraConnectionTarget } from '../../electron/main/store/extra-connection-target'

/*
 * The worker threads the app starts are files of the build (out/main, electron.vite.config.ts's
 * entries), loaded by built-workers.ts by name: a worker missing from the build, or one whose bundle
 * does not run, fails here as it would fail a recruiter. The checkpoint worker (the team sync's
 * write-ahead log, checkpointed off main's thread while a backlog applies) is run as built, on a
 * data file with a log to copy.
 */

const root = resolve(import.meta.dirname, '../..')
const outMain = join(root, 'out/main')

/** The nice value of each of this process's threads (Linux: a nice value is a thread's own). */
function niceOfThreads(): number[] {
  return readdirSync('/proc/self/task').map((task) => {
    const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])
  })
}

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
    const { db } = store.database
    try {
      // a log to copy: main's automatic checkpoint off, as during a team sync's slices
      db.pragma('wal_autocheckpoint = 0')
      db.exec('CREATE TABLE checkpoint_probe (n INTEGER)')
      const insert = db.prepare('INSERT INTO checkpoint_probe (n) VALUES (?)')
      db.transaction(() => {
        for (let n = 0; n < 5_000; n += 1) insert.run(n)
      })()
      const worker = builtHost().workers.checkpoint({
        ...extraConnectionTarget(store.database)
      })
      const exited = new Promise<number>((resolveExit) => worker.once('exit', resolveExit))
      const reply = new Promise<CheckpointWorkerReply>((resolveReply, reject) => {
        worker.once('message', resolveReply)
        worker.once('error', reject)
      })
      worker.postMessage('checkpoint')
      const answer = await reply
      // it runs below main (nice 10), main's thread as it was: a busy machine's core goes to main first
      expect(niceOfThreads().filter((nice) => nice === 10)).toHaveLength(1)
      expect(niceOfThreads()[0]).toBe(0)
      expect(answer).toMatchObject({ done: true, busy: 0 })
      if (answer.done) {
        expect(answer.log).toBeGreaterThan(0)
        expect(answer.checkpointed).toBe(answer.log)
      }
      worker.postMessage('close')
      expect(await exited).toBe(0)
      expect(niceOfThreads().filter((nice) => nice === 10)).toHaveLength(0)
      expect(db.prepare('SELECT COUNT(*) FROM checkpoint_probe').pluck().get()).toBe(5_000)
    } finally {
      store.close()
    }
  })

  it('the built known-people worker takes an ATS pull’s pages below main’s priority, as bytes transferred to it, and ends when abandoned', async () => {
    const dir = tempDir('td-e2e-known-pages-')
    dirs.push(dir)
    const { store } = openTestStore(dir)
    try {
      const worker = builtHost().workers.knownPeople({
        job: 'atsPages',
        target: {
          mode: 'full',
          name: 'Greenhouse',
          connectionId: 'sandbox',
          source: 'greenhouse',
          pulledAt: '2026-11-28T00:00:00.000Z'
        },
        ...extraConnectionTarget(store.database)
      })
      const exited = new Promise<number>((resolveExit) => worker.once('exit', resolveExit))
      // its top level lowers its own thread's priority, main's stays: a busy machine's core goes to main first
      await expect.poll(() => niceOfThreads().filter((nice) => nice === 10).length).toBe(1)
      expect(niceOfThreads()[0]).toBe(0)
      const answer = () =>
        new Promise<AtsPagesAnswer>((resolveReply, reject) => {
          worker.once('message', resolveReply)
          worker.once('error', reject)
        })
      // a page as main sends it: UTF-8 bytes (past ASCII) in a buffer of their own, transferred
      const candidates = [
        { id: 41, first_name: 'Zoë', last_name: 'Ångström', email_addresses: [{ value: 'zoe@bytes.example' }] },
        {
          id: 42,
          first_name: '李',
          last_name: '雷',
          can_email: false,
          email_addresses: [{ value: 'li@bytes.example' }]
        }
      ]
      const bytes = new TextEncoder().encode(JSON.stringify(candidates))
      const page: AtsPagesAsk = {
        type: 'page',
        page: { kind: 'greenhouse', bytes, what: 'page 1 of candidates', stages: [] }
      }
      const written = answer()
      worker.postMessage(page, [bytes.buffer])
      expect(bytes.byteLength).toBe(0)
      expect(await written).toMatchObject({
        type: 'done',
        written: { people: 2, mayNotEmail: ['li@bytes.example'], mayEmailHashes: [] }
      })
      const abandoned = answer()
      worker.postMessage({ type: 'abandon' })
      expect(await abandoned).toEqual({ type: 'done', written: null })
      expect(await exited).toBe(0)
      expect(niceOfThreads().filter((nice) => nice === 10)).toHaveLength(0)
    } finally {
      store.close()
    }
  })
})
