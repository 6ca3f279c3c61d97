import type { Clock } from '../server/clock'

export interface WindowAnswer {
  allowed: boolean
  limit: number
  /** Requests left in the window after this one (0 when refused). */
  remaining: number
  /** When refused: whole seconds until the oldest request leaves the window (at least 1). */
  retryAfterSeconds: number
  /** When the oldest request in the window leaves it (ms since the epoch). */
  resetAt: number
}

/**
 * A rolling window per API key, as Greenhouse Harvest documents its limit: at most `limit`
 * requests in any `windowMs` (10 s for Harvest), counted by arrival; a refused request does not
 * count. Time comes from the injected clock, so tests move it instead of sleeping.
 */
export class RollingWindow {
  readonly #arrivals = new Map<string, number[]>()

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly clock: Clock
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`rate limit must be a positive integer, got ${limit}`)
  }

  take(key: string): WindowAnswer {
    const now = this.clock.now()
    const kept = (this.#arrivals.get(key) ?? []).filter((at) => at > now - this.windowMs)
    this.#arrivals.set(key, kept)
    const oldest = kept[0] ?? now
    if (kept.length >= this.limit) {
      const resetAt = oldest + this.windowMs
      return {
        allowed: false,
        limit: this.limit,
        remaining: 0,
        retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)),
        resetAt
      }
    }
    kept.push(now)
    return {
      allowed: true,
      limit: this.limit,
      remaining: this.limit - kept.length,
      retryAfterSeconds: 0,
      resetAt: (kept[0] ?? now) + this.windowMs
    }
  }
}
