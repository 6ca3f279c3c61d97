import type { MatchProfileRequest } from '../../../../shared/api/match-request'
import type { ConnectionView } from '../../../../shared/ipc/channels/connections'
import {
  MAX_RESULTS,
  SANDBOX_MAX_RESULTS,
  type RecentSearch,
  type SearchResponse,
  type SearchResult,
  type ShortlistRef
} from '../../../../shared/ipc/channels/search'
import type { IpcError } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { readRow, type ResultRow } from '../../lib/result-row'
import { RepliesAndEvents } from '../../lib/replies-and-events'
import { afterNextPaint } from '../../lib/next-task'

const textFields = ['name', 'company', 'title', 'school', 'location', 'key'] as const
export type TextField = (typeof textFields)[number]

export interface SearchForm {
  name: string
  company: string
  title: string
  school: string
  location: string
  key: string
  /** One per line, or separated by commas or spaces. */
  emails: string
  handles: string
  maxNumberOfResults: number
  emailLookupEnabled: boolean
}

export const emptyForm = (): SearchForm => ({
  name: '',
  company: '',
  title: '',
  school: '',
  location: '',
  key: '',
  emails: '',
  handles: '',
  maxNumberOfResults: 25,
  emailLookupEnabled: false
})

export type SearchPhase =
  | { state: 'idle' }
  | { state: 'running'; requestId: string; startedAt: number }
  | { state: 'ready'; response: SearchResponse; rows: ResultRow[]; request: MatchProfileRequest }
  | { state: 'cancelled' }
  | { state: 'error'; error: IpcError }

export interface Notice {
  tone: 'info' | 'error'
  message: string
}

const splitList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((item) => item.trim())
    .filter((item) => item !== '')

/** The form as a MatchProfileRequest: blank fields left out, lists split. */
export function requestOf(form: SearchForm): MatchProfileRequest {
  const request: MatchProfileRequest = {}
  for (const field of textFields) {
    const value = form[field].trim()
    if (value !== '') request[field] = value
  }
  const emails = splitList(form.emails)
  const handles = splitList(form.handles)
  if (emails.length > 0) request.emails = emails
  if (handles.length > 0) request.handles = handles
  return request
}

function formOf(recent: RecentSearch): SearchForm {
  const r = recent.request
  return {
    name: r.name ?? '',
    company: r.company ?? '',
    title: r.title ?? '',
    school: r.school ?? '',
    location: r.location ?? '',
    key: r.key ?? '',
    emails: (r.emails ?? []).join('\n'),
    handles: (r.handles ?? []).join('\n'),
    maxNumberOfResults: recent.options.maxNumberOfResults,
    emailLookupEnabled: recent.options.emailLookupEnabled
  }
}

let counter = 0
const newRequestId = () => `search-${Date.now().toString(36)}-${(counter++).toString(36)}`

/**
 * The Search screen's state, kept while the recruiter is elsewhere: the form, the results of the
 * last search (with a cursor, ticks and the open profile), the recent searches, and Cancel.
 */
export class SearchState {
  readonly #client: Client
  form = $state<SearchForm>(emptyForm())
  #phase = $state.raw<SearchPhase>({ state: 'idle' })
  #recent = $state.raw<Load<RecentSearch[]>>({ state: 'idle' })
  #cursor = $state(0)
  #openIndex = $state<number | null>(null)
  /** The results whose first profile opens after their paint (#openFirstAfterPaint), until it does. */
  #autoOpen = $state.raw<SearchResponse | null>(null)
  #picked = $state.raw<readonly number[]>([])
  #notice = $state.raw<Notice | null>(null)
  #scroll = 0
  #connection = $state.raw<Pick<ConnectionView, 'id' | 'kind'> | null>(null)
  /** Bounds learned from a connection's refusal ("at most 100"), by connection id. */
  #learned = $state.raw<Readonly<Record<string, number>>>({})
  /** Called when the first rows of a search are on screen (the bench measures it). */
  onPainted: ((ms: number) => void) | null = null
  /**
   * People forgotten, by key: a search answered after the peopleForgotten told while it ran (the
   * browser host's answers and events travel apart) may have been taken before it; its rows of
   * those people lose their shortlists as the rows on screen did.
   */
  readonly #forgotten = new RepliesAndEvents()
  /** peopleForgotten reads the recent searches again: a read asked before it is then not shown. */
  readonly #recentTold = new RepliesAndEvents<'recent'>()

