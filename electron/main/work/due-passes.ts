import type { Logger } from '../logging/logger'
import { errorMessage } from '../../../shared/error-message'

export interface DuePassesDeps {
  now: () => number
  /** One pass over whatever is due (a throw is logged; the next pass comes all the same). */
  pass: () => Promise<void> | void
  /** When the next thing falls due (ms since the epoch), or null when nothing is waiting. */
  nextDueAt: () => number | null
  logger: Logger
  /** The log line of a pass that failed. */
  failure: string
  /** The shortest sleep: something still due after a pass waits this long. */
  minSleepMs: number
  /** The longest sleep before looking again (a clock that jumped, a machine that slept). */
  maxSleepMs: number
}

/**
 * Work that falls due on a clock (watches, retention's purge): a pass does what is due, then it
 * sleeps until the soonest next due time (at least minSleepMs, at most maxSleepMs), and again.
 * Passes never overlap: `wake()` while one runs queues one more after it. Time comes from an
 * injected clock; tests move it and call `wake()`, then wait for `idle()`.
 */
export class DuePasses {
  #timer: NodeJS.Timeout | null = null
  #chain: Promise<void> = Promise.resolve()
  #queued = false
  #closed = false

  constructor(private readonly deps: DuePassesDeps) {}

  /** The first pass (not merged with a wake that comes meanwhile). */
  start(): void {
    this.#enqueue(() => this.deps.pass())
  }

  /** Looks now (started, the machine woke, something was added, the clock moved). */
  wake(): void {
    if (this.#queued || this.#closed) return
    this.#queued = true
    this.#enqueue(() => {
      this.#queued = false
      return this.deps.pass()
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

  #enqueue(pass: () => Promise<void> | void): void {
    if (this.#closed) return
    this.#chain = this.#chain
      .then(() => (this.#closed ? undefined : pass()))
      .catch((error: unknown) => this.deps.logger.warn(this.deps.failure, { error: errorMessage(error) }))
      .finally(() => this.#arm())
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
    const { minSleepMs, maxSleepMs } = this.deps
    const delay = next === null ? maxSleepMs : Math.min(maxSleepMs, Math.max(minSleepMs, next - this.deps.now()))
    this.#timer = setTimeout(() => {
      this.#timer = null
      this.wake()
    }, delay)
    this.#timer.unref?.()
  }
}
