import type { Worker } from 'node:worker_threads'
import type { SpawnSandboxWorker } from './embedded-sandbox'
import type { SandboxWorkerData, WorkerInit } from './worker-protocol'

/** What a worker started before its data is known is given instead (sandbox-worker.ts). */
export interface PrewarmedData {
  prewarmed: true
}

/** Starts the sandbox's worker with this data: the built file (the host), or from source (tests). */
export type StartSandboxWorker = (workerData: SandboxWorkerData | PrewarmedData) => Worker

/** The built-in sandbox's worker as the build names it, beside the entries in out/main. */
export const SANDBOX_WORKER_FILE = 'sandbox-worker.cjs'

/**
 * Starts the built-in sandbox's worker now, before its data (the data folder's credentials, the
 * store's paths) is known: it loads its code (~0.3 s of CPU: the sandbox, zod, node:http) while the
 * main process loads its own and opens the keychain and the store. The spawn this answers hands
 * that worker its data (the `init` message; sandbox-worker.ts waits for it) instead of starting
 * another; a later spawn, or one after the early worker died, starts a fresh one.
 */
export function prewarmedSandboxWorker(start: StartSandboxWorker): SpawnSandboxWorker {
  let early: Worker | null = start({ prewarmed: true })
  let exited = false
  // (until it is handed out, nobody else listens: a failure shows as a fresh worker's, below)
  early.once('error', () => undefined)
  early.once('exit', () => (exited = true))
  return (data) => {
    const worker = early
    early = null
    if (worker === null || exited) return start(data)
    worker.postMessage({ type: 'init', data } satisfies WorkerInit)
    return worker
  }
}
