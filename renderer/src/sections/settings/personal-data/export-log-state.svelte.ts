import type { ExportLogEntry } from '../../../../../shared/ipc/channels/export-log'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { deliver } from '../../../lib/save-file'
import { RepliesAndEvents } from '../../../lib/replies-and-events'
import { errorMessage } from '../../../../../shared/error-message'
import { RegisterState } from './register-state.svelte'

/** A page of the log: enough lines to read at once; older ones on asking. */
const PAGE = 100

/**
 * Settings → Personal data → Export log: every file that took people's data out of the app,
 * newest first. A file finished anywhere (an export, a backup, an access copy) is told by main's
 * exportLogged event and shown at once; forgetting someone reloads it (their names are blanked).
 */
export class ExportLogState {
  readonly #client: Client
  #entries = $state.raw<Load<ExportLogEntry[]>>({ state: 'idle' })
  #total = $state(0)
  #nextBefore = $state<number | null>(null)
  #loadingMore = $state(false)
  #exporting = $state(false)
  #message = $state.raw<PanelMessage | null>(null)
  /** The register for the data-protection officer (Settings → Personal data → Register). */
  readonly register: RegisterState
  /**
   * exportLogged events (by line id, each line kept) and peopleForgotten ('forgotten'): a page a
   * read took before one of them may arrive after it (the browser host's answers and events travel
   * apart); it then gets the lines told meanwhile, or gives way to the read the forgetting asked.
   */
  readonly #told = new RepliesAndEvents<number | 'forgotten'>()
  readonly #logged: Record<number, ExportLogEntry> = {}

  constructor(client: Client) {
    this.#client = client
    this.register = new RegisterState(client)
    client.on('exportLogged', (entry) => {
      this.#told.told(entry.id)
      this.#logged[entry.id] = entry
      if (this.#entries.state !== 'ready' || this.#entries.value.some((known) => known.id === entry.id)) return
      this.#entries = { state: 'ready', value: [entry, ...this.#entries.value] }
      this.#total += 1
    })
    client.on('peopleForgotten', () => {
      if (this.#entries.state !== 'ready' && this.#entries.state !== 'loading') return
      this.#told.told('forgotten')
      void this.load()
    })
  }

  get entries() {
    return this.#entries
  }
  get total() {
    return this.#total
  }
  /** Older lines are there to load. */
  get more() {
    return this.#nextBefore !== null
  }
  get loadingMore() {
    return this.#loadingMore
  }
  get exporting() {
    return this.#exporting
  }
  get message() {
    return this.#message
  }

  async load(): Promise<void> {
    if (this.#entries.state !== 'ready') this.#entries = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listExportLog({ limit: PAGE })
    if (!this.#told.newest('forgotten', asked)) return
    if (!reply.ok) {
      this.#entries = { state: 'error', error: reply.error }
      return
    }
    // lines told by exportLogged while the page was on its way, newest first, that it does not have
    const listed = (id: number) => reply.data.entries.some((entry) => entry.id === id)
    const told = this.#told
      .toldSince(asked)
      .flatMap((id) => (id === 'forgotten' || listed(id) ? [] : [this.#logged[id]!]))
      .sort((a, b) => b.id - a.id)
    this.#entries = { state: 'ready', value: [...told, ...reply.data.entries] }
    this.#total = reply.data.total + told.length
    this.#nextBefore = reply.data.nextBefore
  }

  /** The next page of older lines, after those shown. */
  async loadMore(): Promise<void> {
    const before = this.#nextBefore
    if (before === null || this.#loadingMore || this.#entries.state !== 'ready') return
    this.#loadingMore = true
    try {
      const reply = await this.#client.listExportLog({ limit: PAGE, before })
      if (!reply.ok) {
        this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
        return
      }
      const shown = this.#entries.state === 'ready' ? this.#entries.value : []
      // a line told by exportLogged while this page was asked for is not shown twice
      const older = reply.data.entries.filter((entry) => !shown.some((known) => known.id === entry.id))
      this.#entries = { state: 'ready', value: [...shown, ...older] }
      this.#total = reply.data.total
      this.#nextBefore = reply.data.nextBefore
    } finally {
      this.#loadingMore = false
    }
  }

  /** The whole log as CSV, where the recruiter chooses (a download in the browser); logged too. */
  async exportCsv(): Promise<void> {
    if (this.#exporting) return
    this.#exporting = true
    this.#message = null
    try {
      const reply = await this.#client.exportExportLog({})
      if (!reply.ok) {
        this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
        return
      }
      if (reply.data.cancelled) return
      this.#message = { tone: 'ok', text: await deliver(this.#client, reply.data.target) }
    } catch (error) {
      this.#message = { tone: 'error', text: `The export log could not be saved: ${errorMessage(error)}` }
    } finally {
      this.#exporting = false
    }
  }
}
