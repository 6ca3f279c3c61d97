import { Worker } from 'node:worker_threads'
import type { SpawnCompactWorker } from './compaction'

/** Spawns the data file's compaction from its TypeScript source (browser host from source, tests, benches). */
export const spawnCompactWorkerFromSource: SpawnCompactWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./compact-worker.ts', import.meta.url).href }
  })
