import type { Worker } from 'node:worker_threads'
import type { SandboxState } from '../../../shared/ipc/channels/connections'
import type { Logger } from '../logging/logger'
import type {
  AtsFakeEndpoints,
  SandboxEndpoints,
  SandboxWorkerData,
  WorkerReply,
  WorkerRequest
} from './worker-protocol'
import { withTimeout } from '../net/with-timeout'

/** How the worker's build of its people ended: how long it took, and whether the catalog file was written. */
export interface CatalogOutcome {
  buildMs: number
  saved: boolean
  detail: string
}

/** Starts the worker thread that runs the sandbox (the shell knows where its script is). */
export type SpawnSandboxWorker = (data: SandboxWorkerData) => Worker

export interface EmbeddedSandboxOptions {
  spawn: SpawnSandboxWorker
  data: SandboxWorkerData
  logger: Logger
  /** Told whenever the state changes (starting → ready / failed). */
  onChange?: (state: SandboxState) => void
}

/**
 * The built-in Sandbox connection's server, run in a worker thread and reached over loopback
 * HTTP like any other service. Its credentials stay in the main process.
 */
export class EmbeddedSandbox {
  readonly #options: EmbeddedSandboxOptions
  #worker: Worker | null = null
  #state: SandboxState = { state: 'starting', profileCount: null, message: null }
  #endpoints: SandboxEndpoints | null = null
  #ready: Promise<SandboxEndpoints>
  #settle!: { resolve: (e: SandboxEndpoints) => void; reject: (e: Error) => void }
  #nextId = 1
  readonly #pending = new Map<number, { resolve: () => void; reject: (e: Error) => void }>()
  #closing: Promise<void> | null = null
  #buildAsked = false
  #ats: AtsFakeEndpoints | null = null
  readonly #catalog: Promise<CatalogOutcome>
  #catalogDone!: { resolve: (outcome: CatalogOutcome) => void; reject: (error: Error) => void }

  constructor(options: EmbeddedSandboxOptions) {
    this.#options = options
    this.#ready = this.#newReady()
    this.#catalog = new Promise((resolve, reject) => (this.#catalogDone = { resolve, reject }))
    this.#catalog.catch(() => undefined) // observed by callers; never an unhandled rejection
  }

  get state(): SandboxState {
    return this.#state
  }

