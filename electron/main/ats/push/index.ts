import { AppError } from '../../../../shared/ipc/errors'
import type { FeatureContribution } from '../../platform/contribution'
import { atsSendHandlers } from './handlers'
import type { AtsOpener } from './push-ports'
import { PushService } from './push-service'

export type { AtsOpener, AtsTarget } from './push-ports'

/** What "Send to the ATS" reads of the shell's options. */
export interface AtsSendOptions {
  /**
   * The ATS connections to send through. The app's come from the port atsTargets (the saved
   * connections of Settings → ATS); tests pass connections to the fakes here.
   */
  atsOpener?: AtsOpener
}

/**
 * "Send to the ATS" (issue #39 item 2): a shortlist's or an Import review's people previewed and
 * sent to Greenhouse or Lever exactly once (ats/push/send-journal.ts), the sends in the export log.
 */
export const contribution = {
  name: 'ats-send',
  create(context) {
    // the saved connections (item 1) provide atsTargets; until a build has them, a send says so
    const savedConnections = (): AtsOpener => {
      try {
        return context.port('atsTargets')
      } catch {
        return {
          open: () => Promise.reject(new AppError('not_found', 'Connect Greenhouse or Lever in Settings → ATS first.'))
        }
      }
    }
    const push = new PushService({
      stores: context.stores,
      clock: context.clock,
      opener: () => context.options.atsOpener ?? savedConnections(),
      doNotContact: () => context.port('doNotContact'),
      exportLog: () => context.port('exportLog'),
      boughtContacts: () => context.port('boughtContacts'),
      sheetRows: () => context.port('sheetRows'),
      knownPeople: () => context.port('knownPeople'),
      progress: (progress) => context.events.emit('atsSendProgress', progress),
      sent: (connectionId) => (context.options.atsOpener ?? savedConnections()).sent?.(connectionId)
    })
    return {
      // the send journal's people are answered for by the ats feature's owner (ats/personal-data.ts)
      handlers: atsSendHandlers(push)
    }
  }
} satisfies FeatureContribution<AtsSendOptions>
