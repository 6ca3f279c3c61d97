import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import { statementsOf } from '../store/statements'
import { StoreError } from '../store/store-error'
import { isoNow, type Clock } from '../store/clock'
import { apiCallInputSchema, type ApiCallInput } from '../api/api-call'

export interface ApiCall {
  id: number
  startedAt: string
  durationMs: number
  connectionId: string | null
  method: string
  endpoint: string
  status: number | null
  ok: boolean
  errorCode: string | null
  transactionId: string | null
}

interface ApiCallRow {
  id: number
  started_at: string
  duration_ms: number
  connection_id: string | null
  method: string
  endpoint: string
  status: number | null
  ok: number
  error_code: string | null
  transaction_id: string | null
}

/** Default number of calls kept; older ones are pruned. */
export const API_LOG_KEEP = 10_000

export class ApiLogRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  record(input: ApiCallInput): ApiCall {
    const parsed = apiCallInputSchema.safeParse(input)
    if (!parsed.success) {
      throw new StoreError('invalid_input', 'Invalid API log entry.', {
        details: z.flattenError(parsed.error).fieldErrors
      })
    }
    const c = parsed.data
    const { lastInsertRowid } = this.sql(
      `INSERT INTO api_log (started_at, duration_ms, connection_id, method, endpoint, status, ok, error_code, transaction_id)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
    ).run(
      c.startedAt ?? isoNow(this.clock),
      c.durationMs,
      c.connectionId ?? null,
      c.method.toUpperCase(),
      c.endpoint,
      c.status ?? null,
      c.ok ? 1 : 0,
      c.errorCode ?? null,
      c.transactionId ?? null
    )
    return toCall(this.sql('SELECT * FROM api_log WHERE id = ?').get(lastInsertRowid) as ApiCallRow)
  }

  /** Newest first; `beforeId` pages backwards. */
  list(options: { limit?: number; beforeId?: number; onlyFailures?: boolean } = {}): ApiCall[] {
    const rows = this.sql(
      `SELECT * FROM api_log WHERE (? IS NULL OR id < ?) AND (? = 0 OR ok = 0) ORDER BY id DESC LIMIT ?`
    ).all(
      options.beforeId ?? null,
      options.beforeId ?? null,
      options.onlyFailures === true ? 1 : 0,
      options.limit ?? 200
    ) as ApiCallRow[]
    return rows.map(toCall)
  }

  /** One connection's calls, newest first; `from` inclusive, `to` exclusive (ISO instants). */
  listForConnection(connectionId: string, options: { from?: string; to?: string; limit?: number } = {}): ApiCall[] {
    const rows = this.sql(
      `SELECT * FROM api_log WHERE connection_id = ? AND (? IS NULL OR started_at >= ?) AND (? IS NULL OR started_at < ?)
          ORDER BY id DESC LIMIT ?`
    ).all(
      connectionId,
      options.from ?? null,
      options.from ?? null,
      options.to ?? null,
      options.to ?? null,
      options.limit ?? 1000
    ) as ApiCallRow[]
    return rows.map(toCall)
  }

  /** Keeps the newest `keep` calls; returns how many were removed. */
  prune(keep = API_LOG_KEEP): number {
    return this.sql('DELETE FROM api_log WHERE id <= (SELECT id FROM api_log ORDER BY id DESC LIMIT 1 OFFSET ?)').run(
      keep
    ).changes
  }
}

function toCall(row: ApiCallRow): ApiCall {
  return {
    id: row.id,
    startedAt: row.started_at,
    durationMs: row.duration_ms,
    connectionId: row.connection_id,
    method: row.method,
    endpoint: row.endpoint,
    status: row.status,
    ok: row.ok === 1,
    errorCode: row.error_code,
    transactionId: row.transaction_id
  }
}
