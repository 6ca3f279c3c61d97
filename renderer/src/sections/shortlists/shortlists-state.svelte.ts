import { RecentlyDeletedState } from './recently-deleted-state.svelte'
import type { MemberPatch, MemberSummary, Shortlist } from '../../../../shared/ipc/channels/shortlists'
import type { EventPayload } from '../../../../shared/ipc/contract'
import type { IpcResult } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import { Feedback } from './feedback.svelte'
import { StagesState } from './stages-state.svelte'
import { SavedSearch } from './saved-search.svelte'
import { OpenMember, type SaveState } from './open-member.svelte'
import { MEMBERS_PAGE, readMembers } from './read-members'
import { ShareState } from './share-state.svelte'
import type { Client } from '../../lib/client'
import { RepliesAndEvents } from '../../lib/replies-and-events'

export { MEMBERS_PAGE }

/** What the Undo bar can bring back: a deleted shortlist, or a person removed from one. */
export type Undoable = { kind: 'shortlist'; shortlist: Shortlist } | { kind: 'member'; memberId: number; name: string }

export type { SaveState }

/**
 * The Shortlists screen's state: the shortlists, the selected one's members (or the results of a
 * search), the cursor in each, the open member and its edits, and the Undo of a delete. It lives
 * in AppState, so the screen keeps its selection and place when the recruiter comes back.
 * Replies that arrive after a newer request for the same pane are ignored.
 */
export class ShortlistsState {
  readonly #client: Client
  #lists = $state.raw<Load<Shortlist[]>>({ state: 'idle' })
  #selectedId = $state<string | null>(null)
  #members = $state.raw<Load<MemberSummary[]>>({ state: 'idle' })
  #memberCursor = $state(0)
  #memberScroll = $state(0)
  /** The person open beside the rows, and the save of their edits. */
  readonly #open: OpenMember
  /** People ticked in the members list (Space), for exporting a selection. Replaced wholesale. */
  #picked = $state.raw<readonly number[]>([])
  readonly #feedback = new Feedback<Undoable>()
  readonly #stages: StagesState
  /** The search over saved people that replaces the members pane while it has a query. */
  readonly #search: SavedSearch
  #membersRequest = 0
  /**
   * The events that read the lists again (shortlistsChanged, peopleForgotten): a read asked before
   * one of them may answer after the read it asked (the browser host's answers travel apart) and is
   * then not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'lists'>()

  /** Recently deleted, shown from this screen. */
  readonly trash: RecentlyDeletedState
  /** Share… a shortlist with the team (issue #38). */
  readonly sharing: ShareState

