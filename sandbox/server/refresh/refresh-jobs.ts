import { randomUUID } from 'node:crypto'
import { normalizeHandle } from '../../data/handles'
import { isoAt } from '../clock'
import { formatDuration } from './duration'

export interface RefreshTiming {
  /** ms a job waits in Queued before workers pick up its first batch */
  queueMs: number
  /** ms one handle takes inside a batch */
  perHandleMs: number
}
export const defaultRefreshTiming: RefreshTiming = { queueMs: 250, perHandleMs: 120 }

export const refreshLimits = {
  maxHandles: 1000,
  maxBatchSize: 100,
  maxConcurrency: 10,
  defaultBatchSize: 10,
  defaultConcurrency: 2
}

export interface RefreshJobInput {
  handles: string[]
  batchSize: number
  maxConcurrency: number
  saveToStorage: boolean
  jobId?: string | undefined
}

/** Where the jobs meet the profile data: which profile a handle names, and how a refresh is stored. */
export interface RefreshTarget {
  resolveHandle(handle: string): string | undefined
  markRefreshed(profileKey: string, at: string): void
}

export interface HandleRun {
  handle: string
  finishAt: number
  profileKey?: string | undefined
  error?: string | undefined
  applied: boolean
}

export interface Job {
  jobId: string
  createdAt: number
  saveToStorage: boolean
  runs: HandleRun[]
}

/** Syntactic check only: whether a profile has the handle is decided when its batch runs. */
export function malformedHandleReason(handle: string): string | undefined {
  if (handle.trim() === '') return 'Malformed handle: empty'
  if (handle.length > 200) return 'Malformed handle: longer than 200 characters'
  if ([...handle].some((c) => /\s/.test(c) || c.charCodeAt(0) < 0x20)) {
    return 'Malformed handle: contains whitespace or control characters'
  }
  if (normalizeHandle(handle) === '') return 'Malformed handle: no handle in it'
  return undefined
}

/**
 * Refresh jobs. At creation each job gets a schedule (batches of batchSize handed to maxConcurrency
 * workers, each handle taking perHandleMs); its state at any instant is read off that schedule and
 * the clock, and `settle(now)` applies finished refreshes to the profiles.
 */
export class RefreshJobs {
  readonly #jobs = new Map<string, Job>()
  #revision = 0

  constructor(
    private readonly target: RefreshTarget,
    private readonly timing: RefreshTiming,
    private readonly urls: { progress(jobId: string): string; data(jobId: string): string }
  ) {}

