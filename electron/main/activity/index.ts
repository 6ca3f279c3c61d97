import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { ActivityService } from './activity-service'
import { activityHandlers } from './handlers'

/**
 * Activity: what changed, in one place. It hears refresh jobs end (the bus) and is told of the
 * people a watched search found first (the `activity` port, inside the watch run's transaction).
 */
export const contribution = {
  name: 'activity',
  create(context) {
    const activity = new ActivityService({
      stores: context.stores,
      connections: context.port('connections'),
      events: context.events,
      logger: context.logger
    })
    const unsubscribe = context.bus.subscribe('refreshJobEnded', (job) => activity.refreshEnded(job))
    return {
      handlers: activityHandlers(activity),
      provides: { activity },
      close: unsubscribe,
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
