import { parseJson, stringifyJson } from '../../shared/json'
import contentType from 'content-type'
import { createReadStream, statSync } from 'node:fs'
import { pipeline } from 'node:stream/promises'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { z } from 'zod'
import { BRIDGE_LOGIN_PARAM, BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { channels, channelNames } from '../../shared/ipc/contract'
import type { ErrorCode, IpcResult } from '../../shared/ipc/errors'
import type { MainServices } from '../main/compose'
import type { Logger } from '../main/logger'
import { createBridgeGuard } from './guard'
import { throttleWarnings } from './log-throttle'
import { createHostSessions } from './sessions'
import { readRendererFile } from '../main/renderer-files'

export { BRIDGE_SESSION_HEADER as SESSION_HEADER }

/** The page may talk only to its own origin: the bridge. No other network at all. */
const hostCsp = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
  "object-src 'none'"
].join('; ')

/**
 * What one client may take of the host. The page makes small calls, one restore of a backup file
 * at most (MAX_BACKUP_CHARS), and holds one event stream per tab; anything beyond is refused with
 * an error value, so a stuck or hostile local client cannot hold the host's memory or sockets.
 */
export interface HostLimits {
  /** Largest request body: a bigger one is refused with 413 before (or as soon as) it is read. */
  maxBodyBytes: number
  /** The whole request (headers and body) must arrive within this, or it is answered 408 and closed. */
  requestTimeoutMs: number
  /** The headers must arrive within this. */
  headersTimeoutMs: number
  /** How often the server looks for requests past those limits. */
  timeoutCheckMs: number
  /** Open event streams (one per tab): one more is refused with 503 until one closes. */
  maxEventStreams: number
  /** Events queued for a stream that does not read them: past this, the stream is closed. */
  maxStreamBacklogBytes: number
  /** Refusals a client can repeat at will (streams, foreign origins): one log line per kind per this. */
  refusalLogIntervalMs: number
}

export const defaultHostLimits: HostLimits = {
  maxBodyBytes: 64 * 1024 * 1024,
  requestTimeoutMs: 120_000,
  headersTimeoutMs: 20_000,
  timeoutCheckMs: 2_000,
  maxEventStreams: 32,
  maxStreamBacklogBytes: 4 * 1024 * 1024,
  refusalLogIntervalMs: 10_000
}

export interface BrowserHostOptions {
  rendererDir: string
  /** Builds the main-process services once the host knows its own origins. */
  createServices(trustedOrigins: readonly string[]): Promise<MainServices>
  logger: Logger
  port?: number
  /** Tests shorten these; see defaultHostLimits. */
  limits?: Partial<HostLimits>
}

export interface BrowserHost {
  /** The clean address (after login). */
  url: string
  /**
   * The link to open, printed in the terminal: `<url>#login=<secret>`. The page trades the secret
   * (once) for a session that only this origin can read (electron/host/sessions.ts).
   */
  loginUrl: string
  /** A fresh one-time link (the terminal prints one on request); an unused older one stops working. */
  newLoginUrl(): string
  origin: string
  /** A session value for the session header: for in-process callers only (tests, the bench). */
  newSession(): string
  services: MainServices
  close(): Promise<void>
}

