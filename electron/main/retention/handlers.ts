import type { Handlers } from '../ipc/router'
import type { RetentionService } from './retention-service'

/** Retention: the periods, who would go and when, keeping someone. */
export function retentionHandlers(retention: RetentionService, changed: () => void) {
  return {
    getRetention: ({ limit, settings }) => retention.overview(limit, settings),
    setRetention: ({ settings, limit }) => {
      const overview = retention.setSettings(settings, limit)
      changed()
      return overview
    },
    keepPeople: ({ keys, limit }) => {
      const overview = retention.keep(keys, limit)
      changed()
      return overview
    }
  } satisfies Partial<Handlers>
}
