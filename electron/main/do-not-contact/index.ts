import type { FeatureContribution } from '../platform/contribution'
import { DoNotContactService } from './do-not-contact-service'
import { doNotContactHandlers } from './handlers'
import { personalDataOwner } from './personal-data'

/**
 * The do-not-contact list (issue #31 item 5): emails, domains, handles and keys the recruiter
 * must not contact, kept as salted hashes (and as typed, to show back), and every forgotten
 * person besides. Others check people through the port doNotContact.
 */
export const contribution = {
  name: 'do-not-contact',
  create(context) {
    const list = new DoNotContactService({ stores: context.stores, clock: context.clock, events: context.events })
    return {
      handlers: doNotContactHandlers(list),
      provides: { doNotContact: { check: (people) => list.check(people) } },
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
