import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { startSandbox, type RunningSandbox } from '../../../sandbox'
import type { SandboxWorkerData, WorkerReply, WorkerRequest } from './worker-protocol'

/*
 * The built-in sandbox, in a worker thread: generating and indexing its people takes over a
 * second of CPU, which must never stall the main process (it also serves the window).
 */
const port: MessagePort = parentPort ?? notAWorker()
function notAWorker(): never {
  throw new Error('sandbox-worker runs only as a worker thread')
}
const data = workerData as SandboxWorkerData
const send = (reply: WorkerReply): void => port.postMessage(reply)

async function main(): Promise<void> {
  let sandbox: RunningSandbox
  try {
    sandbox = await startSandbox({
      profiles: data.profiles,
      seed: data.seed,
      faults: '',
      ...(data.stateFile === null ? {} : { stateFile: data.stateFile })
    })
  } catch (error) {
    send({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
    return
  }
  send({
    type: 'ready',
    endpoints: {
      baseUrl: sandbox.baseUrl,
      apiKey: sandbox.apiKey,
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      profileCount: sandbox.profileCount,
      stateNote: sandbox.stateNote
    }
  })
  port.on('message', (request: WorkerRequest) => {
    const run = request.type === 'reset' ? sandbox.reset() : sandbox.close()
    run.then(
      () => {
        send({ type: 'done', id: request.id })
        if (request.type === 'close') port.close()
      },
      (error: unknown) => send({ type: 'done', id: request.id, error: String(error) })
    )
  })
}

void main()
