import { Random } from '../data/random'
import { faultKinds, type FaultConfig, type FaultKind } from './spec'

export interface FaultDecision {
  latencyMs: number
  kind: FaultKind | 'none'
}

/**
 * Draws one decision per request from a single seeded sequence: the n-th faultable request of a
 * run gets the same latency and fault for the same SPEC, whatever the timing.
 * Exactly two draws per request keep the sequence aligned. With `rate=N`, a request that would be
 * the N+1th let through within a second (a sliding window, by arrival) is answered 429 instead;
 * the ones refused do not count towards the window.
 */
export class FaultInjector {
  readonly #random: Random
  /** Arrival times (ms) of the requests let through within the last second. */
  readonly #letThrough: number[] = []
  /** Requests answered 429 for the rate. */
  rateLimited = 0
  constructor(
    readonly config: FaultConfig,
    private readonly now: () => number = () => performance.now()
  ) {
    this.#random = new Random(config.seed)
  }

  decide(): FaultDecision {
    const latencyDraw = this.#random.next()
    const kindDraw = this.#random.next()
    const { latencyMin, latencyMax, shares } = this.config
    const latencyMs = latencyMin + Math.floor(latencyDraw * (latencyMax - latencyMin + 1))
    let edge = 0
    for (const kind of faultKinds) {
      edge += shares[kind]
      if (kindDraw < edge) return { latencyMs, kind }
    }
    if (this.config.ratePerSecond > 0 && !this.#allowed()) {
      this.rateLimited += 1
      return { latencyMs, kind: '429' }
    }
    return { latencyMs, kind: 'none' }
  }

  #allowed(): boolean {
    const now = this.now()
    while (this.#letThrough.length > 0 && this.#letThrough[0]! <= now - 1000) this.#letThrough.shift()
    if (this.#letThrough.length >= this.config.ratePerSecond) return false
    this.#letThrough.push(now)
    return true
  }
}
