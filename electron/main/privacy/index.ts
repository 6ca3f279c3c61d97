import type { FeatureContribution } from '../platform/contribution'
import { privacyHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { PrivacyService } from './privacy-service'

/**
 * A person's data as a whole (issue #31): what every feature holds about them, a copy for an
 * access request, and forgetting them everywhere, leaving a tombstone. It answers through every
 * feature's personal-data owner, and owns the tombstones.
 */
export const contribution = {
  name: 'privacy',
  create(context) {
    const privacy = new PrivacyService({
      owners: () => context.personalDataOwners(),
      stores: context.stores,
      clock: context.clock,
      saveFiles: context.port('saveFiles'),
      exportLog: () => context.port('exportLog'),
      downloads: context.downloads,
      mask: (text) => context.secretMask.text(text),
      events: context.events,
      logger: context.logger
    })
    return {
      handlers: privacyHandlers(privacy),
      // retention's purge forgets through the same erase (never importing this feature)
      provides: { peopleEraser: { forget: (keys, reason) => privacy.forget({ keys: [...keys], reason }) } },
      personalData: personalDataOwner(() => context.stores.get()),
      close: () => privacy.compactIfPending()
    }
  }
} satisfies FeatureContribution<unknown>
