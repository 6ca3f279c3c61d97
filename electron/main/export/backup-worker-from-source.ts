import { Worker } from 'node:worker_threads'
import type { SpawnBackupWorker } from './backup-reader'

/** Spawns the backup reader from its TypeScript source (browser host, tests, benches). */
export const spawnBackupWorkerFromSource: SpawnBackupWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./backup-worker.ts', import.meta.url).href }
  })
