import type { FeatureContribution } from '../platform/contribution'
import { provenanceHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { ProvenanceService } from './provenance-service'

/**
 * Provenance and lawful basis (issue #31 item 1): where each person and contact held came from,
 * told on the bus (peopleHeld) by the feature that wrote them, and the basis each is held on.
 */
export const contribution = {
  name: 'provenance',
  create(context) {
    const provenance = new ProvenanceService({
      stores: context.stores,
      clock: context.clock,
      connectionName: (id) => context.port('connections').nameOf(id)
    })
    const unsubscribe = context.bus.subscribe('peopleHeld', (held) => provenance.record(held))
    return {
      handlers: provenanceHandlers(provenance),
      personalData: personalDataOwner(() => context.stores.get()),
      // who is held here: a colleague's forget (team/) finds them by their key
      provides: {
        heldPeople: {
          keys: () =>
            context.stores
              .get()
              .database.db.prepare('SELECT DISTINCT person_key FROM provenance')
              .pluck()
              .all() as string[]
        }
      },
      close: unsubscribe
    }
  }
} satisfies FeatureContribution<unknown>
