import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { searchHandlers } from './handlers'
import { SearchService } from './search-service'

/** The Search screen: Match Profiles on the active connection, and recent searches. */
export const contribution = {
  name: 'search',
  create(context) {
    const search = new SearchService({
      connections: context.port('connections'),
      stores: context.stores,
      clock: context.clock,
      requests: context.requests,
      writes: context.writes,
      logger: context.logger
    })
    // a removed connection's recent searches go with it
    const unsubscribe = context.bus.subscribe('connectionRemoved', ({ connectionId }) =>
      search.connectionRemoved(connectionId)
    )
    return {
      handlers: searchHandlers(search),
      personalData: personalDataOwner(() => context.stores.get()),
      close: unsubscribe
    }
  }
} satisfies FeatureContribution<unknown>
