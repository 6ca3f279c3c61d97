/**
 * How fast one connection may be called, learnt from the service's answers (additive-increase /
 * multiplicative-decrease, with the limit the service showed remembered):
 *
 * - start moderate (`startRate`, never above the ceiling);
 * - while answers come back clean and calls are waiting for the pace, speed up: doubling every
 *   step until the service first says "slow down", then quickly back to just under the limit it
 *   showed, hold there, and only after a quiet spell probe a little above it;
 * - on a 429, a 503 or a time-out, back off multiplicatively and remember the limit the service
 *   showed: the clean answers of the last second (what it actually let through);
 * - never above the recruiter's ceiling, never below `floorRate`.
 *
 * No timers here: every decision takes the time it is made at, so tests drive it with a clock.
 */
export interface PaceTuning {
  /** Calls a second at first. */
  startRate: number
  /** Never slower than this. */
  floorRate: number
  /** How often a clean spell may raise the rate (ms). */
  stepMs: number
  /** Raise per step before the service ever said "slow down". */
  slowStartFactor: number
  /** Raise per step back towards `margin` × the limit the service showed. */
  recoverFactor: number
  /** Raise per step above that, once the hold is over. */
  probeFactor: number
  /** How close under the limit the service showed to stay. */
  margin: number
  /** The cut on a "slow down". */
  backoffFactor: number
  /** Clean answers are counted over this long to see the service's limit (ms). */
  windowMs: number
  /** After a "slow down", further ones within this long are the same overload (ms). */
  quietMs: number
  /** Time at the limit before probing above it; doubled each time the same limit is met again (ms). */
  holdMs: number
  maxHoldMs: number
}

export const defaultPaceTuning: PaceTuning = {
  startRate: 10,
  floorRate: 0.5,
  stepMs: 250,
  slowStartFactor: 2,
  recoverFactor: 1.25,
  probeFactor: 1.01,
  margin: 0.98,
  backoffFactor: 0.7,
  windowMs: 1_000,
  quietMs: 500,
  holdMs: 30_000,
  maxHoldMs: 120_000
}

/** How much longer than its window the service's count may reach back from an answer (ms). */
const MAX_GRACE_MS = 25

/** What an answer says about the pace. */
export type PaceSignal = 'clean' | 'slow_down' | 'neutral'

/**
 * An HTTP attempt's answer as a signal: 2xx is clean; 429, 503, 504 and a time-out ask to slow
 * down; anything else (a 404, a refused request, a dropped connection) says nothing about it.
 */
export function signalOf(status: number | null, errorCode: string | null): PaceSignal {
  if (errorCode === null && status !== null && status >= 200 && status < 300) return 'clean'
  if (status === 429 || status === 503 || status === 504) return 'slow_down'
  if (errorCode === 'rate_limited' || errorCode === 'timeout') return 'slow_down'
  return 'neutral'
}

export class PaceRule {
  readonly #tuning: PaceTuning
  #ceiling: number
  #rate: number
  /** The rate the service let through when it last said "slow down" (null: it never has). */
  #limit: number | null = null
  #hold: number
  /** When the rate reached `margin` × limit (the hold counts from here); null while below it. */
  #heldSince: number | null = null
  #lastStepAt: number
  #lastDecreaseAt = -Infinity
  /** Clean answers' times within the window (oldest first). */
  readonly #clean: number[] = []
  /** The window never reaches back before this (the start, the end of the last pause). */
  #countFrom: number
  /** Calls waited for the pace since the last step: only a rate in use is raised. */
  #wanted = false

  constructor(ceiling: number, now: number, tuning: Partial<PaceTuning> = {}) {
    this.#tuning = { ...defaultPaceTuning, ...tuning }
    this.#ceiling = ceiling
    this.#rate = Math.min(ceiling, this.#tuning.startRate)
    this.#hold = this.#tuning.holdMs
    this.#lastStepAt = now
    this.#countFrom = now
  }

  /** Calls a second allowed now. */
  get rate(): number {
    return this.#rate
  }

  get ceiling(): number {
    return this.#ceiling
  }

  /** The rate the service last let through when it said "slow down" (null: never). */
  get limit(): number | null {
    return this.#limit
  }

  setCeiling(ceiling: number): void {
    this.#ceiling = ceiling
    this.#rate = Math.min(this.#rate, ceiling)
  }

  /** A call had to wait for the pace: the rate is in use, so a clean spell may raise it. */
  wanted(): void {
    this.#wanted = true
  }

  /** Requests were held (a Retry-After) until `until`: the service's limit is not read across the pause. */
  paused(until: number): void {
    this.#countFrom = Math.max(this.#countFrom, until)
    this.#lastStepAt = Math.max(this.#lastStepAt, until)
  }

  /** A clean answer at `now`. */
  clean(now: number): void {
    this.#clean.push(now)
    this.#trim(now, MAX_GRACE_MS)
    if (now - this.#lastStepAt < this.#tuning.stepMs) return
    this.#lastStepAt = now
    const wanted = this.#wanted
    this.#wanted = false
    if (!wanted) return
    const t = this.#tuning
    let next: number
    if (this.#limit === null) {
      next = this.#rate * t.slowStartFactor
    } else {
      const target = t.margin * this.#limit
      if (this.#rate < target) {
        next = Math.min(target, this.#rate * t.recoverFactor)
        if (next >= target) this.#heldSince = now
      } else {
        this.#heldSince ??= now
        next = now - this.#heldSince >= this.#hold ? this.#rate * t.probeFactor : this.#rate
      }
    }
    this.#rate = Math.min(this.#ceiling, next)
  }

  /** The service said "slow down" (429, 503, a time-out) at `now`. */
  slowDown(now: number): void {
    const t = this.#tuning
    if (now - this.#lastDecreaseAt < t.quietMs) return
    this.#lastDecreaseAt = now
    // what the service let through over the last second, as its own window counts it (idle time
    // before the first call included); not read within half a window of a pause: too few to tell
    // (an answer comes a moment after the service counted its request: the window reaches back
    // that moment more, half a gap at most, or the oldest answer it counted would be left out)
    this.#trim(now, MAX_GRACE_MS)
    const from = now - t.windowMs - Math.min(MAX_GRACE_MS, 500 / this.#rate)
    const counted = this.#clean.filter((at) => at >= from).length
    const letThrough = now - this.#countFrom >= t.windowMs / 2 ? counted / (t.windowMs / 1000) : 0
    const shown = letThrough > 0 ? Math.min(letThrough, this.#rate) : this.#rate * t.backoffFactor
    // the same limit met again: wait longer before probing above it next time
    const same = this.#limit !== null && Math.abs(shown - this.#limit) <= 0.1 * this.#limit
    this.#hold = same ? Math.min(t.maxHoldMs, this.#hold * 2) : t.holdMs
    this.#limit = shown
    this.#heldSince = null
    // multiplicatively down, and never above what the service just let through
    const cut = Math.min(this.#rate * t.backoffFactor, t.margin * shown)
    this.#rate = Math.min(this.#ceiling, Math.max(t.floorRate, cut))
    this.#lastStepAt = now
    this.#wanted = false
  }

  #trim(now: number, graceMs = 0): void {
    const from = Math.max(this.#countFrom, now - this.#tuning.windowMs - graceMs)
    while (this.#clean.length > 0 && this.#clean[0]! < from) this.#clean.shift()
  }
}
