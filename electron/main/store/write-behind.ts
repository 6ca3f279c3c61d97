import type { Logger } from '../logging/logger'
import type { Store } from './index'
import type { StoreAccess } from './store-access'

/**
 * Bookkeeping writes that must not sit on a reply's path: the call log and recent searches.
 * The store commits with synchronous=FULL (a recruiter's shortlists are worth an fsync), so each
 * write would cost one; queued here, they are committed together in one transaction shortly
 * after, and at close. Losing the last second of call log in a power cut is acceptable; losing
 * a shortlist edit is not, so shortlist writes never come through here.
 */
export class WriteBehind {
  readonly #stores: StoreAccess
  readonly #logger: Logger
  readonly #delayMs: number
  #queue: Array<(store: Store) => void> = []
  #timer: NodeJS.Timeout | null = null

  constructor(stores: StoreAccess, logger: Logger, delayMs = 250) {
    this.#stores = stores
    this.#logger = logger
    this.#delayMs = delayMs
  }

  enqueue(write: (store: Store) => void): void {
    this.#queue.push(write)
    if (this.#timer === null) {
      this.#timer = setTimeout(() => this.flush(), this.#delayMs)
      this.#timer.unref()
    }
  }

  /** Commits everything queued in one transaction; a refused store drops it (with a log line). */
  flush(): void {
    if (this.#timer !== null) clearTimeout(this.#timer)
    this.#timer = null
    const queue = this.#queue
    this.#queue = []
    if (queue.length === 0) return
    let store: Store
    try {
      store = this.#stores.get()
    } catch {
      return // the banner already says the data file is not open
    }
    try {
      store.transaction(() => {
        for (const write of queue) write(store)
      })
    } catch (error) {
      // one bad entry must not lose the rest: retry them one by one
      let failed = 0
      for (const write of queue) {
        try {
          write(store)
        } catch {
          failed++
        }
      }
      this.#logger.warn('store.write_behind_failed', { failed, error: String(error) })
    }
  }
}
