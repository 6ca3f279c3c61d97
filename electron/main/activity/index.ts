import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
import { errorMessage } from '../../../shared/error-message'
import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { ActivityService } from './activity-service'
import { activityHandlers } from './handlers'

/** How the shell tells news outside the page (MainOptions). */
export interface ActivityOptions {
  /** The shell's desktop notification when a refresh job ends (Electron's Notification). */
  notifyRefreshEnded?: (job: RefreshJobSummary) => void
}

/**
 * Activity: what changed, in one place. It hears refresh jobs end (the bus) and is told of the
 * people a watched search found first (the `activity` port, inside the watch run's transaction).
 */
export const contribution = {
  name: 'activity',
  create(context) {
    const { logger, options } = context
    const activity = new ActivityService({
      stores: context.stores,
      clock: context.clock,
      connections: context.port('connections'),
      events: context.events,
      logger
    })
    const unsubscribe = context.bus.subscribe('refreshJobEnded', (job) => {
      try {
        activity.refreshEnded(job)
      } catch (error) {
        logger.warn('refresh outcome not entered in Activity', { error: errorMessage(error) })
      }
      try {
        // a watch's job tells its news through Activity's one notice; any other, the shell's notification
        if (job.watchId === null) options.notifyRefreshEnded?.(job)
      } catch (error) {
        logger.warn('refresh notification not shown', { error: errorMessage(error) })
      }
    })
    return {
      handlers: activityHandlers(activity),
      provides: { activity, budgetNews: activity },
      close: unsubscribe,
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<ActivityOptions>
