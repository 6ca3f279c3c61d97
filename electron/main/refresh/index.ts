import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { refreshHandlers } from './handlers'
import { RefreshService, type RefreshPollTiming } from './refresh-service'

/** Refresh's tuning (MainOptions). */
export interface RefreshOptions {
  /** Refresh job polling (tests shorten it). */
  refreshPolling?: Partial<RefreshPollTiming>
}

/** Refresh jobs: a shortlist's people asked again, followed until they end (`refreshJobEnded`). */
export const contribution = {
  name: 'refresh',
  create(context) {
    const { options, clock } = context
    const refresh = new RefreshService({
      connections: context.port('connections'),
      stores: context.stores,
      clock,
      events: context.events,
      bus: context.bus,
      logger: context.logger,
      pace: (connectionId) => context.paces.for(connectionId),
      now: () => clock.now().getTime(),
      ...(options.refreshPolling ? { poll: options.refreshPolling } : {})
    })
    return {
      handlers: refreshHandlers(refresh),
      provides: { refreshJobs: refresh },
      personalData: personalDataOwner(() => context.stores.get()),
      // jobs still running when the app last closed are followed again (the sandbox answers once up)
      start: { when: 'after-first-screen', run: () => refresh.resume() },
      wake: () => refresh.wake(),
      close: () => refresh.close()
    }
  }
} satisfies FeatureContribution<RefreshOptions>
