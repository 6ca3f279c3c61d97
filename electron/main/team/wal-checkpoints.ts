import { statSync } from 'node:fs'
import type { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { ExtraConnectionTarget } from '../store/extra-connection-target'

/** The data file main has open (checked and migrated): the worker opens a second connection to it. */
export type CheckpointWorkerData = ExtraConnectionTarget

/** What main asks of the worker: a PASSIVE checkpoint, or to close its connection and end. */
export type CheckpointRequest = 'checkpoint' | 'close'

/** A checkpoint's result as SQLite gives it (frames in the log, frames copied into the data file), or why it failed. */
export type CheckpointWorkerReply =
  { done: true; busy: number; log: number; checkpointed: number } | { done: false; reason: string }

/** Starts the worker thread that checkpoints the data file's write-ahead log (the shell knows where its script is). */
export type SpawnCheckpointWorker = (data: CheckpointWorkerData) => Worker

export interface CheckpointOptions {
  /** Slices committed on main between two checkpoints asked of the worker (default 4: about 20 ms of applying). */
  everySlices?: number
  /**
   * Once a checkpoint finds this many pages in the log, the next slice waits (main's event loop free)
   * for one more that copies all of it, so that its commit starts the log again from its beginning
   * (default 1,000, SQLite's own automatic checkpoint's).
   */
  restartPages?: number
  /** How far the log file may grow past its size at the start before main checkpoints by itself again (pages; default 4,000). */
  capPages?: number
  /** Each answer of the worker, with main's wal_autocheckpoint when it arrived (tests count them). */
  onReply?: (reply: CheckpointWorkerReply, mainAutoCheckpoint: number) => void
  /** A session over (ended, or fallen back to main's own checkpoints), with main's wal_autocheckpoint then. */
  onFinished?: (mainAutoCheckpoint: number) => void
}

export interface WalCheckpointsDeps {
  /** Without it main checkpoints as SQLite does by itself (every 1,000 pages of log, in the commit that crosses them). */
  spawn?: SpawnCheckpointWorker
  logger: Pick<Logger, 'info' | 'warn'>
  options?: CheckpointOptions
}

const DEFAULT_EVERY_SLICES = 4
const DEFAULT_RESTART_PAGES = 1_000
const DEFAULT_CAP_PAGES = 4_000

/**
 * The write-ahead log checkpointed off main's thread while the team sync applies a backlog
 * (issue #38: main's longest block < 50 ms). SQLite's automatic checkpoint runs inside the commit
 * that crosses 1,000 pages of log, on main's thread: it copies the log into the data file and waits
 * for the disk twice (20–77 ms there). During a session main's connection has it off
 * (wal_autocheckpoint = 0), and a worker with a connection of its own checkpoints PASSIVE every few
 * slices and once at the end, before main's setting is put back. A PASSIVE checkpoint copies the
 * log while main goes on appending to it, so the log would only grow: SQLite starts it again from
 * its beginning only at a write that begins once all of it is copied. So once the log holds
 * `restartPages`, the sync waits before its next slice for a checkpoint that copies the rest (an
 * await: main's event loop turns meanwhile). Nothing here changes what a slice
 * commits: a checkpoint that fails, a worker that dies or a log that grows past the cap ends the
 * session early (logged) and main checkpoints by itself again, as before.
 */
export class WalCheckpoints {
  readonly #deps: WalCheckpointsDeps

  constructor(deps: WalCheckpointsDeps) {
    this.#deps = deps
  }

  /** A session on main's connection `db` (null without a worker, or when main's automatic checkpoint is off already). */
  begin(db: BetterSqlite3.Database, file: CheckpointWorkerData): CheckpointSession | null {
    const spawn = this.#deps.spawn
    if (spawn === undefined) return null
    const autoCheckpoint = db.pragma('wal_autocheckpoint', { simple: true }) as number
    if (autoCheckpoint <= 0) return null
    let worker: Worker
    try {
      worker = spawn(file)
    } catch (error) {
      this.#deps.logger.warn('team.checkpoint_failed', {
        reason: `the worker could not start (${errorMessage(error)})`
      })
      return null
    }
    return new CheckpointSession(db, file, worker, autoCheckpoint, this.#deps)
  }
}

export class CheckpointSession {
  readonly #db: BetterSqlite3.Database
  readonly #worker: Worker
  readonly #autoCheckpoint: number
  readonly #deps: WalCheckpointsDeps
  readonly #walFile: string
  readonly #capBytes: number
  readonly #everySlices: number
  readonly #restartPages: number
  /** A checkpoint found `restartPages` in the log: the next slice waits for the log to be copied whole. */
  #restartDue = false
  /** The worker has answered once (its connection open): until then the first slice waits. */
  #started = false
  /** The answer awaited from the worker, if one was asked for. */
  #waiting: { resolve: (reply: CheckpointWorkerReply) => void; promise: Promise<CheckpointWorkerReply> } | null = null
  #slices = 0
  /** Main checkpoints by itself again (the session ended, or failed). */
  #over = false
  /** Settles once the worker thread has ended. */
  readonly #exited: Promise<void>