  constructor(client: Client) {
    this.#client = client
    client.on('peopleForgotten', ({ keys }) => {
      for (const key of keys) this.#forgotten.told(key)
      this.#peopleForgotten(keys)
    })
  }

  get phase() {
    return this.#phase
  }
  get rows(): ResultRow[] {
    return this.#phase.state === 'ready' ? this.#phase.rows : []
  }
  get recent() {
    return this.#recent
  }
  get cursor() {
    return this.#cursor
  }
  get openIndex() {
    return this.#openIndex
  }
  /** The first result's profile is about to open (the screen keeps its column meanwhile, so the rows do not move). */
  get opening(): boolean {
    return this.#autoOpen !== null
  }
  get open(): ResultRow | null {
    return this.#openIndex === null ? null : (this.rows[this.#openIndex] ?? null)
  }
  get picked() {
    return this.#picked
  }
  get notice() {
    return this.#notice
  }
  get scroll() {
    return this.#scroll
  }
  set scroll(offset: number) {
    this.#scroll = offset
  }
  /** The connection searched: its bound on results is known (the Sandbox) or learned. */
  setConnection(connection: Pick<ConnectionView, 'id' | 'kind'> | null): void {
    this.#connection = connection
  }
  /** The most results a search on this connection may ask for. */
  get resultsLimit(): number {
    const connection = this.#connection
    if (connection === null) return MAX_RESULTS
    const learned = Object.hasOwn(this.#learned, connection.id) ? this.#learned[connection.id] : undefined
    return learned ?? (connection.kind === 'sandbox' ? SANDBOX_MAX_RESULTS : MAX_RESULTS)
  }
  get canSearch(): boolean {
    return Object.keys(requestOf(this.form)).length > 0
  }

  async loadRecent(): Promise<void> {
    if (this.#recent.state !== 'ready') this.#recent = { state: 'loading' }
    const asked = this.#recentTold.asked()
    const reply = await this.#client.listRecentSearches({})
    if (this.#recentTold.newest('recent', asked)) this.#recent = loaded(reply)
  }

  async search(): Promise<void> {
    if (this.#phase.state === 'running') await this.cancel()
    const request = requestOf(this.form)
    if (Object.keys(request).length === 0) {
      this.#notice = { tone: 'error', message: 'Fill in at least one field — a name, an email or a profile handle.' }
      return
    }
    const requestId = newRequestId()
    const startedAt = performance.now()
    this.#phase = { state: 'running', requestId, startedAt }
    this.#autoOpen = null
    this.#notice = null
    const limit = this.resultsLimit
    const wanted = Math.max(1, Math.round(this.form.maxNumberOfResults) || 25)
    if (wanted > limit) {
      this.form.maxNumberOfResults = limit
      this.#notice = {
        tone: 'info',
        message: `Asked for ${limit} results: ${this.#connection?.kind === 'sandbox' ? 'the Sandbox' : 'this connection'} returns at most ${limit} people a search.`
      }
    }
    const connectionId = this.#connection?.id ?? null
    const asked = this.#forgotten.asked()
    const reply = await this.#client.searchProfiles({
      requestId,
      request,
      options: { maxNumberOfResults: Math.min(wanted, limit), emailLookupEnabled: this.form.emailLookupEnabled }
    })
    // a newer search (or a cancel) has taken over
    if (this.#phase.state !== 'running' || this.#phase.requestId !== requestId) return
    if (!reply.ok) {
      this.#learnLimit(connectionId, reply.error)
      this.#phase = reply.error.code === 'cancelled' ? { state: 'cancelled' } : { state: 'error', error: reply.error }
      return
    }
    const forgotten = this.#forgotten.toldSince(asked)
    const rows = reply.data.results.map((result, index) => readRow(result, index))
    this.#phase = {
      state: 'ready',
      response: reply.data,
      rows: rows.map((row) => (row.key !== null && forgotten.includes(row.key) ? { ...row, shortlistedIn: [] } : row)),
      request
    }
    this.#cursor = 0
    this.#scroll = 0
    this.#picked = []
    this.#openIndex = null
    void this.loadRecent()
    if (this.onPainted) {
      const report = this.onPainted
      requestAnimationFrame(() => report(performance.now() - startedAt))
    }
    if (rows.length > 0) await this.#openFirstAfterPaint(reply.data)
  }

  /**
   * The first result's profile opens once the rows are painted, in a task of its own: mounting the
   * list and the profile in one was the page's longest task before the first row (~75 ms of CPU,
   * half of it the profile; issue #36 item 12). The row under the cursor opens, unless the
   * recruiter opened, closed or searched again meanwhile.
   */
  async #openFirstAfterPaint(shown: SearchResponse): Promise<void> {
    this.#autoOpen = shown
    await afterNextPaint()
    // the recruiter opened or closed one, or searched again, meanwhile
    if (this.#autoOpen !== shown) return
    this.#autoOpen = null
    if (this.#phase.state !== 'ready' || this.#phase.response !== shown) return
    this.#openIndex = this.#cursor
  }

  /** A refusal that names the connection's bound: ask for that from now on. */
  #learnLimit(connectionId: string | null, error: IpcError): void {
    const details = error.details as { resultsLimit?: unknown } | undefined
    const limit = details?.resultsLimit
    if (connectionId === null || typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1) return
    this.#learned = { ...this.#learned, [connectionId]: limit }
    if (this.form.maxNumberOfResults > limit) this.form.maxNumberOfResults = limit
  }

  async cancel(): Promise<void> {
    const phase = this.#phase
    if (phase.state !== 'running') return
    this.#phase = { state: 'cancelled' }
    await this.#client.cancelRequest({ requestId: phase.requestId })
  }

  rerun(recent: RecentSearch): Promise<void> {
    this.form = formOf(recent)
    return this.search()
  }

  clearForm(): void {
    this.form = emptyForm()
  }

  /** After a switch of connection, the results of the previous one are not shown as this one's. */
  reset(): void {
    this.#phase = { state: 'idle' }
    this.#autoOpen = null
    this.#openIndex = null
    this.#picked = []
    this.#recent = { state: 'idle' }
    void this.loadRecent()
  }

  moveTo(index: number): void {
    this.#cursor = index
  }
  openAt(index: number): void {
    this.#autoOpen = null
    this.#cursor = index
    this.#openIndex = index
  }
  /**
   * People were forgotten: their open profile closes, their rows no longer say a shortlist holds
   * them (the service still finds them: they are its records), and the recent searches, some of
   * which may have gone with them, are read again.
   */
  #peopleForgotten(keys: readonly string[]): void {
    const gone = (row: ResultRow) => row.key !== null && keys.includes(row.key)
    if (this.open !== null && gone(this.open)) this.#openIndex = null
    if (this.#phase.state === 'ready' && this.#phase.rows.some(gone)) {
      const rows = this.#phase.rows.map((row) => (gone(row) ? { ...row, shortlistedIn: [] } : row))
      this.#phase = { ...this.#phase, rows }
    }
    if (this.#recent.state !== 'idle') {
      this.#recentTold.told('recent')
      void this.loadRecent()
    }
  }

