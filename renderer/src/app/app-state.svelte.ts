import type { AppInfo } from '../../../shared/ipc/channels/app'
import type { KeychainStatus } from '../../../shared/ipc/channels/keychain'
import type { Client } from '../lib/client'
import { Lazy } from '../lib/lazy.svelte'
import { loaded, type Load } from '../lib/load'
import type { SectionId } from '../lib/sections'
import { StoreState } from '../lib/store-state.svelte'
import { ConnectionsState } from '../lib/connections-state.svelte'
import { BudgetsState } from '../lib/budgets-state.svelte'
import { PersonMarks } from '../lib/person-marks.svelte'
import { RefreshState } from '../sections/refresh/refresh-state.svelte'
import type { SettingsPageId } from '../sections/settings/pages/settings-pages'

/**
 * Navigation, the app-wide panels and every section's state. One instance, made in main.ts.
 *
 * Each section's state is made once, the first time its section opens or something needs it, and
 * kept while the app runs: a screen keeps its place when the recruiter leaves it and comes back,
 * and main's events keep it current meanwhile. Its code is a chunk of its own, loaded then, so the
 * first screen starts with only what it shows. Only this folder knows the sections.
 */
export class AppState {
  #section = $state<SectionId>('search')
  /** Settings' page: the one last shown, for the session (a link from another screen sets it). */
  #settingsPage = $state<SettingsPageId>('connections')
  #overlay = $state<'none' | 'about' | 'shortcuts'>('none')
  #info = $state.raw<Load<AppInfo>>({ state: 'idle' })
  #keychain = $state.raw<Load<KeychainStatus>>({ state: 'idle' })
  readonly client: Client
  /** The data file's state, for the app-wide banner when it was refused at start. */
  readonly store: StoreState
  /** The connection in use and its credits: the header shows them on every screen. */
  readonly connections: ConnectionsState
  /** The credit budgets: the header warns at 75% and 100% on every screen. */
  readonly budgets: BudgetsState
  /**
   * Refresh jobs, app-wide from the start: the header counts the running ones, and a job that ends
   * while the first screen loads is still told of (the page notifies in the browser host).
   */
  readonly refresh: RefreshState
  /** The marks of the people on screen (do not contact), asked for by every place that shows one. */
  readonly marks: PersonMarks

  readonly search = new Lazy(async () => {
    const { SearchState } = await import('../sections/search/search-state.svelte')
    return new SearchState(this.client)
  })
  readonly chat = new Lazy(async () => {
    const { ChatState } = await import('../sections/chat/chat-state.svelte')
    return new ChatState(this.client)
  })
  readonly contacts = new Lazy(async () => {
    const { BoughtContactsState } = await import('../sections/contacts/bought-contacts-state.svelte')
    return new BoughtContactsState(this.client)
  })
  readonly shortlists = new Lazy(async () => {
    const { ShortlistsState } = await import('../sections/shortlists/shortlists-state.svelte')
    return new ShortlistsState(this.client)
  })
  /** Exports of a shortlist or of search results (Search and Shortlists). */
  readonly exports = new Lazy(async () => {
    const { ExportState } = await import('../components/export/export-state.svelte')
    return new ExportState(this.client)
  })
  readonly backup = new Lazy(async () => {
    const { BackupState } = await import('../sections/shortlists/backup-state.svelte')
    // "Started fresh — restore a backup" has done its job once a backup is restored: it goes.
    return new BackupState(this.client, () => this.store.dismissNotice())
  })
  readonly usage = new Lazy(async () => {
    const { UsageState } = await import('../sections/usage/usage-state.svelte')
    return new UsageState(this.client)
  })
  readonly tools = new Lazy(async () => {
    const { ToolsState } = await import('../sections/tools/tools-state.svelte')
    return new ToolsState(this.client)
  })
  readonly imports = new Lazy(async () => {
    const { ImportState } = await import('../sections/import/import-state.svelte')
    const imports = new ImportState(this.client)
    imports.listen()
    return imports
  })
  /** Watches and saved searches (Search, Chat, Shortlists and Settings show them). */
  readonly watches = new Lazy(async () => {
    const { WatchesState } = await import('../components/watches/watches-state.svelte')
    return new WatchesState(this.client)
  })
  /** Settings → Personal data: the export log, kept current by main's exportLogged events. */
  readonly exportLog = new Lazy(async () => {
    const { ExportLogState } = await import('../sections/settings/personal-data/export-log-state.svelte')
    return new ExportLogState(this.client)
  })
  /** Settings → Personal data → Retention: the periods, who would go and when, Keep. */
  readonly retention = new Lazy(async () => {
    const { RetentionState } = await import('../sections/settings/personal-data/retention-state.svelte')
    return new RetentionState(this.client)
  })
  /** Settings → Personal data → Controller: who access copies and the candidate notice name. */
  readonly dataController = new Lazy(async () => {
    const { DataControllerState } = await import('../sections/settings/personal-data/data-controller-state.svelte')
    return new DataControllerState(this.client)
  })
  /** Settings → Personal data → Do not contact: the list, read again when main says it changed. */
  readonly doNotContact = new Lazy(async () => {
    const { DoNotContactState } = await import('../sections/settings/personal-data/do-not-contact-state.svelte')
    return new DoNotContactState(this.client)
  })
  /** Settings → People you already have: the ATS lists, read again when main says they changed. */
  readonly knownPeople = new Lazy(async () => {
    const { KnownPeopleState } = await import('../sections/settings/known-people/known-people-state.svelte')
    return new KnownPeopleState(this.client)
  })
  /**
   * The saved ATS connections (issue #39), kept current by main's atsConnectionsChanged events:
   * Settings → ATS shows them, Shortlists and the Import review send to them. Its code loads with
   * the first of those screens, not with the first screen.
   */
  readonly ats = new Lazy(async () => {
    const { AtsState } = await import('../sections/settings/ats/ats-state.svelte')
    const ats = new AtsState(this.client)
    void ats.load()
    return ats
  })
  /** Settings → Team: the team this desk is in, kept current by main's teamChanged events. */
  readonly team = new Lazy(async () => {
    const { TeamPageState } = await import('../sections/settings/team/team-state.svelte')
    return new TeamPageState(this.client)
  })
  /** What the watches found; its unread count shows in the rail on every screen. */
  readonly activity = new Lazy(async () => {
    const { ActivityState } = await import('../sections/activity/activity-state.svelte')
    const activity = new ActivityState(this.client)
    activity.viewing = () => ({
      section: this.#section,
      memberId: this.shortlists.current?.openMemberId ?? null,
      shortlistId: this.shortlists.current?.selectedId ?? null,
      jobId: this.refresh.selected,
      activityEntryId: null,
      focused: typeof document !== 'undefined' && document.hasFocus()
    })
    activity.onOpen = (link) => {
      if (link.kind === 'member') {
        this.#section = 'shortlists'
        void this.shortlists.get().then(async (shortlists) => {
          await shortlists.select(link.shortlistId)
          await shortlists.open(link.memberId)
        })
      } else if (link.kind === 'refreshJob') {
        this.#section = 'refresh'
        void this.refresh.select(link.jobId)
      } else if (link.kind === 'retention') {
        // "Deleting soon": who goes and Keep are on Settings → Personal data → Retention
        this.openSettings('retention')
      } else if (link.kind === 'shortlist') {
        // a colleague shared or renamed a shortlist
        this.#section = 'shortlists'
        void this.shortlists.get().then((shortlists) => shortlists.select(link.shortlistId))
      } else if (link.kind === 'budgets') {
        // a budget reached 75% or 100%: Usage → Budgets and spend
        this.#section = 'usage'
        void this.usage.get().then((usage) => usage.setTab('budgets'))
      } else {
        this.#section = 'activity'
      }
    }
    return activity
  })

