import type { Handlers } from '../ipc/router'
import type { ActivityService } from './activity-service'

/** The Activity list: what changed, read and unread. */
export function activityHandlers(activity: ActivityService) {
  return {
    listActivity: (input) => activity.list(input),
    markActivityRead: (input) => activity.markRead(input)
  } satisfies Partial<Handlers>
}
