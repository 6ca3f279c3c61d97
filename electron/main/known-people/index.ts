import path from 'node:path'
import { KNOWN_CHUNK_CHARS, MAX_KNOWN_BYTES } from '../../../shared/ipc/channels/known-people'
import type { FeatureContribution } from '../platform/contribution'
import { ChunkedUploads } from '../transfers/chunked-uploads'
import { knownPeopleHandlers } from './handlers'
import { KnownPeopleService } from './known-people-service'
import { listJobsHere, listJobsInWorker, type SpawnKnownPeopleWorker } from './list-jobs'
import { personalDataOwner } from './personal-data'
import { teamShare } from './team-share'

export { KNOWN_PEOPLE_WORKER_LIMITS, type SpawnKnownPeopleWorker } from './list-jobs'

/** What the known-people lists need of the shell (MainOptions). */
export interface KnownPeopleOptions {
  dataDir: string
  /** How to start the worker thread that reads and hashes a list's file (else on the calling thread). */
  knownPeopleWorker?: SpawnKnownPeopleWorker
}

/** The folder of list files being uploaded, inside the data folder: the app's own. */
export const KNOWN_PEOPLE_UPLOADS_FOLDER = 'talent-desk-known-people'

/**
 * A list's file holds names and emails in clear: one left with nothing asked of it for this long
 * (the page closed on the preview) is deleted, checked every KNOWN_UPLOAD_SWEEP_MS.
 */
export const KNOWN_UPLOAD_IDLE_MS = 15 * 60_000
const KNOWN_UPLOAD_SWEEP_MS = 60_000

/**
 * People you already have (issue #32 items 1, 2 and 5): lists read from an ATS export or any
 * sheet, kept as salted hashes plus name and employer, the ATS's id and stage. Search, quotes and
 * imports check people through the port knownPeople.
 */
export const contribution = {
  name: 'known-people',
  create(context) {
    const { options, stores } = context
    const uploads = new ChunkedUploads({
      dir: path.join(options.dataDir, KNOWN_PEOPLE_UPLOADS_FOLDER),
      encoding: 'base64',
      noun: 'list',
      idleMs: KNOWN_UPLOAD_IDLE_MS,
      now: () => context.clock.now().getTime(),
      maxChars: Math.ceil(MAX_KNOWN_BYTES / 3) * 4 + KNOWN_CHUNK_CHARS,
      tooLarge: `This file is larger than ${MAX_KNOWN_BYTES / 1024 / 1024} MB. Save only the columns you need, and import that.`
    })
    uploads.clear()
    const sweeping = setInterval(() => uploads.sweep(), KNOWN_UPLOAD_SWEEP_MS)
    sweeping.unref()
    const lists = new KnownPeopleService({
      stores,
      clock: context.clock,
      connections: () => context.port('connections'),
      events: context.events,
      team: () => context.port('team'),
      uploads,
      jobs:
        options.knownPeopleWorker === undefined
          ? listJobsHere(() => stores.get().database.db)
          : listJobsInWorker(options.knownPeopleWorker, () => stores.get())
    })
    return {
      handlers: knownPeopleHandlers(lists),
      provides: {
        knownPeople: {
          check: (people, connectionId) => lists.check(people, connectionId),
          writeAtsPages: (target) => lists.writeAtsPages(target),
          atsList: (name, connectionId) => lists.atsList(name, connectionId),
          upsertAtsPeople: (list, people, pulledAt) => lists.upsertAtsPeople(list, people, pulledAt),
          removeAtsLists: (connectionId) => lists.removeAtsLists(connectionId)
        }
      },
      personalData: personalDataOwner(() => stores.get()),
      teamShare,
      // a list removed, replaced or cut short by a close is deleted in slices once the screen is up
      start: { when: 'after-first-screen', run: () => void lists.sweep() },
      close: () => {
        clearInterval(sweeping)
        uploads.clear()
      }
    }
  }
} satisfies FeatureContribution<KnownPeopleOptions>
