import { randomUUID } from 'node:crypto'
import { issuesOf, refreshHandleOf, refreshJobStartSchema, refreshJobStatusSchema } from '../../../shared/api'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { dataAsOf, profileDates } from '../../../shared/data-age'
import { AppError } from '../../../shared/ipc/errors'
import { STALE_AFTER_DAYS } from '../../../shared/ipc/channels/shortlists'
import type { RefreshJobDetail, RefreshJobSummary, RefreshPlan } from '../../../shared/ipc/channels/refresh'
import { ApiError } from '../api/api-error'
import type { PartnerClient, TolerantRecord } from '../api/partner-client'
import type { EventHub } from '../ipc/event-hub'
import type { EventBus } from '../platform/event-bus'
import type { Logger } from '../logging/logger'
import type { Clock, Store } from '../store'
import { FINISHED_REFRESH_STATUSES, RefreshJobsRepo, type RefreshJobRecord } from './refresh-jobs-repo'
import type { ConnectionsPort } from '../platform/ports'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors } from '../store/store-error'
import type { Paced } from '../pace/paces'
import { jobSummary } from './job-summary'
import { profileOfJson, RefreshedProfiles } from './refreshed-profiles'
import { errorMessage } from '../../../shared/error-message'

/** Ids the page still shows, for a shortlist or job that is gone (deleted, another window). */
const shortlistGone = { not_found: 'That shortlist no longer exists. Reload the list.' }
const jobGone = { not_found: 'Talent Desk has no refresh job with that id. Reload the list.' }
/** A job the service answers 404 for: what that means for the recruiter, and what to do. */
export const NO_LONGER_KNOWN =
  'The service no longer knows this job: nothing more will come from it (what was seen of it is kept here). Start a new refresh if you still need these people refreshed.'

export interface RefreshPollTiming {
  /** First status check after a start (and after a restart, at once). */
  firstMs: number
  factor: number
  maxMs: number
}
export const defaultRefreshPollTiming: RefreshPollTiming = {
  firstMs: 1_000,
  factor: 1.5,
  maxMs: 15_000
}

const DAY_MS = 86_400_000
const finishedStatuses: ReadonlySet<string> = new Set(FINISHED_REFRESH_STATUSES)
/** Errors after which a start was certainly not taken (anything else may have reached the service). */
const REFUSED_KINDS = new Set(['auth', 'forbidden', 'invalid_request', 'out_of_credits'])

/**
 * Refresh jobs followed to their end. Every job gets a client-made jobId and is written to the
 * store before its start is sent, so a timeout, a crash or a restart is followed up with the same
 * id (the service answers "already known", never a second job). Each job is polled with backoff;
 * all requests to one connection go at its pace (shared with bulk match and purchases). When a job ends, the refreshed profiles
 * (from its dataUrl, else Match Profiles by key) become new snapshots of the saved members, with
 * what changed; a desktop notification says so.
 */
