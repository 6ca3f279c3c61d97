/**
 * How fast one connection may be called, learnt from the service's answers (additive-increase /
 * multiplicative-decrease, with the limit the service showed remembered):
 *
 * - start moderate (`startRate`, never above the ceiling);
 * - while answers come back clean and calls are waiting for the pace, speed up: doubling every
 *   step until the service first says "slow down", then quickly back to just under the limit it
 *   showed, hold there, and only after a quiet spell probe a little above it;
 * - a 429 is a rate limit: back off multiplicatively and remember the limit the service showed,
 *   the clean answers of the last second (what it actually let through). That count is a limit
 *   only while the pace was in use near its rate (calls waited for it within the last window, or
 *   at least half the rate came back clean); a 429 in a lull (callers slower than the pace, so
 *   the service's limit is likely shared with someone else) backs off as below and teaches nothing;
 * - a 503, a 504 or a time-out is a sick moment, not a limit: back off multiplicatively too, but
 *   remember no limit, and recover to the rate before the cut at the quick factor (slow start's
 *   before any 429, else `recoverFactor`), with any hold under a known limit still counting;
 * - a service sick for longer (such answers at least `sickShare` of the last window's) is not
 *   sped up at all until they fall under that share, so the cuts take it down;
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
  /** No raise while 503s, 504s and time-outs are at least this share of the window's answers. */
  sickShare: number
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
  maxHoldMs: 120_000,
  sickShare: 0.25
}

/** How much longer than its window the service's count may reach back from an answer (ms). */
const MAX_GRACE_MS = 25

/** What an answer says about the pace. */
export type PaceSignal = 'clean' | 'rate_limited' | 'struggling' | 'neutral'

/**
 * An HTTP attempt's answer as a signal: 2xx is clean; a 429 is a rate limit; a 503, a 504 and a
 * time-out say the service is struggling; anything else (a 404, a 500, a refused request, a
 * dropped connection) says nothing about the pace.
 */
export function signalOf(status: number | null, errorCode: string | null): PaceSignal {
  if (errorCode === null && status !== null && status >= 200 && status < 300) return 'clean'
  if (status === 429 || errorCode === 'rate_limited') return 'rate_limited'
  if (status === 503 || status === 504 || errorCode === 'timeout') return 'struggling'
  return 'neutral'
}

export class PaceRule {
  readonly #tuning: PaceTuning
  #ceiling: number
  #rate: number
  /** The rate the service let through when it last answered 429 (null: it never has). */
  #limit: number | null = null
  #hold: number
  /** When the rate reached `margin` × limit (the hold counts from here); null while below it. */
  #heldSince: number | null = null
  /** The rate before a cut for a sick moment, to recover to quickly (null: none pending). */
  #recoverTo: number | null = null
  #lastStepAt: number
  #lastCutAt = -Infinity
  #lastLimitedAt = -Infinity
  /** Clean answers' times within the window (oldest first). */
  readonly #clean: number[] = []
  /** 503s, 504s and time-outs within the window (oldest first). */
  readonly #sick: number[] = []
  /** The window never reaches back before this (the start, the end of the last pause). */
  #countFrom: number
  /** Calls waited for the pace since the last step: only a rate in use is raised. */
  #wanted = false
  #lastWantedAt = -Infinity

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

  /** The rate the service last let through when it answered 429 (null: never). */
  get limit(): number | null {
    return this.#limit
  }

  setCeiling(ceiling: number): void {
    this.#ceiling = ceiling
    this.#rate = Math.min(this.#rate, ceiling)
  }

  /** A call had to wait for the pace at `now`: the rate is in use, so a clean spell may raise it. */
  wanted(now: number): void {
    this.#wanted = true
    this.#lastWantedAt = now
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
    // still sick: no raise, so the cuts take the rate down
    if (this.#sick.length >= t.sickShare * (this.#sick.length + this.#clean.length)) return
    let next: number
    if (this.#limit === null) {
      next = this.#rate * t.slowStartFactor
    } else if (this.#recoverTo !== null && this.#rate < this.#recoverTo) {
      // back quickly to where a sick moment found it (a hold under the limit still counts)
      next = Math.min(this.#recoverTo, this.#rate * t.recoverFactor)
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
    if (this.#recoverTo !== null && next >= this.#recoverTo) this.#recoverTo = null
    this.#rate = Math.min(this.#ceiling, next)
  }

  /** The service answered 429 at `now`: a rate limit. */
  rateLimited(now: number): void {
    const t = this.#tuning
    if (now - this.#lastLimitedAt < t.quietMs) return
    this.#lastLimitedAt = now
    // what the service let through over the last second, as its own window counts it (idle time
    // before the first call included); not read within half a window of a pause: too few to tell
    // (an answer comes a moment after the service counted its request: the window reaches back
    // that moment more, half a gap at most, or the oldest answer it counted would be left out)
    this.#trim(now, MAX_GRACE_MS)
    const from = now - t.windowMs - Math.min(MAX_GRACE_MS, 500 / this.#rate)
    const counted = this.#clean.filter((at) => at >= from).length
    const perSecond = counted / (t.windowMs / 1000)
    // a count is a limit only if the pace was in use near its rate; in a lull it is the callers'
    const inUse = now - this.#lastWantedAt <= t.windowMs || perSecond >= this.#rate / 2
    if (!inUse) return this.struggling(now, false)
    const letThrough = now - this.#countFrom >= t.windowMs / 2 ? perSecond : 0
    const shown = letThrough > 0 ? Math.min(letThrough, this.#rate) : this.#rate * t.backoffFactor
    // the same limit met again: wait longer before probing above it next time
    const same = this.#limit !== null && Math.abs(shown - this.#limit) <= 0.1 * this.#limit
    this.#hold = same ? Math.min(t.maxHoldMs, this.#hold * 2) : t.holdMs
    this.#limit = shown
    this.#heldSince = null
    this.#recoverTo = null
    // multiplicatively down (unless a sick moment's cut just did), never above what it let through
    const cut = Math.min(
      now - this.#lastCutAt < t.quietMs ? this.#rate : this.#rate * t.backoffFactor,
      t.margin * shown
    )
    this.#lastCutAt = now
    this.#set(Math.max(t.floorRate, cut), now)
  }

  /** The service is struggling (a 503, a 504, a time-out at `now`): back off, but learn no limit. */
  struggling(now: number, counted = true): void {
    const t = this.#tuning
    if (counted) {
      this.#sick.push(now)
      this.#trim(now, MAX_GRACE_MS)
    }
    if (now - this.#lastCutAt < t.quietMs) return
    this.#lastCutAt = now
    this.#recoverTo = Math.max(this.#recoverTo ?? 0, this.#rate)
    this.#set(Math.max(t.floorRate, this.#rate * t.backoffFactor), now)
  }

  #set(rate: number, now: number): void {
    this.#rate = Math.min(this.#ceiling, rate)
    this.#lastStepAt = now
    this.#wanted = false
  }

  #trim(now: number, graceMs = 0): void {
    const from = Math.max(this.#countFrom, now - this.#tuning.windowMs - graceMs)
    while (this.#clean.length > 0 && this.#clean[0]! < from) this.#clean.shift()
    while (this.#sick.length > 0 && this.#sick[0]! < from) this.#sick.shift()
  }
}
