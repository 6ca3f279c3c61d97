import type { Clock, Store } from '../store'
import { MemberSearch } from './member-search'
import { RemovedMembersRepo } from './removed-members-repo'

/** The store as shortlists/ sees it: the shared repositories, and its own two over the same database. */
export interface ShortlistsStore extends Store {
  /** People in Recently deleted. */
  readonly removedMembers: RemovedMembersRepo
  /** Full-text search over saved people. */
  readonly memberSearch: MemberSearch
}

const views = new WeakMap<Store, ShortlistsStore>()

/** Shortlists' view of the open store (made again when the store is reopened). */
export function shortlistsStore(store: Store, clock: Clock): ShortlistsStore {
  let view = views.get(store)
  if (view === undefined) {
    const { db } = store.database
    views.set(
      store,
      (view = {
        ...store,
        removedMembers: new RemovedMembersRepo(db, clock, store.shortlists, store.members),
        memberSearch: new MemberSearch(db)
      })
    )
  }
  return view
}
