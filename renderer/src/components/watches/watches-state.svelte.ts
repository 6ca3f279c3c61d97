import type { SavedQuery, SavedSearch, WatchesOverview, WatchSettings } from '../../../../shared/ipc/channels/watches'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'
import { RepliesAndEvents } from '../../lib/replies-and-events'

/**
 * Watches and saved searches as the page knows them: the watches of shortlists and searches and
 * their settings (Settings, Shortlists), the saved searches (Search, Chat). Kept current by main's
 * events, never by polling. What the watches found is Activity's (sections/activity).
 */
export class WatchesState {
  readonly #client: Client
  #overview = $state.raw<Load<WatchesOverview>>({ state: 'idle' })
  #saved = $state.raw<Load<SavedSearch[]>>({ state: 'idle' })
  #error = $state.raw<IpcError | null>(null)
  /**
   * Events about the watches and the saved searches: a read asked before one of them may answer
   * after it (the browser host's answers and events travel apart) and is then not shown: the event
   * told the watches, or a read asked after it is on its way.
   */
  readonly #told = new RepliesAndEvents<'watches' | 'saved'>()

  constructor(client: Client) {
    this.#client = client
    client.on('watchesChanged', (overview) => {
      this.#told.told('watches')
      this.#overview = { state: 'ready', value: overview }
      if (this.#saved.state === 'ready') this.#readSavedAgain()
    })
    client.on('savedSearchesChanged', () => this.#readSavedAgain())
    client.on('connectionsChanged', () => {
      this.#told.told('watches')
      void this.loadWatches()
      this.#readSavedAgain()
    })
  }

  get overview() {
    return this.#overview
  }
  get saved() {
    return this.#saved
  }
  get error() {
    return this.#error
  }

  /** The watch of a shortlist, if it is watched. */
  watchOf(kind: 'shortlist' | 'search', targetId: string) {
    return this.#overview.state === 'ready'
      ? (this.#overview.value.watches.find((watch) => watch.kind === kind && watch.targetId === targetId) ?? null)
      : null
  }

  async loadWatches(): Promise<void> {
    if (this.#overview.state !== 'ready') this.#overview = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listWatches({})
    if (this.#told.newest('watches', asked)) this.#overview = loaded(reply)
  }

  async loadSaved(): Promise<void> {
    if (this.#saved.state !== 'ready') this.#saved = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listSavedSearches({})
    if (this.#told.newest('saved', asked)) this.#saved = loaded(reply)
  }

  /** The saved searches changed: a read already on its way is older, so the one asked now is shown. */
  #readSavedAgain(): void {
    this.#told.told('saved')
    void this.loadSaved()
  }

  async #act<T>(reply: Promise<{ ok: true; data: T } | { ok: false; error: IpcError }>): Promise<T | null> {
    const result = await reply
    if (!result.ok) {
      this.#error = result.error
      return null
    }
    this.#error = null
    return result.data
  }

  clearError(): void {
    this.#error = null
  }

  watchShortlist(shortlistId: string, maxAgeDays: number) {
    this.#askPermission()
    return this.#act(this.#client.watchShortlist({ shortlistId, maxAgeDays }))
  }
  unwatch(watchId: string) {
    return this.#act(this.#client.unwatch({ watchId }))
  }
  setPaused(watchId: string, paused: boolean) {
    return this.#act(this.#client.setWatchPaused({ watchId, paused }))
  }
  runNow(watchId: string) {
    return this.#act(this.#client.runWatchNow({ watchId }))
  }
  async setSettings(settings: Partial<WatchSettings>) {
    const overview = await this.#act(this.#client.setWatchSettings(settings))
    if (overview !== null) this.#overview = { state: 'ready', value: overview }
    return overview
  }
  saveSearch(name: string, query: SavedQuery, watch: boolean) {
    this.#askPermission()
    return this.#act(this.#client.saveSearch({ name, query, watch }))
  }
  watchSearch(savedSearchId: string) {
    return this.#act(this.#client.watchSavedSearch({ savedSearchId }))
  }
  renameSearch(id: string, name: string) {
    return this.#act(this.#client.renameSavedSearch({ id, name }))
  }
  deleteSearch(id: string) {
    return this.#act(this.#client.deleteSavedSearch({ id }))
  }
  restoreSearch(id: string) {
    return this.#act(this.#client.restoreSavedSearch({ id }))
  }

  /** What the browser says of battery and network, told to main (it holds watches where asked). */
  async reportPower(): Promise<void> {
    type Battery = EventTarget & { charging: boolean }
    const nav = navigator as Navigator & {
      getBattery?: () => Promise<Battery>
      connection?: EventTarget & { saveData?: boolean }
    }
    let battery: Battery | null = null
    try {
      battery = (await nav.getBattery?.()) ?? null
    } catch {
      battery = null
    }
    const send = () =>
      void this.#client.reportPower({
        onBattery: battery === null ? null : !battery.charging,
        metered: typeof nav.connection?.saveData === 'boolean' ? nav.connection.saveData : null
      })
    send()
    battery?.addEventListener('chargingchange', send)
    nav.connection?.addEventListener?.('change', send)
  }

  /** Watching is when the browser asks, once, whether the page may show notifications. */
  #askPermission(): void {
    if (typeof Notification === 'undefined') return
    if (Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined)
  }
}
