import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { shortlistsHandlers } from './handlers'
import { ShortlistsService } from './shortlists-service'

/** Shortlists, their members and stages, and Recently deleted. */
export const contribution = {
  name: 'shortlists',
  create({ stores, clock, bus, port }) {
    const activeConnection = () => {
      try {
        return port('connections').active().id
      } catch {
        return null
      }
    }
    const shortlists = new ShortlistsService(
      stores,
      clock,
      () => port('boughtContacts'),
      (held) => bus.publish('peopleHeld', held),
      activeConnection,
      // opening a person restarts their retention clock (retention/ listens)
      (key) => bus.publish('personOpened', { key })
    )
    // its part of Recently deleted (removed people): purged now, at every reopen and hourly
    stores.addPurge((store, days) => shortlists.purgeRemoved(store, days))
    return {
      handlers: shortlistsHandlers(shortlists),
      personalData: personalDataOwner(() => stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
