import { Worker } from 'node:worker_threads'
import type { SpawnSandboxWorker } from './embedded-sandbox'

/** Spawns the sandbox worker from its TypeScript source (browser host, tests, benches). */
export const spawnSandboxFromSource: SpawnSandboxWorker = (data) =>
  new Worker(new URL('./tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./sandbox-worker.ts', import.meta.url).href }
  })
