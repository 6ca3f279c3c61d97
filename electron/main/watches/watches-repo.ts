import type BetterSqlite3 from 'better-sqlite3'
import type { WatchKind } from '../../../shared/ipc/channels/watches'
import { StoreError } from '../store/store-error'
import { statementsOf } from '../store/statements'
import type { Clock } from '../store/clock'

export interface WatchRecord {
  id: string
  connectionId: string
  kind: WatchKind
  targetId: string
  maxAgeDays: number | null
  everyHours: number
  paused: boolean
  nextRunAt: string
  lastRunAt: string | null
  lastResult: string | null
  createdAt: string
}

/** One refresh job a run will start, with the id it gets before anything is sent. */
export interface PlannedJob {
  jobId: string
  handles: string[]
  label: string
}

export interface WatchRunRecord {
  id: string
  watchId: string
  connectionId: string
  startedAt: string
  state: 'planned' | 'done'
  plan: PlannedJob[]
  jobs: number
  people: number
}

interface WatchRow {
  id: string
  connection_id: string
  kind: WatchKind
  target_id: string
  max_age_days: number | null
  every_hours: number
  paused: number
  next_run_at: string
  last_run_at: string | null
  last_result: string | null
  created_at: string
}

interface RunRow {
  id: string
  watch_id: string
  connection_id: string
  started_at: string
  state: 'planned' | 'done'
  plan_json: string
  jobs: number
  people: number
}

/**
 * Watches and their runs. A run is claimed in one transaction that writes it (with its planned
 * job ids) and moves the watch's next run: a crash after it neither repeats the run nor loses
 * it (the planned jobs are started at the next start, with the same ids).
 */