  /** Starts the worker (once). Returns at once; `ready()` waits for it. */
  start(): void {
    if (this.#worker !== null) return
    this.#setState({ state: 'starting', profileCount: null, message: null })
    const worker = this.#options.spawn(this.#options.data)
    this.#worker = worker
    worker.on('message', (reply: WorkerReply) => this.#onReply(reply))
    worker.on('error', (error) => this.#fail(`The built-in sandbox stopped: ${error.message}`))
    worker.on('exit', (code) => {
      this.#worker = null
      for (const waiter of this.#pending.values()) waiter.reject(new Error('The built-in sandbox has stopped.'))
      // (no effect once the build has been reported)
      this.#catalogDone.reject(new Error('The built-in sandbox stopped before it had indexed everyone.'))
      this.#pending.clear()
      if (this.#closing === null && this.#state.state !== 'failed') {
        this.#fail(`The built-in sandbox stopped unexpectedly (exit code ${code}).`)
      }
    })
  }

  /** The fake Greenhouse and Lever beside it, once they listen (after everyone is indexed); else null. */
  atsFakes(): AtsFakeEndpoints | null {
    return this.#ats
  }

  /**
   * Starts the fake Greenhouse and Lever beside it now, if they are not up yet (the ATS page
   * connects to one, or a saved connection points at them), and answers where they listen.
   */
  async startAtsFakes(): Promise<AtsFakeEndpoints> {
    if (this.#ats !== null) return this.#ats
    await this.ready()
    await this.#request('ats')
    if (this.#ats === null) throw new Error('The Sandbox’s fake Greenhouse and Lever did not start.')
    return this.#ats
  }

  /** The sandbox's address and credentials once it runs. */
  ready(): Promise<SandboxEndpoints> {
    return this.#ready
  }

  /** Endpoints if already running, else null. */
  endpoints(): SandboxEndpoints | null {
    return this.#endpoints
  }

  /**
   * Settles once the sandbox has generated and indexed everyone (it answers before: see
   * sandbox/search/catalog.ts) and written its catalog file, or found it up to date; fails when
   * the worker stops first.
   */
  catalog(): Promise<CatalogOutcome> {
    return this.#catalog
  }

  /**
   * A held build (`holdBuild`) starts now, the worker's `buildDelayMs` from now: called once the
   * first screen is painted. Before the worker is ready, it starts as soon as it is.
   */
  startBuild(): void {
    if (!this.#options.data.holdBuild || this.#buildAsked) return
    this.#buildAsked = true
    this.ready()
      .then(() => this.#request('build'))
      .then(
        () => this.#options.logger.info('sandbox.build_scheduled', { delayMs: this.#options.data.buildDelayMs ?? 0 }),
        () => undefined // a sandbox that failed or stopped says so itself
      )
  }

  /** Back to the first state: full credits, no purchases, jobs, calls or conversations. */
  async reset(): Promise<void> {
    await this.ready()
    await this.#request('reset')
  }

  async close(): Promise<void> {
    this.#closing ??= (async () => {
      const worker = this.#worker
      if (worker === null) return
      try {
        if (this.#endpoints !== null) await withTimeout(this.#request('close'), 5000)
      } catch (error) {
        this.#options.logger.warn('sandbox.close_failed', { error: String(error) })
      }
      await worker.terminate()
    })()
    return this.#closing
  }

  #request(type: WorkerRequest['type']): Promise<void> {
    const worker = this.#worker
    if (worker === null) return Promise.reject(new Error('The built-in sandbox is not running.'))
    const id = this.#nextId++
    return new Promise<void>((resolve, reject) => {
      this.#pending.set(id, { resolve, reject })
      worker.postMessage({ type, id } satisfies WorkerRequest)
    })
  }

  #onReply(reply: WorkerReply): void {
    if (reply.type === 'ready') {
      this.#endpoints = reply.endpoints
      this.#setState({ state: 'ready', profileCount: reply.endpoints.profileCount, message: reply.endpoints.stateNote })
      this.#settle.resolve(reply.endpoints)
      this.#options.logger.info('sandbox.ready', {
        profiles: reply.endpoints.profileCount,
        ...(reply.catalog ? { catalog: reply.catalog.source, catalogProblem: reply.catalog.fileProblem } : {})
      })
    } else if (reply.type === 'catalog') {
      const { buildMs, saved, detail } = reply
      this.#options.logger.info('sandbox.catalog', { buildMs, saved, detail })
      this.#catalogDone.resolve({ buildMs, saved, detail })
    } else if (reply.type === 'ats') {
      this.#ats = reply.ats
      this.#options.logger.info('sandbox.ats', {
        greenhouse: reply.ats.greenhouse.baseUrl,
        lever: reply.ats.lever.baseUrl
      })
    } else if (reply.type === 'failed') {
      this.#fail(`The built-in sandbox could not start: ${reply.message}`)
    } else {
      const waiter = this.#pending.get(reply.id)
      this.#pending.delete(reply.id)
      if (reply.error === undefined) waiter?.resolve()
      else waiter?.reject(new Error(reply.error))
    }
  }

  #fail(message: string): void {
    this.#endpoints = null
    this.#setState({ state: 'failed', profileCount: null, message })
    this.#settle.reject(new Error(message))
    // a later ready() call must not hang on a promise that can no longer settle
    this.#ready = this.#newReady()
    this.#settle.reject(new Error(message))
    this.#options.logger.error('sandbox.failed', { message })
  }

  #newReady(): Promise<SandboxEndpoints> {
    const promise = new Promise<SandboxEndpoints>((resolve, reject) => {
      this.#settle = { resolve, reject }
    })
    promise.catch(() => undefined) // observed by callers; never an unhandled rejection
    return promise
  }

  #setState(state: SandboxState): void {
    this.#state = state
    this.#options.onChange?.(state)
  }
}
