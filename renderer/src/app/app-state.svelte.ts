import type { AppInfo } from '../../../shared/ipc/channels/app'
import type { KeychainStatus } from '../../../shared/ipc/channels/keychain'
import type { Client } from './client'
import { loaded, type Load } from './load'
import { ConnectionsState } from '../sections/settings/connections-state.svelte'
import { BackupState, ExportState } from '../sections/shortlists/export-state.svelte'
import { ChatState } from '../sections/chat/chat-state.svelte'
import { RefreshState } from '../sections/refresh/refresh-state.svelte'
import { SearchState } from '../sections/search/search-state.svelte'
import { ShortlistsState } from '../sections/shortlists/shortlists-state.svelte'
import { StoreState } from './store-state.svelte'
import type { SectionId } from './sections'
import { UsageState } from '../sections/usage/usage-state.svelte'
import type { ToolsState } from '../sections/tools/tools-state.svelte'
import { WatchesState } from '../sections/activity/watches-state.svelte'

/** Navigation and the app-wide panels. One instance, created in App.svelte. */
export class AppState {
  #section = $state<SectionId>('search')
  #overlay = $state<'none' | 'about' | 'shortcuts'>('none')
  #info = $state.raw<Load<AppInfo>>({ state: 'idle' })
  #keychain = $state.raw<Load<KeychainStatus>>({ state: 'idle' })
  readonly #client: Client
  /** Section states live as long as the app, so each screen keeps its place. */
  readonly shortlists: ShortlistsState
  readonly exports: ExportState
  readonly backup: BackupState
  /** The data file's state, for the app-wide banner when it was refused at start. */
  readonly store: StoreState
  readonly connections: ConnectionsState
  readonly search: SearchState
  readonly refresh: RefreshState
  readonly chat: ChatState
  readonly usage: UsageState
  /** Watches, saved searches and Activity (the unread count shows on every screen). */
  readonly watches: WatchesState
  /** Made with the Tools chunk the first time the section opens (its schema form stays out of the first paint). */
  #tools: ToolsState | null = null
  readonly client: Client

  constructor(client: Client) {
    this.#client = client
    this.client = client
    this.connections = new ConnectionsState(client)
    this.search = new SearchState(client)
    this.chat = new ChatState(client)
    // Electron's preload puts the bridge on window: there main shows the notifications.
    this.refresh = new RefreshState(client, { notifyInPage: window.talentDesk === undefined })
    this.usage = new UsageState(client)
    this.shortlists = new ShortlistsState(client)
    this.exports = new ExportState(client)
    // Once the store opens again, a Shortlists screen that showed the refusal reads it afresh.
    this.store = new StoreState(client, () =>
      this.shortlists.lists.state === 'idle' ? undefined : this.shortlists.load()
    )
    // "Started fresh — restore a backup" has done its job once a backup is restored: it goes.
    this.backup = new BackupState(client, () => this.store.dismissNotice())
    this.watches = new WatchesState(client)
    this.watches.viewing = () => ({
      section: this.#section,
      memberId: this.shortlists.openMemberId,
      shortlistId: this.shortlists.selectedId,
      jobId: this.refresh.selected,
      activityEntryId: null,
      focused: typeof document !== 'undefined' && document.hasFocus()
    })
    this.watches.onOpen = (link) => {
      if (link.kind === 'member') {
        this.#section = 'shortlists'
        void this.shortlists.select(link.shortlistId).then(() => this.shortlists.open(link.memberId))
      } else if (link.kind === 'refreshJob') {
        this.#section = 'refresh'
        void this.refresh.select(link.jobId)
      } else {
        this.#section = 'activity'
      }
    }
  }

  get section() {
    return this.#section
  }
  get overlay() {
    return this.#overlay
  }
  get info() {
    return this.#info
  }
  get keychain() {
    return this.#keychain
  }

  /** The Tools screen's state, loaded with its section and kept for the app's life. */
  async loadTools(): Promise<ToolsState> {
    const { ToolsState } = await import('../sections/tools/tools-state.svelte')
    this.#tools ??= new ToolsState(this.#client)
    return this.#tools
  }

  go(id: SectionId) {
    this.#section = id
  }

  /** Moves through the rail, wrapping at the ends (arrow keys, j/k). */
  open(overlay: 'about' | 'shortcuts') {
    this.#overlay = overlay
    if (overlay === 'about' && this.#info.state !== 'ready') void this.loadInfo()
  }

  close() {
    this.#overlay = 'none'
  }

  async loadKeychain() {
    this.#keychain = { state: 'loading' }
    const reply = await this.#client.getKeychainStatus({})
    this.#keychain = loaded(reply)
  }

  async loadInfo() {
    this.#info = { state: 'loading' }
    const reply = await this.#client.getAppInfo({})
    this.#info = loaded(reply)
  }
}
