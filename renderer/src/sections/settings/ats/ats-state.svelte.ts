import type {
  AddAtsConnection,
  AtsCheckView,
  AtsConnections,
  AtsKindName,
  EditAtsConnection,
  LeverOAuthStarted,
  StartLeverOAuth
} from '../../../../../shared/ipc/channels/ats'
import type { AtsPullStatus } from '../../../../../shared/ipc/channels/ats-pull'
import type { IpcError } from '../../../../../shared/ipc/errors'
import type { AtsConnectionChoice } from '../../../components/ats-send/ats-send-state.svelte'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { RepliesAndEvents } from '../../../lib/replies-and-events'
import type { PanelMessage } from '../personal-data/panel-message'

/** A connection's last "Test connection": what the key may do, or why it could not be tested. */
export type AtsTest =
  { state: 'testing' } | { state: 'done'; check: AtsCheckView } | { state: 'failed'; error: IpcError }

/**
 * Settings → ATS (issue #39 item 1): the Greenhouse and Lever connections, kept current by main's
 * atsConnectionsChanged events (another window added one, the Sandbox's fake came up), never by
 * reloading; each one's last test; the removal that can still be undone. One for the app
 * (app-state's `ats`): the page shows it and "Send to Greenhouse…/Lever…" sends to its connections.
 */
export class AtsState {
  readonly #client: Client
  #overview = $state.raw<Load<AtsConnections>>({ state: 'idle' })
  #tests = $state.raw<Record<string, AtsTest>>({})
  #busy = $state<string | null>(null)
  #message = $state.raw<PanelMessage | null>(null)
  #removed = $state.raw<{ id: string; name: string } | null>(null)
  #edited = $state.raw<{ id: string; name: string } | null>(null)
  #pulls = $state.raw<Record<string, AtsPullStatus>>({})
  /**
   * atsConnectionsChanged events (key null) and atsPullProgress per connection: a list or a pull
   * status a reply took before one of them is not shown over it.
   */
  readonly #told = new RepliesAndEvents<string | null>()
  #pullErrors = $state.raw<Record<string, IpcError>>({})
  #signIn = $state.raw<LeverOAuthStarted | null>(null)
  #listening = false

  constructor(client: Client) {
    this.#client = client
  }

