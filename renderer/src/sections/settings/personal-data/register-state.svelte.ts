import type { RegisterEntry, RegisterWhat } from '../../../../../shared/ipc/channels/export-log'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { deliver } from '../../../lib/save-file'
import { RepliesAndEvents } from '../../../lib/replies-and-events'
import { errorMessage } from '../../../../../shared/error-message'

/**
 * Settings → Personal data → Register: the register for the data-protection officer (issue #38):
 * every export, access copy, forget and retention purge of this desk and, in a team, of every
 * colleague's — who, when, what, how many people — filtered by kind and month, exported as CSV.
 * A file finished here or a forget reloads it; a colleague's lines come with the team's sync.
 */
export class RegisterState {
  readonly #client: Client
  #entries = $state.raw<Load<RegisterEntry[]>>({ state: 'idle' })
  #total = $state(0)
  #months = $state.raw<string[]>([])
  #what = $state<RegisterWhat | ''>('')
  #month = $state('')
  #exporting = $state(false)
  #message = $state.raw<PanelMessage | null>(null)

  /**
   * The events that read the register again: a read asked before one of them may answer after the
   * read it asked (the browser host's answers travel apart) and is then not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'register'>()

  constructor(client: Client) {
    this.#client = client
    const reload = () => {
      if (this.#entries.state !== 'ready' && this.#entries.state !== 'loading') return
      this.#told.told('register')
      void this.load()
    }
    client.on('exportLogged', reload)
    client.on('peopleForgotten', reload)
  }

  get entries() {
    return this.#entries
  }
  get total() {
    return this.#total
  }
  /** Months that have lines, newest first ("2026-03"). */
  get months() {
    return this.#months
  }
  get what() {
    return this.#what
  }
  get month() {
    return this.#month
  }
  get exporting() {
    return this.#exporting
  }
  get message() {
    return this.#message
  }

  #filter() {
    return {
      ...(this.#what === '' ? {} : { what: this.#what }),
      ...(this.#month === '' ? {} : { month: this.#month })
    }
  }

  /** Shows only lines of this kind and month ('' for all). */
  filter(what: RegisterWhat | '', month: string): Promise<void> {
    this.#what = what
    this.#month = month
    return this.load()
  }

  async load(): Promise<void> {
    if (this.#entries.state !== 'ready') this.#entries = { state: 'loading' }
    // a read of another filter asked after this one is shown, whichever answers last
    const asked = this.#told.askedAnew('register')
    const reply = await this.#client.listRegister(this.#filter())
    if (!this.#told.newest('register', asked)) return
    if (!reply.ok) {
      this.#entries = { state: 'error', error: reply.error }
      return
    }
    this.#entries = { state: 'ready', value: reply.data.entries }
    this.#total = reply.data.total
    this.#months = reply.data.months
  }

  /** The register as filtered, as CSV where the recruiter chooses (a download in the browser). */
  async exportCsv(): Promise<void> {
    if (this.#exporting) return
    this.#exporting = true
    this.#message = null
    try {
      const reply = await this.#client.exportRegister(this.#filter())
      if (!reply.ok) {
        this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
        return
      }
      if (reply.data.cancelled) return
      this.#message = { tone: 'ok', text: await deliver(this.#client, reply.data.target) }
    } catch (error) {
      this.#message = { tone: 'error', text: `The register could not be saved: ${errorMessage(error)}` }
    } finally {
      this.#exporting = false
    }
  }
}
