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

/** One person's newest result of one contact type, as the Contacts list needs it. */
export interface PersonContactRow {
  profileKey: string
  contactType: string
  fetchedAt: string
  status: string | null
  /** From the result's request (full name, else first and last), its card, else a shortlist member. */
  name: string | null
  /**
   * "Title at Company": from the person's saved profile when it was saved or refreshed after this
   * result was fetched (a refresh found a new job), else from the result's card.
   */
  headline: string | null
  emails: number
  phones: number
  /** execution_trace and exceptions of a Failed result (to explain the failure); null otherwise. */
  failureSource: Record<string, unknown> | null
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

  /**
   * Every person with contact data on one connection: the newest result per key and type, newest
   * first, with what the Contacts list shows read out in SQL (the whole result is not parsed).
   * No index of its own: with 60,000 results (20,000 people) it takes about 0.2 s, and an index on
   * (connection_id, profile_key, contact_type, id) saved only about 15% of that.
   */
  latestPerPerson(connectionId: string): PersonContactRow[] {
    const rows = this.db
      .prepare(
        `SELECT r.profile_key, r.contact_type, r.fetched_at,
                r.result_json ->> '$.status' AS status,
                r.result_json ->> '$.request.full_name' AS full_name,
                r.result_json ->> '$.request.first_name' AS first_name,
                r.result_json ->> '$.request.last_name' AS last_name,
                r.result_json ->> '$.card.name' AS card_name,
                r.result_json ->> '$.card.full_title' AS headline,
                CASE json_type(r.result_json, '$.emails') WHEN 'array' THEN json_array_length(r.result_json, '$.emails') ELSE 0 END AS emails,
                CASE json_type(r.result_json, '$.phone_numbers') WHEN 'array' THEN json_array_length(r.result_json, '$.phone_numbers') ELSE 0 END AS phones,
                CASE WHEN r.result_json ->> '$.status' = 'Failed'
                     THEN json_object('execution_trace', r.result_json -> '$.execution_trace', 'exceptions', r.result_json -> '$.exceptions')
                END AS failure_json,
                (SELECT m.name FROM members m WHERE m.profile_key = r.profile_key AND m.name != ''
                  ORDER BY m.removed_at IS NOT NULL, m.updated_at DESC LIMIT 1) AS member_name,
                (SELECT json_object('title', m.title, 'company', m.company, 'at', m.profile_captured_at)
                   FROM members m WHERE m.profile_key = r.profile_key
                  ORDER BY m.profile_captured_at DESC LIMIT 1) AS saved_json
           FROM contact_results r
          WHERE r.id IN (
            SELECT MAX(id) FROM contact_results
             WHERE connection_id = ? AND profile_key IS NOT NULL AND contact_type IS NOT NULL
             GROUP BY profile_key, contact_type)
          ORDER BY r.id DESC`
      )
      .all(connectionId) as Array<{
      profile_key: string
      contact_type: string
      fetched_at: string
      status: unknown
      full_name: unknown
      first_name: unknown
      last_name: unknown
      card_name: unknown
      headline: unknown
      emails: number
      phones: number
      failure_json: string | null
      member_name: string | null
      saved_json: string | null
    }>
    const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null)
    return rows.map((row) => ({
      profileKey: row.profile_key,
      contactType: row.contact_type,
      fetchedAt: row.fetched_at,
      status: text(row.status),
      name:
        text(row.full_name) ??
        text([text(row.first_name), text(row.last_name)].filter(Boolean).join(' ')) ??
        text(row.card_name) ??
        text(row.member_name),
      headline: newerSavedHeadline(row.saved_json, row.fetched_at) ?? text(row.headline),
      emails: row.emails,
      phones: row.phones,
      failureSource: row.failure_json === null ? null : (JSON.parse(row.failure_json) as Record<string, unknown>)
    }))
  }

  /** Names of saved people (shortlist members) by key: for people being bought before any result arrives. */
  savedNames(keys: readonly string[]): Map<string, string> {
    const rows = this.db
      .prepare(
        `SELECT profile_key, name FROM members
          WHERE profile_key IN (SELECT value FROM json_each(?)) AND name != ''
          ORDER BY removed_at IS NOT NULL DESC, updated_at`
      )
      .all(JSON.stringify([...new Set(keys)])) as Array<{ profile_key: string; name: string }>
    // ordered so the current, most recently updated member's name is set last and wins
    return new Map(rows.map((row) => [row.profile_key, row.name]))
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

/**
 * A saved member's "Title at Company" when their profile is newer than the contact result: the card
 * is what the person was when the contacts were bought, the member what the latest refresh found.
 */
function newerSavedHeadline(savedJson: string | null, fetchedAt: string): string | null {
  if (savedJson === null) return null
  const saved = JSON.parse(savedJson) as { title: string; company: string; at: string }
  if (!(saved.at > fetchedAt)) return null
  const headline = [saved.title.trim(), saved.company.trim()].filter(Boolean).join(' at ')
  return headline === '' ? null : headline
}
