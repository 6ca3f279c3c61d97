import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import pRetry from 'p-retry'
import { request, type Dispatcher } from 'undici'
import type { z } from 'zod'
import {
  apiTransactionRecordSchema,
  contactResultSchema,
  countsSchema,
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
import { stringifyJson } from '../../../shared/json'
import type { ApiCallInput } from '../store'
import { ApiError, kindOfStatus, retryable, TIMEOUT_CODES, type ApiErrorInfo, type ApiErrorKind } from './api-error'
import { ConnectionGate } from './connection-gate'
import { asList, atMost, joinNotes } from './list-shape'
import {
  AnswerRefused,
  callDeadline,
  defaultAnswerLimits,
  formatSeconds,
  readLimitedText,
  type AnswerLimits
} from '../net/answer-limits'
import { readJsonText, retryAfterMs, serverMessageOf } from './response-body'

export interface ApiTimeouts {
  /** Waiting for response headers after the request was sent. */
  headersMs: number
  /** Silence between body chunks. */
  bodyMs: number
  /**
   * The whole call: every attempt, retry and wait, headers and body. The two above restart at
   * each piece, so a body sent a byte a second never trips them; this does.
   */
  deadlineMs: number
}
export interface RetryPolicy {
  /** Retries after the first attempt, for operations safe to repeat. */
  retries: number
  minTimeoutMs: number
  maxTimeoutMs: number
  /** A Retry-After longer than this is not waited out inside one call: the call fails with it. */
  maxRetryAfterMs: number
}
export const defaultTimeouts: ApiTimeouts = {
  headersMs: 30_000,
  bodyMs: 30_000,
  deadlineMs: defaultAnswerLimits.deadlineMs
}
/** Match Profiles' maxNumberOfResults when none is sent (spec). */
const SPEC_DEFAULT_RESULTS = 5
export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  minTimeoutMs: 300,
  maxTimeoutMs: 5_000,
  maxRetryAfterMs: 30_000
}

export interface PartnerClientDeps {
  connectionId: string
  baseUrl: string
  /** Read at each call, so a rotated key is used at once and never cached here. */
  apiKey: () => Promise<string | null>
  /** undici Agent: one keep-alive pool per origin, with the connect timeout. */
  dispatcher: Dispatcher
  gate?: ConnectionGate
  queryNames: QueryNames
  /** Called once per HTTP attempt; never given headers or bodies. */
  record?: (call: ApiCallInput) => void
  timeouts?: Partial<ApiTimeouts>
  /** The largest answer read and its deepest nesting (net/answer-limits.ts). */
  limits?: Partial<Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>>
  retry?: Partial<RetryPolicy>
  now?: () => number
}

/** A record as received, with what did not match the spec (empty when it matched). */
export interface TolerantRecord {
  value: unknown
  issues: ApiIssue[]
}

interface Operation {
  name: string
  method: 'GET' | 'POST'
  path: string
  /** Whether repeating it cannot spend credits or start a second job. */
  safe: boolean
}

interface CallOptions {
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  signal?: AbortSignal | undefined
  transactionId?: string | undefined
  /** Whether the call's deadline has passed (set by #call). */
  deadline?: { readonly passed: boolean } | undefined
}

export interface CallResult {
  body: unknown
  status: number
  durationMs: number
}

/**
 * The Partner API's six operations over undici, for any server the spec allows: JSON read
 * whatever the content type, records validated tolerantly (kept whole, mismatches listed),
 * retries with backoff and jitter only where repeating is safe, a 429 pausing the connection.
 */
export class PartnerClient {
  readonly connectionId: string
  readonly gate: ConnectionGate
  readonly #deps: PartnerClientDeps
  readonly #timeouts: ApiTimeouts
  readonly #limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>
  readonly #retry: RetryPolicy
  readonly #now: () => number
  readonly #base: URL

