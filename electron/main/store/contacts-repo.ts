import type BetterSqlite3 from 'better-sqlite3'
import { contactResultSchema, parseTolerant, type ApiIssue, type ContactResult, type Counts } from '../../../shared/api'
import { isoNow, type Clock } from './clock'
import { jsonObject } from './json-text'

export interface StoredContactResult {
  id: number
  profileKey: string | null
  fetchedAt: string
  contactType: string | null
  requestType: string | null
  /** The Contact Result as received. */
  resultJson: string
  /** Parsed and checked tolerantly: with issues, still the stored data, untouched. */
  result: ContactResult
  resultIssues: ApiIssue[]
}

export interface CreditCounts {
  recordedAt: string
  available: number | null
  used: number | null
  newRequestedCount: number | null
}

interface ContactRow {
  id: number
  profile_key: string | null
  fetched_at: string
  contact_type: string | null
  request_type: string | null
  result_json: string
}

/**
 * Contact results (kept whole, as received) and the credit counts reported with them, so
 * contacts stay readable offline and the credit history can be shown.
 */
export class ContactsRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  /**
   * Saves one Get Premium Contacts response: each result under its profile key (taken from
   * `profileKeys[i]` when given, else from the result's request, card or execution trace) and
   * the counts, in one transaction.
   */
  saveResponse(
    response: { results?: Array<ContactResult | string> | null; count?: Counts | null },
    options: {
      profileKeys?: Array<string | undefined>
      contactType?: string
      requestType?: string
      /** The connection the results came from. */
      connectionId?: string
    } = {}
  ): StoredContactResult[] {
    const fetchedAt = isoNow(this.clock)
    return this.db.transaction(() => {
      const insert = this.db.prepare(
        'INSERT INTO contact_results (profile_key, fetched_at, contact_type, request_type, result_json, connection_id) VALUES (?, ?, ?, ?, ?, ?)'
      )
      const ids = (response.results ?? []).map((input, index) => {
        const { json, value } = jsonObject(input, 'A contact result')
        const key = options.profileKeys?.[index] ?? profileKeyOf(value)
        return Number(
          insert.run(
            key ?? null,
            fetchedAt,
            options.contactType ?? null,
            options.requestType ?? null,
            json,
            options.connectionId ?? null
          ).lastInsertRowid
        )
      })
      if (response.count) this.recordCounts(response.count, fetchedAt, options.connectionId)
      return ids.map((id) => this.byId(id))
    })()
  }

  latestFor(profileKey: string): StoredContactResult | undefined {
    const row = this.db
      .prepare('SELECT * FROM contact_results WHERE profile_key = ? ORDER BY fetched_at DESC, id DESC LIMIT 1')
      .get(profileKey) as ContactRow | undefined
    return row === undefined ? undefined : toResult(row)
  }

  /** The newest result of each contact type for a person, from any connection (offline shortlists). */
  latestPerType(profileKey: string): StoredContactResult[] {
    return (
      this.db
        .prepare(
          `SELECT * FROM contact_results WHERE id IN (
             SELECT MAX(id) FROM contact_results WHERE profile_key = ? GROUP BY contact_type)
           ORDER BY contact_type`
        )
        .all(profileKey) as ContactRow[]
    ).map(toResult)
  }

  historyFor(profileKey: string): StoredContactResult[] {
    return (
      this.db
        .prepare('SELECT * FROM contact_results WHERE profile_key = ? ORDER BY fetched_at, id')
        .all(profileKey) as ContactRow[]
    ).map(toResult)
  }

  recordCounts(count: Counts, recordedAt = isoNow(this.clock), connectionId?: string): CreditCounts {
    this.db
      .prepare(
        'INSERT INTO credit_counts (recorded_at, available, used, new_requested_count, connection_id) VALUES (?, ?, ?, ?, ?)'
      )
      .run(
        recordedAt,
        count.available ?? null,
        count.used ?? null,
        count.newRequestedCount ?? null,
        connectionId ?? null
      )
    return {
      recordedAt,
      available: count.available ?? null,
      used: count.used ?? null,
      newRequestedCount: count.newRequestedCount ?? null
    }
  }

  latestCounts(): CreditCounts | undefined {
    return this.countsHistory(1)[0]
  }

  /** The counts last seen on one connection. */
  latestCountsFor(connectionId: string): CreditCounts | undefined {
    const row = this.db
      .prepare(
        `SELECT recorded_at, available, used, new_requested_count FROM credit_counts
          WHERE connection_id = ? ORDER BY recorded_at DESC, id DESC LIMIT 1`
      )
      .get(connectionId) as
      | { recorded_at: string; available: number | null; used: number | null; new_requested_count: number | null }
      | undefined
    return row === undefined
      ? undefined
      : {
          recordedAt: row.recorded_at,
          available: row.available,
          used: row.used,
          newRequestedCount: row.new_requested_count
        }
  }

  /** The newest result per key on one connection and type (what the screen shows offline). */
  latestByKeys(connectionId: string, contactType: string, keys: readonly string[]): Map<string, StoredContactResult> {
    const rows = this.db
      .prepare(
        `SELECT * FROM contact_results WHERE id IN (
           SELECT MAX(id) FROM contact_results
            WHERE connection_id = ? AND contact_type = ? AND profile_key IN (SELECT value FROM json_each(?))
            GROUP BY profile_key)`
      )
      .all(connectionId, contactType, JSON.stringify([...new Set(keys)])) as ContactRow[]
    return new Map(rows.map((row) => [row.profile_key ?? '', toResult(row)]))
  }

  /** Newest first. */
  countsHistory(limit = 100): CreditCounts[] {
    const rows = this.db
      .prepare(
        'SELECT recorded_at, available, used, new_requested_count FROM credit_counts ORDER BY recorded_at DESC, id DESC LIMIT ?'
      )
      .all(limit) as Array<{
      recorded_at: string
      available: number | null
      used: number | null
      new_requested_count: number | null
    }>
    return rows.map((row) => ({
      recordedAt: row.recorded_at,
      available: row.available,
      used: row.used,
      newRequestedCount: row.new_requested_count
    }))
  }

  private byId(id: number): StoredContactResult {
    return toResult(this.db.prepare('SELECT * FROM contact_results WHERE id = ?').get(id) as ContactRow)
  }
}

/** The person a Contact Result is about: request.key, else card.key, else execution_trace.key. */
export function profileKeyOf(result: Record<string, unknown>): string | undefined {
  for (const part of ['request', 'card', 'execution_trace']) {
    const value = result[part]
    if (value !== null && typeof value === 'object') {
      const key = (value as Record<string, unknown>).key
      if (typeof key === 'string' && key !== '') return key
    }
  }
  return undefined
}

function toResult(row: ContactRow): StoredContactResult {
  const checked = parseTolerant(contactResultSchema, JSON.parse(row.result_json))
  return {
    id: row.id,
    profileKey: row.profile_key,
    fetchedAt: row.fetched_at,
    contactType: row.contact_type,
    requestType: row.request_type,
    resultJson: row.result_json,
    result: checked.value as ContactResult,
    resultIssues: checked.issues
  }
}