  get overview() {
    return this.#overview
  }
  /** The connections to send to (Shortlists, the Import review): none until the list is read. */
  get choices(): AtsConnectionChoice[] {
    const overview = this.#overview
    return overview.state === 'ready'
      ? overview.value.connections.map(({ id, name, kind }) => ({ id, name, kind }))
      : []
  }
  get tests() {
    return this.#tests
  }
  /** The Lever OAuth sign-in waiting for the browser (its consent page's address), or null. */
  get signIn() {
    return this.#signIn
  }
  /** Which action is running ('add', 'sandbox', 'remove', 'edit', 'oauth'), or null. */
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }
  /** The connection just removed, while its Undo is offered. */
  get removed() {
    return this.#removed
  }
  /** The connection just edited (its name before), while the edit's Undo is offered. */
  get edited() {
    return this.#edited
  }

  /** Each connection's pull (issue #39 item 3): the running one's progress or the last one's end, by events. */
  get pulls() {
    return this.#pulls
  }
  /** A pull status that could not be read, or a Pull now / Cancel main refused. */
  get pullErrors() {
    return this.#pullErrors
  }

  /** Reads the list and, once, listens to main's events. */
  async load(): Promise<void> {
    if (!this.#listening) {
      this.#listening = true
      this.#client.on('atsConnectionsChanged', (overview) => {
        this.#told.told(null)
        this.#overview = { state: 'ready', value: overview }
      })
      this.#client.on('atsPullProgress', (status) => {
        this.#told.told(status.connectionId)
        this.#pulled(status)
      })
    }
    if (this.#overview.state !== 'ready') this.#overview = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listAtsConnections({})
    if (!this.#told.newest(null, asked)) return
    this.#overview = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  /**
   * The page closed: its message goes. The list keeps following main's events, for the send dialog
   * reads it too (the state is the app's, made once).
   */
  close(): void {
    this.#message = null
  }

  /** A connection's pull status, read once when its block first shows (events keep it current after). */
  async loadPull(connectionId: string): Promise<void> {
    const asked = this.#told.asked()
    const reply = await this.#client.getAtsPullStatus({ connectionId })
    if (reply.ok) this.#replied(connectionId, asked, reply.data)
    else this.#pullErrors = { ...this.#pullErrors, [connectionId]: reply.error }
  }

  /** Pull now: a full pull the first time, then the changes since the last one. */
  async pullNow(connectionId: string): Promise<void> {
    const asked = this.#told.asked()
    const reply = await this.#client.pullAtsNow({ connectionId })
    if (reply.ok) this.#replied(connectionId, asked, reply.data)
    else this.#pullErrors = { ...this.#pullErrors, [connectionId]: reply.error }
  }

  /**
   * A reply's status, taken when main answered, is shown unless an event about that connection came
   * while it was on its way: replies and events travel apart (the browser host's answers and its
   * event stream), so a quick pull's last event can come before the "pulling" its Pull now answered,
   * which would then stay on screen with no event after it. Main tells every pull's start, progress
   * and end as events, so an event that came meanwhile is as new as the reply or newer.
   */
  #replied(connectionId: string, asked: number, status: AtsPullStatus): void {
    if (this.#told.newest(connectionId, asked)) this.#pulled(status)
  }

  /** A list an action answered, shown unless an atsConnectionsChanged event (as new or newer) came meanwhile. */
  #listReplied(asked: number, overview: AtsConnections): void {
    if (this.#told.newest(null, asked)) this.#overview = { state: 'ready', value: overview }
  }

  async cancelPull(connectionId: string): Promise<void> {
    const reply = await this.#client.cancelAtsPull({ connectionId })
    if (!reply.ok) this.#pullErrors = { ...this.#pullErrors, [connectionId]: reply.error }
  }

  #pulled(status: AtsPullStatus): void {
    const { [status.connectionId]: _cleared, ...errors } = this.#pullErrors
    this.#pullErrors = errors
    // a running pull does not carry the list: the one held stays shown until it ends
    const held = this.#pulls[status.connectionId]?.list ?? null
    this.#pulls = {
      ...this.#pulls,
      [status.connectionId]: status.state === 'pulling' && status.list === null ? { ...status, list: held } : status
    }
  }

  async add(input: AddAtsConnection): Promise<boolean> {
    return this.#act(
      'add',
      () => this.#client.addAtsConnection(input),
      `${input.name} is saved, its key in the keychain. Test it below.`
    )
  }

  /**
   * "Connect Lever with OAuth": main opens Lever's consent page in the system browser and waits for
   * Lever to send it back (the page shows the address meanwhile, with Cancel); the connection is
   * saved, its tokens in the keychain, once Lever said yes.
   */
  async connectLeverOAuth(input: StartLeverOAuth): Promise<boolean> {
    if (this.#busy !== null) return false
    this.#busy = 'oauth'
    this.#message = null
    try {
      const started = await this.#client.startLeverOAuth(input)
      if (!started.ok) {
        this.#message = { tone: 'error', text: started.error.message, error: started.error }
        return false
      }
      this.#signIn = started.data
      const asked = this.#told.asked()
      const reply = await this.#client.finishLeverOAuth({ flowId: started.data.flowId })
      if (reply.ok) {
        this.#listReplied(asked, reply.data)
        this.#message = {
          tone: 'ok',
          text: `${input.name} is connected with OAuth, its tokens in the keychain. Test it below.`
        }
        return true
      }
      this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
      return false
    } finally {
      this.#signIn = null
      this.#busy = null
    }
  }

  /** Stops waiting for Lever (the sign-in ends as cancelled). */
  async cancelSignIn(): Promise<void> {
    const signIn = this.#signIn
    if (signIn !== null) await this.#client.cancelLeverOAuth({ flowId: signIn.flowId })
  }

  async trySandbox(kind: AtsKindName): Promise<boolean> {
    return this.#act(
      'sandbox',
      () => this.#client.connectSandboxAts({ kind }),
      `Connected to the Sandbox’s ${kind === 'greenhouse' ? 'Greenhouse' : 'Lever'}. Test it below.`
    )
  }

  async test(id: string): Promise<void> {
    this.#tests = { ...this.#tests, [id]: { state: 'testing' } }
    const reply = await this.#client.testAtsConnection({ id })
    this.#tests = {
      ...this.#tests,
      [id]: reply.ok ? { state: 'done', check: reply.data } : { state: 'failed', error: reply.error }
    }
  }

  async remove(id: string, name: string): Promise<boolean> {
    const done = await this.#act('remove', () => this.#client.removeAtsConnection({ id }), null)
    if (done) {
      this.#removed = { id, name }
      this.#edited = null
      this.#forgetTest(id)
    }
    return done
  }

  /**
   * Saves an edit (a new name, key or acting user); the last test no longer says what the
   * connection may do, so it goes, and Undo is offered (one Undo at a time: Ctrl+Z is one key).
   */
  async edit(input: EditAtsConnection, name: string): Promise<boolean> {
    const done = await this.#act(
      'edit',
      () => this.#client.editAtsConnection(input),
      `${input.name ?? name} is saved. Test it again below.`
    )
    if (done) {
      this.#edited = { id: input.id, name }
      this.#removed = null
      this.#forgetTest(input.id)
    }
    return done
  }

  async undoEdit(): Promise<void> {
    const edited = this.#edited
    if (edited === null) return
    this.#edited = null
    const done = await this.#act(
      'edit',
      () => this.#client.undoEditAtsConnection({ id: edited.id }),
      `${edited.name} is as it was.`
    )
    if (done) this.#forgetTest(edited.id)
  }

  dismissEditUndo(): void {
    this.#edited = null
  }

  #forgetTest(id: string): void {
    const { [id]: _dropped, ...rest } = this.#tests
    this.#tests = rest
  }

  async undoRemove(): Promise<void> {
    const removed = this.#removed
    if (removed === null) return
    this.#removed = null
    await this.#act(
      'remove',
      () => this.#client.undoRemoveAtsConnection({ id: removed.id }),
      `${removed.name} is back.`
    )
  }

  dismissUndo(): void {
    this.#removed = null
  }

  async #act(
    name: string,
    call: () => ReturnType<Client['listAtsConnections']>,
    done: string | null
  ): Promise<boolean> {
    if (this.#busy !== null) return false
    this.#busy = name
    try {
      const asked = this.#told.asked()
      const reply = await call()
      if (reply.ok) {
        this.#listReplied(asked, reply.data)
        this.#message = done === null ? null : { tone: 'ok', text: done }
        return true
      }
      this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
      return false
    } finally {
      this.#busy = null
    }
  }
}
