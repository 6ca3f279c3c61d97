import { fetch as undiciFetch, type Dispatcher } from 'undici'
import { AppError } from '../../../shared/ipc/errors'
import { atsKindNames } from '../../../shared/ipc/channels/ats'
import { ApiError } from '../api/api-error'
import type { ConnectionGate } from '../api/connection-gate'
import type { AnswerLimits } from '../net/answer-limits'
import { limitedFetch } from '../net/limited-fetch'
import type { Paced } from '../pace/paces'
import { WorkSlices } from '../work/work-slices'

export type AtsKind = 'greenhouse' | 'lever'

/** Each ATS's name as the recruiter reads it (one list, shared with the page). */
export const atsNames: Record<AtsKind, string> = atsKindNames

export interface AtsAnswer {
  status: number
  headers: Headers
  /** The body parsed; null when it is empty, and for a `raw` call's 2xx answer (its `bytes`). */
  body: unknown
  /**
   * A `raw` call's 2xx answer: the body's bytes as read within the answer limits, neither decoded
   * nor parsed, filling an ArrayBuffer of their own (so it can be transferred to a worker whole).
   * null for every other answer.
   */
  bytes: Uint8Array<ArrayBuffer> | null
}

/**
 * How a call says who it is when not by API key: Lever OAuth's Bearer token (connections/lever-oauth.ts),
 * read before each attempt (refreshed before it expires); a 401 asks for a new one once.
 */
export interface AtsAuth {
  readonly kind: 'oauth'
  authorization(): Promise<string>
  /** The API refused `refused` (the header sent): a new token, unless another call already got one. */
  renew(refused: string): Promise<void>
}

export interface AtsClientDeps {
  kind: AtsKind
  /** The ATS's API root, e.g. https://harvest.greenhouse.io (the key goes to this origin only). */
  baseUrl: string
  apiKey: string
  /** Calls authenticate this way instead of the API key (Lever OAuth); `apiKey` is then unused. */
  auth?: AtsAuth
  /** The main process's dispatcher (net/dispatcher.ts): proxies, certificates, loopback rules. */
  dispatcher: Dispatcher
  /** The same limits as the Partner API's answers (size, nesting, deadline). */
  limits: AnswerLimits
  /** The connection's pace (pace/): calls start no faster than it allows. */
  paced: Paced
  /** The connection's "hold on": a 429's Retry-After holds every call on it. */
  gate: ConnectionGate
  /** How often a refused (429) call is sent again once its Retry-After has passed (default 3). */
  retries429?: number
}

/**
 * Calls to one ATS (Greenhouse Harvest or Lever) through the main process's network stack: Basic
 * auth with the key as user name (or Lever OAuth's Bearer token, renewed once on a 401), at the connection's pace, a 429 held for its Retry-After (for
 * every call on the connection) and sent again, answers read within the answer limits. Failures
 * are ApiErrors in the recruiter's words; 4xx answers the caller expects are returned.
 */
export class AtsClient {
  readonly #fetch: typeof fetch
  readonly #origin: string
  /** How calls authenticate: the API key, or Lever OAuth's tokens (Test connection words it). */
  get auth(): 'apiKey' | 'oauth' {
    return this.deps.auth?.kind ?? 'apiKey'
  }
  /** The ATS's X-RateLimit-Limit, as its last answer said (Greenhouse), else null. */
  rateLimit: number | null = null

  constructor(private readonly deps: AtsClientDeps) {
    this.#origin = new URL(deps.baseUrl).origin
    this.#fetch = atsFetch(deps.dispatcher, deps.limits)
  }

