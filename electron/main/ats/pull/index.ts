import type { AtsPullStatus } from '../../../../shared/ipc/channels/ats-pull'
import type { DoNotContactPort, KnownPeoplePort } from '../../platform/ports'
import type { Clock } from '../../store/clock'
import { AtsPullService } from './ats-pull-service'
import { atsPullHandlers } from './handlers'
import type { AtsOpener } from './pull-ports'

export { AtsPullService, mayNotEmailReason } from './ats-pull-service'
export type { AtsOpener, OpenedAts } from './pull-ports'

/**
 * The pull as the ATS feature's index takes it in: its service, its handlers, its schedule (every
 * 15 minutes by the injected clock while the app runs, from after the first screen; `wake` looks
 * again now) and its close. The feature passes its connections (`opener`), the ports
 * `knownPeople` and `doNotContact`, and the page's events.
 */
export function atsPullPart(deps: {
  opener: AtsOpener
  knownPeople: () => Pick<KnownPeoplePort, 'writeAtsPages' | 'atsList' | 'upsertAtsPeople'>
  doNotContact: () => Pick<DoNotContactPort, 'addFromAts' | 'removeFromAts'>
  clock: Clock
  emit: (status: AtsPullStatus) => void
}) {
  const pull = new AtsPullService({
    ...deps,
    every: (ms, run) => {
      const timer = setInterval(run, ms)
      timer.unref()
      return () => clearInterval(timer)
    }
  })
  return {
    pull,
    handlers: atsPullHandlers(pull),
    start: () => pull.startSchedule(),
    wake: () => void pull.pullDue(),
    close: () => pull.close()
  }
}
