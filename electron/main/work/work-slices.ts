import { nextTurn } from './next-turn'

/**
 * A long job on main's event loop (an export's rows, an import's re-sort) cut into slices of about `sliceMs` of work,
 * sized by the time the work takes rather than by a count of rows: a Full-preset row costs ten
 * times a Basic one, and a slow or busy machine more again. The job asks `spent()` after each
 * unit of work and, when it answers true, awaits `pause()`, which lets the event loop turn once
 * (timers, IPC, the window) before the next slice starts.
 */
export interface SliceOptions {
  /**
   * Work in one slice before main's event loop gets a turn, in ms (default DEFAULT_SLICE_MS).
   * `Infinity` never pauses (the bench's "before" figure).
   */
  sliceMs?: number
  /** Monotonic milliseconds (default `performance.now`); tests pass a clock of their own. */
  now?: () => number
}

/**
 * 5 ms of formatting, then the slice's CSV text (about 0.7 of that again) and, once a page, the
 * store's next page of rows (4–30 ms on two busy cores): a stretch of main's event loop stays well
 * under the project's 50 ms. Small chunks also let the file be written while the next rows are
 * formatted, so the export is quicker than in 1,000-row chunks (test/bench/store.bench.ts).
 */
export const DEFAULT_SLICE_MS = 5

export class WorkSlices {
  readonly #sliceMs: number
  readonly #now: () => number
  #started: number

  constructor(options: SliceOptions = {}) {
    this.#sliceMs = Math.max(0, options.sliceMs ?? DEFAULT_SLICE_MS)
    this.#now = options.now ?? (() => performance.now())
    this.#started = this.#now()
  }

  /** True once this slice has run its time (reads the clock once). */
  spent(): boolean {
    return this.#now() - this.#started >= this.#sliceMs
  }

  /** One turn of the event loop (after pending I/O and timers), then a new slice starts. */
  async pause(): Promise<void> {
    await nextTurn()
    this.#started = this.#now()
  }
}
