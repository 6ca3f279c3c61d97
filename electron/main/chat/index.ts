import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { ChatService } from './chat-service'
import { chatHandlers } from './handlers'

/** Conversational search. */
export const contribution = {
  name: 'chat',
  create(context) {
    const chat = new ChatService({
      connections: context.port('connections'),
      stores: context.stores,
      clock: context.clock,
      requests: context.requests,
      logger: context.logger
    })
    // its part of Recently deleted: purged now, at every reopen and hourly, as the store's own
    context.stores.addPurge((store, days) => chat.purgeDeleted(store, days))
    return { handlers: chatHandlers(chat), personalData: personalDataOwner(() => context.stores.get()) }
  }
} satisfies FeatureContribution<unknown>
