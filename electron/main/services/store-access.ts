import { AppError } from '../../../shared/ipc/errors'
import type { Logger } from '../logger'
import { openStore, StoreError, type OpenStoreOptions, type Store } from '../store'
import { toAppError } from './store-errors'

/**
 * The store as the services see it. It is opened once at start; if the file is refused (newer,
 * damaged, foreign, unreadable) the rest of the app still runs and every shortlist call answers
 * `store_error` with what happened and what to do, instead of the app failing to start.
 */
export class StoreAccess {
  readonly #store: Store | undefined
  readonly #failure: AppError | undefined

  private constructor(store: Store | undefined, failure: AppError | undefined) {
    this.#store = store
    this.#failure = failure
  }

  static open(options: OpenStoreOptions, logger: Logger): StoreAccess {
    try {
      return new StoreAccess(openStore(options), undefined)
    } catch (error) {
      logger.error('store.open_failed', {
        error: error instanceof Error ? `${error.name}: ${error.message}` : String(error)
      })
      const mapped = error instanceof StoreError ? toAppError(error) : undefined
      const failure =
        mapped instanceof AppError
          ? mapped
          : new AppError('store_error', 'Talent Desk could not open its saved data. The details are in the log.')
      return new StoreAccess(undefined, failure)
    }
  }

  /** The open store, or the reason it could not be opened. */
  get(): Store {
    if (this.#store === undefined) throw this.#failure ?? new AppError('store_error', 'The saved data is not open.')
    return this.#store
  }

  close(): void {
    this.#store?.close()
  }
}
