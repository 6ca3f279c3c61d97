import type BetterSqlite3 from 'better-sqlite3'
import type { RefreshJobStart, RefreshJobStatus } from '../../../shared/api'
import type { RefreshOptions, RefreshOutcome, RefreshTracking } from '../../../shared/ipc/channels/refresh'
import { StoreError } from '../store/store-error'
import { isoNow, type Clock } from '../store/clock'
import { jsonObject, parseStored } from '../store/json-text'

/** Statuses after which a job no longer changes (spec: Completed, Failed, Cancelled). */
export const FINISHED_REFRESH_STATUSES = ['Completed', 'Failed', 'Cancelled'] as const

export interface RefreshJobRecord {
  jobId: string
  connectionId: string | null
  label: string
  shortlistId: string | null
  /** The watch that started it (null: the recruiter did). */
  watchId: string | null
  status: string
  tracking: RefreshTracking
  requestedHandles: string[]
  options: Partial<RefreshOptions>
  createdAt: string
  updatedAt: string
  finishedAt: string | null
  message: string | null
  /** Start response as received (not re-validated: kept as the API sent it). */
  start: RefreshJobStart | null
  /** Latest status response as received. */
  lastStatus: RefreshJobStatus | null
  outcome: RefreshOutcome | null
}

interface JobRow {
  job_id: string
  connection_id: string | null
  label: string
  shortlist_id: string | null
  watch_id: string | null
  status: string
  tracking: RefreshTracking
  requested_handles: string
  options_json: string
  created_at: string
  updated_at: string
  finished_at: string | null
  message: string | null
  start_json: string | null
  status_json: string | null
  outcome_json: string | null
}

export interface NewRefreshJob {
  jobId: string
  connectionId: string
  handles: string[]
  label: string
  shortlistId?: string | null
  watchId?: string | null
  options: Partial<RefreshOptions>
}

/**
 * Refresh jobs the app started. A job is written before its start is sent, so that a crash or a
 * timeout between the two is followed up with the same jobId; each status seen is kept, and the
 * jobs still to follow are listed after a restart.
 */
export class RefreshJobsRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  /** A job about to be started (tracking 'starting', status Queued until the service answers). */
  create(job: NewRefreshJob): RefreshJobRecord {
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `INSERT INTO refresh_jobs (job_id, connection_id, label, shortlist_id, watch_id, status, tracking,
           requested_handles, options_json, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, 'Queued', 'starting', ?, ?, ?, ?)`
      )
      .run(
        job.jobId,
        job.connectionId,
        job.label,
        job.shortlistId ?? null,
        job.watchId ?? null,
        JSON.stringify(job.handles),
        JSON.stringify(job.options),
        now,
        now
      )
    return this.get(job.jobId)
  }

  /** Records the start response of Refresh Profiles; the job is then followed. */
  recordStart(start: RefreshJobStart | string, requestedHandles?: string[]): RefreshJobRecord {
    const { json, value } = jsonObject(start, 'A refresh job start response')
    const jobId = requiredJobId(value)
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `INSERT INTO refresh_jobs (job_id, status, tracking, requested_handles, created_at, updated_at, start_json)
         VALUES (?, ?, 'following', ?, ?, ?, ?)
         ON CONFLICT (job_id) DO UPDATE SET start_json = excluded.start_json, status = excluded.status,
           tracking = CASE WHEN tracking = 'starting' THEN 'following' ELSE tracking END,
           updated_at = excluded.updated_at`
      )
      .run(jobId, statusOf(value) ?? 'Queued', JSON.stringify(requestedHandles ?? []), now, now, json)
    return this.get(jobId)
  }

  /** Records a Get Job Status response; a job seen for the first time is created. */
  recordStatus(status: RefreshJobStatus | string): RefreshJobRecord {
    const { json, value } = jsonObject(status, 'A refresh job status')
    const jobId = requiredJobId(value)
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `INSERT INTO refresh_jobs (job_id, status, created_at, updated_at, status_json) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (job_id) DO UPDATE SET status = excluded.status, status_json = excluded.status_json,
           tracking = CASE WHEN tracking = 'starting' THEN 'following' ELSE tracking END,
           updated_at = excluded.updated_at`
      )
      .run(jobId, statusOf(value) ?? 'Queued', now, now, json)
    return this.get(jobId)
  }

  /** Lost or refused, with the reason in the recruiter's words. */
  setTracking(jobId: string, tracking: RefreshTracking, message: string | null): RefreshJobRecord {
    this.get(jobId)
    this.db
      .prepare('UPDATE refresh_jobs SET tracking = ?, message = ?, updated_at = ? WHERE job_id = ?')
      .run(tracking, message, isoNow(this.clock), jobId)
    return this.get(jobId)
  }

  /** The job ended and what it brought was applied to the shortlists. */
  finish(jobId: string, outcome: RefreshOutcome, message: string | null): RefreshJobRecord {
    this.get(jobId)
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `UPDATE refresh_jobs SET tracking = 'finished', finished_at = ?, outcome_json = ?, message = ?, updated_at = ?
         WHERE job_id = ?`
      )
      .run(now, JSON.stringify(outcome), message, now, jobId)
    return this.get(jobId)
  }

  /** Whether the app has this job (a watch's planned job may not have been written before a crash). */
  has(jobId: string): boolean {
    return this.db.prepare('SELECT 1 FROM refresh_jobs WHERE job_id = ?').get(jobId) !== undefined
  }

  get(jobId: string): RefreshJobRecord {
    const row = this.db.prepare('SELECT * FROM refresh_jobs WHERE job_id = ?').get(jobId) as JobRow | undefined
    if (row === undefined) throw new StoreError('not_found', `No refresh job ${jobId}.`, { details: { jobId } })
    return toRecord(row)
  }

  /** Newest first; `unfinished` lists the jobs still to follow (after a restart too). */
  list(options: { unfinished?: boolean; limit?: number } = {}): RefreshJobRecord[] {
    const rows = this.db
      .prepare(
        `SELECT * FROM refresh_jobs ${options.unfinished === true ? "WHERE tracking IN ('starting', 'following')" : ''}
         ORDER BY created_at DESC, job_id LIMIT ?`
      )
      .all(options.limit ?? 500) as JobRow[]
    return rows.map(toRecord)
  }
}

function requiredJobId(value: Record<string, unknown>): string {
  if (typeof value.jobId !== 'string' || value.jobId === '') {
    throw new StoreError('invalid_input', 'A refresh job record needs a jobId.')
  }
  return value.jobId
}

function statusOf(value: Record<string, unknown>): string | undefined {
  return typeof value.status === 'string' ? value.status : undefined
}

function toRecord(row: JobRow): RefreshJobRecord {
  return {
    jobId: row.job_id,
    connectionId: row.connection_id,
    label: row.label,
    shortlistId: row.shortlist_id,
    watchId: row.watch_id,
    status: row.status,
    tracking: row.tracking,
    requestedHandles: JSON.parse(row.requested_handles) as string[],
    options: JSON.parse(row.options_json) as Partial<RefreshOptions>,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    finishedAt: row.finished_at,
    message: row.message,
    start: parseStored<RefreshJobStart>(row.start_json),
    lastStatus: parseStored<RefreshJobStatus>(row.status_json),
    outcome: parseStored<RefreshOutcome>(row.outcome_json)
  }
}
