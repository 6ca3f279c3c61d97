import type { Logger } from '../logging/logger'
import { errorMessage } from '../../../shared/error-message'

/** The longest the purge sleeps before looking again (a clock that jumped, a machine that slept). */
export const MAX_SLEEP_MS = 3_600_000
/** The shortest: someone still due after a pass (an owner could not answer) waits this long. */
export const MIN_SLEEP_MS = 60_000

/**
 * When retention's purge runs, as the watches' scheduler: a pass forgets whoever is due, then it
 * sleeps until the next person is due (at most an hour). Passes never overlap; `wake()` during one
 * queues one more. Time comes from an injected clock: tests move it, `wake()`, then `idle()`.
 */
export class RetentionScheduler {
  #timer: NodeJS.Timeout | null = null
  #chain: Promise<void> = Promise.resolve()
  #queued = false
  #closed = false

  constructor(
    private readonly deps: {
      now: () => number
      purge: () => void
      nextDueAt: () => number | null
      logger: Logger
    }
  ) {}

  /** Looks now (started, the machine woke, the clock moved, the periods changed). */
  wake(): void {
    if (this.#queued || this.#closed) return
    this.#queued = true
    this.#chain = this.#chain
      .then(() => {
        this.#queued = false
        if (!this.#closed) this.deps.purge()
      })
      .catch((error: unknown) => this.deps.logger.warn('retention pass failed', { error: errorMessage(error) }))
      .finally(() => this.#arm())
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

  #arm(): void {
    if (this.#closed) return
    if (this.#timer !== null) clearTimeout(this.#timer)
    let next: number | null = null
    try {
      next = this.deps.nextDueAt()
    } catch {
      next = null // a refused store: look again later
    }
    const delay = next === null ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, Math.max(MIN_SLEEP_MS, next - this.deps.now()))
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.wake()
    }, delay)
    this.#timer.unref?.()
  }
}
