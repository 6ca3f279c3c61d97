import type { ImportCounts } from '../../../shared/ipc/channels/imports'

const WINDOW_MS = 15_000

/** Rows answered per second over the last seconds of a batch, and the time left at that pace. */
export class MatchSpeed {
  readonly #samples = new Map<string, Array<{ at: number; answered: number }>>()

  reset(batchId: string): void {
    this.#samples.delete(batchId)
  }

  sample(
    batchId: string,
    counts: ImportCounts,
    now: number,
    running: boolean
  ): { rowsPerSecond: number | null; etaSeconds: number | null } {
    if (!running) {
      this.#samples.delete(batchId)
      return { rowsPerSecond: null, etaSeconds: null }
    }
    const answered = counts.matched + counts.doubtful + counts.none + counts.failed
    const samples = this.#samples.get(batchId) ?? []
    samples.push({ at: now, answered })
    while (samples.length > 2 && now - samples[0]!.at > WINDOW_MS) samples.shift()
    this.#samples.set(batchId, samples)
    const first = samples[0]!
    const seconds = (now - first.at) / 1000
    if (seconds < 1 || answered < first.answered) return { rowsPerSecond: null, etaSeconds: null }
    const rowsPerSecond = (answered - first.answered) / seconds
    return {
      rowsPerSecond: Math.round(rowsPerSecond * 10) / 10,
      etaSeconds: rowsPerSecond > 0 ? Math.ceil(counts.pending / rowsPerSecond) : null
    }
  }
}
