import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { watchesHandlers } from './handlers'
import { WatchScheduler } from './watch-scheduler'
import { WatchesService } from './watches-service'

/**
 * Watches and saved searches: a watched shortlist refreshed within its budget (the `refreshJobs`
 * port), a watched search re-run and its new people told to Activity (the `activity` port). It
 * starts after the first screen; a watch added or resumed before that starts it at once.
 */
export const contribution = {
  name: 'watches',
  create(context) {
    const { bus, clock } = context
    const now = () => clock.now().getTime()
    const watches = new WatchesService({
      stores: context.stores,
      clock,
      connections: context.port('connections'),
      refresh: context.port('refreshJobs'),
      activity: context.port('activity'),
      doNotContact: () => context.port('doNotContact'),
      events: context.events,
      bus,
      // the recruiter added, resumed or ran a watch: look now (starting, if the first screen is not painted yet)
      scheduleChanged: () => (started ? scheduler.wake() : start()),
      logger: context.logger,
      now
    })
    const scheduler = new WatchScheduler({
      now,
      resumeRuns: () => watches.resumeRuns(),
      runDue: () => watches.runDue(),
      nextDueAt: () => watches.nextDueAt(),
      logger: context.logger
    })
    let started = false
    // finish what a close cut short, then catch up once on what fell due meanwhile
    const start = () => {
      if (started) return
      started = true
      scheduler.start()
    }
    // before the start, there is nothing to wake: the start looks at everything anyway
    const wake = () => {
      if (started) scheduler.wake()
    }
    const unsubscribe = [
      // a job that ended, or that the service no longer knows, frees its watch's budget at once
      bus.subscribe('refreshJobEnded', (job) => watches.jobEnded(job.watchId)),
      bus.subscribe('refreshJobLost', (job) => watches.jobEnded(job.watchId)),
      // a connection that became callable (the sandbox is up, a key was added) may let a waiting watch run
      bus.subscribe('connectionsChanged', wake)
    ]
    return {
      handlers: watchesHandlers(watches),
      provides: { watchSchedule: scheduler },
      personalData: personalDataOwner(() => context.stores.get()),
      start: { when: 'after-first-screen', run: start },
      wake,
      close: async () => {
        unsubscribe.forEach((stop) => stop())
        await scheduler.close()
      }
    }
  }
} satisfies FeatureContribution<unknown>
