import type { IncomingMessage, ServerResponse } from 'node:http'
import type { z } from 'zod'
import type { TeamErrorCode } from '../../shared/team/protocol'

/** What a route answers: a status and a JSON body. Failures are values too, never thrown. */
export type Reply = { status: number; body: unknown; headers?: Record<string, string> }

const statusOf: Record<TeamErrorCode, number> = {
  'bad-request': 400,
  unauthorized: 401,
  revoked: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'over-budget': 409,
  'too-large': 413,
  unavailable: 503
}

export function fail(code: TeamErrorCode, message: string): Reply {
  return { status: statusOf[code], body: { error: { code, message } } }
}

export function ok(body: unknown, status = 200): Reply {
  return { status, body }
}

export function send(res: ServerResponse, reply: Reply): void {
  const text = JSON.stringify(reply.body)
  res.writeHead(reply.status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    'cache-control': 'no-store',
    ...reply.headers
  })
  res.end(text)
}

/** A request whose connection closed before its body ended: there is no one to answer. */
export class RequestCut extends Error {
  constructor() {
    super('the request was cut before its body ended')
  }
}

/** The largest request body the server reads (a push of many changes); larger is refused unread. */
export const MAX_BODY_BYTES = 2 * 1024 * 1024

/**
 * Reads a JSON body of at most `limit` bytes and checks it against `schema` (strict: a field the
 * protocol does not declare, such as an author, is refused). A body over the limit is refused from
 * its Content-Length, or as it crosses the limit, without reading the rest.
 */
export async function readBody<S extends z.ZodType>(
  req: IncomingMessage,
  schema: S,
  limit = MAX_BODY_BYTES
): Promise<{ ok: true; value: z.infer<S> } | { ok: false; reply: Reply }> {
  const type = req.headers['content-type'] ?? ''
  if (!/^application\/json\b/i.test(type)) {
    return { ok: false, reply: fail('bad-request', 'Send the body as JSON (Content-Type: application/json).') }
  }
  const declared = Number(req.headers['content-length'])
  const tooLarge = fail('too-large', `The request is larger than ${limit} bytes: send fewer changes at a time.`)
  if (Number.isFinite(declared) && declared > limit) return { ok: false, reply: tooLarge }
  const chunks: Buffer[] = []
  let size = 0
  const over = await new Promise<boolean>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      size += chunk.length
      if (size > limit) {
        req.off('data', onData)
        req.pause()
        resolve(true)
        return
      }
      chunks.push(chunk)
    }
    req.on('data', onData)
    req.once('end', () => resolve(false))
    req.once('error', reject)
    // cut before the end (the desk went away mid-push): nothing of it is kept
    req.once('close', () => {
      if (!req.complete) reject(new RequestCut())
    })
  })
  if (over) return { ok: false, reply: tooLarge }
  let json: unknown
  try {
    json = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    return { ok: false, reply: fail('bad-request', 'The body is not valid JSON.') }
  }
  const parsed = schema.safeParse(json)
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(body)'}: ${issue.message}`)
      .join('; ')
    return { ok: false, reply: fail('bad-request', `The request does not follow the team protocol: ${issues}`) }
  }
  return { ok: true, value: parsed.data }
}
