import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { shortlistsHandlers } from './handlers'
import { ShortlistsService } from './shortlists-service'

/** Shortlists, their members and stages, and Recently deleted. */
export const contribution = {
  name: 'shortlists',
  create({ stores, bus, port }) {
    const activeConnection = () => {
      try {
        return port('connections').active().id
      } catch {
        return null
      }
    }
    return {
      handlers: shortlistsHandlers(
        new ShortlistsService(
          stores,
          (held) => bus.publish('peopleHeld', held),
          activeConnection,
          // opening a person restarts their retention clock (retention/ listens)
          (key) => bus.publish('personOpened', { key })
        )
      ),
      personalData: personalDataOwner(() => stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
