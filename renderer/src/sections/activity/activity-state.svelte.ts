import type {
  ActivityEntry,
  ActivityKind,
  ActivityLink,
  ActivityNotice,
  UnreadCounts
} from '../../../../shared/ipc/channels/watches'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'
import { RepliesAndEvents } from '../../lib/replies-and-events'

/** What the page is showing now: which section, and which item in it. */
export interface Viewing {
  section: string
  memberId: number | null
  shortlistId: string | null
  jobId: string | null
  activityEntryId: number | null
  focused: boolean
}

/**
 * Whether a batch's notice is shown: not when the recruiter is looking at what it is about (the
 * person open on Shortlists, the job open in Refresh, the saved search's entry in Activity, the
 * shortlist of a batch), nor when Activity itself is open and the window has focus.
 */
export function shouldNotify(notice: ActivityNotice, viewing: Viewing, entries: readonly ActivityEntry[]): boolean {
  if (!viewing.focused) return true
  if (viewing.section === 'activity') return false
  const focus = notice.focus
  if (focus?.kind === 'member') return !(viewing.section === 'shortlists' && viewing.memberId === focus.memberId)
  if (focus?.kind === 'refreshJob') return !(viewing.section === 'refresh' && viewing.jobId === focus.jobId)
  if (focus?.kind === 'savedSearch') {
    return !entries.some((entry) => entry.id === viewing.activityEntryId && entry.link.kind === 'savedSearch')
  }
  if (notice.shortlistId !== null)
    return !(viewing.section === 'shortlists' && viewing.shortlistId === notice.shortlistId)
  return true
}

/** Where this browser keeps the newest Activity entry it has told of (a number, not a secret). */
const TOLD_KEY = 'talent-desk.activity.told'

/** The newest entry told of, kept between loads of the page. */
export interface ToldMark {
  read(): number
  write(id: number): void
}
const browserToldMark: ToldMark = {
  read: () => Number(localStorage.getItem(TOLD_KEY) ?? '0'),
  write: (id) => localStorage.setItem(TOLD_KEY, String(id))
}

