import type { Logger } from '../logging/logger'
import { HOUR_MS } from './schedule'
import { errorMessage } from '../../../shared/error-message'

/** The longest the scheduler sleeps before looking again (a clock that jumped, a machine that slept). */
export const MAX_SLEEP_MS = HOUR_MS / 4
/** The shortest: a watch still due after a pass (its run failed before it was claimed) waits this long. */
export const MIN_SLEEP_MS = 60_000

/**
 * When watches run. Each pass first finishes the runs a crash (or a connection that could not be
 * called) cut short, then every watch that is due runs once (a week closed is one catch-up run, not seven). Then it sleeps until the soonest
 * next run (at most a quarter of an hour, so a clock change or a sleep is noticed), and again.
 * Passes never overlap: `wake()` while one runs queues one more after it. Time comes from an
 * injected clock; tests move it and call `wake()`, then wait for `idle()`.
 */
export class WatchScheduler {
  #timer: NodeJS.Timeout | null = null
  #chain: Promise<void> = Promise.resolve()
  #queued = false
  #closed = false

  constructor(
    private readonly deps: {
      now: () => number
      resumeRuns: () => Promise<void>
      runDue: () => Promise<void>
      nextDueAt: () => number | null
      logger: Logger
      maxSleepMs?: number
    }
  ) {}

  start(): void {
    this.#enqueue(async () => {
      await this.deps.resumeRuns()
      await this.deps.runDue()
    })
  }

  /** Looks now (the machine woke, a watch was added or resumed, the clock moved). */
  wake(): void {
    if (this.#queued) return
    this.#queued = true
    this.#enqueue(async () => {
      this.#queued = false
      await this.deps.resumeRuns()
      await this.deps.runDue()
    })
  }

  /** Resolves once every pass asked for so far has ended. */
  async idle(): Promise<void> {
    let seen: Promise<void>
    do {
      seen = this.#chain
      await seen
    } while (seen !== this.#chain)
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    await this.#chain
  }

  #enqueue(pass: () => Promise<void>): void {
    if (this.#closed) return
    this.#chain = this.#chain
      .then(() => (this.#closed ? undefined : pass()))
      .catch((error: unknown) => this.deps.logger.warn('watches pass failed', { error: errorMessage(error) }))
      .finally(() => this.#arm())
  }

  #arm(): void {
    if (this.#closed) return
    if (this.#timer !== null) clearTimeout(this.#timer)
    const maxSleep = this.deps.maxSleepMs ?? MAX_SLEEP_MS
    let next: number | null = null
    try {
      next = this.deps.nextDueAt()
    } catch {
      next = null // a refused store: look again later
    }
    const delay = next === null ? maxSleep : Math.min(maxSleep, Math.max(MIN_SLEEP_MS, next - this.deps.now()))
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.wake()
    }, delay)
    this.#timer.unref?.()
  }
}
