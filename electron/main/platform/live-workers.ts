import type { Worker } from 'node:worker_threads'
import type { Logger } from '../logging/logger'

/**
 * The worker threads main starts for a job (reading a list, a backup, an import's rows; hashing a
 * do-not-contact file; compacting the data file; checkpointing), until each exits. The app's close
 * waits for them, up to a limit, and stops those still running, so that no worker outlives main's
 * close: a list's rows deleted after its answer, or a compaction, end before main's own
 * connection closes and the process exits, instead of being cut off by the exit itself. What a
 * stopped job leaves (a hidden list, a half-read file) each feature already cleans at the next
 * start.
 */
export class LiveWorkers {
  readonly #live = new Set<Worker>()
  readonly #logger: Logger

  constructor(logger: Logger) {
    this.#logger = logger
  }

  /** How many are running. */
  get count(): number {
    return this.#live.size
  }

  /** The same spawn, each worker it starts followed until it exits. */
  track<Data>(spawn: (data: Data) => Worker): (data: Data) => Worker {
    return (data) => {
      const worker = spawn(data)
      this.#live.add(worker)
      worker.once('exit', () => this.#live.delete(worker))
      return worker
    }
  }

  /**
   * A copy of the options with every worker spawn in them followed: each option named `…Worker`
   * that is a function (the features' options: backupWorker, importWorker, knownPeopleWorker…),
   * by that rule, so a worker a feature adds is followed the day it is added.
   */
  trackSpawns<Options extends object>(options: Options): Options {
    const tracked: Record<string, unknown> = { ...(options as Record<string, unknown>) }
    for (const [key, value] of Object.entries(options)) {
      if (key.endsWith('Worker') && typeof value === 'function') {
        tracked[key] = this.track(value as (data: unknown) => Worker)
      }
    }
    return tracked as Options
  }

  /** Waits for the running workers to exit, up to `limitMs`; then stops the rest and waits for that. */
  async settle(limitMs: number): Promise<void> {
    const running = [...this.#live]
    if (running.length === 0) return
    const exited = (worker: Worker) =>
      new Promise<void>((resolve) => {
        if (!this.#live.has(worker)) return resolve()
        worker.once('exit', () => resolve())
      })
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      Promise.all(running.map(exited)),
      new Promise<void>((resolve) => (timer = setTimeout(resolve, limitMs)))
    ])
    clearTimeout(timer)
    const left = [...this.#live]
    if (left.length === 0) return
    this.#logger.warn('app.workers_stopped', { count: left.length, waitedMs: limitMs })
    await Promise.all(left.map((worker) => worker.terminate().then(() => undefined)))
  }
}
