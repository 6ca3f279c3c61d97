import { Random } from '../data/random'
import { faultKinds, type FaultConfig, type FaultKind } from './spec'

export interface FaultDecision {
  latencyMs: number
  kind: FaultKind | 'none'
}

/**
 * Draws one decision per request from a single seeded sequence: the n-th faultable request of a
 * run gets the same latency and fault for the same SPEC, whatever the timing.
 * Exactly two draws per request keep the sequence aligned.
 */
export class FaultInjector {
  readonly #random: Random
  constructor(readonly config: FaultConfig) {
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
    return { latencyMs, kind: 'none' }
  }
}
