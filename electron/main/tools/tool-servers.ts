import type * as ToolServerClientModule from '../toolserver/tool-server-client'
import type { ToolServerClient } from '../toolserver/tool-server-client'
import { TokenSource } from '../toolserver/token-source'
import type { ToolAccess } from '../platform/ports'

/** A connection's tool server as last reached: its token source and MCP client, for these addresses and client id. */
export interface ToolServer {
  signature: string
  clientId: string
  tokens: TokenSource
  client: ToolServerClient
}

export interface ToolServersDeps {
  /** undici's fetch on the app's dispatcher (token exchange and tool server alike). */
  fetch: typeof fetch
  clientInfo: { name: string; version: string }
  /** The log's masking: every access token issued is added to it. */
  mask?: (token: string) => void
  now?: () => number
  tokenMarginMs?: number
  callTimeoutMs?: number
  listRetryMinMs?: number
}

/**
 * The MCP SDK's client is loaded at the first use of a tool server, not at every start: it was a
 * fifth of the main process's start (its modules and their schemas), before the window could open.
 */
let clientModule: Promise<typeof ToolServerClientModule> | undefined
const loadClientModule = () => (clientModule ??= import('../toolserver/tool-server-client'))

/**
 * One token source and one MCP client per connection, made on first use and remade when its
 * addresses or client id change; `forget` drops both (a rotated secret, a removed connection).
 */
export class ToolServers {
  readonly #servers = new Map<string, ToolServer>()

  constructor(private readonly deps: ToolServersDeps) {}

  /** The connection's tool server, made (or remade) for what `access` names. */
  async of(access: ToolAccess): Promise<ToolServer> {
    const { ToolServerClient } = await loadClientModule()
    const signature = JSON.stringify([access.authUrl, access.mcpUrl, access.clientId])
    const cached = this.#servers.get(access.connection.id)
    if (cached !== undefined && cached.signature === signature) return cached
    if (cached !== undefined) this.forget(access.connection.id)
    const tokens = new TokenSource({
      authUrl: access.authUrl,
      mcpUrl: access.mcpUrl,
      clientId: access.clientId,
      clientSecret: access.clientSecret,
      fetch: this.deps.fetch,
      ...(this.deps.mask ? { mask: this.deps.mask } : {}),
      ...(this.deps.now ? { now: this.deps.now } : {}),
      ...(this.deps.tokenMarginMs === undefined ? {} : { marginMs: this.deps.tokenMarginMs })
    })
    const client = new ToolServerClient({
      mcpUrl: access.mcpUrl,
      tokens,
      fetch: this.deps.fetch,
      clientInfo: this.deps.clientInfo,
      ...(this.deps.callTimeoutMs === undefined ? {} : { callTimeoutMs: this.deps.callTimeoutMs }),
      ...(this.deps.listRetryMinMs === undefined ? {} : { listRetryMinMs: this.deps.listRetryMinMs })
    })
    const server = { signature, clientId: access.clientId, tokens, client }
    this.#servers.set(access.connection.id, server)
    return server
  }

  /** Drops a connection's token and session: the next use exchanges the (new) secret afresh. */
  forget(connectionId: string): void {
    const server = this.#servers.get(connectionId)
    if (server === undefined) return
    this.#servers.delete(connectionId)
    server.tokens.drop()
    void server.client.close()
  }

  async close(): Promise<void> {
    const servers = [...this.#servers.values()]
    this.#servers.clear()
    await Promise.all(servers.map((server) => server.client.close()))
  }
}
