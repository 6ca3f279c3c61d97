import type { FeatureContribution } from '../platform/contribution'
import { ExportLogService } from './export-log-service'
import { exportLogHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { registerShare } from './register'

/**
 * The export log (issue #31 item 6): every export, backup and access copy — where personal data
 * left the app — recorded by the feature that wrote the file (port exportLog), read and exported
 * from Settings → Personal data.
 */
export const contribution = {
  name: 'export-log',
  create(context) {
    const log = new ExportLogService({
      stores: context.stores,
      clock: context.clock,
      events: context.events,
      saveFiles: () => context.port('saveFiles'),
      connectionName: (id) => context.port('connections').nameOf(id),
      team: () => context.port('team')
    })
    return {
      handlers: exportLogHandlers(log),
      provides: {
        exportLog: {
          record: (trace) => {
            log.record(trace)
          },
          forgotten: (people, reason) => log.forgotten(people, reason)
        }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      teamShare: registerShare
    }
  }
} satisfies FeatureContribution<unknown>
