import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { DO_NOT_CONTACT_WORKER_LIMITS, type SpawnDoNotContactWorker } from './do-not-contact'
import type { SpawnBackupWorker } from './export'
import type { SpawnSandboxWorker } from './embedded-api/embedded-sandbox'
import { SANDBOX_WORKER_FILE } from './embedded-api/prewarmed-worker'
import { IMPORT_WORKER_LIMITS, type SpawnImportWorker } from './imports'
import { KNOWN_PEOPLE_WORKER_LIMITS, type SpawnKnownPeopleWorker } from './known-people'
import type { SpawnCompactWorker } from './privacy'
import type { SpawnCheckpointWorker } from './team'

/**
 * The worker threads as the build lays them out: electron-vite bundles `sandbox-worker.cjs`,
 * `backup-worker.cjs`, `import-worker.cjs`, `known-people-worker.cjs`, `do-not-contact-worker.cjs`, `compact-worker.cjs` and `checkpoint-worker.cjs` beside the entries in out/main (electron.vite.config.ts). Each built entry
 * (the desktop shell's index.cjs, the browser host's host.cjs) passes its own `__dirname`.
 */
export function builtWorkers(outMainDir: string): {
  sandbox: SpawnSandboxWorker
  backup: SpawnBackupWorker
  imports: SpawnImportWorker
  knownPeople: SpawnKnownPeopleWorker
  doNotContact: SpawnDoNotContactWorker
  compact: SpawnCompactWorker
  checkpoint: SpawnCheckpointWorker
} {
  return {
    sandbox: (workerData) => new Worker(join(outMainDir, SANDBOX_WORKER_FILE), { workerData }),
    backup: (workerData) => new Worker(join(outMainDir, 'backup-worker.cjs'), { workerData }),
    imports: (workerData) =>
      new Worker(join(outMainDir, 'import-worker.cjs'), { workerData, resourceLimits: IMPORT_WORKER_LIMITS }),
    knownPeople: (workerData) =>
      new Worker(join(outMainDir, 'known-people-worker.cjs'), {
        workerData,
        resourceLimits: KNOWN_PEOPLE_WORKER_LIMITS
      }),
    doNotContact: (workerData) =>
      new Worker(join(outMainDir, 'do-not-contact-worker.cjs'), {
        workerData,
        resourceLimits: DO_NOT_CONTACT_WORKER_LIMITS
      }),
    compact: (workerData) => new Worker(join(outMainDir, 'compact-worker.cjs'), { workerData }),
    checkpoint: (workerData) => new Worker(join(outMainDir, 'checkpoint-worker.cjs'), { workerData })
  }
}
