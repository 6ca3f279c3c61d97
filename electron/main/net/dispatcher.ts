import { createSecureContext, type SecureContext } from 'node:tls'
import { Agent, buildConnector, Dispatcher, ProxyAgent } from 'undici'
import type { Logger } from '../logging/logger'
import { isLoopbackHost, parsePacResult, proxyLabel, type ProxyResolver, type ProxyRoute } from './proxy-rules'
import { errorMessage } from '../../../shared/error-message'
import { withTimeout } from './with-timeout'

/**
 * The one undici dispatcher behind every call main makes (the Partner API client, the token
 * exchange and the tool server): it follows the system's proxy and trusts the given certificate
 * authorities. Electron-free: the desktop shell passes `session.resolveProxy` as the resolver, the
 * browser host one built from HTTPS_PROXY/NO_PROXY (proxy-rules.ts).
 *
 * Each origin's route (direct, or which proxy) is asked of the resolver once and kept for
 * `routeTtlMs` (a minute: a laptop that joins the VPN follows its proxy soon after); loopback
 * always goes direct without asking. Requests going direct share one keep-alive Agent (a pool per
 * origin); each proxy has its own ProxyAgent (CONNECT tunnels, kept alive the same way).
 */

export interface AppDispatcherOptions {
  /** The system's proxy decision for a URL (PAC form). Without it everything goes direct. */
  proxy?: ProxyResolver | undefined
  /**
   * PEM certificates to trust instead of Node's defaults (ca-certificates.ts), or how to get them:
   * a function is called at the first HTTPS connection, so reading the OS store costs the start nothing.
   */
  ca?: readonly string[] | (() => readonly string[]) | undefined
  logger?: Logger | undefined
  /** How long an origin's route is kept (default 60 s). */
  routeTtlMs?: number
  /** A resolver that has not answered after this long counts as DIRECT (default 10 s). */
  resolveTimeoutMs?: number
  /** TCP + TLS connect time limit, to the server or to the proxy (default 10 s). */
  connectTimeoutMs?: number
  now?: () => number
}

interface KnownRoute {
  route: ProxyRoute
  target: Dispatcher
  expiresAt: number
}

const poolOptions = { keepAliveTimeout: 30_000, connections: 16 } as const

export class AppDispatcher extends Dispatcher {
  readonly #resolver: ProxyResolver | undefined
  readonly #logger: Logger | undefined
  readonly #ca: readonly string[] | (() => readonly string[]) | undefined
  readonly #connectTimeoutMs: number
  #secureContext: SecureContext | undefined
  readonly #direct: Agent
  readonly #proxies = new Map<string, ProxyAgent>()
  readonly #routes = new Map<string, KnownRoute>()
  readonly #pending = new Map<string, Promise<KnownRoute>>()
  readonly #ttlMs: number
  readonly #resolveTimeoutMs: number
  readonly #now: () => number
  /** Resolver calls made (tests read it). */
  resolutions = 0

