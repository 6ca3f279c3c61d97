import { randomUUID } from 'node:crypto'
import type { z } from 'zod'
import {
  apiTransactionRecordSchema,
  contactResultSchema,
  countsSchema,
  defaultMaxNumberOfResults,
  issuesOf,
  refreshJobStartSchema,
  refreshJobStatusSchema,
  wholePersonProfileSchema,
  type ApiIssue,
  type ContactRequestType,
  type ContactType,
  type MatchProfileRequest
} from '../../../shared/api'
import type { QueryNames } from '../../../shared/ipc/channels/connections'
import { ApiError } from './api-error'
import { ApiTransport, type TransportDeps } from './api-transport'
import type { ConnectionGate } from './connection-gate'
import { asList, atMost, joinNotes } from './list-shape'

export type { ApiTimeouts, RetryPolicy } from './api-transport'

export interface PartnerClientDeps extends TransportDeps {
  /** The query parameters' names the spec leaves out, as the connection sets them. */
  queryNames: QueryNames
}

/** A record as received, with what did not match the spec (empty when it matched). */
export interface TolerantRecord {
  value: unknown
  issues: ApiIssue[]
}

/**
 * The Partner API's six operations: each call's path, query and body, and its answer read
 * tolerantly (records kept whole, mismatches listed, never more than was asked for). The calls
 * themselves (retries, deadline, gate, call log) are api-transport.ts.
 */
export class PartnerClient {
  readonly connectionId: string
  readonly gate: ConnectionGate
  readonly #deps: PartnerClientDeps
  readonly #transport: ApiTransport

  constructor(deps: PartnerClientDeps) {
    this.#deps = deps
    this.#transport = new ApiTransport(deps)
    this.connectionId = deps.connectionId
    this.gate = this.#transport.gate
  }

