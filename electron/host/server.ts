import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { BRIDGE_LOGIN_PARAM, BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import type { MainServices } from '../main/compose'
import type { Logger } from '../main/logging/logger'
import { createEventStreams } from './event-streams'
import { createBridgeGuard } from './guard'
import { answerClientErrors, failure, refuse, sendJson } from './http-replies'
import { throttleWarnings } from './log-throttle'
import { loadPageFiles } from './page-files'
import { createHostSessions } from './sessions'

export { BRIDGE_SESSION_HEADER as SESSION_HEADER }
export { contentDisposition } from './http-replies'

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
  /**
   * Told as soon as the host listens, before the services are made: the link works from then (the
   * page loads at once, its bridge calls wait for the services), so the terminal prints it while
   * the browser starts instead of after the main process is put together.
   */
  onListening?(link: { url: string; loginUrl: string }): void
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
 * implemented over HTTP (bridge-routes.ts) into the very same router the Electron shell uses.
 * This function only wires the parts: the server and its limits, the guard (Host and Origin),
 * the login sessions, the event streams, the bridge and the page's files.
 */
export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const limits: HostLimits = { ...defaultHostLimits, ...options.limits }
  const server = createServer({
    requestTimeout: limits.requestTimeoutMs,
    headersTimeout: Math.min(limits.headersTimeoutMs, limits.requestTimeoutMs),
    connectionsCheckingInterval: limits.timeoutCheckMs
  })
  const answering = new WeakMap<Duplex, ServerResponse>()
  answerClientErrors(server, answering)
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
  const pageFiles = loadPageFiles(options.rendererDir)
  const refusals = throttleWarnings(options.logger, { intervalMs: limits.refusalLogIntervalMs })
  // the bridge once the services are made: its calls wait for them, the page's files do not
  let ready!: { resolve(route: BridgeRoute): void; reject(error: unknown): void }
  const bridge = new Promise<BridgeRoute>((resolve, reject) => (ready = { resolve, reject }))
  bridge.catch(() => undefined) // a failed start rejects startBrowserHost itself, below

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', origin)
    // DNS rebinding: a page on a foreign name that resolves to 127.0.0.1 still sends its own Host.
    if (!guard.isAllowedHost(request.headers.host)) {
      return refuse(request, response, 403, failure('forbidden', 'This address is not served here.'))
    }
    if (url.pathname.startsWith('/bridge/')) return (await bridge)(request, response, url)
    // The page and its assets are code, with no data and no secret: served to whoever asks on our
    // Host. Everything the page can read or do goes through the bridge, behind the session.
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return refuse(request, response, 405, failure('invalid_input', 'Only GET is served here.'))
    }
    return pageFiles.answer(request, response, url.pathname)
  }

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

  options.onListening?.({ url: `${origin}/`, loginUrl })
  let services: MainServices
  let streams: ReturnType<typeof createEventStreams>
  try {
    services = await options.createServices(guard.origins)
    // listening from the services' first moment: a job that ends before any tab opens is held for it
    streams = createEventStreams(services.events, limits, refusals)
    // (the bridge's code, with every channel's schemas, is loaded with the services: after the link)
    const { createBridgeRoutes } = await import('./bridge-routes')
    ready.resolve(
      createBridgeRoutes({
        origin,
        guard,
        sessions,
        services,
        streams,
        refusals,
        logger: options.logger,
        maxBodyBytes: limits.maxBodyBytes
      })
    )
  } catch (error) {
    ready.reject(error)
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
    throw error
  }

  return {
    url: `${origin}/`,
    loginUrl,
    newLoginUrl: () => linkFor(sessions.renewLogin()),
    origin,
    newSession: () => sessions.create(),
    services,
    async close() {
      streams.close()
      refusals.flush()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await services.close()
    }
  }
}

type BridgeRoute = (request: IncomingMessage, response: ServerResponse, url: URL) => Promise<void>
