import { Worker } from 'node:worker_threads'
import type { SpawnCheckpointWorker } from './wal-checkpoints'

/** Spawns the team sync's checkpoint worker from its TypeScript source (browser host from source, tests, benches). */
export const spawnCheckpointWorkerFromSource: SpawnCheckpointWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./checkpoint-worker.ts', import.meta.url).href }
  })
