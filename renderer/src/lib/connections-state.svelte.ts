import type {
  ConnectionSettings,
  ConnectionTestPart,
  ConnectionView,
  ConnectionsOverview,
  SecretKind,
  SecretStatus
} from '../../../shared/ipc/channels/connections'
import type { Credits, PurchasePartSize } from '../../../shared/ipc/channels/contacts'
import type { ConnectionPaceInfo } from '../../../shared/ipc/channels/connections'
import type { ToolAllowances } from '../../../shared/ipc/channels/tools'
import type { IpcError, IpcResult } from '../../../shared/ipc/errors'
import { loaded, type Load } from './load'
import { RepliesAndEvents } from './replies-and-events'
import type { Client } from './client'

export type SecretOutcome = { ok: true; status: SecretStatus } | { ok: false; error: IpcError }

/**
 * Connections as the page knows them: the list, the active one (shown in the header strip) and
 * the keychain's state. Main pushes `connectionsChanged` when the sandbox starts or another
 * window switches, so every screen shows the active connection's data.
 */
export class ConnectionsState {
  readonly #client: Client
  #overview = $state.raw<Load<ConnectionsOverview>>({ state: 'idle' })
  #tests = $state.raw<Record<string, Load<ConnectionTestPart[]>>>({})
  /** Bumped on every switch, so screens can drop what came from the previous connection. */
  #generation = $state(0)
  /** Credits on the active connection, as last seen (header strip). */
  #credits = $state.raw<Credits | null>(null)
  /**
   * connectionsChanged events (key null) and creditsChanged per connection: a list or a balance a
   * reply took before one of them may arrive after it (the browser host's answers and events travel
   * apart) and is then not shown.
   */
  readonly #told = new RepliesAndEvents<string | null>()

  constructor(client: Client) {
    this.#client = client
    client.on('connectionsChanged', (overview) => {
      this.#told.told(null)
      this.#apply(overview)
    })
    // the balance is the service's latest word, whichever screen or tool made it change
    client.on('creditsChanged', (credits) => {
      this.#told.told(credits.connectionId)
      if (this.#overview.state === 'ready' && credits.connectionId === this.#overview.value.activeId) {
        this.#credits = credits
      }
    })
  }

  get overview() {
    return this.#overview
  }

  /** The client, for a Settings page that keeps its own state (Settings → ATS). */
  get client(): Client {
    return this.#client
  }
  get generation() {
    return this.#generation
  }
  get credits() {
    return this.#credits
  }

  /**
   * The credits on the active connection: the last seen at once, then the service's own word
   * when that is over a minute old or unknown (a free call), so the header strip is true from the
   * first minute, not only after the first purchase.
   */
  async loadCredits(): Promise<void> {
    let asked = this.#told.asked()
    const reply = await this.#client.getCredits({})
    if (reply.ok) this.#creditsReplied(asked, reply.data)
    asked = this.#told.asked()
    const fresh = await this.#client.refreshCredits({})
    if (fresh.ok) this.#creditsReplied(asked, fresh.data)
  }

