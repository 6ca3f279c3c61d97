import type { Clock, Store } from '../store'
import { openExtraConnection } from '../store/database'
import type { ExtraConnectionTarget } from '../store/extra-connection-target'
import { ImportsRepo } from './imports-repo'

/** The store as imports/ sees it: the shared repositories, and its own batches over the same database. */
export interface ImportsStore extends Store {
  /** Spreadsheets being matched (bulk match). */
  readonly imports: ImportsRepo
}

const views = new WeakMap<Store, ImportsStore>()

/** Imports' view of the open store (made again when the store is reopened). */
export function importsStore(store: Store, clock: Clock): ImportsStore {
  let view = views.get(store)
  if (view === undefined) views.set(store, (view = { ...store, imports: new ImportsRepo(store.database.db, clock) }))
  return view
}

/** The import batches over a second connection, for the worker that reads or maps a spreadsheet. */
export function openImportStore(
  target: ExtraConnectionTarget,
  clock: Clock
): Pick<ImportsStore, 'imports' | 'transaction' | 'close'> {
  const db = openExtraConnection(target)
  return {
    imports: new ImportsRepo(db, clock),
    transaction: (fn) => db.transaction(fn).immediate(),
    close: () => db.close()
  }
}
