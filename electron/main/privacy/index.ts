import type { FeatureContribution } from '../platform/contribution'
import type { SpawnCompactWorker } from './compaction'
import { privacyHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { PrivacyService } from './privacy-service'
import { erasureShare } from './team-share'

export type { SpawnCompactWorker } from './compaction'

/** What privacy needs of the shell (MainOptions). */
export interface PrivacyOptions {
  /**
   * How to start the worker thread that rebuilds the data file after people are forgotten
   * (VACUUM: a second on a large store). Without it the rebuild runs on the calling thread.
   */
  compactWorker?: SpawnCompactWorker
}

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
      logger: context.logger,
      compactWorker: context.options.compactWorker,
      team: () => context.port('team')
    })
    return {
      handlers: privacyHandlers(privacy),
      provides: {
        // retention's purge forgets through the same erase (never importing this feature)
        peopleEraser: { forget: (keys, reason) => privacy.forget({ keys: [...keys], reason }) },
        fileCompaction: { idle: () => privacy.compacted() }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      // a colleague's forget goes through the same erase as one here
      teamShare: erasureShare({
        heldKeys: () => context.port('heldPeople').keys(),
        forget: (keys, reason) => void privacy.forget({ keys: [...keys], reason }, true)
      }),
      close: () => privacy.close()
    }
  }
} satisfies FeatureContribution<PrivacyOptions>
