import type {
  RefreshJobDetail,
  RefreshJobSummary,
  RefreshOptions,
  RefreshPlan
} from '../../../../shared/ipc/channels/refresh'
import type { Shortlist } from '../../../../shared/ipc/channels/shortlists'
import type { IpcError } from '../../../../shared/ipc/errors'
import { endsOwnRefreshJob } from '../../../../shared/notice-events'
import { refreshNotice } from '../../../../shared/refresh-notice'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { RepliesAndEvents } from '../../lib/replies-and-events'

/** Following a job: the app is still asking the service about it. */
export const isFollowed = (job: RefreshJobSummary): boolean =>
  job.tracking === 'starting' || job.tracking === 'following'

/**
 * Refresh jobs as the page knows them. App-wide (not the section's): jobs are followed by main
 * whatever screen is open, the header strip counts the running ones, and the page shows the
 * desktop notification in the browser host (Electron's main process shows its own).
 */
export class RefreshState {
  readonly #client: Client
  /** The browser host's page notifies; in Electron main does (and the page must not twice). */
  readonly #notifyInPage: boolean
  #jobs = $state.raw<Load<RefreshJobSummary[]>>({ state: 'idle' })
  #selected = $state<string | null>(null)
  #detail = $state.raw<Load<RefreshJobDetail>>({ state: 'idle' })
  #starting = $state(false)
  #startError = $state.raw<IpcError | null>(null)
  /**
   * refreshJobChanged events per job: a reply (a start, a check, the list, a job's detail) taken
   * before one of them may arrive after it, and must not put the older job back on screen.
   */
  readonly #told = new RepliesAndEvents()
  /** Detail reads asked: one answering while a newer is on its way gives way to it. */
  #detailReads = 0

  constructor(client: Client, options: { notifyInPage: boolean }) {
    this.#client = client
    this.#notifyInPage = options.notifyInPage
    client.on('refreshJobChanged', ({ job, finishedNow }) => {
      this.#told.told(job.jobId)
      this.#apply(job, finishedNow)
    })
  }

  get jobs() {
    return this.#jobs
  }
  get selected() {
    return this.#selected
  }
  get detail() {
    return this.#detail
  }
  get starting() {
    return this.#starting
  }
  get startError() {
    return this.#startError
  }
  /** Jobs the app is following now (header strip). */
  get running(): number {
    return this.#jobs.state === 'ready' ? this.#jobs.value.filter(isFollowed).length : 0
  }

  async load(): Promise<void> {
    if (this.#jobs.state !== 'ready') this.#jobs = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listRefreshJobs({})
    const told = this.#told.toldSince(asked)
    if (told.length === 0) {
      this.#jobs = loaded(reply, (data) => data.jobs)
      return
    }
    // events came while the list was on its way: the jobs they told are newer than the list's (and
    // a failed read keeps them on screen)
    if (!reply.ok || this.#jobs.state !== 'ready') return
    const now = this.#jobs.value
    const newer = (job: RefreshJobSummary) =>
      told.includes(job.jobId) ? (now.find((known) => known.jobId === job.jobId) ?? job) : job
    const unlisted = now.filter(
      (job) => told.includes(job.jobId) && !reply.data.jobs.some((listed) => listed.jobId === job.jobId)
    )
    this.#jobs = { state: 'ready', value: [...unlisted, ...reply.data.jobs.map(newer)] }
  }

  async select(jobId: string | null): Promise<void> {
    this.#selected = jobId
    if (jobId === null) {
      this.#detail = { state: 'idle' }
      return
    }
    if (this.#detail.state !== 'ready' || this.#detail.value.jobId !== jobId) this.#detail = { state: 'loading' }
    const asked = this.#told.asked()
    const read = ++this.#detailReads
    const reply = await this.#client.getRefreshJob({ jobId })
    if (this.#selected !== jobId || read !== this.#detailReads) return
    if (!reply.ok || this.#told.newest(jobId, asked)) {
      this.#detail = loaded(reply)
      return
    }
    // the job moved while its detail was on its way: its newer summary over the older detail, and
    // its handles read again
    const job = this.#jobs.state === 'ready' ? this.#jobs.value.find((known) => known.jobId === jobId) : undefined
    this.#detail = { state: 'ready', value: { ...reply.data, ...job } }
    void this.select(jobId)
  }

  /** The shortlists to refresh from, read afresh (Search may have made one since). */
  async shortlists(): Promise<Load<Shortlist[]>> {
    const reply = await this.#client.listShortlists({})
    return loaded(reply)
  }

  async plan(shortlistId: string, onlyStale: boolean): Promise<Load<RefreshPlan>> {
    const reply = await this.#client.planRefresh({ shortlistId, onlyStale })
    return loaded(reply)
  }

  /**
   * Starts a job and selects it. Called from a click, so the browser's notification permission
   * can be asked for here (it needs a user gesture); a "no" is respected and never asked again.
   */
  async start(
    what: { handles: string[] } | { shortlistId: string; onlyStale: boolean },
    options: Partial<RefreshOptions>
  ): Promise<RefreshJobSummary | null> {
    this.askNotificationPermission()
    this.#starting = true
    this.#startError = null
    const asked = this.#told.asked()
    const reply = await this.#client.startRefresh({ ...what, options: { saveToStorage: true, ...options } })
    this.#starting = false
    if (!reply.ok) {
      this.#startError = reply.error
      void this.load() // a refused start is listed too, with the reason
      return null
    }
    this.#replied(asked, reply.data)
    void this.select(reply.data.jobId)
    return reply.data
  }

  async check(jobId: string): Promise<void> {
    const asked = this.#told.asked()
    const reply = await this.#client.checkRefreshJob({ jobId })
    if (reply.ok) this.#replied(asked, reply.data)
    if (this.#selected === jobId) void this.select(jobId)
  }

  clearStartError(): void {
    this.#startError = null
  }

  askNotificationPermission(): void {
    if (!this.#notifyInPage || typeof Notification === 'undefined') return
    if (Notification.permission === 'default') void Notification.requestPermission().catch(() => undefined)
  }

  /** A job a start or a check answered, shown unless an event (as new or newer) told of it meanwhile. */
  #replied(asked: number, job: RefreshJobSummary): void {
    if (this.#told.newest(job.jobId, asked)) this.#apply(job, false)
  }

  #apply(job: RefreshJobSummary, finishedNow: boolean): void {
    const jobs = this.#jobs.state === 'ready' ? this.#jobs.value : []
    const index = jobs.findIndex((candidate) => candidate.jobId === job.jobId)
    const next = index === -1 ? [job, ...jobs] : jobs.map((candidate, i) => (i === index ? job : candidate))
    this.#jobs = { state: 'ready', value: next }
    const detail = this.#detail
    if (this.#selected === job.jobId && detail.state === 'ready') {
      // progress moves the summary at once; handles and outcome are read afresh when they moved
      const moved =
        finishedNow || job.totalProcessed !== detail.value.totalProcessed || job.tracking !== detail.value.tracking
      this.#detail = { state: 'ready', value: { ...detail.value, ...job } }
      if (moved) void this.select(job.jobId)
    }
    if (endsOwnRefreshJob('refreshJobChanged', { job, finishedNow })) this.#notify(job)
  }

  #notify(job: RefreshJobSummary): void {
    if (!this.#notifyInPage || typeof Notification === 'undefined' || Notification.permission !== 'granted') return
    try {
      const { title, body } = refreshNotice(job)
      new Notification(title, { body, tag: `refresh-${job.jobId}` })
    } catch {
      // some browsers allow notifications only from a service worker: the job list says it all
    }
  }
}
