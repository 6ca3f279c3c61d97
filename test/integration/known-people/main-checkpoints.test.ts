import { afterEach, describe, expect, it } from 'vitest'
import { spawnKnownPeopleWorkerFromSource } from '../../../electron/main/known-people/known-people-worker-from-source'
import { listJobsInWorker } from '../../../electron/main/known-people/list-jobs'
import { MainCheckpoints } from '../../../electron/main/known-people/main-checkpoints'
import { openTestStore, removeDir, tempDir } from '../store/helpers'

// Main's automatic checkpoints are held off while ATS pulls write pages in the worker, and put
// back as the last one ends, whatever order overlapping pulls end in (a real data file).
const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) removeDir(dir)
})

describe('MainCheckpoints', () => {
  it('holds main’s auto-checkpoint at 0 while any pull runs, and puts its setting back after the last', () => {
    const dir = tempDir('td-main-checkpoints-')
    dirs.push(dir)
    const { store } = openTestStore(dir)
    const { db } = store.database
    const setting = () => db.pragma('wal_autocheckpoint', { simple: true })
    try {
      db.pragma('wal_autocheckpoint = 700')
      const checkpoints = new MainCheckpoints(() => db)
      const first = checkpoints.hold()
      expect(setting()).toBe(0)
      const second = checkpoints.hold()
      first()
      first() // a second release of the same pull changes nothing
      expect(setting()).toBe(0)
      second()
      expect(setting()).toBe(700)
      const third = checkpoints.hold()
      expect(setting()).toBe(0)
      third()
      expect(setting()).toBe(700)
    } finally {
      store.close()
    }
  })

  it('is held by a pull written in the worker from its start until it is abandoned or finished', async () => {
    const dir = tempDir('td-main-checkpoints-pull-')
    dirs.push(dir)
    const { store } = openTestStore(dir)
    const { db } = store.database
    const setting = () => db.pragma('wal_autocheckpoint', { simple: true })
    try {
      const jobs = listJobsInWorker(spawnKnownPeopleWorkerFromSource, () => store)
      const target = (name: string) => ({
        mode: 'full' as const,
        name,
        connectionId: 'sandbox',
        source: 'greenhouse',
        pulledAt: '2026-11-28T00:00:00.000Z'
      })
      const first = jobs.atsPages(target('Greenhouse'))
      expect(setting()).toBe(0)
      const second = jobs.atsPages(target('Lever'))
      await first.abandon()
      expect(setting()).toBe(0)
      await second.finish()
      expect(setting()).toBe(1000)
    } finally {
      store.close()
    }
  }, 60_000)
})
