import { Worker } from 'node:worker_threads'
import { IMPORT_WORKER_LIMITS, type SpawnImportWorker } from './import-jobs'

/** Spawns the spreadsheet reader from its TypeScript source (tests, benches). */
export const spawnImportWorkerFromSource: SpawnImportWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./import-worker.ts', import.meta.url).href },
    resourceLimits: IMPORT_WORKER_LIMITS
  })