/**
 * Runs the app without Electron: the built renderer on 127.0.0.1, and `window.talentDesk`
 * implemented over HTTP into the very same router the Electron shell uses.
 *   POST /bridge/<channel>   JSON input → `{ ok, data | error }`
 *   GET  /bridge/events      Server-Sent Events carrying the contract's push events
 *   GET  /bridge/channels    every channel with its input and output JSON Schema
 *   GET  /bridge/download/<id>  a finished export or backup, once (same guard as every bridge call)
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const limits: HostLimits = { ...defaultHostLimits, ...options.limits }
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    connectionsCheckingInterval: limits.timeoutCheckMs
  })
  // A request that never finishes arriving, or cannot be parsed, still gets an error value.
  // The response each connection is writing, so a parse error never lands inside one.
  const answering = new WeakMap<Duplex, ServerResponse>()
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || answering.get(socket)?.headersSent === true) return socket.destroy()
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    const [status, reason] = timedOut
      ? [408, 'Request Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : [400, 'Bad Request']
    const body = stringifyJson(
      failure(
        timedOut ? 'timeout' : 'invalid_input',
        timedOut ? 'The request took too long to arrive and was dropped.' : 'The request could not be read.'
      )
    )
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    )
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  const guard = createBridgeGuard(port)
  const origin = guard.origins[0]!
  const sessions = createHostSessions()
  const linkFor = (secret: string) => `${origin}/#${BRIDGE_LOGIN_PARAM}=${secret}`
  const loginUrl = linkFor(sessions.renewLogin())
  const services = await options.createServices(guard.origins)
  const streams = new Set<ServerResponse>()
  const refusals = throttleWarnings(options.logger, { intervalMs: limits.refusalLogIntervalMs })

  const unsubscribe = services.events.subscribe((name, payload) => {
    const frame = `event: ${name}\ndata: ${stringifyJson(payload)}\n\n`
    for (const stream of streams) {
      // A client that stopped reading would otherwise keep every event in memory.
      if (stream.writableLength > limits.maxStreamBacklogBytes) stream.destroy()
      else stream.write(frame)
    }
  })

  server.on('request', (request, response) => {
    answering.set(request.socket, response)
    response.once('close', () => {
      if (answering.get(request.socket) === response) answering.delete(request.socket)
    })
    route(request, response).catch((error: unknown) => {
      options.logger.error('host.request_failed', { error: String(error) })
      if (!response.headersSent) sendJson(response, 500, failure('internal', 'The browser host failed.'))
      else response.destroy()
    })
  })

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin)
    // DNS rebinding: a page on a foreign name that resolves to 127.0.0.1 still sends its own Host.
    if (!guard.isAllowedHost(request.headers.host)) {
      return refuse(request, response, 403, failure('forbidden', 'This address is not served here.'))
    }
    if (url.pathname.startsWith('/bridge/')) return bridgeRoute(request, response, url)
    // The page and its assets are code, with no data and no secret: served to whoever asks on our
    // Host. Everything the page can read or do goes through the bridge, behind the session.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(request, response, 405, failure('invalid_input', 'Only GET is served here.'))
    }
    return staticRoute(response, url.pathname)
  }

  async function bridgeRoute(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const requestOrigin = request.headers.origin
    if (!guard.isAllowedOrigin(requestOrigin)) {
      refusals.warn('host.foreign_origin', { origin: requestOrigin })
      return refuse(request, response, 403, failure('forbidden', 'Requests from other web pages are refused.'))
    }
    if (url.pathname === '/bridge/session') return loginRoute(request, response)
    if (!sessions.has(headerValue(request, BRIDGE_SESSION_HEADER))) {
      return refuse(request, response, 401, failure('forbidden', notLoggedIn))
    }
    let rest: string
    try {
      rest = decodeURIComponent(url.pathname.slice('/bridge/'.length))
    } catch {
      return refuse(request, response, 404, failure('unknown_channel', 'There is no such channel.'))
    }
    if (request.method === 'GET' && rest === 'channels') return sendJson(response, 200, describeChannels())
    if (request.method === 'GET' && rest === 'events') return openEventStream(response)
    if (request.method === 'GET' && rest.startsWith('download/'))
      return downloadRoute(response, rest.slice('download/'.length))
    if (request.method !== 'POST') {
      return refuse(request, response, 405, failure('invalid_input', 'Bridge calls are POST requests.'))
    }
    const body = await readJsonBody(request, limits.maxBodyBytes)
    if (!body.ok) return refuse(request, response, body.status, failure('invalid_input', body.message))
    // The guard has established that the caller is our own page: the router sees our origin.
    const reply = await services.router.handle(rest, body.value, {
      origin: requestOrigin ?? origin,
      isMainFrame: true
    })
    return sendJson(response, 200, reply)
  }

  /**
   * `POST /bridge/session {"login": "<secret from the link's fragment>"}` from our own page: the
   * secret works once and becomes a session value the page keeps in its origin's storage.
   */
  async function loginRoute(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') {
      return refuse(request, response, 405, failure('invalid_input', 'Log in with a POST request.'))
    }
    const body = await readJsonBody(request, 1024)
    if (!body.ok) return refuse(request, response, body.status, failure('invalid_input', body.message))
    const parsed = z
      .object({ login: z.string().max(128) })
      .strict()
      .safeParse(body.value)
    const session = parsed.success ? sessions.login(parsed.data.login) : null
    if (session === null) {
      options.logger.warn('host.login_refused', {})
      return sendJson(response, 403, failure('forbidden', usedLink))
    }
    return sendJson(response, 200, { ok: true, data: { session } })
  }

  /** Streams a finished export once, then deletes it: the page saves it through a blob URL. */
  async function downloadRoute(response: ServerResponse, downloadId: string): Promise<void> {
    const download = /^[A-Za-z0-9_-]{1,64}$/.test(downloadId) ? services.downloads.take(downloadId) : undefined
    if (download === undefined) {
      return sendJson(response, 404, failure('not_found', 'That file is no longer available. Export it again.'))
    }
    try {
      response.writeHead(200, {
        'content-type': downloadType(download.fileName),
        'content-length': String(statSync(download.path).size),
        'content-disposition': contentDisposition(download.fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store'
      })
      await pipeline(createReadStream(download.path), response)
    } finally {
      services.downloads.release(download)
    }
  }

  function openEventStream(response: ServerResponse): void {
    if (streams.size >= limits.maxEventStreams) {
      refusals.warn('host.too_many_event_streams', { open: streams.size })
      response.setHeader('retry-after', '5')
      return sendJson(
        response,
        503,
        failure(
          'rate_limited',
          `Talent Desk is already open in ${streams.size} tabs or windows. Close some; this one connects once there is room.`
        )
      )
    }
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive'
    })
    response.write(': connected\n\n')
    streams.add(response)
    const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 15_000)
    response.on('close', () => {
      clearInterval(heartbeat)
      streams.delete(response)
    })
  }

  async function staticRoute(response: ServerResponse, pathname: string): Promise<void> {
    const file = await readRendererFile(options.rendererDir, pathname)
    if ('status' in file) {
      return sendText(response, file.status, file.status === 404 ? 'Not found' : 'Forbidden')
    }
    response.writeHead(200, {
      'content-type': file.mimeType,
      'content-security-policy': hostCsp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'cache-control': 'no-store'
    })
    response.end(file.body)
  }

  return {
    url: `${origin}/`,
    loginUrl,
    newLoginUrl: () => linkFor(sessions.renewLogin()),
    origin,
    newSession: () => sessions.create(),
    services,
    async close() {
      unsubscribe()
      refusals.flush()
      for (const stream of streams) stream.end()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await services.close()
    }
  }
}

