import { createHash } from 'node:crypto'
import type { Dispatcher } from 'undici'
import {
  defaultQueryNames,
  type ConnectionSettings,
  type ConnectionTestPart,
  type ConnectionView,
  type ConnectionsOverview,
  type SandboxState,
  type SavedConnection,
  type SecretKind
} from '../../../shared/ipc/channels/connections'
import { isSecureOrLoopback } from '../../../shared/loopback'
import { AppError } from '../../../shared/ipc/errors'
import { ConnectionGate } from '../api/connection-gate'
import type { PaceSignals } from '../pace/paces'
import { PartnerClient, type ApiTimeouts, type RetryPolicy } from '../api/partner-client'
import type { AnswerLimits } from '../net/answer-limits'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { EmbeddedSandbox } from '../embedded-api/embedded-sandbox'
import type { Clock, Connection, Store } from '../store'
import type { SecretsService } from './secrets-service'
import type { StoreAccess } from '../store/store-access'
import { testConnection } from './connection-test'
import { resetSandbox, SANDBOX_CONNECTION_ID, SANDBOX_PLACEHOLDER_URL, sandboxConnection } from './sandbox-connection'
import type { CallLogPort, ConnectionsPort, ToolAccess } from '../platform/ports'
import type { EventBus } from '../platform/event-bus'
import { errorMessage } from '../../../shared/error-message'

export { SANDBOX_CONNECTION_ID } from './sandbox-connection'
export type { ToolAccess } from '../platform/ports'

const ACTIVE_KEY = 'activeConnectionId'

export interface ConnectionsDeps {
  stores: StoreAccess
  secrets: SecretsService
  /** The built-in sandbox; null where it is not part of the build (some tests). */
  sandbox: EmbeddedSandbox | null
  dispatcher: Dispatcher
  clock: Clock
  events: EventHub
  /** Tells the other features a connection was removed (connectionRemoved). */
  bus?: Pick<EventBus, 'publish'>
  logger: Logger
  /** Where every call is logged (usage/'s call log, written behind the reply): read when a call is made. */
  callLog?: () => CallLogPort
  timeouts?: Partial<ApiTimeouts>
  /** The largest answer read and its deepest nesting (net/answer-limits.ts). */
  limits?: Partial<Pick<AnswerLimits, 'maxBodyBytes' | 'maxDepth'>>
  retry?: Partial<RetryPolicy>
  /** The connections' paces: told of every answer, sharing each connection's gate. */
  pace?: PaceSignals
}

/**
 * Connections: the built-in Sandbox (always there, active on first start) and any number of
 * remote services. One is active at a time; every API call goes through `client()` of the active
 * one, which knows its address, its parameter names and where its key is.
 */
export class ConnectionsService implements ConnectionsPort {
  readonly #deps: ConnectionsDeps
  readonly #clients = new Map<string, { signature: string; client: PartnerClient }>()
  readonly #gates = new Map<string, ConnectionGate>()
  /** Used while the store is refused: the sandbox still works, nothing is remembered. */
  #fallbackActive = SANDBOX_CONNECTION_ID

  constructor(deps: ConnectionsDeps) {
    this.#deps = deps
  }

