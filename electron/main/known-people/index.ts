import type { FeatureContribution } from '../platform/contribution'
import { knownPeopleHandlers } from './handlers'
import { KnownPeopleService } from './known-people-service'
import { personalDataOwner } from './personal-data'

/**
 * People you already have (issue #32 items 1, 2 and 5): lists read from an ATS export or any
 * sheet, kept as salted hashes plus name and employer, the ATS's id and stage. Search, quotes and
 * imports check people through the port knownPeople.
 */
export const contribution = {
  name: 'known-people',
  create(context) {
    const lists = new KnownPeopleService({
      stores: context.stores,
      connections: () => context.port('connections'),
      events: context.events
    })
    return {
      handlers: knownPeopleHandlers(lists),
      provides: { knownPeople: { check: (people, connectionId) => lists.check(people, connectionId) } },
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
