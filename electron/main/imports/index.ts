import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { enrichedExport } from './enriched-rows'
import { importsHandlers } from './handlers'
import { importJobsHere, importJobsInWorker, type SpawnImportWorker } from './import-jobs'
import { ImportMatcher, type MatcherTiming } from './import-matcher'
import { ImportService } from './import-service'
import { importUploadsIn } from './import-uploads'
import { importsStore } from './imports-store'

export { IMPORT_WORKER_LIMITS, type SpawnImportWorker } from './import-jobs'

/** What Import needs of the shell (MainOptions). */
export interface ImportsOptions {
  dataDir: string
  /** How to start the worker thread that reads a spreadsheet and maps its rows (else on the calling thread). */
  importWorker?: SpawnImportWorker
  /** Bulk match: rows at once and back-off (tests shorten it). */
  importMatching?: { timing?: Partial<MatcherTiming> }
}

/**
 * Import: a spreadsheet uploaded in pieces, mapped, matched row by row on the connection's pace,
 * reviewed; its enriched rows are the `sheetRows` port Export writes. Matching cut short by a
 * close resumes after the first screen.
 */
export const contribution = {
  name: 'imports',
  create(context) {
    const { options, stores, clock, bus } = context
    const uploads = importUploadsIn(options.dataDir)
    uploads.clear()
    const connections = context.port('connections')
    // the shared repositories and imports' own, over the open store
    const store = () => importsStore(stores.get(), clock)
    const imports = new ImportService({
      stores,
      clock,
      connections,
      uploads,
      doNotContact: () => context.port('doNotContact'),
      knownPeople: () => context.port('knownPeople'),
      jobs:
        options.importWorker === undefined
          ? importJobsHere(store)
          : importJobsInWorker(options.importWorker, store, () => clock.now()),
      matcher: new ImportMatcher({
        store,
        connections,
        throttle: (connectionId) => context.paces.for(connectionId),
        logger: context.logger,
        // a batch that changed while matching is pushed to the page (throttled there)
        changed: (batchId) => imports.changed(batchId),
        ...(options.importMatching?.timing ? { timing: options.importMatching.timing } : {})
      }),
      events: context.events,
      logger: context.logger,
      now: () => clock.now().getTime(),
      pace: (connectionId) => context.paces.figures(connectionId),
      held: (held) => bus.publish('peopleHeld', held)
    })
    return {
      handlers: importsHandlers(imports),
      provides: {
        sheetRows: {
          sheetRows: (shared, batchId) =>
            enrichedExport(importsStore(shared, clock), batchId, context.port('boughtContacts')),
          batch: (batchId) => {
            const { fileName, connectionId } = store().imports.get(batchId)
            return { fileName, connectionId }
          }
        }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      // spreadsheets that were being matched when the app closed go on
      start: { when: 'after-first-screen', run: () => imports.resume() },
      close: async () => {
        await imports.close()
        uploads.clear()
      }
    }
  }
} satisfies FeatureContribution<ImportsOptions>
