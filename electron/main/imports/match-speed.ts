import type { ImportCounts } from '../../../shared/ipc/channels/imports'

const WINDOW_MS = 15_000

/** The connection's pace as a batch sees it: calls started on it so far, and its rate now (calls a second). */
export interface PaceFigures {
  calls: number
  rate: number
}

/**
 * A batch's speed and the time left, from its connection's pace: rows a second are the pace's
 * current rate divided by the calls a row has taken over the last seconds (one or two asks, and
 * the batch's share when other work calls the same connection). Without the pace's figures, the
 * rows answered over the last seconds.
 */
export class MatchSpeed {
  readonly #samples = new Map<string, Array<{ at: number; answered: number; calls: number | null }>>()

  reset(batchId: string): void {
    this.#samples.delete(batchId)
  }

  sample(
    batchId: string,
    counts: ImportCounts,
    now: number,
    running: boolean,
    pace: PaceFigures | null = null
  ): { rowsPerSecond: number | null; etaSeconds: number | null } {
    if (!running) {
      this.#samples.delete(batchId)
      return { rowsPerSecond: null, etaSeconds: null }
    }
    const answered = counts.matched + counts.doubtful + counts.none + counts.failed
    const samples = this.#samples.get(batchId) ?? []
    samples.push({ at: now, answered, calls: pace?.calls ?? null })
    while (samples.length > 2 && now - samples[0]!.at > WINDOW_MS) samples.shift()
    this.#samples.set(batchId, samples)
    const first = samples[0]!
    const seconds = (now - first.at) / 1000
    const rows = answered - first.answered
    if (seconds < 1 || rows < 0) return { rowsPerSecond: null, etaSeconds: null }
    let rowsPerSecond = rows / seconds
    if (pace !== null && first.calls !== null && rows > 0 && pace.calls > first.calls) {
      const callsPerRow = (pace.calls - first.calls) / rows
      rowsPerSecond = pace.rate / callsPerRow
    }
    return {
      rowsPerSecond: Math.round(rowsPerSecond * 10) / 10,
      etaSeconds: rowsPerSecond > 0 ? Math.ceil(counts.pending / rowsPerSecond) : null
    }
  }
}