/** What a finished file is, by the extension the export gave it. */
function downloadType(fileName: string): string {
  const name = fileName.toLowerCase()
  if (name.endsWith('.csv')) return 'text/csv; charset=utf-8'
  if (name.endsWith('.xlsx')) return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
  return 'application/json; charset=utf-8'
}

const newLinkHint =
  'To get a new link, press Enter in the terminal where Talent Desk runs (or stop it with Ctrl+C and start it again).'
const notLoggedIn = `This browser is not logged in to Talent Desk (or Talent Desk was restarted). Open the link printed in the terminal where it runs. ${newLinkHint}`
const usedLink = `This link has been used already or is not the current one. If Talent Desk is open in another tab of this browser, use that tab. ${newLinkHint}`

function describeChannels() {
  return channelNames.map((name) => ({
    name,
    input: z.toJSONSchema(channels[name].input, { io: 'input', unrepresentable: 'any' }),
    output: z.toJSONSchema(channels[name].output, { io: 'output', unrepresentable: 'any' })
  }))
}

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string }

/**
 * Reads a JSON body of at most `maxBytes`: a larger one is refused from its Content-Length, or
 * as soon as the bytes received pass the limit, without buffering the rest.
 */
function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  if (!isJsonType(request.headers['content-type'])) {
    return Promise.resolve({ ok: false, status: 415, message: 'Send the input as application/json.' })
  }
  const tooLarge: JsonBody = {
    ok: false,
    status: 413,
    message: `The request is larger than the ${sizeText(maxBytes)} the host accepts.`
  }
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(tooLarge)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: JsonBody) => {
      request.off('data', onData).off('end', onEnd).off('error', onCut).off('close', onCut)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) return void chunks.push(chunk)
      request.pause()
      finish(tooLarge)
    }
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '') return finish({ ok: true, value: undefined })
      try {
        finish({ ok: true, value: parseJson(text) })
      } catch {
        finish({ ok: false, status: 400, message: 'The request body is not valid JSON.' })
      }
    }
    const onCut = () => finish({ ok: false, status: 400, message: 'The request body was cut off.' })
    request.on('data', onData).on('end', onEnd).on('error', onCut).on('close', onCut)
  })
}

/** `application/json` in any letter case, with or without parameters (RFC 9110: types are case-insensitive). */
function isJsonType(header: string | undefined): boolean {
  if (header === undefined) return false
  try {
    return contentType.parse(header).type === 'application/json'
  } catch {
    return false
  }
}

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`

/**
 * An error value for a request whose body may not have been read (too large, wrong type): the
 * connection is closed after the answer, so the rest of the body is never read or waited for.
 */
function refuse(request: IncomingMessage, response: ServerResponse, status: number, value: unknown): void {
  if (!request.complete) {
    response.setHeader('connection', 'close')
    response.once('finish', () => request.socket.destroySoon())
  }
  sendJson(response, status, value)
}

function failure(code: ErrorCode, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

function sendJson(response: ServerResponse, status: number, value: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(stringifyJson(value))
}

function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  response.end(text)
}