  async overview(): Promise<ConnectionsOverview> {
    const connections = this.#list()
    const views = await Promise.all(connections.map((connection) => this.#view(connection)))
    return { connections: views, activeId: this.#activeId(connections), keychain: this.#deps.secrets.keychainStatus() }
  }

  /**
   * Saves a remote connection's settings. A changed address takes the secrets it would carry with
   * it before anything is sent there: the API key when the base URL's origin changes, the client
   * secret when the Auth URL's or the MCP URL's does (the recruiter pastes them again).
   */
  async save(settings: ConnectionSettings): Promise<SavedConnection> {
    if (settings.id === SANDBOX_CONNECTION_ID) {
      throw new AppError(
        'invalid_input',
        'The built-in Sandbox cannot be edited. Add a connection for another service.'
      )
    }
    const store = this.#store('save the connection')
    const previous = settings.id === undefined ? null : this.#find(settings.id)
    const clearedSecrets = previous === null ? [] : await this.#clearMovedSecrets(previous, settings)
    const saved = store.connections.save({
      ...(settings.id === undefined ? {} : { id: settings.id }),
      name: settings.name,
      kind: 'remote',
      baseUrl: settings.baseUrl,
      authUrl: settings.authUrl ?? null,
      mcpUrl: settings.mcpUrl ?? null,
      clientId: settings.clientId === '' ? null : (settings.clientId ?? null),
      queryNames: settings.queryNames ?? defaultQueryNames
    })
    this.#clients.delete(saved.id)
    return { ...(await this.#changed()), clearedSecrets }
  }

  /** Clears the secrets whose address changed origin (scheme, host or port); returns their kinds. */
  async #clearMovedSecrets(previous: Connection, next: ConnectionSettings): Promise<SecretKind[]> {
    const moved = (before: string | null, after: string | null | undefined) =>
      originOf(before) !== originOf(after ?? null)
    const kinds: SecretKind[] = []
    if (moved(previous.baseUrl, next.baseUrl)) kinds.push('apiKey')
    if (moved(previous.authUrl, next.authUrl) || moved(previous.mcpUrl, next.mcpUrl)) kinds.push('clientSecret')
    const cleared: SecretKind[] = []
    for (const kind of kinds) {
      if (!(await this.#deps.secrets.status(previous.id, kind)).configured) continue
      await this.#deps.secrets.clear(previous.id, kind)
      cleared.push(kind)
    }
    if (cleared.length > 0) this.#deps.logger.info('connections.secrets_cleared_on_move', { id: previous.id, cleared })
    return cleared
  }

  /** Removes a remote connection and its secrets; the Sandbox becomes active if it was. */
  async remove(id: string): Promise<ConnectionsOverview> {
    if (id === SANDBOX_CONNECTION_ID) {
      throw new AppError('invalid_input', 'The built-in Sandbox cannot be removed.')
    }
    const store = this.#store('remove the connection')
    this.#find(id)
    await this.#deps.secrets.removeAll(id)
    store.transaction(() => {
      store.connections.delete(id)
      if (store.settings.get(ACTIVE_KEY) === id) store.settings.set(ACTIVE_KEY, SANDBOX_CONNECTION_ID)
    })
    // what other features kept for it alone (recent searches) goes once it is gone
    this.#deps.bus?.publish('connectionRemoved', { connectionId: id })
    this.#clients.delete(id)
    this.#gates.delete(id)
    return this.#changed()
  }

  async setActive(id: string): Promise<ConnectionsOverview> {
    try {
      const store = this.#deps.stores.get()
      this.#find(id)
      store.settings.set(ACTIVE_KEY, id)
    } catch (error) {
      if (id !== SANDBOX_CONNECTION_ID) throw error
      this.#fallbackActive = id
    }
    return this.#changed()
  }

  /** Secrets are set only on remote connections (the sandbox has its own, built in). */
  assertRemote(id: string): void {
    const connection = this.#find(id)
    if (connection.kind !== 'remote') {
      throw new AppError('invalid_input', 'The built-in Sandbox has its own key; keys are set on other connections.')
    }
  }

  /** The active connection's settings. */
  active(): Connection {
    const connections = this.#list()
    const id = this.#activeId(connections)
    return connections.find((c) => c.id === id) ?? sandboxConnection(this.#deps.clock)
  }

  /** A connection's name, or null when it no longer exists. */
  nameOf(id: string): string | null {
    return this.#list().find((c) => c.id === id)?.name ?? null
  }

  /**
   * Which Partner API account a connection spends from, for the team's book and budgets (issue
   * #38): the service's address and a fingerprint (sha256) of its API key — never the key itself
   * — so two desks with the same key on the same service name the same account. Null when the
   * connection has no key (it cannot spend).
   */
  async accountIdentity(id: string): Promise<string | null> {
    const connection = this.#find(id)
    let baseUrl = connection.baseUrl
    let key: string | null
    if (connection.kind === 'sandbox') {
      const endpoints = await this.#sandboxEndpoints()
      baseUrl = endpoints.baseUrl
      key = endpoints.apiKey
    } else {
      key = await this.#deps.secrets.read(connection.id, 'apiKey')
    }
    if (key === null || key === '') return null
    const fingerprint = createHash('sha256').update(key, 'utf8').digest('hex')
    return `partner-api:${new URL(baseUrl).href}#${fingerprint}`
  }

  /**
   * Why a connection cannot be called unattended now (no API key, a locked keychain, the built-in
   * sandbox not up), or null. Background work asks this before it commits to anything.
   */
  async notReady(id: string): Promise<string | null> {
    try {
      const connection = this.#find(id)
      if (connection.kind === 'sandbox') {
        await this.#sandboxEndpoints()
        return null
      }
      const key = await this.#deps.secrets.read(connection.id, 'apiKey')
      return key === null || key === ''
        ? 'This connection has no API key yet. Add one in Settings → Connections.'
        : null
    } catch (error) {
      return errorMessage(error)
    }
  }

  /** A client for a connection (the active one by default), ready to call. */
  async client(id?: string): Promise<{ client: PartnerClient; connection: Connection }> {
    const connection = id === undefined ? this.active() : this.#find(id)
    let baseUrl = connection.baseUrl
    let apiKey: () => Promise<string | null>
    if (connection.kind === 'sandbox') {
      const endpoints = await this.#sandboxEndpoints()
      baseUrl = endpoints.baseUrl
      apiKey = async () => endpoints.apiKey
    } else {
      refuseInsecure(connection.baseUrl, 'base URL')
      apiKey = () => this.#deps.secrets.read(connection.id, 'apiKey')
    }
    const signature = JSON.stringify([baseUrl, connection.queryNames])
    const cached = this.#clients.get(connection.id)
    if (cached !== undefined && cached.signature === signature) return { client: cached.client, connection }
    let gate = this.#deps.pace?.gate(connection.id) ?? this.#gates.get(connection.id)
    if (gate === undefined) {
      gate = new ConnectionGate()
      this.#gates.set(connection.id, gate)
    }
    const client = new PartnerClient({
      connectionId: connection.id,
      baseUrl,
      apiKey,
      dispatcher: this.#deps.dispatcher,
      gate,
      queryNames: connection.queryNames,
      record: (call) => {
        this.#deps.pace?.attempted(call)
        this.#deps.callLog?.().record(call)
      },
      ...(this.#deps.timeouts ? { timeouts: this.#deps.timeouts } : {}),
      ...(this.#deps.limits ? { limits: this.#deps.limits } : {}),
      ...(this.#deps.retry ? { retry: this.#deps.retry } : {})
    })
    this.#clients.set(connection.id, { signature, client })
    return { client, connection }
  }

  /**
   * Where a connection's tool server is and how to get its token: the sandbox's own built-in
   * client, or the connection's Auth URL, MCP URL, client id and the secret in the keychain.
   */
  async toolAccess(id?: string): Promise<ToolAccess> {
    const connection = id === undefined ? this.active() : this.#find(id)
    if (connection.kind === 'sandbox') {
      const endpoints = await this.#sandboxEndpoints()
      return {
        connection,
        authUrl: endpoints.authUrl,
        mcpUrl: endpoints.mcpUrl,
        clientId: endpoints.clientId,
        clientSecret: async () => endpoints.clientSecret
      }
    }
    const missing = [
      connection.authUrl ? null : 'Auth URL',
      connection.mcpUrl ? null : 'MCP URL',
      connection.clientId ? null : 'client id'
    ].filter((name): name is string => name !== null)
    if (missing.length > 0) {
      throw new AppError(
        'invalid_input',
        `“${connection.name}” has no tool server set up yet: add its ${missing.join(', ')} and client secret in Settings → Connections.`,
        { missing }
      )
    }
    refuseInsecure(connection.authUrl as string, 'Auth URL')
    refuseInsecure(connection.mcpUrl as string, 'MCP URL')
    return {
      connection,
      authUrl: connection.authUrl as string,
      mcpUrl: connection.mcpUrl as string,
      clientId: connection.clientId as string,
      clientSecret: () => this.#deps.secrets.read(connection.id, 'clientSecret')
    }
  }

  /**
   * Checks each part on its own (connection-test.ts): the base URL answers, the API key is
   * accepted. The token and the tool server are checked by the tools service.
   */
  async test(id: string): Promise<ConnectionTestPart[]> {
    return testConnection(this.#find(id), async () => (await this.client(id)).client)
  }

  sandboxState(): SandboxState {
    const sandbox = this.#deps.sandbox
    if (sandbox === null) {
      return { state: 'failed', profileCount: null, message: 'The built-in sandbox is not part of this build.' }
    }
    return sandbox.state
  }

  /**
   * The Sandbox back to its first state, with its money view (sandbox-reset.ts): the ledger's
   * rows so far become history and the balance is read again from the service.
   */
  async resetSandbox(): Promise<SandboxState> {
    const sandbox = this.#deps.sandbox
    if (sandbox === null) throw new AppError('not_found', 'The built-in sandbox is not part of this build.')
    return resetSandbox(sandbox, {
      stores: this.#deps.stores,
      events: this.#deps.events,
      logger: this.#deps.logger,
      client: async () => (await this.client(SANDBOX_CONNECTION_ID)).client
    })
  }

  /** Tells every window that something changed (the sandbox started, a connection was switched). */
  notify(): void {
    void this.overview()
      .then((overview) => this.#deps.events.emit('connectionsChanged', overview))
      .catch((error: unknown) => this.#deps.logger.warn('connections.notify_failed', { error: String(error) }))
  }

  async #changed(): Promise<ConnectionsOverview> {
    const overview = await this.overview()
    this.#deps.events.emit('connectionsChanged', overview)
    return overview
  }

  async #sandboxEndpoints() {
    const sandbox = this.#deps.sandbox
    if (sandbox === null)
      throw new AppError('network', 'The built-in sandbox is not part of this build. Add a connection in Settings.')
    try {
      return await sandbox.ready()
    } catch (error) {
      throw new AppError('network', `${errorMessage(error)} Restart Talent Desk, or add a connection in Settings.`)
    }
  }

  #list(): Connection[] {
    let store: Store
    try {
      store = this.#deps.stores.get()
    } catch {
      return [sandboxConnection(this.#deps.clock)]
    }
    let connections = store.connections.list()
    if (!connections.some((c) => c.id === SANDBOX_CONNECTION_ID)) {
      store.connections.save({
        id: SANDBOX_CONNECTION_ID,
        name: 'Sandbox',
        kind: 'sandbox',
        baseUrl: SANDBOX_PLACEHOLDER_URL
      })
      connections = store.connections.list()
    }
    // the Sandbox first, then the rest by name
    return [...connections.filter((c) => c.kind === 'sandbox'), ...connections.filter((c) => c.kind !== 'sandbox')]
  }

  #activeId(connections: Connection[]): string {
    let id = this.#fallbackActive
    try {
      id = this.#deps.stores.get().settings.get(ACTIVE_KEY) ?? SANDBOX_CONNECTION_ID
    } catch {
      // store refused: the in-memory choice
    }
    return connections.some((c) => c.id === id) ? id : SANDBOX_CONNECTION_ID
  }

  #find(id: string): Connection {
    const found = this.#list().find((c) => c.id === id)
    if (found === undefined) throw new AppError('not_found', 'That connection no longer exists. Reload Settings.')
    return found
  }

  #store(action: string): Store {
    try {
      return this.#deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        `Talent Desk cannot ${action} while the saved data is not open. See the banner at the top.`
      )
    }
  }

  async #view(connection: Connection): Promise<ConnectionView> {
    const sandbox = connection.kind === 'sandbox'
    const endpoints = sandbox ? this.#deps.sandbox?.endpoints() : null
    const secrets = this.#deps.secrets
    const none = { configured: false, hint: null, updatedAt: null, storage: null }
    return {
      ...connection,
      baseUrl: sandbox ? (endpoints?.baseUrl ?? 'Built in (this computer)') : connection.baseUrl,
      authUrl: sandbox ? (endpoints?.authUrl ?? null) : connection.authUrl,
      mcpUrl: sandbox ? (endpoints?.mcpUrl ?? null) : connection.mcpUrl,
      clientId: sandbox ? (endpoints?.clientId ?? null) : connection.clientId,
      secrets: sandbox
        ? {
            // The sandbox's own credentials: built in, never shown.
            apiKey: { configured: true, hint: null, updatedAt: null, storage: null },
            clientSecret: { configured: true, hint: null, updatedAt: null, storage: null }
          }
        : {
            apiKey: await secrets.status(connection.id, 'apiKey').catch(() => none),
            clientSecret: await secrets.status(connection.id, 'clientSecret').catch(() => none)
          },
      sandbox: sandbox ? this.sandboxState() : null
    }
  }
}

/** The origin a secret is sent to (scheme, host and port), or null for no address. */
function originOf(url: string | null): string | null {
  if (url === null) return null
  try {
    return new URL(url).origin
  } catch {
    return url
  }
}

/** A stored address (saved before http was limited to this computer) is refused before any key is sent. */
function refuseInsecure(url: string, label: string): void {
  if (isSecureOrLoopback(url)) return
  throw new AppError(
    'invalid_input',
    `The ${label} uses plain http:// to another computer, where the key could be read on the way. Change it to https:// in Settings → Connections.`
  )
}
