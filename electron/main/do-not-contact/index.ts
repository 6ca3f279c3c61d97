import path from 'node:path'
import { DO_NOT_CONTACT_CHUNK_CHARS, MAX_DO_NOT_CONTACT_BYTES } from '../../../shared/ipc/channels/do-not-contact'
import type { FeatureContribution } from '../platform/contribution'
import { ChunkedUploads } from '../transfers/chunked-uploads'
import { DoNotContactService } from './do-not-contact-service'
import { fileJobsHere, fileJobsInWorker, type SpawnDoNotContactWorker } from './file-jobs'
import { doNotContactHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { teamShare } from './team-share'

export { DO_NOT_CONTACT_WORKER_LIMITS, type SpawnDoNotContactWorker } from './file-jobs'

/** What the do-not-contact list needs of the shell (MainOptions). */
export interface DoNotContactOptions {
  dataDir: string
  /** How to start the worker thread that reads and hashes a file for the list (else on the calling thread). */
  doNotContactWorker?: SpawnDoNotContactWorker
}

/** The folder of files being uploaded for the list, inside the data folder: the app's own. */
export const DO_NOT_CONTACT_UPLOADS_FOLDER = 'talent-desk-do-not-contact'

/**
 * The do-not-contact list (issue #31 item 5, issue #36 item 4): emails, domains, handles and keys
 * the recruiter must not contact, kept as salted hashes (and as typed, to show back), up to a
 * million of them, and every forgotten person besides. Others check people through the port
 * doNotContact.
 */
export const contribution = {
  name: 'do-not-contact',
  create(context) {
    const { options, stores } = context
    const uploads = new ChunkedUploads({
      dir: path.join(options.dataDir, DO_NOT_CONTACT_UPLOADS_FOLDER),
      encoding: 'base64',
      noun: 'file',
      maxChars: Math.ceil(MAX_DO_NOT_CONTACT_BYTES / 3) * 4 + DO_NOT_CONTACT_CHUNK_CHARS,
      tooLarge: `This file is larger than ${MAX_DO_NOT_CONTACT_BYTES / 1024 / 1024} MB. Save only the column of emails, domains or profile addresses, and import that.`
    })
    uploads.clear()
    const list = new DoNotContactService({
      stores,
      clock: context.clock,
      events: context.events,
      uploads,
      team: () => context.port('team'),
      jobs:
        options.doNotContactWorker === undefined
          ? fileJobsHere(() => stores.get().database.db)
          : fileJobsInWorker(options.doNotContactWorker, () => stores.get())
    })
    return {
      handlers: doNotContactHandlers(list),
      provides: {
        doNotContact: {
          check: (people) => list.check(people),
          addFromAts: (emails, reason) => list.addFromAts(emails, reason),
          removeFromAts: (hashes, reason) => list.removeFromAts(hashes, reason)
        }
      },
      personalData: personalDataOwner(() => stores.get()),
      teamShare,
      // an import a close cut short is deleted in slices once the screen is up
      start: { when: 'after-first-screen', run: () => void list.sweep() },
      close: () => uploads.clear()
    }
  }
} satisfies FeatureContribution<DoNotContactOptions>
