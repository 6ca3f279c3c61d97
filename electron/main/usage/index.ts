import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { usageHandlers } from './handlers'
import { UsageService } from './usage-service'

/** The Usage screen: calls, credits and transactions. */
export const contribution = {
  name: 'usage',
  create(context) {
    const usage = new UsageService({
      connections: context.port('connections'),
      stores: context.stores,
      clock: context.clock,
      writes: context.writes
    })
    return {
      handlers: usageHandlers(usage),
      // the connections' clients log every call here
      provides: { callLog: usage },
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