  snapshot(): Job[] {
    // the newest 100: a job may carry 1,000 handles, and the state file must stay small
    return [...this.#jobs.values()].slice(-100)
  }
  /** Jobs from a state file; refreshes they already applied are applied to the fresh profiles again. */
  restore(jobs: readonly Job[]): void {
    this.#jobs.clear()
    for (const job of jobs) {
      const copy = { ...job, runs: job.runs.map((run) => ({ ...run })) }
      this.#jobs.set(copy.jobId, copy)
      for (const run of copy.runs) {
        if (run.applied && run.profileKey) this.target.markRefreshed(run.profileKey, isoAt(run.finishAt))
      }
    }
  }

  /** Counts the jobs started: what must be on disk before a job is answered (see keepBeforeAnswer). */
  get revision(): number {
    return this.#revision
  }

  has(jobId: string): boolean {
    return this.#jobs.has(jobId)
  }

  /**
   * Starts a job, or returns the existing one when the client-supplied jobId is already known.
   * `conflict` says that jobId was first used for other handles (the caller answers 409).
   */
  start(input: RefreshJobInput, now: number): { jobId: string; created: boolean; conflict: boolean } {
    const existing = input.jobId ? this.#jobs.get(input.jobId) : undefined
    if (existing) {
      const sorted = (handles: readonly string[]) => [...handles].sort().join('\n')
      const conflict = sorted(existing.runs.map((run) => run.handle)) !== sorted(input.handles)
      return { jobId: existing.jobId, created: false, conflict }
    }
    const jobId = input.jobId ?? randomUUID()
    const runs: HandleRun[] = []
    const pending: string[] = []
    for (const handle of input.handles) {
      const reason = malformedHandleReason(handle)
      if (reason) runs.push({ handle, finishAt: now, error: reason, applied: true })
      else pending.push(handle)
    }
    const workerFreeAt = Array.from({ length: input.maxConcurrency }, () => now + this.timing.queueMs)
    for (let offset = 0; offset < pending.length; offset += input.batchSize) {
      const batch = pending.slice(offset, offset + input.batchSize)
      const worker = workerFreeAt.indexOf(Math.min(...workerFreeAt))
      let at = workerFreeAt[worker] as number
      for (const handle of batch) {
        at += this.timing.perHandleMs
        const profileKey = this.target.resolveHandle(handle)
        runs.push({
          handle,
          finishAt: at,
          profileKey,
          error: profileKey ? undefined : `No profile found for handle "${handle}"`,
          applied: false
        })
      }
      workerFreeAt[worker] = at
    }
    this.#jobs.set(jobId, { jobId, createdAt: now, saveToStorage: input.saveToStorage, runs })
    this.#revision += 1
    return { jobId, created: true, conflict: false }
  }

  /** Applies every refresh that has finished by `now` (profiles get last_refreshed = finish time). */
  settle(now: number): void {
    for (const job of this.#jobs.values()) {
      for (const run of job.runs) {
        if (run.applied || run.finishAt > now) continue
        run.applied = true
        if (run.profileKey && job.saveToStorage) this.target.markRefreshed(run.profileKey, isoAt(run.finishAt))
      }
    }
  }

  #snapshot(jobId: string, now: number) {
    const job = this.#jobs.get(jobId)
    if (!job) return undefined
    const done = job.runs.filter((r) => r.finishAt <= now).sort((a, b) => a.finishAt - b.finishAt)
    const succeeded = done.filter((r) => !r.error)
    const failed = done.filter((r) => r.error).map((r) => ({ handle: r.handle, error: r.error as string }))
    const total = job.runs.length
    const finished = done.length === total
    const endAt = finished ? Math.max(job.createdAt, ...job.runs.map((r) => r.finishAt)) : undefined
    const status = finished
      ? succeeded.length === 0
        ? 'Failed'
        : 'Completed'
      : done.length === failed.length && now < job.createdAt + this.timing.queueMs
        ? 'Queued'
        : 'InProgress'
    const lastChange = done.length > 0 ? (done[done.length - 1] as HandleRun).finishAt : job.createdAt
    return {
      jobId,
      status,
      totalRequested: total,
      totalProcessed: done.length,
      totalSuccessful: succeeded.length,
      totalFailed: failed.length,
      startTime: isoAt(job.createdAt),
      ...(endAt === undefined ? {} : { endTime: isoAt(endAt) }),
      duration: formatDuration((endAt ?? now) - job.createdAt),
      progressPercentage: total === 0 ? 100 : Math.round((done.length / total) * 10_000) / 100,
      dataUrl: this.urls.data(jobId),
      succeeded: succeeded.map((r) => r.handle),
      failed,
      lastChange,
      errorMessage: status === 'Failed' ? `All ${total} handle(s) failed to refresh` : undefined
    }
  }

  /** The start-response form of the record. */
  startView(jobId: string, now: number) {
    const s = this.#snapshot(jobId, now)
    if (!s) return undefined
    const { succeeded, failed, lastChange: _lastChange, errorMessage: _errorMessage, ...common } = s
    return {
      ...common,
      progressUrl: this.urls.progress(jobId),
      successfulRefreshes: succeeded,
      failedRefreshes: failed
    }
  }

  /** The status-response form of the record. */
  statusView(jobId: string, now: number) {
    const s = this.#snapshot(jobId, now)
    if (!s) return undefined
    const { succeeded, failed, lastChange, errorMessage, ...common } = s
    return {
      ...common,
      lastUpdated: isoAt(lastChange),
      processedHandles: succeeded,
      failedHandles: failed,
      ...(errorMessage ? { errorMessage } : {})
    }
  }

  /** Profile keys refreshed successfully so far (the data behind dataUrl). */
  refreshedKeys(jobId: string, now: number): string[] | undefined {
    const job = this.#jobs.get(jobId)
    if (!job) return undefined
    return job.runs.filter((r) => r.finishAt <= now && r.profileKey && !r.error).map((r) => r.profileKey as string)
  }
}