  constructor(
    db: BetterSqlite3.Database,
    file: CheckpointWorkerData,
    worker: Worker,
    autoCheckpoint: number,
    deps: WalCheckpointsDeps
  ) {
    this.#db = db
    this.#worker = worker
    this.#autoCheckpoint = autoCheckpoint
    this.#deps = deps
    this.#walFile = `${file.storeFile}-wal`
    this.#everySlices = Math.max(1, deps.options?.everySlices ?? DEFAULT_EVERY_SLICES)
    this.#restartPages = deps.options?.restartPages ?? DEFAULT_RESTART_PAGES
    const pageSize = db.pragma('page_size', { simple: true }) as number
    this.#capBytes = walBytes(this.#walFile) + (deps.options?.capPages ?? DEFAULT_CAP_PAGES) * pageSize
    worker.on('message', (reply: CheckpointWorkerReply) => this.#answered(reply))
    worker.once('error', (error) => this.#answered({ done: false, reason: error.message }))
    this.#exited = new Promise((resolve) =>
      worker.once('exit', (code) => {
        this.#answered({ done: false, reason: `the worker stopped (exit code ${code})` })
        resolve()
      })
    )
    db.pragma('wal_autocheckpoint = 0')
    // a first checkpoint at once: the worker opens its connection while main reads the page
    void this.#ask()
  }

  /** After each slice's commit: a checkpoint asked of the worker every few slices (none while one runs). */
  committed(): void {
    if (this.#over) return
    if (walBytes(this.#walFile) > this.#capBytes) {
      this.#fallBack('the write-ahead log grew past its cap while the worker checkpointed')
      return
    }
    this.#slices += 1
    if (this.#waiting !== null || this.#slices < this.#everySlices) return
    this.#slices = 0
    void this.#ask()
  }

  /**
   * Before a slice (an await: main's event loop turns meanwhile): the first waits for the worker's
   * first answer; once the log has grown to `restartPages`, the checkpoint running ends and one more
   * copies the rest, so the slice's commit starts the log again from its beginning.
   */
  async ready(): Promise<void> {
    // the first slice waits for the worker's first answer (a worker that cannot open the file falls back before any slice)
    if (!this.#started) await this.#waiting?.promise
    if (this.#over || !this.#restartDue) return
    this.#restartDue = false
    await this.#waiting?.promise
    if (!this.#over) await this.#ask()
    this.#slices = 0
  }

  /**
   * After the sync: the checkpoint running ends, one more copies what the last slices wrote, then
   * main's own setting is back and the worker ends (awaited). Never fails (a failure is logged).
   */
  async end(): Promise<void> {
    if (!this.#over) {
      await this.#waiting?.promise
      if (!this.#over) await this.#ask()
      this.#finish()
    }
    // the worker's connection closed before the sync ends (the desk may close the data file next)
    await this.#exited
  }

  #ask(): Promise<CheckpointWorkerReply> {
    let resolve!: (reply: CheckpointWorkerReply) => void
    const promise = new Promise<CheckpointWorkerReply>((settle) => (resolve = settle))
    this.#waiting = { resolve, promise }
    try {
      this.#worker.postMessage('checkpoint' satisfies CheckpointRequest)
    } catch (error) {
      this.#answered({ done: false, reason: errorMessage(error) })
    }
    return promise
  }

  #answered(reply: CheckpointWorkerReply): void {
    const waiting = this.#waiting
    this.#waiting = null
    this.#started = true
    if (!this.#over) {
      this.#deps.options?.onReply?.(reply, this.#mainAutoCheckpoint())
      if (!reply.done) this.#fallBack(reply.reason)
      else if (reply.log >= this.#restartPages) this.#restartDue = true
    }
    waiting?.resolve(reply)
  }

  #fallBack(reason: string): void {
    this.#deps.logger.warn('team.checkpoint_failed', { reason })
    this.#finish()
  }

  /** Main's setting back, the worker asked to end (and stopped should it not). */
  #finish(): void {
    if (this.#over) return
    this.#over = true
    try {
      if (this.#db.open) this.#db.pragma(`wal_autocheckpoint = ${this.#autoCheckpoint}`)
    } catch (error) {
      this.#deps.logger.warn('team.checkpoint_failed', { reason: errorMessage(error) })
    }
    try {
      this.#worker.postMessage('close' satisfies CheckpointRequest)
    } catch {
      void this.#worker.terminate()
    }
    this.#worker.unref()
    this.#deps.options?.onFinished?.(this.#mainAutoCheckpoint())
  }

  #mainAutoCheckpoint(): number {
    try {
      return this.#db.open ? (this.#db.pragma('wal_autocheckpoint', { simple: true }) as number) : -1
    } catch {
      return -1
    }
  }
}

/** The log file's size: it grows only when the log outgrows it (a log checkpointed whole starts again from its beginning). */
function walBytes(file: string): number {
  try {
    return statSync(file).size
  } catch {
    return 0
  }
}
