import { Worker } from 'node:worker_threads'
import { DO_NOT_CONTACT_WORKER_LIMITS, type SpawnDoNotContactWorker } from './file-jobs'

/** Spawns the do-not-contact file reader from its TypeScript source (tests, benches). */
export const spawnDoNotContactWorkerFromSource: SpawnDoNotContactWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./do-not-contact-worker.ts', import.meta.url).href },
    resourceLimits: DO_NOT_CONTACT_WORKER_LIMITS
  })
