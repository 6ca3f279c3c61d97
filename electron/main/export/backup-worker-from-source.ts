import { Worker, type ResourceLimits } from 'node:worker_threads'
import type { SpawnBackupWorker } from './backup-reader'

/** Spawns the backup reader from its TypeScript source (browser host, tests, benches). */
export const spawnBackupWorkerFromSource: SpawnBackupWorker = backupWorkerFromSource()

/** The same, with a heap of `limits` when given (tests that prove how little a restore needs). */
export function backupWorkerFromSource(limits?: ResourceLimits): SpawnBackupWorker {
  return (data) =>
    new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
      workerData: { ...data, entry: new URL('./backup-worker.ts', import.meta.url).href },
      ...(limits === undefined ? {} : { resourceLimits: limits })
    })
}
