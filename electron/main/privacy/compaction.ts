import type { Worker } from 'node:worker_threads'
import type { Logger } from '../logging/logger'
import type { ExtraConnectionTarget } from '../store/extra-connection-target'
import { nextTurn } from '../work/next-turn'
import { errorMessage } from '../../../shared/error-message'

/** The data file main has open (checked and migrated): the worker opens a second connection to it. */
export type CompactWorkerData = ExtraConnectionTarget

export type CompactWorkerReply = { compacted: true } | { compacted: false; reason: string }

/** Starts the worker thread that rebuilds the data file once (the shell knows where its script is). */
export type SpawnCompactWorker = (data: CompactWorkerData) => Worker

export interface CompactionDeps {
  /** The rebuild on main's own connection: without a worker, and at close when the last one failed. */
  here: () => CompactWorkerReply
  /** Without it the rebuild runs on the calling thread (tests of the erase itself). */
  spawn?: SpawnCompactWorker
  file: () => CompactWorkerData
  logger: Logger
}

/**
 * Rebuilding the data file after an erase (VACUUM, then the write-ahead log emptied into it), so
 * no older copy of a forgotten person's rows stays in it. With a worker it runs off main's thread
 * after the erase has answered: forgets asked while one runs are covered by one more rebuild after
 * it, and a batch asked in one go (retention's purge in parts of 500) by a single one. A rebuild
 * that could not run is tried again at the next forget and, at the latest, at close.
 */
export class Compaction {
  readonly #deps: CompactionDeps
  #running: Promise<void> | null = null
  #again = false
  #pending = false

  constructor(deps: CompactionDeps) {
    this.#deps = deps
  }

  /** True when the file was rebuilt now (no worker) or is being rebuilt off main's thread. */
  request(): boolean {
    if (this.#deps.spawn === undefined) return this.#record(this.#deps.here())
    if (this.#running !== null) this.#again = true
    else this.#running = this.#loop()
    return true
  }

  /** Settles once no rebuild is running or asked for (tests scan the file then; close waits). */
  idle(): Promise<void> {
    return this.#running ?? Promise.resolve()
  }

  /** Waits for a running rebuild; one that failed runs now, on main's connection, before the file closes. */
  async close(): Promise<void> {
    await this.idle()
    if (this.#pending) this.#record(this.#deps.here())
  }

  async #loop(): Promise<void> {
    // the next turn of the event loop: every forget of a synchronous batch has erased by then
    await nextTurn()
    do {
      this.#again = false
      this.#record(await this.#inWorker())
    } while (this.#again)
    this.#running = null
  }

  #record(reply: CompactWorkerReply): boolean {
    this.#pending = !reply.compacted
    if (!reply.compacted) this.#deps.logger.warn('privacy.compact_deferred', { reason: reply.reason })
    return reply.compacted
  }

  #inWorker(): Promise<CompactWorkerReply> {
    const spawn = this.#deps.spawn!
    return new Promise((resolve) => {
      let worker: Worker
      try {
        worker = spawn(this.#deps.file())
      } catch (error) {
        resolve({ compacted: false, reason: `the rebuild could not start (${errorMessage(error)})` })
        return
      }
      let settled = false
      const settle = (reply: CompactWorkerReply) => {
        if (settled) return
        settled = true
        resolve(reply)
      }
      worker.once('message', (reply: CompactWorkerReply) => settle(reply))
      worker.once('error', (error) => settle({ compacted: false, reason: error.message }))
      worker.once('exit', (code) => settle({ compacted: false, reason: `the rebuild stopped (exit code ${code})` }))
    })
  }
}