  constructor(options: AppDispatcherOptions = {}) {
    super()
    this.#resolver = options.proxy
    this.#logger = options.logger
    this.#ttlMs = options.routeTtlMs ?? 60_000
    this.#resolveTimeoutMs = options.resolveTimeoutMs ?? 10_000
    this.#now = options.now ?? Date.now
    this.#ca = options.ca
    this.#connectTimeoutMs = options.connectTimeoutMs ?? 10_000
    // Plain http (the built-in sandbox on loopback) never builds the secure context.
    const plain = buildConnector({ timeout: this.#connectTimeoutMs })
    let secure: buildConnector.connector | undefined
    this.#direct = new Agent({
      ...poolOptions,
      connect: (connectOptions, callback) =>
        connectOptions.protocol === 'https:'
          ? (secure ??= buildConnector(this.#tls()))(connectOptions, callback)
          : plain(connectOptions, callback)
    })
  }

  /**
   * TLS options for every connection: one secure context holding the trusted certificates, made
   * at the first HTTPS connection and shared (`ca` given to each tls.connect would parse the whole
   * list again for each new socket: about 0.1–0.3 s for Node's 144 roots on this machine).
   */
  #tls(): { timeout: number; secureContext?: SecureContext } {
    if (this.#ca !== undefined && this.#secureContext === undefined) {
      const ca = typeof this.#ca === 'function' ? this.#ca() : this.#ca
      this.#secureContext = createSecureContext({ ca: [...ca] })
    }
    return {
      timeout: this.#connectTimeoutMs,
      ...(this.#secureContext === undefined ? {} : { secureContext: this.#secureContext })
    }
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    const origin = originKey(options.origin)
    if (this.#resolver === undefined || origin === null || isLoopbackHost(new URL(origin).hostname)) {
      return this.#direct.dispatch(options, handler)
    }
    const known = this.#routes.get(origin)
    if (known !== undefined && known.expiresAt > this.#now()) return known.target.dispatch(options, handler)
    // The route is being asked: the request waits for it (an abort meanwhile is honoured when the
    // target dispatcher starts it). The lookup never fails: an unanswered resolver means DIRECT.
    void this.#lookUp(origin).then(({ target }) => target.dispatch(options, handler))
    return true
  }

  /** Where requests to this origin go now (asks the resolver if the kept answer is stale). */
  async routeOf(origin: string): Promise<ProxyRoute> {
    const key = originKey(origin)
    if (this.#resolver === undefined || key === null || isLoopbackHost(new URL(key).hostname)) return { kind: 'direct' }
    const known = this.#routes.get(key)
    if (known !== undefined && known.expiresAt > this.#now()) return known.route
    return (await this.#lookUp(key)).route
  }

  #lookUp(origin: string): Promise<KnownRoute> {
    let pending = this.#pending.get(origin)
    if (pending === undefined) {
      pending = this.#resolve(origin).finally(() => this.#pending.delete(origin))
      this.#pending.set(origin, pending)
    }
    return pending
  }

  async #resolve(origin: string): Promise<KnownRoute> {
    this.resolutions += 1
    let answer: string
    try {
      answer = await withTimeout(this.#resolver!(`${origin}/`), this.#resolveTimeoutMs)
    } catch (error) {
      this.#logger?.warn('net.proxy_unresolved', {
        origin,
        error: errorMessage(error),
        route: 'direct'
      })
      answer = 'DIRECT'
    }
    const route = parsePacResult(answer)
    const previous = this.#routes.get(origin)
    if (previous === undefined || describeRoute(previous.route) !== describeRoute(route)) {
      this.#logger?.info('net.route', {
        origin,
        route: describeRoute(route),
        ...(route.kind === 'proxy' && route.skipped.length > 0 ? { skipped: route.skipped } : {})
      })
    }
    const known = { route, target: this.#targetOf(route), expiresAt: this.#now() + this.#ttlMs }
    this.#routes.set(origin, known)
    return known
  }

  #targetOf(route: ProxyRoute): Dispatcher {
    if (route.kind === 'direct') return this.#direct
    let agent = this.#proxies.get(route.url)
    if (agent === undefined) {
      agent = new ProxyAgent({
        uri: route.url,
        ...poolOptions,
        // TLS to the server inside the tunnel, and to an HTTPS proxy itself: the same trust
        requestTls: this.#tls(),
        proxyTls: this.#tls()
      })
      this.#proxies.set(route.url, agent)
    }
    return agent
  }

  override close(): Promise<void>
  override close(callback: () => void): void
  override close(callback?: () => void): Promise<void> | void {
    const closing = Promise.all([
      this.#direct.close(),
      ...[...this.#proxies.values()].map((agent) => agent.close())
    ]).then(() => undefined)
    if (callback === undefined) return closing
    void closing.then(callback, callback)
  }

  override destroy(): Promise<void>
  override destroy(err: Error | null): Promise<void>
  override destroy(callback: () => void): void
  override destroy(err: Error | null, callback: () => void): void
  override destroy(errOrCallback?: Error | null | (() => void), callback?: () => void): Promise<void> | void {
    const err = typeof errOrCallback === 'function' ? null : (errOrCallback ?? null)
    const done = typeof errOrCallback === 'function' ? errOrCallback : callback
    const destroying = Promise.all([
      this.#direct.destroy(err),
      ...[...this.#proxies.values()].map((agent) => agent.destroy(err))
    ]).then(() => undefined)
    if (done === undefined) return destroying
    void destroying.then(done, done)
  }
}

/** The dispatcher for main's HTTP: see AppDispatcher. */
export function createAppDispatcher(options: AppDispatcherOptions = {}): AppDispatcher {
  return new AppDispatcher(options)
}

/** `direct`, or the proxy's address without credentials (what the log shows). */
export function describeRoute(route: ProxyRoute): string {
  return route.kind === 'direct' ? 'direct' : `proxy ${proxyLabel(route.url)}`
}

function originKey(origin: Dispatcher.DispatchOptions['origin']): string | null {
  if (origin === undefined) return null
  try {
    const url = new URL(String(origin))
    return url.origin === 'null' ? null : url.origin
  } catch {
    return null
  }
}
