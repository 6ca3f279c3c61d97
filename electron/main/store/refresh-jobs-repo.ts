import type BetterSqlite3 from 'better-sqlite3'
import type { RefreshJobStart, RefreshJobStatus } from '../../../shared/api'
import { StoreError } from './errors'
import { isoNow, type Clock } from './clock'
import { jsonObject, parseStored } from './json-text'

/** Statuses after which a job no longer changes (spec: Completed, Failed, Cancelled). */
export const FINISHED_REFRESH_STATUSES = ['Completed', 'Failed', 'Cancelled'] as const

export interface RefreshJobRecord {
  jobId: string
  status: string
  requestedHandles: string[]
  createdAt: string
  updatedAt: string
  /** Start response as received (not re-validated: kept as the API sent it). */
  start: RefreshJobStart | null
  /** Latest status response as received. */
  lastStatus: RefreshJobStatus | null
}

interface JobRow {
  job_id: string
  status: string
  requested_handles: string
  created_at: string
  updated_at: string
  start_json: string | null
  status_json: string | null
}

/** Refresh jobs the app started, with their start response and the latest status seen. */
export class RefreshJobsRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  /** Records the start response of Refresh Profiles (status usually Queued). */
  recordStart(start: RefreshJobStart | string, requestedHandles: string[]): RefreshJobRecord {
    const { json, value } = jsonObject(start, 'A refresh job start response')
    const jobId = requiredJobId(value)
    const now = isoNow(this.clock)
    this.db
      .prepare(
        `INSERT INTO refresh_jobs (job_id, status, requested_handles, created_at, updated_at, start_json)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (job_id) DO UPDATE SET start_json = excluded.start_json, updated_at = excluded.updated_at`
      )
      .run(jobId, statusOf(value) ?? 'Queued', JSON.stringify(requestedHandles), now, now, json)
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
           updated_at = excluded.updated_at`
      )
      .run(jobId, statusOf(value) ?? 'Queued', now, now, json)
    return this.get(jobId)
  }

  get(jobId: string): RefreshJobRecord {
    const row = this.db.prepare('SELECT * FROM refresh_jobs WHERE job_id = ?').get(jobId) as JobRow | undefined
    if (row === undefined) throw new StoreError('not_found', `No refresh job ${jobId}.`, { details: { jobId } })
    return toRecord(row)
  }

  /** Newest first; `unfinished` lists the jobs to keep polling after a restart. */
  list(options: { unfinished?: boolean; limit?: number } = {}): RefreshJobRecord[] {
    const finished = FINISHED_REFRESH_STATUSES.map(() => '?').join(', ')
    const rows = this.db
      .prepare(
        `SELECT * FROM refresh_jobs ${options.unfinished === true ? `WHERE status NOT IN (${finished})` : ''}
         ORDER BY created_at DESC, job_id LIMIT ?`
      )
      .all(...(options.unfinished === true ? FINISHED_REFRESH_STATUSES : []), options.limit ?? 500) as JobRow[]
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
    status: row.status,
    requestedHandles: JSON.parse(row.requested_handles) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    start: parseStored<RefreshJobStart>(row.start_json),
    lastStatus: parseStored<RefreshJobStatus>(row.status_json)
  }
}