  /** A balance a reply took, shown unless the active connection changed or told a newer one meanwhile. */
  #creditsReplied(asked: number, credits: Credits): void {
    if (this.#overview.state !== 'ready' || credits.connectionId !== this.#overview.value.activeId) return
    if (this.#told.newest(credits.connectionId, asked)) this.#credits = credits
  }
  get active(): ConnectionView | null {
    const overview = this.#overview
    if (overview.state !== 'ready') return null
    return overview.value.connections.find((c) => c.id === overview.value.activeId) ?? null
  }
  testOf(id: string): Load<ConnectionTestPart[]> {
    return this.#tests[id] ?? { state: 'idle' }
  }

  async load(): Promise<void> {
    if (this.#overview.state !== 'ready') this.#overview = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listConnections({})
    if (reply.ok) this.#replied(asked, reply.data)
    else if (this.#overview.state !== 'ready') this.#overview = { state: 'error', error: reply.error }
  }

  async activate(id: string): Promise<IpcError | null> {
    const asked = this.#told.asked()
    const reply = await this.#client.setActiveConnection({ id })
    if (!reply.ok) return reply.error
    this.#replied(asked, reply.data)
    return null
  }

  async save(
    settings: ConnectionSettings
  ): Promise<{ ok: true; id: string; clearedSecrets: SecretKind[] } | { ok: false; error: IpcError }> {
    const before = this.#ids()
    const asked = this.#told.asked()
    const reply = await this.#client.saveConnection(settings)
    if (!reply.ok) return { ok: false, error: reply.error }
    this.#replied(asked, reply.data)
    const id = settings.id ?? reply.data.connections.find((c) => !before.includes(c.id))?.id ?? ''
    return { ok: true, id, clearedSecrets: reply.data.clearedSecrets }
  }

  async remove(id: string): Promise<IpcError | null> {
    const asked = this.#told.asked()
    const reply = await this.#client.removeConnection({ id })
    if (!reply.ok) return reply.error
    this.#replied(asked, reply.data)
    return null
  }

  async setSecret(connectionId: string, kind: SecretKind, value: string, sessionOnly: boolean): Promise<SecretOutcome> {
    const reply = await this.#client.setSecret({ connectionId, kind, value, ...(sessionOnly ? { sessionOnly } : {}) })
    if (!reply.ok) return { ok: false, error: reply.error }
    await this.load()
    return { ok: true, status: reply.data }
  }

  async clearSecret(connectionId: string, kind: SecretKind): Promise<SecretOutcome> {
    const reply = await this.#client.clearSecret({ connectionId, kind })
    if (!reply.ok) return { ok: false, error: reply.error }
    await this.load()
    return { ok: true, status: reply.data }
  }

  async test(id: string): Promise<void> {
    this.#tests = { ...this.#tests, [id]: { state: 'loading' } }
    const reply = await this.#client.testConnection({ id })
    this.#tests = {
      ...this.#tests,
      [id]: loaded(reply, (data) => data.parts)
    }
  }

  /** People per purchase request on a connection. */
  partSize(connectionId: string): Promise<IpcResult<PurchasePartSize>> {
    return this.#client.getPurchasePartSize({ connectionId })
  }

  /** Sets it, or back to the default with null. */
  setPartSize(connectionId: string, size: number | null): Promise<IpcResult<PurchasePartSize>> {
    return this.#client.setPurchasePartSize({ connectionId, size })
  }

  /** The tools a connection allows without asking ("Always allow this tool on this connection"). */
  toolAllowances(connectionId: string): Promise<IpcResult<ToolAllowances>> {
    return this.#client.listToolAllowances({ connectionId })
  }

  /** Takes a tool's "always allow" back: its next call that may spend asks again. */
  revokeToolAllowance(connectionId: string, tool: string): Promise<IpcResult<ToolAllowances>> {
    return this.#client.revokeToolAllowance({ connectionId, tool })
  }

  /** A connection's pace: the most requests a second, and the rate it is called at now. */
  pace(connectionId: string): Promise<IpcResult<ConnectionPaceInfo>> {
    return this.#client.getConnectionPace({ connectionId })
  }

  /** Sets the most requests a second, or back to the default with null. */
  setPace(connectionId: string, ceiling: number | null): Promise<IpcResult<ConnectionPaceInfo>> {
    return this.#client.setConnectionPace({ connectionId, ceiling })
  }

  async resetSandbox(): Promise<IpcError | null> {
    const reply = await this.#client.resetSandbox({})
    if (!reply.ok) return reply.error
    await this.load()
    return null
  }

  #ids(): string[] {
    return this.#overview.state === 'ready' ? this.#overview.value.connections.map((c) => c.id) : []
  }

  /** A list a reply took, shown unless a connectionsChanged event (as new or newer) came meanwhile. */
  #replied(asked: number, overview: ConnectionsOverview): void {
    if (this.#told.newest(null, asked)) this.#apply(overview)
  }

  #apply(overview: ConnectionsOverview): void {
    const previous = this.#overview.state === 'ready' ? this.#overview.value.activeId : null
    this.#overview = { state: 'ready', value: overview }
    if (previous !== overview.activeId) {
      if (previous !== null) this.#generation++
      void this.loadCredits()
    }
    this.#watchStarting(overview)
  }

  /**
   * While the sandbox is starting, asks again every second: main pushes the change, but a page
   * whose event stream connected just after that push (a reload, the browser host's reconnect)
   * would otherwise show "starting…" for good.
   */
  #watchStarting(overview: ConnectionsOverview): void {
    const starting = overview.connections.some((c) => c.sandbox?.state === 'starting')
    if (!starting || this.#startingTimer !== null) return
    this.#startingTimer = setTimeout(() => {
      this.#startingTimer = null
      void this.load()
    }, 1000)
  }
  #startingTimer: ReturnType<typeof setTimeout> | null = null
}