  /** POST /api/Search/MatchProfiles. */
  async matchProfiles(
    body: MatchProfileRequest,
    query: { maxNumberOfResults?: number; emailLookupEnabled?: boolean; transactionId?: string } = {},
    signal?: AbortSignal
  ): Promise<{ records: TolerantRecord[]; shapeNote: string | null; transactionId: string; durationMs: number }> {
    const transactionId = query.transactionId ?? randomUUID()
    const result = await this.#transport.call(
      { name: 'Match Profiles', method: 'POST', path: 'api/Search/MatchProfiles', safe: true },
      {
        query: {
          transactionId,
          maxNumberOfResults: query.maxNumberOfResults,
          emailLookupEnabled: query.emailLookupEnabled
        },
        body,
        signal,
        transactionId
      }
    )
    const list = asList(result.body)
    // never more people than were asked for: a service sending more is said, not shown
    const { items, note } = atMost(list.items, query.maxNumberOfResults ?? defaultMaxNumberOfResults, 'profiles')
    return {
      records: items.map((item) => tolerant(wholePersonProfileSchema, item)),
      shapeNote: joinNotes(list.note, note),
      transactionId,
      durationMs: result.durationMs
    }
  }

  /** POST /api/ConversationalSearch/Search. The response body is not in the spec: returned as sent. */
  async conversationalSearch(
    body: { conversation_id?: string | null; user_input?: string; current_query?: unknown; transaction_id?: string },
    signal?: AbortSignal
  ): Promise<{ body: unknown; transactionId: string; durationMs: number }> {
    const transactionId = body.transaction_id ?? randomUUID()
    const result = await this.#transport.call(
      { name: 'Conversational Search', method: 'POST', path: 'api/ConversationalSearch/Search', safe: true },
      { body: { ...body, transaction_id: transactionId }, signal, transactionId }
    )
    return { body: result.body, transactionId, durationMs: result.durationMs }
  }

  /**
   * POST /api/Contacts/GetPremiumContacts. `New` spends credits and is never retried. The
   * operation carries no transaction id; `reference` (the purchase's id) stands for one in this
   * app's call log, so a call can be found from the ledger and back.
   */
  async getPremiumContacts(
    keys: readonly string[],
    contactType: ContactType,
    requestType: ContactRequestType,
    signal?: AbortSignal,
    reference?: string
  ): Promise<{
    results: TolerantRecord[]
    count: TolerantRecord | null
    shapeNote: string | null
    durationMs: number
  }> {
    const names = this.#deps.queryNames
    const result = await this.#transport.call(
      {
        name: 'Get Premium Contacts',
        method: 'POST',
        path: 'api/Contacts/GetPremiumContacts',
        safe: requestType !== 'New'
      },
      {
        query: { [names.contactType]: contactType, [names.requestType]: requestType },
        body: keys,
        signal,
        transactionId: reference
      }
    )
    const body = result.body
    const holder =
      body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {}
    const list = Array.isArray(body)
      ? asList(body)
      : Array.isArray(holder['results'])
        ? asList(holder['results'])
        : asList(body)
    const count = holder['count'] === undefined ? null : tolerant(countsSchema, holder['count'])
    // one result per person asked about: more are not handed on (a poll of no one asks for all)
    const { items, note } = atMost(list.items, keys.length > 0 ? keys.length : undefined, 'contact results')
    return {
      results: items.map((item) => tolerant(contactResultSchema, item)),
      count,
      shapeNote: joinNotes(list.note, note),
      durationMs: result.durationMs
    }
  }

  /**
   * POST /api/Refresh/RefreshProfiles. With a client-made `jobId` a retry after a timeout finds
   * the same job; without one it is never retried, so it cannot start a second job.
   */
  async refreshProfiles(
    body: {
      profileHandles: string[]
      batchSize?: number
      maxConcurrency?: number
      saveToStorage?: boolean
      jobId?: string
    },
    signal?: AbortSignal
  ): Promise<{ record: TolerantRecord; durationMs: number }> {
    const result = await this.#transport.call(
      {
        name: 'Refresh Profiles',
        method: 'POST',
        path: 'api/Refresh/RefreshProfiles',
        safe: typeof body.jobId === 'string' && body.jobId !== ''
      },
      // no transaction id in this operation: the job's id stands for one in this app's call log
      { body, signal, transactionId: body.jobId }
    )
    return { record: tolerant(refreshJobStartSchema, result.body), durationMs: result.durationMs }
  }

  /** GET /api/Refresh/GetJobStatus/{jobId}. */
  async getJobStatus(jobId: string, signal?: AbortSignal): Promise<{ record: TolerantRecord; durationMs: number }> {
    const result = await this.#transport.call(
      {
        name: 'Get Job Status',
        method: 'GET',
        path: `api/Refresh/GetJobStatus/${encodeURIComponent(jobId)}`,
        safe: true
      },
      { signal, transactionId: jobId }
    )
    return { record: tolerant(refreshJobStatusSchema, result.body), durationMs: result.durationMs }
  }

  /**
   * The refreshed profiles behind a job's `dataUrl`. Read only on the connection's own origin:
   * the API key is never sent to an address the recruiter did not configure.
   */
  async getJobData(
    dataUrl: string,
    signal?: AbortSignal,
    jobId?: string
  ): Promise<{ records: TolerantRecord[]; durationMs: number }> {
    const operation = 'Get Job Data'
    let url: URL
    try {
      url = new URL(dataUrl, this.#transport.base)
    } catch {
      throw new ApiError({ kind: 'contract_mismatch', operation, cause: 'dataUrl is not an address' })
    }
    if (url.origin !== this.#transport.base.origin) {
      throw new ApiError(
        { kind: 'forbidden', operation, cause: `dataUrl on ${url.origin}` },
        `The job's data is at ${url.origin}, not at this connection's address, so Talent Desk did not send your key there.`
      )
    }
    const result = await this.#transport.call(
      { name: operation, method: 'GET', path: url.href, safe: true },
      { signal, transactionId: jobId }
    )
    const { items } = asList(result.body, ['profiles', 'results', 'items', 'data', 'value'])
    return { records: items.map((item) => tolerant(wholePersonProfileSchema, item)), durationMs: result.durationMs }
  }

  /** GET /api/Analytics/GetApiTransactionData; the filter names come from the connection. */
  async getApiTransactionData(
    filters: { from?: string; to?: string; type?: string; limit?: number },
    signal?: AbortSignal
  ): Promise<{ records: TolerantRecord[]; shapeNote: string | null; durationMs: number }> {
    const names = this.#deps.queryNames
    const result = await this.#transport.call(
      { name: 'Get Api Transaction Data', method: 'GET', path: 'api/Analytics/GetApiTransactionData', safe: true },
      {
        query: {
          [names.from]: filters.from,
          [names.to]: filters.to,
          [names.type]: filters.type,
          [names.limit]: filters.limit
        },
        signal
      }
    )
    // The documented 200 is one record; a list is read too.
    const list = asList(result.body, ['records', 'results', 'items', 'data', 'value'])
    const { items, note } = atMost(list.items, filters.limit, 'transaction records')
    return {
      records: items.map((item) => tolerant(apiTransactionRecordSchema, item)),
      shapeNote: note,
      durationMs: result.durationMs
    }
  }
}

function tolerant(schema: z.ZodType, value: unknown): TolerantRecord {
  // The record as sent, not zod's copy: identical for loose objects, and never a partial parse.
  return { value, issues: issuesOf(schema, value) }
}