  closeDetail(): void {
    this.#autoOpen = null
    this.#openIndex = null
  }
  toggle(index: number): void {
    this.#picked = this.#picked.includes(index)
      ? this.#picked.filter((i) => i !== index)
      : [...this.#picked, index].sort((a, b) => a - b)
  }
  isPicked(index: number): boolean {
    return this.#picked.includes(index)
  }
  clearPicks(): void {
    this.#picked = []
  }

  /** The rows a shortlist action applies to: the ticked ones, else the one under the cursor. */
  targets(): ResultRow[] {
    const rows = this.rows
    if (this.#picked.length > 0) return this.#picked.flatMap((i) => (rows[i] ? [rows[i]] : []))
    const row = rows[this.#cursor]
    return row ? [row] : []
  }

  /** Marks rows as being on a shortlist once they were added (no new search needed). */
  markShortlisted(keys: readonly string[], shortlist: ShortlistRef): void {
    const phase = this.#phase
    if (phase.state !== 'ready') return
    const rows = phase.rows.map((row) =>
      row.key !== null && keys.includes(row.key) && !row.shortlistedIn.some((s) => s.id === shortlist.id)
        ? { ...row, shortlistedIn: [...row.shortlistedIn, shortlist] }
        : row
    )
    this.#phase = { ...phase, rows }
  }

  say(notice: Notice | null): void {
    this.#notice = notice
  }
}

export type { SearchResult }
