import { AppError } from '../../../shared/ipc/errors'
import type { Handlers } from '../ipc/router'
import { mapStoreErrors } from '../store/store-error'
import type { Paces } from './paces'

/** A connection's pace in Settings: its ceiling (requests a second) and where it stands now. */
export function paceHandlers(paces: Paces, connections: { nameOf(id: string): string | null }) {
  const known = (connectionId: string) => {
    if (connections.nameOf(connectionId) === null)
      throw new AppError('not_found', `There is no connection with id ${connectionId}. Reload Settings.`)
  }
  return {
    getConnectionPace: ({ connectionId }) => {
      known(connectionId)
      return paces.info(connectionId)
    },
    setConnectionPace: ({ connectionId, ceiling }) => {
      known(connectionId)
      return mapStoreErrors(() => paces.setCeiling(connectionId, ceiling))
    }
  } satisfies Partial<Handlers>
}
