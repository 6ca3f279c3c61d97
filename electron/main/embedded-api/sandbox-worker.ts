import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { parentPort, workerData, type MessagePort } from 'node:worker_threads'
import { startAtsFakes, startSandbox, type RunningAtsFakes, type RunningSandbox } from '../../../sandbox'
import type { SandboxWorkerData, WorkerInit, WorkerReply, WorkerRequest } from './worker-protocol'
import { errorMessage } from '../../../shared/error-message'

/*
 * The built-in sandbox, in a worker thread: generating and indexing its people takes over a
 * second of CPU, which must never stall the main process (it also serves the window). It listens
 * before they are all generated (name searches are answered at once, the rest when the build is
 * done), and keeps their index in the catalog file so the next start reads it instead.
 */
const port: MessagePort = parentPort ?? notAWorker()
function notAWorker(): never {
  throw new Error('sandbox-worker runs only as a worker thread')
}
const send = (reply: WorkerReply): void => port.postMessage(reply)

/** Its data: given at spawn, or for a worker started early (prewarmed-worker.ts), in its first message. */
function dataGiven(): Promise<SandboxWorkerData> {
  if ((workerData as { prewarmed?: boolean } | null)?.prewarmed !== true) {
    return Promise.resolve(workerData as SandboxWorkerData)
  }
  return new Promise((resolve) => port.once('message', (init: WorkerInit) => resolve(init.data)))
}

async function main(): Promise<void> {
  const data = await dataGiven()
  let sandbox: RunningSandbox
  try {
    sandbox = await startSandbox({
      profiles: data.profiles,
      seed: data.seed,
      faults: '',
      progressive: true,
      buildDelayMs: data.buildDelayMs ?? 0,
      ...(data.holdBuild ? { holdBuild: true } : {}),
      ...(data.clockOffsetMs ? { clock: { now: () => Date.now() + (data.clockOffsetMs ?? 0) } } : {}),
      ...(data.arrivals ? { arrivals: data.arrivals } : {}),
      ...(data.refreshTiming ? { refreshTiming: data.refreshTiming } : {}),
      ...(data.contactTiming ? { contactTiming: data.contactTiming } : {}),
      ...(data.credentials ? { credentials: data.credentials } : {}),
      ...(data.stateFile === null ? {} : { stateFile: data.stateFile }),
      ...(data.catalogFile ? { catalogFile: data.catalogFile, catalogFingerprint: codeFingerprint() } : {})
    })
  } catch (error) {
    send({ type: 'failed', message: errorMessage(error) })
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
    },
    catalog: { source: sandbox.catalog.source, fileProblem: sandbox.catalog.fileProblem }
  })
  sandbox.catalog.settled.then(
    (outcome) => send({ type: 'catalog', ...outcome }),
    (error: unknown) => send({ type: 'catalog', buildMs: 0, saved: false, detail: `not written: ${String(error)}` })
  )
  // The fake ATSs (sandbox/ats/) make their people from the same seed: a second or two of CPU,
  // so they start only when asked — at start (`data.ats`), once everyone is indexed, never before
  // the first search; or later, when the ATS page connects to one (an 'ats' request) — and once.
  let ats: Promise<RunningAtsFakes | null> = Promise.resolve(null)
  let atsAsked = false
  const startAts = (after: Promise<unknown>): Promise<RunningAtsFakes | null> => {
    if (atsAsked) return ats
    atsAsked = true
    ats = after
      .catch(() => undefined)
      .then(() =>
        startAtsFakes({
          seed: data.seed,
          ...(data.clockOffsetMs ? { clock: { now: () => Date.now() + (data.clockOffsetMs ?? 0) } } : {})
        })
      )
      .then(
        (fakes) => {
          send({
            type: 'ats',
            ats: {
              greenhouse: {
                baseUrl: fakes.greenhouse.baseUrl,
                apiKey: fakes.greenhouse.keys.full,
                readOnlyApiKey: fakes.greenhouse.keys.readOnly,
                onBehalfOf: fakes.greenhouse.userId
              },
              lever: {
                baseUrl: fakes.lever.baseUrl,
                apiKey: fakes.lever.keys.full,
                readOnlyApiKey: fakes.lever.keys.readOnly,
                performAs: fakes.lever.userId
              }
            }
          })
          return fakes
        },
        (error: unknown) => {
          console.error('[sandbox] the fake ATSs did not start', error)
          return null
        }
      )
    return ats
  }
  if (data.ats === true) void startAts(sandbox.catalog.settled)
  port.on('message', (request: WorkerRequest) => {
    if (request.type === 'build') {
      sandbox.startBuild()
      send({ type: 'done', id: request.id })
      return
    }
    if (request.type === 'ats') {
      // asked for now: started at once (the recruiter is waiting), its 'ats' reply before this 'done'
      void startAts(Promise.resolve()).then((fakes) =>
        send(
          fakes === null
            ? { type: 'done', id: request.id, error: 'The Sandbox’s fake Greenhouse and Lever did not start.' }
            : { type: 'done', id: request.id }
        )
      )
      return
    }
    const run =
      request.type === 'reset'
        ? sandbox.reset()
        : Promise.all([sandbox.close(), ats.then((fakes) => fakes?.close())]).then(() => undefined)
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

/**
 * This worker's code, as a hash of its file: the built worker (out/main/sandbox-worker.cjs)
 * bundles the sandbox, and names its shared chunks by their content, so a new build of the app
 * never reads a catalog file an older one wrote.
 */
function codeFingerprint(): string {
  try {
    return createHash('sha256')
      .update(readFileSync(fileURLToPath(import.meta.url)))
      .digest('hex')
      .slice(0, 16)
  } catch {
    return ''
  }
}
