import type { ImportsStore } from './imports-store'
import { WorkSlices } from '../work/work-slices'
import { classify } from './match-outcome'

/** How a re-sort takes turns with the rest of main: `spent()` after each row, then `pause()`. */
export interface ResortSlices {
  spent(): boolean
  pause(): Promise<void>
}

/**
 * Work in one slice of a re-sort, in ms: a row costs 0.3–0.5 ms (its stored candidates read,
 * weighed against the row, and written when its outcome changed), so a slice is a few dozen rows;
 * with its commit, main's longest block is ~20 ms on two busy cores, well under the project's
 * 50 ms (test/bench/import-resort.bench.ts).
 */
export const RESORT_SLICE_MS = 12

type ResortStore = Pick<ImportsStore, 'imports' | 'transaction'>

/**
 * Sorts a batch's undecided answers again after its lead threshold moved, in slices that give
 * main's event loop a turn between them: 50,000 rows took 15–25 s of it in one pass. Each slice
 * reads and writes its rows in one transaction, so a decision the recruiter makes meanwhile is
 * taken before or after a row is read and written, never in between: a row decided before the re-sort
 * reaches it is left as decided, like one decided before the threshold moved. A second
 * threshold for the same batch supersedes a re-sort under way: it stops at its next slice and
 * the new one starts again from the first row.
 */
export class ThresholdResorts {
  /** The re-sort under way for each batch (its token: a newer one replaces it). */
  readonly #running = new Map<string, symbol>()
  #closed = false

  constructor(
    private readonly deps: {
      store: () => ResortStore
      /** The batch changed (a slice written, or the re-sort ended): the page is told. */
      changed: (batchId: string) => void
      /** Tests pass their own slices (an injected clock and budget). */
      slices?: () => ResortSlices
    }
  ) {}

  /** Whether this batch's rows are being sorted again. */
  resorting(batchId: string): boolean {
    return this.#running.has(batchId)
  }

  /**
   * Sorts the batch's undecided rows by `threshold` (already saved as the batch's), answering
   * once every row is sorted, or once a newer threshold took over.
   */
  async resort(batchId: string, threshold: number): Promise<void> {
    const run = Symbol(batchId)
    this.#running.set(batchId, run)
    const slices = this.deps.slices?.() ?? new WorkSlices({ sliceMs: RESORT_SLICE_MS })
    let after = -1
    try {
      for (;;) {
        const store = this.deps.store()
        const slice = store.transaction(() => sortSlice(store, batchId, threshold, after, slices))
        after = slice.after
        if (slice.done) return
        if (slice.changed) this.deps.changed(batchId)
        await slices.pause()
        if (this.#running.get(batchId) !== run) return
      }
    } finally {
      if (this.#running.get(batchId) === run) {
        this.#running.delete(batchId)
        if (!this.#closed) this.deps.changed(batchId)
      }
    }
  }

  /** Every re-sort under way stops at its next slice (the app is closing). */
  close(): void {
    this.#closed = true
    this.#running.clear()
  }
}

/** Rows after `after`, in order, each read and written, until the slice is spent; answers where it stopped. */
function sortSlice(
  store: ResortStore,
  batchId: string,
  threshold: number,
  after: number,
  slices: ResortSlices
): { after: number; done: boolean; changed: boolean } {
  let changed = false
  for (;;) {
    // one row at a time (a look-up by the key): its write counts in the slice's time too
    const row = store.imports.nextUndecidedAnswer(batchId, after)
    if (row === null) return { after, done: true, changed }
    after = row.rowNo
    if (row.request !== null) {
      const verdict = classify(row.request, row.profiles, threshold)
      if (
        verdict.outcome !== 'none' &&
        (verdict.outcome !== row.outcome || verdict.key !== row.bestKey || verdict.reason !== row.reason)
      ) {
        store.imports.reclassify(batchId, row.rowNo, verdict.outcome, verdict.key, verdict.reason)
        changed = true
      }
    }
    if (slices.spent()) return { after, done: false, changed }
  }
}
