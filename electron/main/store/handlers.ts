import type { Handlers } from '../ipc/router'
import type { StoreAccess } from './store-access'

/** The data file's state, and the ways out when it was refused. */
export function storeHandlers(stores: StoreAccess) {
  return {
    getStoreStatus: () => stores.status(),
    recoverStore: (input) => stores.recover(input)
  } satisfies Partial<Handlers>
}