  constructor(client: Client) {
    this.#client = client
    this.trash = new RecentlyDeletedState(client)
    this.sharing = new ShareState(client, () => this.#reloadLists())
    this.#open = new OpenMember(client)
    this.#search = new SavedSearch(client, () => this.#selectedId)
    this.#stages = new StagesState(client, (reply) => this.#afterStageChange(reply))
    // A refresh job changed saved people: whatever shows them reads them again,
    // whether this screen is open or not, so it is never stale when the recruiter comes back.
    client.on('membersChanged', (change) => void this.#membersChanged(change))
    client.on('peopleForgotten', ({ keys }) => {
      this.#told.told('lists')
      void this.#peopleForgotten(keys)
    })
    // a colleague shared, renamed or changed a shared shortlist: the lists (names, counts) read again
    client.on('shortlistsChanged', () => {
      this.#told.told('lists')
      void this.#reloadLists()
    })
  }

  get lists() {
    return this.#lists
  }
  get selectedId() {
    return this.#selectedId
  }
  get selected(): Shortlist | undefined {
    return this.#lists.state === 'ready' ? this.#lists.value.find((list) => list.id === this.#selectedId) : undefined
  }
  get members() {
    return this.#members
  }
  get memberCursor() {
    return this.#memberCursor
  }
  get memberScroll() {
    return this.#memberScroll
  }
  /** The pipeline's stages, with their edits (StagesDialog). */
  get stages(): StagesState {
    return this.#stages
  }
  get query() {
    return this.#search.query
  }
  get scope() {
    return this.#search.scope
  }
  /** Searching replaces the members pane with the results. */
  get searching(): boolean {
    return this.#search.active
  }
  get hits() {
    return this.#search.hits
  }
  get hitCursor() {
    return this.#search.cursor
  }
  get openMemberId() {
    return this.#open.id
  }
  /** A note on the open person, as an entry with its author and time. */
  addNote(text: string): Promise<boolean> {
    return this.#open.addNote(text)
  }
  get detail() {
    return this.#open.detail
  }
  get save() {
    return this.#open.save
  }
  get picked() {
    return this.#picked
  }
  isPicked(memberId: number): boolean {
    return this.#picked.includes(memberId)
  }
  togglePicked(memberId: number): void {
    this.#picked = this.#picked.includes(memberId)
      ? this.#picked.filter((id) => id !== memberId)
      : [...this.#picked, memberId]
  }
  clearPicked(): void {
    this.#picked = []
  }
  /** Ticks everyone in the list shown (Ctrl+A), or unticks them when all are ticked already. */
  pickAll(): void {
    const shown = this.rows.map((row) => row.id)
    this.#picked = shown.length > 0 && shown.every((id) => this.#picked.includes(id)) ? [] : shown
  }

  /** The last deletion, while its Undo is offered. */
  get undo() {
    return this.#feedback.undo
  }
  get notice() {
    return this.#feedback.notice
  }

  /** Loads shortlists and stages; selects the first shortlist if none is selected. */
  async load(): Promise<void> {
    if (this.#lists.state !== 'ready') this.#lists = { state: 'loading' }
    const asked = this.#told.asked()
    const [lists, stages] = await Promise.all([this.#client.listShortlists({}), this.#client.listStages({})])
    if (stages.ok) this.#stages.set(stages.data)
    const newest = this.#told.newest('lists', asked)
    if (!lists.ok) {
      if (newest) this.#lists = { state: 'error', error: lists.error }
      return
    }
    if (newest) this.#lists = { state: 'ready', value: lists.data }
    // the selection follows the lists shown: a read an event overtook leaves them to the newer one
    await this.#followSelection(this.#lists.state === 'ready' ? this.#lists.value : lists.data)
  }

  /** Keeps the selected shortlist while it is listed; else the first is selected (none: nothing is). */
  async #followSelection(lists: Shortlist[]): Promise<void> {
    if (lists.some((list) => list.id === this.#selectedId)) {
      if (this.#members.state !== 'ready') await this.#loadMembers()
      return
    }
    const first = lists[0]
    if (first) await this.select(first.id)
    else this.#clearSelection()
  }

  async select(id: string): Promise<void> {
    if (id === this.#selectedId && this.#members.state === 'ready') return
    this.#selectedId = id
    this.#picked = []
    this.#memberCursor = 0
    this.#memberScroll = 0
    this.closeDetail()
    await this.#loadMembers()
    if (this.searching && this.#search.scope === 'selected') await this.search(this.#search.query)
  }

  /** Moves the selection in the shortlists pane. */
  async selectBy(delta: number): Promise<void> {
    if (this.#lists.state !== 'ready' || this.#lists.value.length === 0) return
    const lists = this.#lists.value
    const index = lists.findIndex((list) => list.id === this.#selectedId)
    const next = lists[Math.min(Math.max(index + delta, 0), lists.length - 1)]
    if (next) await this.select(next.id)
  }

  async create(name: string): Promise<boolean> {
    const reply = await this.#client.createShortlist({ name })
    if (!this.#feedback.ok(reply)) return false
    await this.#reloadLists()
    await this.select(reply.data.id)
    this.#feedback.say('info', `Created “${reply.data.name}”.`)
    return true
  }

  async rename(id: string, name: string): Promise<boolean> {
    const reply = await this.#client.renameShortlist({ id, name })
    if (!this.#feedback.ok(reply)) return false
    await this.#reloadLists()
    return true
  }

  /** Soft delete, then offers Undo for a few seconds. */
  async remove(id: string): Promise<void> {
    const reply = await this.#client.deleteShortlist({ id })
    if (!this.#feedback.ok(reply)) return
    const lists = this.#lists.state === 'ready' ? this.#lists.value : []
    const index = lists.findIndex((list) => list.id === id)
    const neighbour = lists[index + 1] ?? lists[index - 1]
    this.#feedback.offerUndo({ kind: 'shortlist', shortlist: reply.data })
    await this.#reloadLists()
    if (id === this.#selectedId) {
      if (neighbour && neighbour.id !== id) await this.select(neighbour.id)
      else this.#clearSelection()
    }
  }

  /** Undoes the last deletion: a shortlist comes back, or a person back into their shortlist. */
  async undoLast(): Promise<void> {
    const undo = this.#feedback.undo
    if (!undo) return
    this.dismissUndo()
    if (undo.kind === 'shortlist') {
      const reply = await this.#client.undoDeleteShortlist({ id: undo.shortlist.id })
      if (!this.#feedback.ok(reply)) return
      await this.#reloadLists()
      await this.select(reply.data.id)
      this.#feedback.say('info', `“${reply.data.name}” is back.`)
      return
    }
    const reply = await this.#client.restoreMember({ memberId: undo.memberId })
    if (!this.#feedback.ok(reply)) return
    await this.#reloadLists()
    if (this.#selectedId === reply.data.shortlistId) await this.#loadMembers()
    this.#feedback.say('info', `${undo.name} is back, with notes, tags and stage.`)
  }

  dismissUndo(): void {
    this.#feedback.dismissUndo()
  }

  dismissNotice(): void {
    this.#feedback.dismissNotice()
  }

  rememberScroll(offset: number): void {
    this.#memberScroll = offset
  }

  moveMemberCursor(index: number): void {
    if (this.searching) {
      this.#search.cursor = index
      const hits = this.#search.hits
      if (this.#open.id !== null) void this.open(hits.state === 'ready' ? hits.value[index]?.id : undefined)
    } else {
      this.#memberCursor = index
      if (this.#open.id !== null)
        void this.open(this.#members.state === 'ready' ? this.#members.value[index]?.id : undefined)
    }
  }

  /** Opens the member under the cursor (Enter). */
  async openAtCursor(): Promise<void> {
    const rows = this.rows
    const row = rows[this.searching ? this.#search.cursor : this.#memberCursor]
    await this.open(row?.id)
  }

  /** The rows of the middle pane: search results while searching, else the members. */
  get rows(): ReadonlyArray<MemberSummary> {
    if (this.searching) return this.#search.hits.state === 'ready' ? this.#search.hits.value : []
    return this.#members.state === 'ready' ? this.#members.value : []
  }

  async open(memberId: number | undefined): Promise<void> {
    if (memberId === undefined) return
    await this.#open.open(memberId)
  }

  closeDetail(): void {
    this.#open.close()
  }

  /**
   * Saves notes, tags, stage or rating of a member (the open one unless named: an editor saving
   * its draft as another person opens names its own) and updates its row everywhere.
   */
  async update(patch: MemberPatch, memberId: number | null = this.#open.id): Promise<boolean> {
    if (memberId === null) return false
    this.#open.saving(memberId, { state: 'saving' })
    const reply = await this.#client.updateMember({ memberId, patch })
    if (!reply.ok) {
      if (!this.#open.saving(memberId, { state: 'error', error: reply.error }))
        this.#feedback.say('error', `${reply.error.message} Your last change was not saved.`)
      return false
    }
    const { summary: _summary, profile: _profile, snapshots: _snapshots, ...row } = reply.data
    this.#open.show(memberId, reply.data)
    if (this.#members.state === 'ready') {
      this.#members = {
        state: 'ready',
        value: this.#members.value.map((member) => (member.id === memberId ? row : member))
      }
    }
    this.#search.edit((hits) => hits.map((hit) => (hit.id === memberId ? { ...hit, ...row } : hit)))
    this.#open.saving(memberId, { state: 'saved', at: Date.now() })
    if (patch.stage !== undefined) void this.#stages.reload()
    return true
  }

  /** Moves a person to Recently deleted, then offers Undo for a few seconds. */
  async removeMember(memberId: number): Promise<void> {
    const name =
      (this.#members.state === 'ready' ? this.#members.value.find((member) => member.id === memberId)?.name : '') ||
      'The person'
    const reply = await this.#client.removeMember({ memberId })
    if (!this.#feedback.ok(reply)) return
    this.#feedback.offerUndo({ kind: 'member', memberId, name })
    if (this.#open.id === memberId) this.closeDetail()
    if (this.#picked.includes(memberId)) this.togglePicked(memberId)
    if (this.#members.state === 'ready') {
      const value = this.#members.value.filter((member) => member.id !== memberId)
      this.#members = { state: 'ready', value }
      this.#memberCursor = Math.min(this.#memberCursor, Math.max(value.length - 1, 0))
    }
    this.#search.edit((hits) => hits.filter((hit) => hit.id !== memberId))
    await this.#reloadLists()
  }

  setScope(scope: 'all' | 'selected'): void {
    this.#search.setScope(scope)
  }

  /** Full-text search over saved people; an empty query shows the members again. */
  async search(query: string): Promise<void> {
    await this.#search.run(query)
  }

  clearSearch(): void {
    void this.search('')
  }

  async reloadMembers(): Promise<void> {
    await this.#loadMembers()
  }

  /** After a restore: lists and stages may both have changed. */
  async reloadAll(): Promise<void> {
    await this.#reloadLists()
    await this.#stages.reload()
    if (this.#selectedId === null && this.#lists.state === 'ready' && this.#lists.value[0]) {
      await this.select(this.#lists.value[0].id)
    } else if (this.#selectedId !== null) {
      // A restore may have brought people back into the open shortlist: read its members afresh.
      await this.#loadMembers()
    }
  }

  /**
   * Reads again what shows the changed people: the selected shortlist's rows, search results that
   * include them, the open person. Quietly: the rows stay on screen (with cursor, ticks and scroll)
   * until the new ones arrive, and an edit being typed in the open person is kept.
   */
  async #membersChanged(change: EventPayload<'membersChanged'>): Promise<void> {
    const changed = (id: number) => change.memberIds.includes(id)
    const reads: Array<Promise<void>> = []
    if (this.#selectedId !== null && this.#members.state !== 'idle' && change.shortlistIds.includes(this.#selectedId))
      reads.push(this.#loadMembers({ quiet: true }))
    const hits = this.#search.hits
    if (hits.state === 'ready' && hits.value.some((hit) => changed(hit.id))) reads.push(this.#search.again())
    const openId = this.#open.id
    if (openId !== null && changed(openId)) reads.push(this.#open.reload(openId))
    await Promise.all(reads)
  }

  /**
   * People were forgotten (here or elsewhere): they leave the rows, the ticks and the open pane at
   * once, and the counts and rows are read again quietly (they are gone from every shortlist).
   */
  async #peopleForgotten(keys: readonly string[]): Promise<void> {
    const gone = (row: MemberSummary) => keys.includes(row.profileKey)
    const detail = this.#open.detail
    if (detail.state === 'ready' && keys.includes(detail.value.profileKey)) this.closeDetail()
    const goneIds = this.rows.filter(gone).map((row) => row.id)
    if (goneIds.length > 0) this.#picked = this.#picked.filter((id) => !goneIds.includes(id))
    if (this.#members.state === 'ready')
      this.#members = { state: 'ready', value: this.#members.value.filter((row) => !gone(row)) }
    this.#search.edit((hits) => hits.filter((hit) => !gone(hit)))
    await Promise.all([this.#reloadLists(), this.#loadMembers({ quiet: true }), this.#search.again()])
  }

  async #loadMembers(options: { quiet?: boolean } = {}): Promise<void> {
    const id = this.#selectedId
    if (id === null) return
    const request = ++this.#membersRequest
    if (!(options.quiet === true && this.#members.state === 'ready')) this.#members = { state: 'loading' }
    const reply = await readMembers(this.#client, id, () => request !== this.#membersRequest)
    if (reply === null) return
    this.#members = loaded(reply)
    if (reply.ok) this.#memberCursor = Math.min(this.#memberCursor, Math.max(reply.data.length - 1, 0))
  }

  async #reloadLists(): Promise<void> {
    const asked = this.#told.asked()
    const reply = await this.#client.listShortlists({})
    if (!this.#told.newest('lists', asked)) return
    if (!reply.ok) {
      this.#lists = { state: 'error', error: reply.error }
      return
    }
    this.#lists = { state: 'ready', value: reply.data }
    // a shared shortlist shown here that a colleague stopped sharing is no longer selected
    if (this.#selectedId !== null && !reply.data.some((list) => list.id === this.#selectedId))
      await this.#followSelection(reply.data)
  }

  /** Stage names show on every row and in the open person, so both are read again. */
  async #afterStageChange(reply: IpcResult<unknown>): Promise<boolean> {
    if (!this.#feedback.ok(reply)) return false
    this.dismissNotice()
    await this.#stages.reload()
    await this.#loadMembers()
    if (this.#open.id !== null) await this.open(this.#open.id)
    if (this.searching) await this.search(this.#search.query)
    return true
  }

  #clearSelection(): void {
    this.#selectedId = null
    this.#members = { state: 'idle' }
    this.closeDetail()
  }
}