  constructor(deps: PartnerClientDeps) {
    this.#deps = deps
    this.connectionId = deps.connectionId
    this.#now = deps.now ?? Date.now
    this.gate = deps.gate ?? new ConnectionGate(this.#now)
    this.#timeouts = { ...defaultTimeouts, ...deps.timeouts }
    this.#limits = { ...defaultAnswerLimits, ...deps.limits }
    this.#retry = { ...defaultRetryPolicy, ...deps.retry }
    this.#base = new URL(deps.baseUrl.endsWith('/') ? deps.baseUrl : `${deps.baseUrl}/`)
  }

  /** POST /api/Search/MatchProfiles. */
  async matchProfiles(
    body: MatchProfileRequest,
    query: { maxNumberOfResults?: number; emailLookupEnabled?: boolean; transactionId?: string } = {},
    signal?: AbortSignal
  ): Promise<{ records: TolerantRecord[]; shapeNote: string | null; transactionId: string; durationMs: number }> {
    const transactionId = query.transactionId ?? randomUUID()
    const result = await this.#call(
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
    const { items, note } = atMost(list.items, query.maxNumberOfResults ?? SPEC_DEFAULT_RESULTS, 'profiles')
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
    const result = await this.#call(
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
    const result = await this.#call(
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
    const result = await this.#call(
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
    const result = await this.#call(
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
      url = new URL(dataUrl, this.#base)
    } catch {
      throw new ApiError({ kind: 'contract_mismatch', operation, cause: 'dataUrl is not an address' })
    }
    if (url.origin !== this.#base.origin) {
      throw new ApiError(
        { kind: 'forbidden', operation, cause: `dataUrl on ${url.origin}` },
        `The job's data is at ${url.origin}, not at this connection's address, so Talent Desk did not send your key there.`
      )
    }
    const result = await this.#call(
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
    const result = await this.#call(
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

  async #call(op: Operation, callOptions: CallOptions): Promise<CallResult> {
    const callerSignal = callOptions.signal
    // One deadline for the whole call (the per-read timeouts restart at every piece).
    const deadline = callDeadline(callerSignal, this.#timeouts.deadlineMs)
    const signal = deadline.signal
    const options: CallOptions = { ...callOptions, signal, deadline }
    try {
      return await pRetry(() => this.#attempt(op, options), {
        retries: op.safe ? this.#retry.retries : 0,
        factor: 2,
        minTimeout: this.#retry.minTimeoutMs,
        maxTimeout: this.#retry.maxTimeoutMs,
        randomize: true,
        ...(signal ? { signal } : {}),
        shouldRetry: ({ error }) => error instanceof ApiError && retryable(error.info, this.#retry.maxRetryAfterMs),
        onFailedAttempt: async ({ error, retriesLeft }) => {
          // A 503's Retry-After is honoured for this call; a 429's pauses the whole connection
          // (the next attempt waits on the gate).
          if (retriesLeft > 0 && error instanceof ApiError && error.kind === 'server' && error.info.retryAfterMs) {
            await sleep(
              Math.min(error.info.retryAfterMs, this.#retry.maxRetryAfterMs),
              undefined,
              signal ? { signal } : undefined
            )
          }
        }
      })
    } catch (error) {
      if (callerSignal?.aborted)
        throw new ApiError({ kind: 'cancelled', operation: op.name, transactionId: options.transactionId })
      if (deadline.passed) throw this.#pastDeadline(op, options.transactionId)
      if (error instanceof ApiError) throw error
      throw new ApiError({ kind: 'network', operation: op.name, cause: String(error) })
    } finally {
      deadline.end()
    }
  }

  #pastDeadline(op: Operation, transactionId: string | undefined): ApiError {
    const limit = formatSeconds(this.#timeouts.deadlineMs)
    return new ApiError(
      { kind: 'timeout', operation: op.name, transactionId, cause: `no whole answer within ${limit}` },
      `The service did not finish answering ${op.name} within ${limit}, so Talent Desk stopped waiting. Try again, or ask for fewer results.`
    )
  }

  async #attempt(op: Operation, options: CallOptions): Promise<CallResult> {
    const { signal, transactionId } = options
    await this.#waitForGate(op, signal, transactionId)
    const url = new URL(op.path, this.#base)
    for (const [name, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined && value !== null) url.searchParams.set(name, String(value))
    }
    const apiKey = await this.#deps.apiKey()
    if (apiKey === null || apiKey === '') {
      throw new ApiError(
        { kind: 'auth', operation: op.name },
        'This connection has no API key yet. Add one in Settings → Connections.'
      )
    }
    const startedAt = this.#now()
    const fail = (info: Omit<ApiErrorInfo, 'operation'>): ApiError => {
      this.#record(op, url, startedAt, info.status ?? null, info.kind, transactionId)
      if (info.kind === 'timeout' && options.deadline?.passed) return this.#pastDeadline(op, transactionId)
      return new ApiError({ operation: op.name, transactionId, ...info })
    }
    let status: number | undefined
    let headers: Record<string, string | string[] | undefined>
    let text: string
    try {
      const response = await request(url, {
        dispatcher: this.#deps.dispatcher,
        method: op.method,
        headers: {
          'api-key': apiKey,
          accept: 'application/json, text/json;q=0.9, text/plain;q=0.8',
          ...(options.body === undefined ? {} : { 'content-type': 'application/json' })
        },
        ...(options.body === undefined ? {} : { body: stringifyJson(options.body) }),
        headersTimeout: this.#timeouts.headersMs,
        bodyTimeout: this.#timeouts.bodyMs,
        ...(signal ? { signal } : {})
      })
      status = response.statusCode
      headers = response.headers
      // metered as it arrives: reading stops at the first piece past the size or depth allowed
      text = await readLimitedText(response.body, this.#limits)
    } catch (error) {
      if (options.deadline?.passed) throw fail({ kind: 'timeout' })
      if (signal?.aborted) throw fail({ kind: 'cancelled' })
      if (error instanceof AnswerRefused) throw fail({ kind: 'unreadable', status, cause: error.message })
      const code = (error as { code?: string }).code
      const kind: ApiErrorKind = code !== undefined && TIMEOUT_CODES.has(code) ? 'timeout' : 'network'
      // not cancelled by us (above), so an abort is the proxy's refusal: keep its words ("Proxy response (407)…")
      throw fail({ kind, cause: code === undefined || code === 'UND_ERR_ABORTED' ? String(error) : code })
    }

    if (status >= 200 && status < 300) {
      let body: unknown
      try {
        body = readJsonText(text)
      } catch {
        throw fail({ kind: 'contract_mismatch', status, cause: 'body is not JSON' })
      }
      this.#record(op, url, startedAt, status, null, transactionId)
      return { body, status, durationMs: Math.round(this.#now() - startedAt) }
    }
    const serverMessage = serverMessageOf(text)
    const wait = retryAfterMs(headers['retry-after'], Date.now())
    const kind = kindOfStatus(status)
    if (kind === 'rate_limited') this.gate.pause(wait ?? this.#retry.minTimeoutMs)
    throw fail({ kind, status, serverMessage, retryAfterMs: wait })
  }

  async #waitForGate(op: Operation, signal: AbortSignal | undefined, transactionId: string | undefined): Promise<void> {
    try {
      await this.gate.wait(signal)
    } catch {
      throw new ApiError({ kind: 'cancelled', operation: op.name, transactionId })
    }
  }

  #record(
    op: Operation,
    url: URL,
    startedAt: number,
    status: number | null,
    errorCode: string | null,
    transactionId?: string
  ) {
    try {
      this.#deps.record?.({
        startedAt: new Date(startedAt).toISOString(),
        durationMs: Math.max(0, Math.round(this.#now() - startedAt)),
        connectionId: this.connectionId,
        method: op.method,
        endpoint: url.pathname,
        status,
        ok: errorCode === null,
        errorCode,
        transactionId: transactionId ?? null
      })
    } catch {
      // the call log is for support; a refused store must not fail the search
    }
  }
}

function tolerant(schema: z.ZodType, value: unknown): TolerantRecord {
  // The record as sent, not zod's copy: identical for loose objects, and never a partial parse.
  return { value, issues: issuesOf(schema, value) }
}
