import { MAX_PACE_CEILING, MIN_PACE_CEILING, type ConnectionPaceInfo } from '../../../shared/ipc/channels/connections'
import { ConnectionGate } from '../api/connection-gate'
import type { Logger } from '../logging/logger'
import type { Store } from '../store'
import { ConnectionPace, systemTimers, type Paced, type PaceTimers } from './connection-pace'
import type { PaceTuning } from './pace-rule'

export type { Paced } from './connection-pace'

/** An HTTP attempt's answer, as the client's call-log record has it. */
export interface AttemptAnswer {
  connectionId?: string | null | undefined
  status?: number | null | undefined
  errorCode?: string | null | undefined
}

/** What the connections' clients tell the pace, and the gate they share with it. */
export interface PaceSignals {
  /** Every HTTP attempt's answer (the client's call-log record: never headers or bodies). */
  attempted(call: AttemptAnswer): void
  /** The connection's "hold on": a 429's Retry-After pauses it for the client and the pace alike. */
  gate(connectionId: string): ConnectionGate
}

export const paceCeilingSetting = (connectionId: string) => `pace.ceiling:${connectionId}`

/** A stored ceiling when it is a whole number in range; null otherwise. */
export function ceilingFrom(stored: string | null): number | null {
  const value = stored === null ? NaN : Number(stored)
  return Number.isInteger(value) && value >= MIN_PACE_CEILING && value <= MAX_PACE_CEILING ? value : null
}

/**
 * One pace per connection, shared by everything that calls it (bulk match, refresh, purchases):
 * it speeds up while the service answers cleanly and backs off when it says "slow down" (see
 * PaceRule), never above the ceiling set in Settings (or the connection's default).
 */
export class Paces implements PaceSignals {
  readonly #paces = new Map<string, ConnectionPace>()
  readonly #gates = new Map<string, ConnectionGate>()
  /** Ceilings the service itself said (an ATS's X-RateLimit-Limit), per connection: never passed. */
  readonly #said = new Map<string, number>()
  /** Windows the service itself said (calls in any so many ms), per connection: never passed. */
  readonly #windows = new Map<string, { limit: number; windowMs: number }>()
  readonly #timers: PaceTimers

  constructor(
    private readonly deps: {
      /** The open store, for the ceilings set in Settings. */
      store: () => Store
      /** A connection's ceiling when none is set (the built-in Sandbox's is higher). */
      defaultCeiling: (connectionId: string) => number
      logger: Logger
      timers?: PaceTimers
      tuning?: Partial<PaceTuning>
      /** A ceiling for every connection, over any setting (tests and benches lift or lower it). */
      ceiling?: number | undefined
    }
  ) {
    this.#timers = deps.timers ?? systemTimers
  }

  /** Calls on a connection at its pace. */
  for(connectionId: string): Paced {
    return this.#pace(connectionId).run
  }

  attempted(call: AttemptAnswer): void {
    if (typeof call.connectionId !== 'string') return
    this.#paces.get(call.connectionId)?.answered(call.status ?? null, call.errorCode ?? null)
  }

  gate(connectionId: string): ConnectionGate {
    let gate = this.#gates.get(connectionId)
    if (gate === undefined) {
      gate = new ConnectionGate(() => Date.now())
      this.#gates.set(connectionId, gate)
    }
    return gate
  }

  /** Calls started on a connection so far and the rate it is called at now (for a batch's ETA). */
  figures(connectionId: string): { calls: number; rate: number } | null {
    const pace = this.#paces.get(connectionId)
    return pace === undefined ? null : { calls: pace.calls, rate: pace.currentRate() }
  }

  /** The connection's ceiling and where its pace stands. */
  info(connectionId: string): ConnectionPaceInfo {
    const stored = this.#stored(connectionId)
    const pace = this.#paces.get(connectionId)
    return {
      connectionId,
      ceiling: stored ?? this.deps.defaultCeiling(connectionId),
      isDefault: stored === null,
      defaultCeiling: this.deps.defaultCeiling(connectionId),
      rate: pace === undefined ? null : round(pace.currentRate()),
      limit: pace?.rule.limit == null ? null : round(pace.rule.limit)
    }
  }

  /** Sets the recruiter's ceiling (null: back to the default); the running pace follows at once. */
  setCeiling(connectionId: string, ceiling: number | null): ConnectionPaceInfo {
    const settings = this.deps.store().settings
    if (ceiling === null) settings.delete(paceCeilingSetting(connectionId))
    else settings.set(paceCeilingSetting(connectionId), String(ceiling))
    this.#paces.get(connectionId)?.rule.setCeiling(this.#ceiling(connectionId))
    this.deps.logger.info('pace.ceiling_set', { connectionId, ceiling })
    return this.info(connectionId)
  }

  /**
   * The rate the service says it allows (calls a second, e.g. Greenhouse's X-RateLimit-Limit over
   * its 10 s window): the connection's ceiling is never above it, whatever Settings say; the
   * running pace follows at once.
   */
  limitSaid(connectionId: string, perSecond: number): void {
    if (!(perSecond > 0) || this.#said.get(connectionId) === perSecond) return
    this.#said.set(connectionId, perSecond)
    this.#paces.get(connectionId)?.rule.setCeiling(this.#ceiling(connectionId))
  }

  /**
   * The service takes at most `limit` calls in any `windowMs` (Greenhouse's X-RateLimit-Limit in
   * its rolling 10 s): the connection's calls never pass it, a burst up to it included, so a
   * long run of calls takes about the time the limit allows and meets no 429. Kept for the pace
   * made later; the running pace follows at once.
   */
  windowSaid(connectionId: string, limit: number, windowMs: number): void {
    if (!(limit >= 1) || !(windowMs > 0)) return
    const held = this.#windows.get(connectionId)
    if (held?.limit === limit && held.windowMs === windowMs) return
    this.#windows.set(connectionId, { limit, windowMs })
    this.#paces.get(connectionId)?.setWindow({ limit, windowMs })
  }

  close(): void {
    for (const pace of this.#paces.values()) pace.close()
    this.#paces.clear()
  }

  #pace(connectionId: string): ConnectionPace {
    let pace = this.#paces.get(connectionId)
    if (pace === undefined) {
      pace = new ConnectionPace({
        ceiling: this.#ceiling(connectionId),
        gate: this.gate(connectionId),
        timers: this.#timers,
        ...(this.deps.tuning ? { tuning: this.deps.tuning } : {})
      })
      const window = this.#windows.get(connectionId)
      if (window !== undefined) pace.setWindow(window)
      this.#paces.set(connectionId, pace)
    }
    return pace
  }

  #ceiling(connectionId: string): number {
    const ceiling = this.deps.ceiling ?? this.#stored(connectionId) ?? this.deps.defaultCeiling(connectionId)
    return Math.min(ceiling, this.#said.get(connectionId) ?? Infinity)
  }

  #stored(connectionId: string): number | null {
    try {
      return ceilingFrom(this.deps.store().settings.get(paceCeilingSetting(connectionId)))
    } catch {
      return null // a refused store: the default, the banner says why
    }
  }
}

const round = (rate: number) => Math.round(rate * 10) / 10
