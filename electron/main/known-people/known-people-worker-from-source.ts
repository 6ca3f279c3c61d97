import { Worker } from 'node:worker_threads'
import { KNOWN_PEOPLE_WORKER_LIMITS, type SpawnKnownPeopleWorker } from './list-jobs'

/** Spawns the list reader from its TypeScript source (tests, benches). */
export const spawnKnownPeopleWorkerFromSource: SpawnKnownPeopleWorker = (data) =>
  new Worker(new URL('../embedded-api/tsx-worker.mjs', import.meta.url), {
    workerData: { ...data, entry: new URL('./known-people-worker.ts', import.meta.url).href },
    resourceLimits: KNOWN_PEOPLE_WORKER_LIMITS
  })
