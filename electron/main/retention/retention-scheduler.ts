import type { Logger } from '../logging/logger'
import { DuePasses } from '../work/due-passes'

/** The longest the purge sleeps before looking again (a clock that jumped, a machine that slept). */
export const MAX_SLEEP_MS = 3_600_000
/** The shortest: someone still due after a pass (an owner could not answer) waits this long. */
export const MIN_SLEEP_MS = 60_000

/**
 * When retention's purge runs, as the watches' scheduler (work/due-passes.ts): a pass forgets
 * whoever is due, then it sleeps until the next person is due (at most an hour). Passes never
 * overlap; `wake()` during one queues one more. Tests move the injected clock, `wake()`, `idle()`.
 */
export class RetentionScheduler extends DuePasses {
  constructor(deps: { now: () => number; purge: () => void; nextDueAt: () => number | null; logger: Logger }) {
    super({
      now: deps.now,
      nextDueAt: deps.nextDueAt,
      logger: deps.logger,
      failure: 'retention pass failed',
      minSleepMs: MIN_SLEEP_MS,
      maxSleepMs: MAX_SLEEP_MS,
      pass: () => deps.purge()
    })
  }
}
