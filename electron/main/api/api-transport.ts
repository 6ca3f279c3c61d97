import { setTimeout as sleep } from 'node:timers/promises'
import pRetry from 'p-retry'
import { request, type Dispatcher } from 'undici'
import { stringifyJson } from '../../../shared/json'
import type { ApiCallInput } from './api-call'
import { ApiError, kindOfStatus, retryable, TIMEOUT_CODES, type ApiErrorInfo, type ApiErrorKind } from './api-error'
import { ConnectionGate } from './connection-gate'
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
export const defaultRetryPolicy: RetryPolicy = {
  retries: 3,
  minTimeoutMs: 300,
  maxTimeoutMs: 5_000,
  maxRetryAfterMs: 30_000
}

/** What a call needs of its connection: where, with which key, through which pool and gate. */
export interface TransportDeps {
  connectionId: string
  baseUrl: string
  /** Read at each call, so a rotated key is used at once and never cached here. */
  apiKey: () => Promise<string | null>
  /** undici Agent: one keep-alive pool per origin, with the connect timeout. */
  dispatcher: Dispatcher
  gate?: ConnectionGate
  /** Called once per HTTP attempt; never given headers or bodies. */
  record?: (call: ApiCallInput) => void
  timeouts?: Partial<ApiTimeouts>
  /** The largest answer read and its deepest nesting (net/answer-limits.ts). */
  limits?: Partial<Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>>
  retry?: Partial<RetryPolicy>
  now?: () => number
}

/** An operation of the API, as the transport needs to know it. */
export interface Operation {
  name: string
  method: 'GET' | 'POST'
  path: string
  /** Whether repeating it cannot spend credits or start a second job. */
  safe: boolean
}

export interface CallOptions {
  query?: Record<string, string | number | boolean | null | undefined>
  body?: unknown
  signal?: AbortSignal | undefined
  transactionId?: string | undefined
  /** Whether the call's deadline has passed (set by call). */
  deadline?: { readonly passed: boolean } | undefined
}

export interface CallResult {
  body: unknown
  status: number
  durationMs: number
}

/**
 * The Partner API's calls over undici, below the operations: the key read at each attempt, JSON
 * read whatever the content type, answers metered as they arrive, one deadline per call, retries
 * with backoff and jitter only where repeating is safe, a 429 pausing the connection (its gate),
 * and every attempt in the call log.
 */
export class ApiTransport {
  readonly connectionId: string
  readonly gate: ConnectionGate
  /** The connection's address, ending in a slash: operations' paths are read against it. */
  readonly base: URL
  readonly #deps: TransportDeps
  readonly #timeouts: ApiTimeouts
  readonly #limits: Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>
  readonly #retry: RetryPolicy
  readonly #now: () => number

  constructor(deps: TransportDeps) {
    this.#deps = deps
    this.connectionId = deps.connectionId
    this.#now = deps.now ?? Date.now
    this.gate = deps.gate ?? new ConnectionGate(this.#now)
    this.#timeouts = { ...defaultTimeouts, ...deps.timeouts }
    this.#limits = { ...defaultAnswerLimits, ...deps.limits }
    this.#retry = { ...defaultRetryPolicy, ...deps.retry }
    this.base = new URL(deps.baseUrl.endsWith('/') ? deps.baseUrl : `${deps.baseUrl}/`)
  }

  /** One call: every attempt, retry and wait within one deadline. */
  async call(op: Operation, callOptions: CallOptions): Promise<CallResult> {
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
    const url = new URL(op.path, this.base)
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