export class RefreshService {
  readonly #timing: RefreshPollTiming
  readonly #timers = new Map<string, NodeJS.Timeout>()
  readonly #delays = new Map<string, number>()
  readonly #running = new Map<string, Promise<void>>()
  /** Why the last check of a job failed (offline, server error); cleared by the next answer. */
  readonly #lastProblem = new Map<string, string>()
  readonly #repos = new WeakMap<Store, RefreshJobsRepo>()
  readonly #profiles: RefreshedProfiles
  #closed = false

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      /** The store's clock (the jobs' times). */
      clock: Clock
      events: EventHub
      logger: Logger
      /** Each connection's pace, shared by everything that calls it. */
      pace: (connectionId: string) => Paced
      now?: () => number
      poll?: Partial<RefreshPollTiming>
      /**
       * Told once when a job ends, its outcome applied (`refreshJobEnded`: Activity's entries, its
       * watch's budget), and when the service no longer knows a job (`refreshJobLost`: marked lost,
       * nothing more will come of it).
       */
      bus: Pick<EventBus, 'publish'>
    }
  ) {
    this.#timing = { ...defaultRefreshPollTiming, ...deps.poll }
    this.#profiles = new RefreshedProfiles({
      store: () => this.#store(),
      pace: deps.pace,
      logger: deps.logger
    })
  }

  /** Follows every job that was still running when the app last closed. */
  resume(): void {
    let jobs: RefreshJobRecord[]
    try {
      jobs = this.#jobs().list({ unfinished: true })
    } catch {
      return // a refused store has no jobs to follow; the banner says why
    }
    for (const job of jobs) this.#schedule(job.jobId, 0)
  }

  /** Asks about every followed job now (the machine woke up). */
  wake(): void {
    for (const jobId of [...this.#timers.keys()]) this.#schedule(jobId, 0)
  }

  plan({ shortlistId, onlyStale }: HandlerInput<'planRefresh'>): RefreshPlan {
    return this.planOlderThan(shortlistId, onlyStale ? STALE_AFTER_DAYS : null)
  }

  /** The members of a shortlist whose data is older than `days` (all, when null), and their handles. */
  planOlderThan(shortlistId: string, days: number | null): RefreshPlan {
    const store = this.#store()
    const shortlist = mapStoreErrors(() => store.shortlists.get(shortlistId), shortlistGone)
    const staleBefore = this.#now() - (days ?? 0) * DAY_MS
    let members = 0
    const handles = new Set<string>()
    const withoutHandle: string[] = []
    for (const member of store.memberRecords.records({ shortlistId }, { contacts: false })) {
      members += 1
      const profile = profileOfJson(member.profileJson)
      if (days !== null) {
        // as old as the shortlist shows it: the profile's own dates, else the save
        const asOf = dataAsOf({
          profileCapturedAt: member.profileCapturedAt,
          profileSource: member.profileSource,
          dates: profile === null ? { refreshedAt: null, updatedAt: null } : profileDates(profile)
        })
        if (Date.parse(asOf.at) > staleBefore) continue
      }
      const handle = profile === null ? null : refreshHandleOf(profile)
      if (handle === null) withoutHandle.push(member.name || member.profileKey)
      else handles.add(handle)
    }
    return {
      shortlistId,
      shortlistName: shortlist.name,
      members,
      chosen: handles.size + withoutHandle.length,
      handles: [...handles],
      withoutHandle,
      staleAfterDays: days ?? STALE_AFTER_DAYS
    }
  }

  /** Whether a job the watch started is still being followed. */
  watchBusy(watchId: string): boolean {
    return this.#jobs()
      .list({ unfinished: true })
      .some((job) => job.watchId === watchId)
  }

  /** Handles in jobs still being followed (a watch does not ask for them again meanwhile). */
  handlesInFlight(): Set<string> {
    const busy = new Set<string>()
    for (const job of this.#jobs().list({ unfinished: true })) {
      for (const handle of job.requestedHandles) busy.add(handle.toLowerCase())
    }
    return busy
  }

  async start(input: HandlerInput<'startRefresh'>): Promise<RefreshJobSummary> {
    const store = this.#store()
    let handles: string[]
    let label: string
    if (input.shortlistId !== undefined) {
      const plan = this.plan({ shortlistId: input.shortlistId, onlyStale: input.onlyStale })
      handles = plan.handles
      const who = input.onlyStale ? 'stale member' : 'member'
      label = `${plan.shortlistName}: ${handles.length} ${who}${handles.length === 1 ? '' : 's'}`
      if (handles.length === 0) {
        throw new AppError(
          'invalid_input',
          plan.chosen === 0
            ? `No member of “${plan.shortlistName}” has data older than ${STALE_AFTER_DAYS} days; nothing to refresh.`
            : `None of the chosen members of “${plan.shortlistName}” has a profile handle to refresh by.`
        )
      }
    } else {
      handles = [...new Set((input.handles ?? []).map((handle) => handle.trim()))]
      label = `${handles.length} pasted handle${handles.length === 1 ? '' : 's'}`
    }
    const { client, connection } = await this.deps.connections.client()
    const jobId = randomUUID()
    // Written first: whatever happens to the start request, the job is followed with this id.
    this.#jobs(store).create({
      jobId,
      connectionId: connection.id,
      handles,
      label,
      shortlistId: input.shortlistId ?? null,
      options: input.options
    })
    return this.#begin(client, jobId)
  }

  /**
   * Starts a job a watch planned, with the id it was given then (once: a job the app already has
   * is being followed, and is left to that).
   */
  async startPlanned(job: {
    jobId: string
    connectionId: string
    handles: string[]
    label: string
    shortlistId: string
    watchId: string
  }): Promise<RefreshJobSummary> {
    const store = this.#store()
    if (this.#jobs(store).has(job.jobId)) return this.#summary(this.#jobs(store).get(job.jobId))
    const { client } = await this.deps.connections.client(job.connectionId)
    this.#jobs(store).create({ ...job, options: { saveToStorage: true } })
    return this.#begin(client, job.jobId)
  }

  async #begin(client: PartnerClient, jobId: string): Promise<RefreshJobSummary> {
    this.#emit(jobId, false)
    try {
      await this.#sendStart(client, jobId)
    } catch (error) {
      if (error instanceof ApiError && REFUSED_KINDS.has(error.kind)) {
        this.#jobs().setTracking(jobId, 'refused', error.message)
        this.#emit(jobId, false)
        throw error
      }
      // No answer: it may have started. The follow-up asks with the same jobId (safe to repeat).
      this.#lastProblem.set(jobId, `${errorMessage(error)} Talent Desk will ask again with the same job id.`)
      this.deps.logger.warn('refresh start not confirmed', { jobId, error: errorMessage(error) })
    }
    this.#schedule(jobId, this.#timing.firstMs)
    return this.#summary(this.#jobs().get(jobId))
  }

  list(): { jobs: RefreshJobSummary[] } {
    let records: RefreshJobRecord[]
    try {
      records = this.#jobs().list({ limit: 200 })
    } catch {
      return { jobs: [] }
    }
    return { jobs: records.map((record) => this.#summary(record)) }
  }

  detail({ jobId }: HandlerInput<'getRefreshJob'>): RefreshJobDetail {
    const record = mapStoreErrors(() => this.#jobs().get(jobId), jobGone)
    const status = record.lastStatus
    const start = record.start
    const failed = (status?.failedHandles ?? start?.failedRefreshes ?? []).map((entry) => ({
      handle: String(entry.handle ?? ''),
      error: String(entry.error ?? 'No reason given.')
    }))
    return {
      ...this.#summary(record),
      requestedHandles: record.requestedHandles,
      processedHandles: (status?.processedHandles ?? start?.successfulRefreshes ?? []).map(String),
      failedHandles: failed,
      options: {
        ...(record.options.batchSize === undefined ? {} : { batchSize: record.options.batchSize }),
        ...(record.options.maxConcurrency === undefined ? {} : { maxConcurrency: record.options.maxConcurrency }),
        saveToStorage: record.options.saveToStorage ?? true
      },
      record: status ?? start ?? null,
      // where the latest record does not match the spec (kept and shown as received all the same)
      issues: status ? issuesOf(refreshJobStatusSchema, status) : start ? issuesOf(refreshJobStartSchema, start) : []
    }
  }

  /** Asks now; a lost job is asked once more (the service may know it again). */
  async check({ jobId }: HandlerInput<'checkRefreshJob'>): Promise<RefreshJobSummary> {
    const record = mapStoreErrors(() => this.#jobs().get(jobId), jobGone)
    if (record.tracking === 'lost') this.#jobs().setTracking(jobId, 'following', null)
    if (record.tracking === 'lost' || record.tracking === 'starting' || record.tracking === 'following') {
      this.#clear(jobId)
      this.#delays.delete(jobId)
      await this.#pollOnce(jobId)
    }
    return this.#summary(this.#jobs().get(jobId))
  }

  /** Stops polling (the jobs stay in the store and are followed again at the next start). */
  async close(): Promise<void> {
    this.#closed = true
    for (const timer of this.#timers.values()) clearTimeout(timer)
    this.#timers.clear()
    await Promise.allSettled([...this.#running.values()])
  }

  #schedule(jobId: string, delayMs: number): void {
    if (this.#closed) return
    this.#clear(jobId)
    const timer = setTimeout(() => {
      this.#timers.delete(jobId)
      void this.#pollOnce(jobId)
    }, delayMs)
    timer.unref?.()
    this.#timers.set(jobId, timer)
  }

  #clear(jobId: string): void {
    const timer = this.#timers.get(jobId)
    if (timer !== undefined) clearTimeout(timer)
    this.#timers.delete(jobId)
  }

  /** One status check (never two at once for a job), then the next one scheduled. */
  #pollOnce(jobId: string): Promise<void> {
    const running = this.#running.get(jobId)
    if (running !== undefined) return running
    const run = this.#poll(jobId)
      .catch((error: unknown) => this.deps.logger.error('refresh poll failed', { jobId, error: errorMessage(error) }))
      .finally(() => this.#running.delete(jobId))
    this.#running.set(jobId, run)
    return run
  }

  async #poll(jobId: string): Promise<void> {
    if (this.#closed) return
    const store = this.#store()
    const record = this.#jobs(store).get(jobId)
    if (record.tracking !== 'starting' && record.tracking !== 'following') return
    let client: PartnerClient
    try {
      client = (await this.deps.connections.client(record.connectionId ?? undefined)).client
    } catch (error) {
      if (error instanceof AppError && error.code === 'not_found') {
        this.#jobs(store).setTracking(
          jobId,
          'lost',
          'The connection this job was started on has been removed, so it can no longer be followed.'
        )
        this.#emit(jobId, false)
        return
      }
      return this.#retryLater(jobId, error)
    }
    if (record.start === null && record.lastStatus === null && record.tracking === 'starting') {
      // The start was never answered: send it again with the same jobId (the service dedupes).
      try {
        await this.#sendStart(client, jobId)
      } catch (error) {
        if (error instanceof ApiError && REFUSED_KINDS.has(error.kind)) {
          this.#jobs(store).setTracking(jobId, 'refused', error.message)
          this.#emit(jobId, false)
          return
        }
        return this.#retryLater(jobId, error)
      }
    }
    let status: TolerantRecord
    try {
      status = (await this.deps.pace(client.connectionId)(() => client.getJobStatus(jobId))).record
    } catch (error) {
      if (error instanceof ApiError && error.kind === 'not_found') {
        this.#jobs(store).setTracking(jobId, 'lost', NO_LONGER_KNOWN)
        // a watch's job no longer counts against its daily budget: its watch shows that at once
        const summary = this.#emit(jobId, false)
        this.deps.bus.publish('refreshJobLost', summary)
        return
      }
      return this.#retryLater(jobId, error)
    }
    this.#lastProblem.delete(jobId)
    const previous = record.lastStatus?.totalProcessed
    const updated = this.#jobs(store).recordStatus(
      status.value !== null && typeof status.value === 'object' ? { jobId, ...(status.value as object) } : { jobId }
    )
    if (finishedStatuses.has(updated.status)) {
      await this.#finish(client, updated)
      return
    }
    this.#emit(jobId, false)
    // Backoff; a job that is moving is asked again at the same pace.
    const last = this.#delays.get(jobId) ?? this.#timing.firstMs
    const moved = updated.lastStatus?.totalProcessed !== previous
    const next = moved ? last : Math.min(this.#timing.maxMs, Math.round(last * this.#timing.factor))
    this.#delays.set(jobId, next)
    this.#schedule(jobId, next)
  }

  #retryLater(jobId: string, error: unknown): void {
    const last = this.#delays.get(jobId) ?? this.#timing.firstMs
    const next = Math.min(this.#timing.maxMs, Math.round(last * this.#timing.factor))
    this.#delays.set(jobId, next)
    this.#lastProblem.set(jobId, `${errorMessage(error)} Asking again in ${Math.ceil(next / 1000)} s.`)
    this.#emit(jobId, false)
    this.#schedule(jobId, next)
  }

  async #sendStart(client: PartnerClient, jobId: string): Promise<void> {
    const record = this.#jobs().get(jobId)
    const { record: start } = await this.deps.pace(client.connectionId)(() =>
      client.refreshProfiles({
        profileHandles: record.requestedHandles,
        ...(record.options.batchSize === undefined ? {} : { batchSize: record.options.batchSize }),
        ...(record.options.maxConcurrency === undefined ? {} : { maxConcurrency: record.options.maxConcurrency }),
        saveToStorage: record.options.saveToStorage ?? true,
        jobId
      })
    )
    const value = start.value !== null && typeof start.value === 'object' ? (start.value as object) : {}
    this.#jobs().recordStart({ ...value, jobId })
    this.#emit(jobId, false)
  }

  /** The job ended: its refreshed profiles become new snapshots of the saved members. */
  async #finish(client: PartnerClient, record: RefreshJobRecord): Promise<void> {
    const { profiles, source, note } = await this.#profiles.read(client, record)
    const { changed, membersUpdated, rejected, updated } = this.#profiles.apply(record, profiles)
    const notes = [
      note,
      rejected > 0
        ? `${rejected} refreshed profile${rejected === 1 ? ' was' : 's were'} unreadable and left out.`
        : null,
      record.status === 'Failed' ? (record.lastStatus?.errorMessage ?? 'The service says the job failed.') : null
    ].filter((text): text is string => text !== null)
    this.#jobs().finish(
      record.jobId,
      { source, profilesReceived: profiles.length, membersUpdated, changed, note: notes.join(' ') || null },
      notes.join(' ') || null
    )
    this.#delays.delete(record.jobId)
    // every view of these people (a shortlist's rows, the open person, Contacts) reads them again
    if (updated.memberIds.size > 0) {
      this.deps.events.emit('membersChanged', {
        reason: 'refresh',
        memberIds: [...updated.memberIds],
        shortlistIds: [...updated.shortlistIds],
        profileKeys: [...updated.profileKeys]
      })
    }
    const summary = this.#emit(record.jobId, true)
    this.deps.bus.publish('refreshJobEnded', summary)
  }

  #emit(jobId: string, finishedNow: boolean): RefreshJobSummary {
    const job = this.#summary(this.#jobs().get(jobId))
    this.deps.events.emit('refreshJobChanged', { job, finishedNow })
    return job
  }

  #summary(record: RefreshJobRecord): RefreshJobSummary {
    const id = record.connectionId
    const name = id === null ? 'Unknown connection' : (this.deps.connections.nameOf(id) ?? 'Removed connection')
    return jobSummary(record, name, this.#lastProblem.get(record.jobId))
  }

  /** Refresh's jobs over the open store's database (made again when the store is reopened). */
  #jobs(store: Store = this.#store()): RefreshJobsRepo {
    let repo = this.#repos.get(store)
    if (repo === undefined) this.#repos.set(store, (repo = new RefreshJobsRepo(store.database.db, this.deps.clock)))
    return repo
  }

  #store(): Store {
    return this.deps.stores.get()
  }

  #now(): number {
    return (this.deps.now ?? Date.now)()
  }
}