const EMPTY_UNREAD: UnreadCounts = {
  total: 0,
  byKind: { person_changed: 0, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
}

/**
 * Activity as the page knows it: what the watches and refreshes found, the unread count (in the
 * rail whatever screen is open) and the notices; kept current by main's events, never by polling.
 */
export class ActivityState {
  readonly #client: Client
  #entries = $state.raw<Load<ActivityEntry[]>>({ state: 'idle' })
  #more = $state(false)
  #unread = $state.raw<UnreadCounts>(EMPTY_UNREAD)
  #kind = $state<ActivityKind | null>(null)
  #shortlistId = $state<string | null>(null)
  #unreadOnly = $state(false)
  #error = $state.raw<IpcError | null>(null)
  /** What the page shows now (set by App and the screens), for the notices' quiet rule. */
  viewing: () => Viewing = () => ({
    section: '',
    memberId: null,
    shortlistId: null,
    jobId: null,
    activityEntryId: null,
    focused: false
  })
  /** Opens an item (App wires it to the sections). */
  onOpen: (link: ActivityLink) => void = () => undefined

  readonly #told: ToldMark

  constructor(client: Client, options: { told?: ToldMark } = {}) {
    this.#client = client
    this.#told = options.told ?? browserToldMark
    client.on('activityChanged', (payload) => {
      this.#news.told('unread')
      if (payload.added.length > 0) this.#news.told('news')
      this.#unread = payload.unread
      // (a load under way may answer from before this news: it sees so, and reads again)
      if (payload.added.length > 0 && this.#entries.state === 'ready') {
        const fresh = payload.added.filter((entry) => this.#matches(entry))
        const known = this.#entries.value.map((entry) => entry.id)
        this.#entries = {
          state: 'ready',
          value: [...fresh.filter((entry) => !known.includes(entry.id)).reverse(), ...this.#entries.value]
        }
      } else if (payload.added.length === 0 && this.#entries.state === 'ready') {
        void this.load() // read marks moved (another window): read them again
      }
      if (payload.added.length > 0) {
        const newest = Math.max(...payload.added.map((entry) => entry.id))
        if (newest > this.#told.read()) this.#told.write(newest)
      }
      if (payload.notice !== null) this.#notify(payload.notice, payload.added)
    })
    client.on('connectionsChanged', () => void this.load())
    // People forgotten: their entries went (or lost them from a list), so the list is read again.
    client.on('peopleForgotten', () => void this.load())
  }

  get entries() {
    return this.#entries
  }
  get more() {
    return this.#more
  }
  get unread() {
    return this.#unread
  }
  get kind() {
    return this.#kind
  }
  get shortlistId() {
    return this.#shortlistId
  }
  get unreadOnly() {
    return this.#unreadOnly
  }
  get error() {
    return this.#error
  }

  /**
   * activityChanged events ('unread': every one, 'news': those adding entries): a list or an
   * unread count a reply took before one of them may arrive after it (the browser host's answers
   * and events travel apart) and must not hide it.
   */
  readonly #news = new RepliesAndEvents<'unread' | 'news' | 'list'>()

  async load(): Promise<void> {
    if (this.#entries.state !== 'ready') this.#entries = { state: 'loading' }
    // a read asked after this one (another filter) is shown, whichever answers last
    const asked = this.#news.askedAnew('list')
    const reply = await this.#client.listActivity(this.#filter())
    if (!this.#news.newest('list', asked)) return
    if (reply.ok) {
      if (this.#news.newest('unread', asked)) this.#unread = reply.data.unread
      this.#more = reply.data.more
    }
    // news came while the list was read: the list shown keeps it (added by the event) and is read again
    const missed = !this.#news.newest('news', asked)
    if (!missed || this.#entries.state !== 'ready') this.#entries = loaded(reply, (data) => data.entries)
    if (missed) await this.load()
  }

  /**
   * News that came while no window listened (the catch-up at start runs before the page is
   * there): one notice for all of it, once. The newest entry told of is kept in this browser.
   */
  async notifyMissed(): Promise<void> {
    const reply = await this.#client.listActivity({ unreadOnly: true, limit: 100 })
    if (!reply.ok) return
    const told = this.#told.read()
    const missed = reply.data.entries.filter((entry) => entry.id > told && entry.kind !== 'refresh_ended')
    const newest = reply.data.entries[0]?.id ?? told
    if (newest > told) this.#told.write(newest)
    if (missed.length === 0) return
    const only = missed.length === 1 ? missed[0]! : null
    this.#notify(
      {
        title: only?.text ?? `${missed.length} updates from your watches`,
        body:
          only === null
            ? missed
                .slice(0, 3)
                .map((entry) => entry.text)
                .join('\n')
            : '',
        focus: only?.link ?? null,
        shortlistId: null
      },
      missed
    )
  }

  async loadMore(): Promise<void> {
    if (this.#entries.state !== 'ready' || !this.#more) return
    const last = this.#entries.value.at(-1)
    const asked = this.#news.asked()
    const reply = await this.#client.listActivity({ ...this.#filter(), ...(last ? { before: last.id } : {}) })
    // the list was read anew meanwhile (another filter): this page is of the list it replaced
    if (!this.#news.newest('list', asked) || this.#entries.state !== 'ready') return
    if (!reply.ok) {
      this.#error = reply.error
      return
    }
    this.#more = reply.data.more
    this.#entries = { state: 'ready', value: [...this.#entries.value, ...reply.data.entries] }
  }

  async filter(next: { kind?: ActivityKind | null; shortlistId?: string | null; unreadOnly?: boolean }) {
    if (next.kind !== undefined) this.#kind = next.kind
    if (next.shortlistId !== undefined) this.#shortlistId = next.shortlistId
    if (next.unreadOnly !== undefined) this.#unreadOnly = next.unreadOnly
    this.#entries = { state: 'loading' }
    await this.load()
  }

  async markRead(ids: number[] | 'all', read = true): Promise<void> {
    const asked = this.#news.asked()
    const reply = await this.#client.markActivityRead(ids === 'all' ? { all: true, read } : { ids, read })
    if (!reply.ok) {
      this.#error = reply.error
      return
    }
    if (this.#news.newest('unread', asked)) this.#unread = reply.data
    // the marks as main keeps them (their times are main's)
    if (this.#entries.state === 'ready') await this.load()
  }

  /** Opens an entry: marked read, then shown where its link says. */
  async open(entry: ActivityEntry): Promise<void> {
    if (entry.readAt === null) await this.markRead([entry.id])
    this.onOpen(entry.link)
  }

  #filter() {
    return {
      unreadOnly: this.#unreadOnly,
      ...(this.#kind === null ? {} : { kind: this.#kind }),
      ...(this.#shortlistId === null ? {} : { shortlistId: this.#shortlistId })
    }
  }

  #matches(entry: ActivityEntry): boolean {
    return (
      (this.#kind === null || entry.kind === this.#kind) &&
      (this.#shortlistId === null || entry.shortlistId === this.#shortlistId)
    )
  }

  #notify(notice: ActivityNotice, added: readonly ActivityEntry[]): void {
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    if (!shouldNotify(notice, this.viewing(), added)) return
    try {
      const shown = new Notification(notice.title, { body: notice.body, tag: `activity-${added[0]?.id ?? 0}` })
      shown.onclick = () => {
        window.focus()
        if (notice.focus !== null) this.onOpen(notice.focus)
      }
    } catch {
      // some browsers allow notifications only from a service worker: Activity lists it all
    }
  }
}
