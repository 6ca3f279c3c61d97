import { AppError, type ErrorCode } from '../../../shared/ipc/errors'
import { describeConnectionCause } from '../net/connection-problem'

/** What went wrong with a Partner API call, in the terms the screens act on. */
export const apiErrorKinds = [
  'auth',
  'forbidden',
  'not_found',
  'rate_limited',
  'out_of_credits',
  'server',
  'network',
  'timeout',
  'invalid_request',
  'contract_mismatch',
  'unreadable',
  'cancelled'
] as const
export type ApiErrorKind = (typeof apiErrorKinds)[number]

const ipcCode: Record<ApiErrorKind, ErrorCode> = {
  auth: 'unauthorized',
  forbidden: 'forbidden',
  not_found: 'not_found',
  rate_limited: 'rate_limited',
  out_of_credits: 'payment_required',
  server: 'server_error',
  network: 'network',
  timeout: 'timeout',
  invalid_request: 'invalid_input',
  contract_mismatch: 'invalid_response',
  unreadable: 'invalid_response',
  cancelled: 'cancelled'
}

export interface ApiErrorInfo {
  kind: ApiErrorKind
  /** The operation, e.g. "Match Profiles". */
  operation: string
  status?: number | undefined
  /** What the service said, cut short; never a header or our request. */
  serverMessage?: string | undefined
  /** From Retry-After, when the service sent one. */
  retryAfterMs?: number | undefined
  transactionId?: string | undefined
  /** The low-level cause (an undici error code), for the log and the details disclosure. */
  cause?: string | undefined
}

/**
 * A failed Partner API call. It is an AppError, so it crosses IPC as `{ code, message, details }`
 * with the kind and the service's own words in `details`.
 */
export class ApiError extends AppError {
  readonly kind: ApiErrorKind
  readonly info: ApiErrorInfo
  constructor(info: ApiErrorInfo, message = describe(info)) {
    super(ipcCode[info.kind], message, {
      kind: info.kind,
      operation: info.operation,
      ...(info.status === undefined ? {} : { status: info.status }),
      ...(info.serverMessage === undefined ? {} : { serverMessage: info.serverMessage }),
      ...(info.retryAfterMs === undefined ? {} : { retryAfterSeconds: Math.ceil(info.retryAfterMs / 1000) }),
      ...(info.transactionId === undefined ? {} : { transactionId: info.transactionId }),
      ...(info.cause === undefined ? {} : { cause: info.cause })
    })
    this.name = 'ApiError'
    this.kind = info.kind
    this.info = info
  }
}

/** The recruiter's words: what happened, then what to do. */
export function describe(info: ApiErrorInfo): string {
  const op = info.operation
  const said = info.serverMessage ? ` The service said: “${info.serverMessage}”` : ''
  const saidEnd = said === '' ? '' : said.endsWith('.') || said.endsWith('”') ? said : `${said}.`
  switch (info.kind) {
    case 'auth':
      return `The API key was refused. Check it in Settings → Connections.`
    case 'forbidden':
      return `This API key may not use ${op}. Ask your administrator to enable it, or use another connection.`
    case 'not_found':
      return `The service does not know this ${op} address or item. Check the connection’s base URL in Settings → Connections.${saidEnd}`
    case 'rate_limited': {
      const wait =
        info.retryAfterMs === undefined ? 'a moment' : `${Math.max(1, Math.ceil(info.retryAfterMs / 1000))} s`
      return `The service asked Talent Desk to slow down. Requests on this connection resume in ${wait}; try again then.`
    }
    case 'out_of_credits':
      return `There are not enough credits for this request.${saidEnd} Buy more credits or choose fewer people.`
    case 'server':
      return `The service had a problem with ${op} (HTTP ${info.status ?? '5xx'}) and Talent Desk’s retries did not help. Try again in a few minutes.`
    case 'network': {
      // a certificate or proxy problem says what it is (a company network), not "check your network"
      const problem = describeConnectionCause(info.cause)
      if (problem !== null) return `Talent Desk could not reach the service for ${op}. ${problem}`
      return `Talent Desk could not reach the service for ${op}. Check your network and the connection’s base URL, then try again.`
    }
    case 'timeout':
      return `The service took too long to answer ${op}. Try again, or ask for fewer results.`
    case 'invalid_request':
      return `The service refused the ${op} request.${saidEnd || ' Check the fields and try again.'}`
    case 'contract_mismatch':
      return `The service answered ${op} with something Talent Desk could not read. Try again; if it keeps happening, report it with the transaction id.`
    case 'unreadable':
      // the answer was refused while it was read (too large, nested too deep): the host is fine
      return `The service’s answer to ${op} could not be read${info.cause ? `: ${info.cause}` : ''}. Nothing was changed. Try again with fewer results; if it keeps happening, report it to the service.`
    case 'cancelled':
      return `${op} was cancelled.`
  }
}

/** undici's codes for a connection, response head or body piece that took too long. */
export const TIMEOUT_CODES = new Set(['UND_ERR_CONNECT_TIMEOUT', 'UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT'])

/** What an HTTP status other than 2xx says went wrong. */
export function kindOfStatus(status: number): ApiErrorKind {
  if (status === 401) return 'auth'
  if (status === 402) return 'out_of_credits'
  if (status === 403) return 'forbidden'
  if (status === 404) return 'not_found'
  if (status === 408) return 'timeout'
  if (status === 429) return 'rate_limited'
  if (status >= 500) return 'server'
  if (status >= 400) return 'invalid_request'
  return 'contract_mismatch' // a redirect or 1xx: not a JSON answer
}

/**
 * Whether an attempt that failed so is worth making again (for an operation safe to repeat): a
 * Retry-After longer than `maxRetryAfterMs` is not waited out inside one call.
 */
export function retryable(info: ApiErrorInfo, maxRetryAfterMs: number): boolean {
  switch (info.kind) {
    case 'network':
    case 'timeout':
    case 'contract_mismatch':
      return true
    case 'server':
      return info.status === undefined || [500, 502, 503, 504].includes(info.status)
    case 'rate_limited':
      return (info.retryAfterMs ?? 0) <= maxRetryAfterMs
    default:
      return false
  }
}
