import type { Logger } from '../logging/logger'
import { HOUR_MS } from './schedule'
import { DuePasses } from '../work/due-passes'

/** The longest the scheduler sleeps before looking again (a clock that jumped, a machine that slept). */
export const MAX_SLEEP_MS = HOUR_MS / 4
/** The shortest: a watch still due after a pass (its run failed before it was claimed) waits this long. */
export const MIN_SLEEP_MS = 60_000

/**
 * When watches run. Each pass first finishes the runs a crash (or a connection that could not be
 * called) cut short, then every watch that is due runs once (a week closed is one catch-up run, not
 * seven). Then it sleeps until the soonest next run (at most a quarter of an hour, so a clock change
 * or a sleep is noticed), and again (work/due-passes.ts: passes never overlap; tests move the
 * injected clock, `wake()`, then `idle()`).
 */
export class WatchScheduler extends DuePasses {
  constructor(deps: {
    now: () => number
    resumeRuns: () => Promise<void>
    runDue: () => Promise<void>
    nextDueAt: () => number | null
    logger: Logger
    maxSleepMs?: number
  }) {
    super({
      now: deps.now,
      nextDueAt: deps.nextDueAt,
      logger: deps.logger,
      failure: 'watches pass failed',
      minSleepMs: MIN_SLEEP_MS,
      maxSleepMs: deps.maxSleepMs ?? MAX_SLEEP_MS,
      pass: async () => {
        await deps.resumeRuns()
        await deps.runDue()
      }
    })
  }
}
