import { describe, expect, it } from 'vitest'
import { WATCH_DEFAULTS } from '../../../shared/ipc/channels/watches'
import {
  chunkIntoJobs,
  DAY_MS,
  isDue,
  localDayStart,
  nextRunAfter,
  steadyWeek
} from '../../../electron/main/watches/schedule'
import { WatchScheduler } from '../../../electron/main/watches/watch-scheduler'
import { createLogger } from '../../../electron/main/logging/logger'

const handles = (n: number) => Array.from({ length: n }, (_, i) => `h${i}`)

describe('the watch schedule', () => {
  it('runs a watch one interval after it ran, however long it was missed', () => {
    const ranAt = Date.parse('2026-03-09T08:00:00Z') // a week after it was due
    expect(new Date(nextRunAfter(ranAt, 24)).toISOString()).toBe('2026-03-10T08:00:00.000Z')
    expect(isDue({ nextRunAt: '2026-03-02T08:00:00Z', paused: false }, ranAt)).toBe(true)
    expect(isDue({ nextRunAt: '2026-03-02T08:00:00Z', paused: true }, ranAt)).toBe(false)
    expect(isDue({ nextRunAt: '2026-03-10T08:00:00Z', paused: false }, ranAt)).toBe(false)
  })

  it('cuts stale handles into jobs within what is left of the day’s budget', () => {
    expect(chunkIntoJobs(handles(12), { jobsLeft: 2, peoplePerJob: 5 })).toEqual({
      jobs: [handles(5), handles(10).slice(5)],
      waiting: 2
    })
    expect(chunkIntoJobs(handles(3), { jobsLeft: 4, peoplePerJob: 100 })).toEqual({ jobs: [handles(3)], waiting: 0 })
    expect(chunkIntoJobs(handles(3), { jobsLeft: 0, peoplePerJob: 100 })).toEqual({ jobs: [], waiting: 3 })
  })

  it('says what the default schedule spends on a 500-person shortlist', () => {
    const week = steadyWeek(500, WATCH_DEFAULTS, WATCH_DEFAULTS.maxAgeDays)
    expect(week).toEqual({ peoplePerWeek: 500, jobsPerWeek: 5, daysToCover: 2, fitsBudget: true })
    // 5,000 people refreshed weekly would need 50 jobs a week: more than 4 a day allows
    expect(steadyWeek(5000, WATCH_DEFAULTS, 7).fitsBudget).toBe(false)
  })

  it('counts the budget from the start of the local day', () => {
    const now = Date.parse('2026-03-02T15:30:00Z')
    const start = localDayStart(now)
    expect(start).toBeLessThanOrEqual(now)
    expect(now - start).toBeLessThan(DAY_MS)
    expect(new Date(start).getHours()).toBe(0)
  })
})

describe('the watch scheduler', () => {
  function scheduler(dueAt: number[]) {
    let now = Date.parse('2026-03-02T10:00:00Z')
    const runs: number[] = []
    const pending = [...dueAt]
    const logs: unknown[] = []
    const instance = new WatchScheduler({
      now: () => now,
      resumeRuns: async () => undefined,
      // runs what is due at `now` once and moves it a day on, like the service does
      runDue: async () => {
        for (let i = 0; i < pending.length; i += 1) {
          if (pending[i]! <= now) {
            runs.push(now)
            pending[i] = nextRunAfter(now, 24)
          }
        }
      },
      nextDueAt: () => (pending.length === 0 ? null : Math.min(...pending)),
      logger: createLogger((record) => logs.push(record))
    })
    return {
      instance,
      runs,
      advance: (ms: number) => (now += ms),
      get now() {
        return now
      }
    }
  }

  it('catches up once at start after a closed week, then runs daily', async () => {
    const weekAgo = Date.parse('2026-02-23T10:00:00Z')
    const s = scheduler([weekAgo])
    s.instance.start()
    await s.instance.idle()
    expect(s.runs).toEqual([s.now]) // once, not seven times
    s.advance(DAY_MS / 2)
    s.instance.wake()
    await s.instance.idle()
    expect(s.runs).toHaveLength(1)
    s.advance(DAY_MS / 2)
    s.instance.wake()
    await s.instance.idle()
    expect(s.runs).toHaveLength(2)
    await s.instance.close()
  })

  it('never overlaps passes: wakes while one runs become one more pass', async () => {
    let running = 0
    let most = 0
    let passes = 0
    const instance = new WatchScheduler({
      now: () => 0,
      resumeRuns: async () => undefined,
      runDue: async () => {
        running += 1
        most = Math.max(most, running)
        passes += 1
        await Promise.resolve()
        running -= 1
      },
      nextDueAt: () => null,
      logger: createLogger(() => undefined)
    })
    instance.start()
    for (let i = 0; i < 10; i += 1) instance.wake()
    await instance.idle()
    expect(most).toBe(1)
    expect(passes).toBe(2) // the start's pass and one queued wake
    await instance.close()
  })
})
