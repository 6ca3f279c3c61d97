import { AppError } from '../../../shared/ipc/errors'
import type { ConnectionGate } from '../api/connection-gate'
import { ApiError } from '../api/api-error'
import { PaceRule, signalOf, type PaceTuning } from './pace-rule'

/** At or above this many calls a second, calls are not spaced (timers cannot space them under a millisecond). */
export const UNTIMED_RATE = 1000
/** Calls started within this long count towards the rate a connection is being called at (ms). */
const ISSUED_WINDOW_MS = 5_000
/** Calls waited for the pace within this long: the pace, not the callers, sets the speed (ms). */
const WAITING_MS = 2_000
/**
 * A call counts against a service's window (setWindow) this much longer than the window: the
 * service counts a request when it arrives, a moment after it started here (ms, and a share of
 * the window).
 */
const WINDOW_MARGIN_MS = 50
const WINDOW_MARGIN_SHARE = 0.01
/** Call starts kept before a window is said (one said later counts them): more than any service's window holds. */
const KEPT_STARTS = 1000

/** A call made at the connection's pace. */
export type Paced = <T>(call: () => Promise<T>) => Promise<T>

/** The clock and timers a pace runs on (tests drive them by hand). */
export interface PaceTimers {
  now(): number
  setTimeout(run: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const systemTimers: PaceTimers = {
  now: () => performance.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout)
}

/**
 * One connection's calls, started no faster than its rule allows: evenly spaced (a call late by
 * a timer's slack may catch up a quarter of a gap, so the service never sees two calls closer
 * than it allows), none while the connection is held by a Retry-After, in the order they came.
 */
export class ConnectionPace {
  readonly rule: PaceRule
  readonly #gate: ConnectionGate
  readonly #timers: PaceTimers
  readonly #waiting: Array<{ go: () => void; stop: (error: unknown) => void }> = []
  #timer: unknown = null
  #nextAt = -Infinity
  #pausedUntil = -Infinity
  #lastWaitAt = -Infinity
  readonly #issued: number[] = []
  /** The service's own window (an ATS's X-RateLimit-Limit over its window), or null: none said. */
  #window: { limit: number; ms: number } | null = null
  /** When the calls still counted in that window started (oldest first); the last KEPT_STARTS while none is said. */
  readonly #inWindow: number[] = []
  #calls = 0
  #closed = false

  constructor(deps: { ceiling: number; gate: ConnectionGate; timers: PaceTimers; tuning?: Partial<PaceTuning> }) {
    this.#gate = deps.gate
    this.#timers = deps.timers
    this.rule = new PaceRule(deps.ceiling, deps.timers.now(), deps.tuning)
  }

  readonly run: Paced = async <T>(call: () => Promise<T>): Promise<T> => {
    await this.#slot()
    try {
      return await call()
    } catch (error) {
      // a Retry-After the client did not wait out (a 503's, or longer than it waits): hold off too
      if (error instanceof ApiError && error.info.retryAfterMs !== undefined) {
        if (error.kind === 'rate_limited' || error.kind === 'server') this.pause(error.info.retryAfterMs)
      }
      throw error
    }
  }

  /** An HTTP attempt on this connection was answered (every attempt, retries included). */
  answered(status: number | null, errorCode: string | null): void {
    const signal = signalOf(status, errorCode)
    const now = this.#timers.now()
    if (signal === 'clean') this.rule.clean(now)
    else if (signal === 'rate_limited' || signal === 'struggling') {
      if (signal === 'rate_limited') this.rule.rateLimited(now)
      else this.rule.struggling(now)
      // the client sends a refused call again once the gate opens, outside the pace: keep a
      // place for it, or it and the next paced call would come together
      const opens = now + this.#gate.remaining()
      if (opens > now && this.rule.rate < UNTIMED_RATE)
        this.#nextAt = Math.max(this.#nextAt, opens) + 1000 / this.rule.rate
    }
  }

  /**
   * The service said how many calls it takes in any window of `windowMs` (Greenhouse: its
   * X-RateLimit-Limit in a rolling 10 s): calls never start more often than that, counted over
   * the window and a margin (the rate's spacing still applies within it). Null lifts it. The
   * Partner API's connections never say one: their pace is the rule's alone.
   */
  setWindow(window: { limit: number; windowMs: number } | null): void {
    this.#window =
      window === null || !(window.limit >= 1) || !(window.windowMs > 0)
        ? null
        : {
            limit: Math.floor(window.limit),
            ms: window.windowMs + Math.max(WINDOW_MARGIN_MS, window.windowMs * WINDOW_MARGIN_SHARE)
          }
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer)
    this.#timer = null
    this.#schedule()
  }

