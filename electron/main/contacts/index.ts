import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { ContactsService } from './contacts-service'
import { contactsHandlers } from './handlers'
import { contactsTeamShare } from './team-share'
import type { PollTiming } from './purchase-follower'

/** Contacts' tuning (MainOptions). */
export interface ContactsOptions {
  /** Contact polling pace (tests shorten it). */
  contactPolling?: Partial<PollTiming>
}

/** Contacts: quotes, purchases and their following, credits (its quotes price a tool's lookups too). */
export const contribution = {
  name: 'contacts',
  create(context) {
    const { options, logger } = context
    const contacts = new ContactsService({
      connections: context.port('connections'),
      stores: context.stores,
      events: context.events,
      requests: context.requests,
      logger,
      pace: (connectionId) => context.paces.for(connectionId),
      doNotContact: () => context.port('doNotContact'),
      knownPeople: () => context.port('knownPeople'),
      budgets: () => context.port('budgets'),
      held: (held) => context.bus.publish('peopleHeld', held),
      team: () => {
        try {
          return context.port('team')
        } catch {
          return null
        }
      },
      ...(options.contactPolling ? { poll: options.contactPolling } : {})
    })
    return {
      handlers: contactsHandlers(contacts),
      provides: {
        contactQuotes: contacts,
        // a shortlist member's detail and an enriched sheet show what was bought for the person
        boughtContacts: {
          newestFor: (profileKey) =>
            context.stores
              .get()
              .contacts.latestPerType(profileKey)
              .map((stored) => stored.result)
        }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      // what this desk buys, shared with the team; a colleague's purchase kept here, served free
      teamShare: contactsTeamShare({ held: (held) => context.bus.publish('peopleHeld', held) }),
      start: {
        when: 'first-screen',
        // contact lookups whose following a restart cut off are followed again (free Polling)
        run: () =>
          void contacts
            .resumeFollowing()
            .catch((error: unknown) => logger.warn('contacts.resume_failed', { error: String(error) }))
      },
      close: () => contacts.close()
    }
  }
} satisfies FeatureContribution<ContactsOptions>
