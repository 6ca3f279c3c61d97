import type { Clock, Store } from '../store'
import { SavedSearchesRepo } from './saved-searches-repo'
import { WatchesRepo } from './watches-repo'

/** The store as watches/ sees it: the shared repositories, and its own two over the same database. */
export interface WatchesStore extends Store {
  readonly watches: WatchesRepo
  readonly savedSearches: SavedSearchesRepo
}

const views = new WeakMap<Store, WatchesStore>()

/** Watches' view of the open store (made again when the store is reopened). */
export function watchesStore(store: Store, clock: Clock): WatchesStore {
  let view = views.get(store)
  if (view === undefined) {
    const { db } = store.database
    views.set(
      store,
      (view = { ...store, watches: new WatchesRepo(db, clock), savedSearches: new SavedSearchesRepo(db, clock) })
    )
  }
  return view
}
