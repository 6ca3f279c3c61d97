import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { startSandbox, systemClock, type RunningSandbox, type SandboxOptions } from '../../../sandbox/index'

/*
 * A test sandbox in a worker thread (started through electron/main/embedded-api/tsx-worker.mjs): its
 * organisation's state (call log, purchases, conversations) grows on its own heap, so the soak's
 * memory readings are the app's alone, and its CPU runs beside the app's. On `close` it writes
 * its state file (credits, purchases, jobs) for the test to read.
 */
export interface SandboxThreadData {
  entry: string
  options: Omit<SandboxOptions, 'clock' | 'catalog'>
}
export type SandboxThreadEndpoints = Pick<
  RunningSandbox,
  'baseUrl' | 'apiKey' | 'authUrl' | 'mcpUrl' | 'clientId' | 'clientSecret'
>

const port: MessagePort = parentPort ?? notAWorker()
function notAWorker(): never {
  throw new Error('sandbox-thread runs only as a worker thread')
}

const data = workerData as SandboxThreadData
const sandbox = await startSandbox({ ...data.options, clock: systemClock })
const endpoints: SandboxThreadEndpoints = {
  baseUrl: sandbox.baseUrl,
  apiKey: sandbox.apiKey,
  authUrl: sandbox.authUrl,
  mcpUrl: sandbox.mcpUrl,
  clientId: sandbox.clientId,
  clientSecret: sandbox.clientSecret
}
port.postMessage({ type: 'ready', endpoints })
port.on('message', (message: { type: string }) => {
  if (message.type !== 'close') return
  void sandbox.close().then(
    () => {
      port.postMessage({ type: 'closed' })
      port.close()
    },
    (error: unknown) => port.postMessage({ type: 'closed', error: String(error) })
  )
})
