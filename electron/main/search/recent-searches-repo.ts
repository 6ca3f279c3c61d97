import type BetterSqlite3 from 'better-sqlite3'
import { statementsOf } from '../store/statements'
import { matchProfileRequestSchema, type MatchProfileRequest } from '../../../shared/api/match-request'
import type { RecentSearch, SearchOptions } from '../../../shared/ipc/channels/search'
import { isoNow, type Clock } from '../store/clock'

/** How many recent searches are kept per connection. */
export const RECENT_SEARCHES_KEEP = 50

interface RecentRow {
  id: number
  connection_id: string | null
  request_json: string
  options_json: string
  result_count: number | null
  searched_at: string
}

/**
 * Searches the recruiter ran, newest first, so one can be run again. The same request on the
 * same connection is one entry that moves to the top.
 */
export class RecentSearchesRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  record(connectionId: string, request: MatchProfileRequest, options: SearchOptions, resultCount: number | null): void {
    const requestJson = JSON.stringify(request)
    const optionsJson = JSON.stringify(options)
    this.sql(
      `INSERT INTO recent_searches (connection_id, request_json, options_json, signature, result_count, searched_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (connection_id, signature) DO UPDATE SET
           result_count = excluded.result_count, searched_at = excluded.searched_at, id = (SELECT MAX(id) + 1 FROM recent_searches)`
    ).run(connectionId, requestJson, optionsJson, `${requestJson}|${optionsJson}`, resultCount, isoNow(this.clock))
    this.sql(
      `DELETE FROM recent_searches WHERE connection_id = ? AND id NOT IN
           (SELECT id FROM recent_searches WHERE connection_id = ? ORDER BY id DESC LIMIT ?)`
    ).run(connectionId, connectionId, RECENT_SEARCHES_KEEP)
  }

  /** Newest first; rows that no longer read as a request are skipped (they cannot be re-run). */
  list(connectionId: string, limit = RECENT_SEARCHES_KEEP): RecentSearch[] {
    const rows = this.sql('SELECT * FROM recent_searches WHERE connection_id = ? ORDER BY id DESC LIMIT ?').all(
      connectionId,
      limit
    ) as RecentRow[]
    return rows.flatMap((row) => {
      try {
        const request = matchProfileRequestSchema.safeParse(JSON.parse(row.request_json))
        const options = JSON.parse(row.options_json) as Partial<SearchOptions>
        if (!request.success) return []
        return [
          {
            id: row.id,
            connectionId: row.connection_id,
            request: request.data,
            options: {
              maxNumberOfResults: Number(options.maxNumberOfResults ?? 25),
              emailLookupEnabled: options.emailLookupEnabled === true
            },
            resultCount: row.result_count,
            searchedAt: row.searched_at
          }
        ]
      } catch {
        return []
      }
    })
  }

  deleteForConnection(connectionId: string): void {
    this.sql('DELETE FROM recent_searches WHERE connection_id = ?').run(connectionId)
  }
}