  /** Holds every call for `ms` from now. */
  pause(ms: number): void {
    this.#pausedUntil = Math.max(this.#pausedUntil, this.#timers.now() + ms)
    this.rule.paused(this.#pausedUntil)
  }

  /** Calls started so far. */
  get calls(): number {
    return this.#calls
  }

  /**
   * The rate this connection is being called at: the pace's own while calls wait for it (it
   * sets the speed), else the rate calls were started at over the last seconds (the callers do).
   */
  currentRate(): number {
    const now = this.#timers.now()
    const rate = this.rule.rate
    if (now - this.#lastWaitAt < WAITING_MS || this.#waiting.length > 0) return rate
    this.#trimIssued(now)
    if (this.#issued.length < 2) return rate
    const seconds = Math.max(1, now - this.#issued[0]!) / 1000
    return Math.min(rate, this.#issued.length / seconds)
  }

  /** Calls still waiting are refused (the app is closing). */
  close(): void {
    this.#closed = true
    if (this.#timer !== null) this.#timers.clearTimeout(this.#timer)
    this.#timer = null
    for (const waiter of this.#waiting.splice(0)) waiter.stop(new AppError('cancelled', 'Talent Desk is closing.'))
  }

  #slot(): Promise<void> {
    if (this.#closed) return Promise.reject(new AppError('cancelled', 'Talent Desk is closing.'))
    if (this.#waiting.length === 0 && this.#take()) return Promise.resolve()
    return new Promise<void>((go, stop) => {
      this.#waiting.push({ go, stop })
      this.#lastWaitAt = this.#timers.now()
      this.rule.wanted(this.#lastWaitAt)
      this.#schedule()
    })
  }

  /** Starts a call now if the pace allows it (and counts it). */
  #take(): boolean {
    const now = this.#timers.now()
    const held = Math.max(this.#gate.remaining(), this.#pausedUntil - now)
    if (held > 0) {
      this.rule.paused(now + held)
      return false
    }
    if (this.#windowWait(now) > 0) return false
    const rate = this.rule.rate
    if (rate < UNTIMED_RATE) {
      if (now < this.#nextAt) return false
      const gap = 1000 / rate
      // a call late by a timer's slack keeps the schedule (catching up a little, never bunching
      // up with the next); one later than that, after a lull, starts a new one
      const slack = rate < 100 ? gap / 4 : 10
      this.#nextAt = (now - this.#nextAt <= slack ? this.#nextAt : now) + gap
    }
    this.#calls += 1
    // kept whether a window is said or not: one said by a later answer counts the calls before it
    this.#inWindow.push(now)
    if (this.#window === null && this.#inWindow.length > KEPT_STARTS) this.#inWindow.shift()
    this.#issued.push(now)
    if (this.#issued.length > 4 * UNTIMED_RATE) this.#trimIssued(now)
    return true
  }

  #schedule(): void {
    if (this.#timer !== null || this.#waiting.length === 0) return
    const now = this.#timers.now()
    const held = Math.max(this.#gate.remaining(), this.#pausedUntil - now)
    const spaced = this.rule.rate >= UNTIMED_RATE ? 0 : this.#nextAt - now
    const wait = Math.max(1, Math.ceil(Math.max(held, spaced, this.#windowWait(now))))
    this.#timer = this.#timers.setTimeout(() => {
      this.#timer = null
      this.#pump()
    }, wait)
  }

  #pump(): void {
    while (this.#waiting.length > 0 && this.#take()) this.#waiting.shift()!.go()
    if (this.#waiting.length > 0) {
      this.#lastWaitAt = this.#timers.now()
      this.rule.wanted(this.#lastWaitAt)
    }
    this.#schedule()
  }

  /** How long until the service's window has room for one more call (0: it has now). */
  #windowWait(now: number): number {
    const window = this.#window
    if (window === null) return 0
    while (this.#inWindow.length > 0 && this.#inWindow[0]! <= now - window.ms) this.#inWindow.shift()
    if (this.#inWindow.length < window.limit) return 0
    return this.#inWindow[this.#inWindow.length - window.limit]! + window.ms - now
  }

  #trimIssued(now: number): void {
    while (this.#issued.length > 0 && this.#issued[0]! < now - ISSUED_WINDOW_MS) this.#issued.shift()
  }
}