export class WatchesRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  /** Watches a target, or changes how (an existing watch keeps its id, runs and schedule). */
  upsert(watch: {
    id: string
    connectionId: string
    kind: WatchKind
    targetId: string
    maxAgeDays: number | null
    everyHours: number
    nextRunAt: string
  }): WatchRecord {
    const existing = this.find(watch.connectionId, watch.kind, watch.targetId)
    if (existing !== null) {
      this.sql('UPDATE watches SET max_age_days = ?, every_hours = ? WHERE id = ?').run(
        watch.maxAgeDays,
        watch.everyHours,
        existing.id
      )
      return this.get(existing.id)
    }
    this.sql(
      `INSERT INTO watches (id, connection_id, kind, target_id, max_age_days, every_hours, next_run_at, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(
      watch.id,
      watch.connectionId,
      watch.kind,
      watch.targetId,
      watch.maxAgeDays,
      watch.everyHours,
      watch.nextRunAt,
      this.clock.now().toISOString()
    )
    return this.get(watch.id)
  }

  find(connectionId: string, kind: WatchKind, targetId: string): WatchRecord | null {
    const row = this.sql('SELECT * FROM watches WHERE connection_id = ? AND kind = ? AND target_id = ?').get(
      connectionId,
      kind,
      targetId
    ) as WatchRow | undefined
    return row === undefined ? null : toWatch(row)
  }

  get(id: string): WatchRecord {
    const row = this.sql('SELECT * FROM watches WHERE id = ?').get(id) as WatchRow | undefined
    if (row === undefined) throw new StoreError('not_found', `No watch ${id}.`, { details: { id } })
    return toWatch(row)
  }

  /** Every watch (of one connection, when given), soonest run first. */
  list(connectionId?: string): WatchRecord[] {
    const rows = (
      connectionId === undefined
        ? this.sql('SELECT * FROM watches ORDER BY next_run_at, id').all()
        : this.sql('SELECT * FROM watches WHERE connection_id = ? ORDER BY next_run_at, id').all(connectionId)
    ) as WatchRow[]
    return rows.map(toWatch)
  }

  remove(id: string): WatchRecord {
    const watch = this.get(id)
    this.sql('DELETE FROM watches WHERE id = ?').run(id)
    return watch
  }

  setPaused(id: string, paused: boolean): WatchRecord {
    this.get(id)
    this.sql('UPDATE watches SET paused = ? WHERE id = ?').run(paused ? 1 : 0, id)
    return this.get(id)
  }

  setNextRun(id: string, nextRunAt: string): void {
    this.sql('UPDATE watches SET next_run_at = ? WHERE id = ?').run(nextRunAt, id)
  }

  setLastResult(id: string, text: string): void {
    this.sql('UPDATE watches SET last_result = ? WHERE id = ?').run(text, id)
  }

  /**
   * Claims a run: writes it with its plan and moves the watch's next run, in one transaction. A
   * watch whose next run is later than `dueBy` (another caller claimed it) is not claimed: null.
   */
  claimRun(run: {
    id: string
    watchId: string
    dueBy: string
    nextRunAt: string
    plan: PlannedJob[]
    result: string
  }): WatchRunRecord | null {
    return this.db.transaction(() => {
      const watch = this.get(run.watchId)
      if (watch.nextRunAt > run.dueBy) return null
      const now = this.clock.now().toISOString()
      const people = run.plan.reduce((sum, job) => sum + job.handles.length, 0)
      this.sql(
        `INSERT INTO watch_runs (id, watch_id, connection_id, started_at, state, plan_json, jobs, people)
         VALUES (?, ?, ?, ?, 'planned', ?, ?, ?)`
      ).run(run.id, watch.id, watch.connectionId, now, JSON.stringify(run.plan), run.plan.length, people)
      this.sql('UPDATE watches SET next_run_at = ?, last_run_at = ?, last_result = ? WHERE id = ?').run(
        run.nextRunAt,
        now,
        run.result,
        watch.id
      )
      return this.run(run.id)
    })()
  }

  run(id: string): WatchRunRecord {
    const row = this.sql('SELECT * FROM watch_runs WHERE id = ?').get(id) as RunRow | undefined
    if (row === undefined) throw new StoreError('not_found', `No watch run ${id}.`, { details: { id } })
    return toRun(row)
  }

  finishRun(id: string): void {
    this.sql("UPDATE watch_runs SET state = 'done' WHERE id = ?").run(id)
  }

  /** Runs claimed but not finished (a crash or a close cut them short). */
  plannedRuns(): WatchRunRecord[] {
    return (this.sql("SELECT * FROM watch_runs WHERE state = 'planned' ORDER BY started_at").all() as RunRow[]).map(
      toRun
    )
  }

  /** Jobs and people the watches of a connection have planned since an instant (the local day's start). */
  usedSince(connectionId: string, since: string): { jobs: number; people: number } {
    // A planned job the service no longer knows (tracking 'lost': nothing more will come from it)
    // counts no more: the budget it held is free for the next run.
    const row = this.sql(
      `SELECT COUNT(*) AS jobs, COALESCE(SUM(json_array_length(planned.value, '$.handles')), 0) AS people
         FROM watch_runs AS run, json_each(run.plan_json) AS planned
         LEFT JOIN refresh_jobs AS job ON job.job_id = json_extract(planned.value, '$.jobId')
        WHERE run.connection_id = ? AND run.started_at >= ? AND (job.tracking IS NULL OR job.tracking != 'lost')`
    ).get(connectionId, since) as { jobs: number; people: number }
    return row
  }
}

function toWatch(row: WatchRow): WatchRecord {
  return {
    id: row.id,
    connectionId: row.connection_id,
    kind: row.kind,
    targetId: row.target_id,
    maxAgeDays: row.max_age_days,
    everyHours: row.every_hours,
    paused: row.paused === 1,
    nextRunAt: row.next_run_at,
    lastRunAt: row.last_run_at,
    lastResult: row.last_result,
    createdAt: row.created_at
  }
}

function toRun(row: RunRow): WatchRunRecord {
  return {
    id: row.id,
    watchId: row.watch_id,
    connectionId: row.connection_id,
    startedAt: row.started_at,
    state: row.state,
    plan: JSON.parse(row.plan_json) as PlannedJob[],
    jobs: row.jobs,
    people: row.people
  }
}
