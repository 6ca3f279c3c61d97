import type { FeatureContribution } from '../platform/contribution'
import { retentionHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { RetentionScheduler } from './retention-scheduler'
import { RetentionService } from './retention-service'

/**
 * Retention (issue #31 item 2): how long people are held without activity, and with bought
 * contacts. Off until the recruiter sets a period. On schedule, as the watches, it says "Deleting
 * soon" in Activity a week before (the `activity` port) and then forgets those still due through
 * the same erase as forgetPeople (the `peopleEraser` port, reason `retention-period`).
 */
export const contribution = {
  name: 'retention',
  create(context) {
    const { clock } = context
    const retention = new RetentionService({
      stores: context.stores,
      clock,
      eraser: () => context.port('peopleEraser'),
      activity: () => context.port('activity'),
      logger: context.logger
    })
    const scheduler = new RetentionScheduler({
      now: () => clock.now().getTime(),
      purge: () => void retention.pass(),
      nextDueAt: () => retention.nextDueAt(),
      logger: context.logger
    })
    // opening a person (the shortlists feature tells it) restarts their clock; a refused store
    // has no clock to restart, and the bus logs what a listener throws
    const unsubscribe = context.bus.subscribe('personOpened', ({ key }) => retention.opened(key))
    let started = false
    const start = () => {
      if (started) return
      started = true
      scheduler.wake()
    }
    return {
      // the periods or a keep moved who is due: look again (once started)
      handlers: retentionHandlers(retention, () => started && scheduler.wake()),
      provides: { retentionSchedule: scheduler },
      personalData: personalDataOwner(() => context.stores.get()),
      start: { when: 'after-first-screen', run: start },
      wake: () => started && scheduler.wake(),
      close: () => {
        unsubscribe()
        return scheduler.close()
      }
    }
  }
} satisfies FeatureContribution<unknown>