  /**
   * One call. `expected` lists the 4xx statuses the caller reads itself (e.g. 403 or 422 while
   * probing what a key may do); 401, other 4xx and 5xx are thrown as ApiErrors. `raw`: a 2xx
   * answer is kept as its bytes, never made a string on main (an ATS pull's page, decoded and
   * parsed in known-people's worker), its size and nesting still checked here as it is read.
   */
  async call(
    operation: string,
    path: string,
    options: {
      method?: 'GET' | 'POST'
      body?: unknown
      headers?: Record<string, string>
      expected?: number[]
      raw?: boolean
    } = {}
  ): Promise<AtsAnswer> {
    const url = new URL(path, this.deps.baseUrl)
    if (url.origin !== this.#origin) throw new AppError('invalid_input', `${path} is not on ${this.#origin}.`)
    const name = atsNames[this.deps.kind]
    const auth = this.deps.auth
    let renewed = false
    let sent = ''
    for (let attempt = 0; ; attempt++) {
      await this.deps.gate.wait()
      const answer = await this.deps
        .paced(async () => {
          const authorization =
            auth === undefined
              ? `Basic ${Buffer.from(`${this.deps.apiKey}:`).toString('base64')}`
              : await auth.authorization()
          sent = authorization
          let response: Response
          try {
            response = await this.#fetch(url, {
              method: options.method ?? 'GET',
              headers: {
                authorization,
                accept: 'application/json',
                ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
                ...options.headers
              },
              ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
            })
          } catch (error) {
            if (error instanceof AppError) throw error
            throw new ApiError({
              kind: 'network',
              operation,
              cause: (error as { cause?: { code?: string } }).cause?.code
            })
          }
          const limit = Number(response.headers.get('x-ratelimit-limit'))
          if (Number.isInteger(limit) && limit > 0) this.rateLimit = limit
          // either way the body comes through limitedFetch's stream, metered (size, nesting) as it is read
          if (options.raw === true && response.status >= 200 && response.status < 300) {
            return { status: response.status, headers: response.headers, body: null, bytes: await bodyBytes(response) }
          }
          const text = await response.text()
          let body: unknown = null
          if (text !== '') {
            try {
              body = JSON.parse(text)
            } catch {
              throw new ApiError({ kind: 'unreadable', operation, status: response.status })
            }
          }
          if (response.status === 429) {
            const retryAfterMs = retryAfter(response.headers.get('retry-after'))
            this.deps.gate.pause(retryAfterMs)
            throw new ApiError({ kind: 'rate_limited', operation, status: 429, retryAfterMs })
          }
          return { status: response.status, headers: response.headers, body, bytes: null }
        })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.kind === 'rate_limited' && attempt < (this.deps.retries429 ?? 3))
            return null
          throw error
        })
      if (answer === null) continue
      if (answer.status >= 200 && answer.status < 300) return answer
      if (options.expected?.includes(answer.status)) return answer
      const said = serverMessage(answer.body)
      if (answer.status === 401 && auth !== undefined) {
        // the access token was refused (expired early, or revoked): a new one once, then the call again
        if (!renewed) {
          renewed = true
          await auth.renew(sent)
          continue
        }
        throw new ApiError(
          { kind: 'auth', operation, status: 401, serverMessage: said },
          `${name} refused the OAuth access token (HTTP 401${said ? `: “${said}”` : ''}) even after a new one was issued — connect again.`
        )
      }
      if (answer.status === 401) {
        throw new ApiError(
          { kind: 'auth', operation, status: 401, serverMessage: said },
          `${name} refused the API key (HTTP 401${said ? `: “${said}”` : ''}). Check that it was copied whole, and that it is a ${name === 'Greenhouse' ? 'Harvest' : 'Lever'} API key that has not been revoked.`
        )
      }
      if (answer.status === 403) throw new ApiError({ kind: 'forbidden', operation, status: 403, serverMessage: said })
      if (answer.status === 404) throw new ApiError({ kind: 'not_found', operation, status: 404, serverMessage: said })
      if (answer.status >= 500)
        throw new ApiError({ kind: 'server', operation, status: answer.status, serverMessage: said })
      throw new ApiError({ kind: 'invalid_request', operation, status: answer.status, serverMessage: said })
    }
  }
}

/** undici's fetch on the main dispatcher, its answers read within the limits (the ATS calls, Lever's token endpoint). */
export function atsFetch(dispatcher: Dispatcher, limits: AnswerLimits): typeof fetch {
  const viaDispatcher = ((input: string | URL | Request, init?: RequestInit) =>
    undiciFetch(input as string, { ...(init as object), dispatcher } as never)) as unknown as typeof fetch
  return limitedFetch(viaDispatcher, limits)
}

/**
 * A body's bytes, copied once from the stream's pieces into one ArrayBuffer of exactly their
 * length: never a view into a pooled Buffer slab or a larger buffer, so the whole buffer can be
 * transferred to a worker (`postMessage(…, [bytes.buffer])`) and hands over nothing else.
 */
async function bodyBytes(response: Response): Promise<Uint8Array<ArrayBuffer>> {
  const pieces: Uint8Array[] = []
  let length = 0
  if (response.body !== null) {
    // a piece past a limit fails this read with limitedFetch's refusal (invalid_response), as text() did
    const reader = response.body.getReader()
    // a page arrives faster than it is read: each read resolves at once, and the limits' check of
    // 2 MB of pieces ran as one stretch of main's loop (~28 ms); it turns once every 5 ms of reading
    const slices = new WorkSlices()
    for (;;) {
      const { value, done } = await reader.read()
      if (done) break
      pieces.push(value)
      length += value.byteLength
      if (slices.spent()) await slices.pause()
    }
  }
  const bytes = new Uint8Array(length)
  let at = 0
  for (const piece of pieces) {
    bytes.set(piece, at)
    at += piece.byteLength
  }
  return bytes
}

/** Retry-After in ms: seconds or an HTTP date; 1 s when absent or unreadable. */
function retryAfter(header: string | null): number {
  if (header === null) return 1000
  const seconds = Number(header)
  if (Number.isFinite(seconds) && seconds >= 0) return Math.ceil(seconds * 1000)
  const at = Date.parse(header)
  return Number.isFinite(at) ? Math.max(0, at - Date.now()) : 1000
}

/** What the ATS said: Harvest's and Lever's `message`, cut short. */
function serverMessage(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | null)?.message
  return typeof message === 'string' ? message.slice(0, 300) : undefined
}