  constructor(client: Client) {
    this.client = client
    this.connections = new ConnectionsState(client)
    this.budgets = new BudgetsState(client)
    this.marks = new PersonMarks(client)
    // Electron's preload puts the bridge on window: there main shows the notifications.
    this.refresh = new RefreshState(client, { notifyInPage: window.talentDesk === undefined })
    // Once the store opens again, a Shortlists screen that showed the refusal reads it afresh.
    this.store = new StoreState(client, () => {
      const shortlists = this.shortlists.current
      return shortlists === null || shortlists.lists.state === 'idle' ? undefined : shortlists.load()
    })
  }

  /**
   * What the first screen needs: the keychain, the connection and the running refresh jobs in the
   * header (jobs still running since the last time are followed by main; the page shows them at once).
   */
  start(): void {
    void this.loadKeychain()
    void this.connections.load()
    void this.refresh.load()
    this.#startTheRest()
  }

  /**
   * What runs from the start though the first screen does not show it, each its own chunk:
   * Activity's unread count and the news missed while no window listened (told then, as one
   * notice), and the battery and network report that holds watches where asked. Asked for with
   * the first screen, not once it is painted: then these calls met the recruiter's first search
   * (the first-result bench: ~45 ms later from the form to the first row).
   */
  #startTheRest(): void {
    void this.budgets.load()
    void this.activity.get().then((activity) => {
      void activity.load()
      void activity.notifyMissed()
    })
    void this.watches.get().then((watches) => watches.reportPower())
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

  get settingsPage() {
    return this.#settingsPage
  }

  go(id: SectionId) {
    this.#section = id
  }

  /** Settings at this page (a link from where it is needed: "Deleting soon" → Retention). */
  openSettings(page: SettingsPageId) {
    this.#settingsPage = page
    this.#section = 'settings'
  }

  /** Chat, a new conversation with these words typed in (Search's way on for a role and a place). */
  askChat(words: string) {
    this.#section = 'chat'
    void this.chat.get().then((chat) => chat.carryOver(words))
  }

  /** Refreshes a shortlist's stale people, shown in Refresh (from Shortlists and Import). */
  refreshStale(shortlistId: string) {
    this.#section = 'refresh'
    void this.refresh.start({ shortlistId, onlyStale: true }, {})
  }

  open(overlay: 'about' | 'shortcuts') {
    this.#overlay = overlay
    if (overlay === 'about' && this.#info.state !== 'ready') void this.loadInfo()
  }

  close() {
    this.#overlay = 'none'
  }

  async loadKeychain() {
    this.#keychain = { state: 'loading' }
    const reply = await this.client.getKeychainStatus({})
    this.#keychain = loaded(reply)
  }

  async loadInfo() {
    this.#info = { state: 'loading' }
    const reply = await this.client.getAppInfo({})
    this.#info = loaded(reply)
  }
}
