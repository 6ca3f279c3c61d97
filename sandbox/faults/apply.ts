import type { IncomingMessage, ServerResponse } from 'node:http'
import { setTimeout as sleep } from 'node:timers/promises'
import type { FaultDecision } from './injector'

/** What the caller should do after a fault was applied. */
export type FaultOutcome = 'answered' | 'continue' | 'truncate' | 'stall'

const json = (res: ServerResponse, status: number, body: string, headers: Record<string, string> = {}): void => {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    ...headers
  })
  res.end(body)
}

/**
 * Waits the injected latency, then answers with the injected failure. 500, 503, 429, malformed
 * and drop answer before the request reaches its handler (no side effects); truncated lets the
 * handler run and tells the caller to cut the body; stall tells the caller to hold the request
 * back `stallMs` (see `stall`).
 */
export async function applyFault(
  decision: FaultDecision,
  req: IncomingMessage,
  res: ServerResponse,
  retryAfterSeconds: number
): Promise<FaultOutcome> {
  if (decision.latencyMs > 0) await sleep(decision.latencyMs)
  switch (decision.kind) {
    case 'none':
      return 'continue'
    case 'stall':
      return 'stall'
    case 'truncated':
      return 'truncate'
    case '500':
      json(
        res,
        500,
        JSON.stringify({ error: { code: 'internal_error', message: 'Internal server error (injected fault)' } })
      )
      return 'answered'
    case '503':
      json(
        res,
        503,
        JSON.stringify({ error: { code: 'service_unavailable', message: 'Service unavailable (injected fault)' } })
      )
      return 'answered'
    case '429':
      json(
        res,
        429,
        JSON.stringify({
          error: {
            code: 'rate_limited',
            message: `Too many requests (injected fault); retry after ${retryAfterSeconds} s`
          }
        }),
        { 'retry-after': String(retryAfterSeconds) }
      )
      return 'answered'
    case 'malformed':
      json(res, 200, '{"results": [{"key": "p-000001", "full_name": "Ada\u0000 Lo}, ,]')
      return 'answered'
    case 'drop':
      req.resume()
      req.socket.destroy()
      return 'answered'
  }
}

/**
 * A connection that breaks mid-body: the headers promise the whole body (Content-Length), only
 * the first half is sent, then the socket closes. Clients see a premature close, not bad JSON.
 */
export function sendTruncated(
  res: ServerResponse,
  status: number,
  body: string,
  headers: Record<string, string>
): void {
  const bytes = Buffer.from(body, 'utf8')
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) })
  res.write(bytes.subarray(0, Math.max(1, Math.floor(bytes.length / 2))), () => res.destroy())
}

/** A stalled request's wait: `stallMs` of silence, longer than a client's time limit. */
export const stall = (stallMs: number): Promise<void> => sleep(stallMs)
