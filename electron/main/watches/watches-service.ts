import { randomUUID } from 'node:crypto'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import {
  WATCH_DEFAULTS,
  type PowerState,
  type SavedSearch,
  type Watch,
  type WatchesOverview,
  type WatchSettings
} from '../../../shared/ipc/channels/watches'
import type { ConnectionsPort } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { EventBus } from '../platform/event-bus'
import type { Logger } from '../logger'
import type { ActivityPort, RefreshJobsPort } from '../platform/ports'
import type { SavedSearchRecord, Store, WatchRecord, WatchRunRecord } from '../store'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors } from '../store/store-error'
import { runSavedQuery } from './saved-query-runner'
import { chunkIntoJobs, isDue, localDayStart, nextRunAfter, HOUR_MS } from './schedule'
import { readWatchSettings, writeWatchSettings } from './watch-settings'
import { errorMessage } from '../../../shared/error-message'

const watchGone = { not_found: 'That watch no longer exists. Reload the list.' }
const searchGone = { not_found: 'That saved search no longer exists. Reload the list.' }
const shortlistGone = { not_found: 'That shortlist no longer exists. Reload the list.' }
/** After a search that could not run, the next try (not a whole day later). */
const RETRY_AFTER_MS = HOUR_MS

/**
 * Watches: what is watched, on which connection, within which budget, and what one run of a
 * watch does. A watched shortlist's run refreshes the members whose data is older than its age,
 * in refresh jobs within the connection's daily budget (jobs per day, people per job); a watched
 * search's run re-runs it and enters the people it has not seen before in Activity. A run is
 * claimed in the store before anything is sent (watches-repo.ts), so it happens once. Nothing
 * here can spend credits: refresh jobs, Match Profiles and Conversational Search only.
 */
export class WatchesService {
  #power: PowerState = { onBattery: null, metered: null }

  constructor(
    private readonly deps: {
      stores: StoreAccess
      connections: ConnectionsPort
      refresh: RefreshJobsPort
      activity: ActivityPort
      events: EventHub
      /** Told `watchScheduleChanged` when the schedule may have changed (a watch added, resumed, run now). */
      bus: Pick<EventBus, 'publish'>
      logger: Logger
      now: () => number
    }
  ) {}

  // ---- what the page asks ----

  overview(): WatchesOverview {
    return this.#overview(this.deps.connections.active().id)
  }

  watchShortlist({ shortlistId, maxAgeDays }: HandlerInput<'watchShortlist'>): Watch {
    const store = this.#store()
    mapStoreErrors(() => store.shortlists.get(shortlistId), shortlistGone)
    return this.#upsert('shortlist', shortlistId, { maxAgeDays, everyHours: WATCH_DEFAULTS.everyHours })
  }

  watchSavedSearch({ savedSearchId, everyHours }: HandlerInput<'watchSavedSearch'>): Watch {
    const saved = mapStoreErrors(() => this.#store().savedSearches.get(savedSearchId), searchGone)
    if (saved.deletedAt !== null) throw new AppError('not_found', 'That saved search was deleted. Restore it first.')
    return this.#upsert('search', savedSearchId, { maxAgeDays: null, everyHours })
  }

  unwatch({ watchId }: HandlerInput<'unwatch'>): Watch {
    const store = this.#store()
    const watch = this.#view(
      store,
      mapStoreErrors(() => store.watches.get(watchId), watchGone)
    )
    store.watches.remove(watchId)
    this.#changed(watch.connectionId)
    return watch
  }

  setPaused({ watchId, paused }: HandlerInput<'setWatchPaused'>): Watch {
    const store = this.#store()
    const watch = mapStoreErrors(() => store.watches.setPaused(watchId, paused), watchGone)
    this.#changed(watch.connectionId)
    if (!paused) this.#scheduleChanged()
    return this.#view(store, watch)
  }

  /** Makes a watch due now; the scheduler runs it next (within the budget). */
  runNow({ watchId }: HandlerInput<'runWatchNow'>): Watch {
    const store = this.#store()
    const watch = mapStoreErrors(() => store.watches.get(watchId), watchGone)
    store.watches.setNextRun(watchId, new Date(this.deps.now()).toISOString())
    this.#changed(watch.connectionId)
    this.#scheduleChanged()
    return this.#view(store, store.watches.get(watchId))
  }

  setSettings(input: HandlerInput<'setWatchSettings'>): WatchesOverview {
    const connectionId = this.deps.connections.active().id
    const store = this.#store()
    writeWatchSettings(store, connectionId, { ...readWatchSettings(store, connectionId), ...input })
    this.#changed(connectionId)
    this.#scheduleChanged()
    return this.#overview(connectionId)
  }

  reportPower(power: PowerState): { held: boolean } {
    const before = JSON.stringify(this.#power)
    this.#power = power
    if (JSON.stringify(power) !== before) {
      this.#changed(this.deps.connections.active().id)
      this.#scheduleChanged()
    }
    return { held: this.#heldBecause(readWatchSettings(this.#store(), this.deps.connections.active().id)) !== null }
  }

  saveSearch({ name, query, watch }: HandlerInput<'saveSearch'>): SavedSearch {
    const connectionId = this.deps.connections.active().id
    const store = this.#store()
    const saved = store.savedSearches.create({ id: randomUUID(), connectionId, name, query })
    if (watch) this.#upsert('search', saved.id, { maxAgeDays: null, everyHours: WATCH_DEFAULTS.everyHours })
    this.deps.events.emit('savedSearchesChanged', { connectionId })
    return this.#savedView(store, store.savedSearches.get(saved.id))
  }

  listSavedSearches(): SavedSearch[] {
    const store = this.#store()
    return store.savedSearches.list(this.deps.connections.active().id).map((saved) => this.#savedView(store, saved))
  }

  renameSavedSearch({ id, name }: HandlerInput<'renameSavedSearch'>): SavedSearch {
    const store = this.#store()
    const saved = mapStoreErrors(() => store.savedSearches.rename(id, name), searchGone)
    this.deps.events.emit('savedSearchesChanged', { connectionId: saved.connectionId })
    this.#changed(saved.connectionId)
    return this.#savedView(store, saved)
  }

  /** Out of the list, its watch paused with it (Undo brings both back as they were). */
  deleteSavedSearch({ id }: HandlerInput<'deleteSavedSearch'>): SavedSearch {
    return this.#setDeleted(id, true)
  }

  restoreSavedSearch({ id }: HandlerInput<'restoreSavedSearch'>): SavedSearch {
    return this.#setDeleted(id, false)
  }

  // ---- what the scheduler asks ----

  /** The soonest next run of a watch that may run (null: none). */
  nextDueAt(): number | null {
    let soonest: number | null = null
    for (const watch of this.#store().watches.list()) {
      if (watch.paused || this.#heldBecause(readWatchSettings(this.#store(), watch.connectionId)) !== null) continue
      const at = Date.parse(watch.nextRunAt)
      if (soonest === null || at < soonest) soonest = at
    }
    return soonest
  }

  /** Runs every watch that is due, each once, one after another. */
  async runDue(): Promise<void> {
    const now = this.deps.now()
    const store = this.#store()
    for (const watch of store.watches.list()) {
      if (!isDue(watch, now)) continue
      if (this.#heldBecause(readWatchSettings(store, watch.connectionId)) !== null) continue
      try {
        await this.#run(watch, now)
      } catch (error) {
        this.deps.logger.warn('watch run failed', { watchId: watch.id, error: errorMessage(error) })
      }
      this.#changed(watch.connectionId)
    }
  }

  /**
   * Finishes the runs a crash, a close or a connection that could not be called cut short: planned
   * jobs started with their ids, searches run once.
   */
  async resumeRuns(): Promise<void> {
    let runs: WatchRunRecord[]
    try {
      runs = this.#store().watches.plannedRuns()
    } catch {
      return // a refused store has nothing to resume; the banner says why
    }
    for (const run of runs) {
      try {
        await this.#carryOut(run)
      } catch (error) {
        this.deps.logger.warn('watch run not resumed', { runId: run.id, error: errorMessage(error) })
      }
    }
  }

  /** A refresh job ended: its watch shows what its runs are doing now. */
  jobEnded(watchId: string | null): void {
    if (watchId === null) return
    try {
      this.#changed(this.#store().watches.get(watchId).connectionId)
    } catch {
      // the watch was removed meanwhile
    }
  }

  // ---- one run ----

  async #run(watch: WatchRecord, now: number): Promise<void> {
    const store = this.#store()
    // nothing is claimed while the connection cannot be called: the watch stays due and is tried again
    const problem = await this.deps.connections.notReady(watch.connectionId)
    if (problem !== null) {
      store.watches.setLastResult(watch.id, `Waiting: ${problem}`)
      return
    }
    const due = new Date(now).toISOString()
    const next = new Date(nextRunAfter(now, watch.everyHours)).toISOString()
    if (watch.kind === 'search') {
      const saved = this.#savedOrNull(store, watch.targetId)
      const result = saved === null || saved.deletedAt !== null ? 'The saved search was deleted.' : 'Searching…'
      const run = store.watches.claimRun({
        id: randomUUID(),
        watchId: watch.id,
        dueBy: due,
        nextRunAt: next,
        plan: [],
        result
      })
      if (run !== null) await this.#carryOut(run)
      return
    }
    let plan
    try {
      plan = this.deps.refresh.planOlderThan(watch.targetId, watch.maxAgeDays ?? WATCH_DEFAULTS.maxAgeDays)
    } catch {
      store.watches.claimRun({
        id: randomUUID(),
        watchId: watch.id,
        dueBy: due,
        nextRunAt: next,
        plan: [],
        result: 'The shortlist was deleted.'
      })
      return
    }
    const busy = this.deps.refresh.handlesInFlight()
    const handles = plan.handles.filter((handle) => !busy.has(handle.toLowerCase()))
    const settings = readWatchSettings(store, watch.connectionId)
    const used = store.watches.usedSince(watch.connectionId, new Date(localDayStart(now)).toISOString())
    const { jobs, waiting } = chunkIntoJobs(handles, {
      jobsLeft: Math.max(0, settings.jobsPerDay - used.jobs),
      peoplePerJob: settings.peoplePerJob
    })
    const people = jobs.reduce((sum, job) => sum + job.length, 0)
    const result =
      handles.length === 0
        ? plan.handles.length > 0
          ? `Every member older than ${plan.staleAfterDays} days is being refreshed already.`
          : `Nothing to refresh: every member’s data is newer than ${plan.staleAfterDays} days.`
        : jobs.length === 0
          ? `Today’s budget is used (${settings.jobsPerDay} jobs); ${waiting} members wait for the next run.`
          : `Refreshing ${people} member${people === 1 ? '' : 's'} in ${jobs.length} job${jobs.length === 1 ? '' : 's'}` +
            (waiting > 0 ? `; ${waiting} wait for the next run (today’s budget).` : '.')
    const run = store.watches.claimRun({
      id: randomUUID(),
      watchId: watch.id,
      dueBy: due,
      nextRunAt: next,
      plan: jobs.map((chunk) => ({
        jobId: randomUUID(),
        handles: chunk,
        label: `${plan.shortlistName}: ${chunk.length} member${chunk.length === 1 ? '' : 's'} (watch)`
      })),
      result
    })
    if (run !== null) await this.#carryOut(run)
  }

  /** Does what a claimed run planned, then marks it done. */
  async #carryOut(run: WatchRunRecord): Promise<void> {
    const store = this.#store()
    let watch: WatchRecord
    try {
      watch = store.watches.get(run.watchId)
    } catch {
      store.watches.finishRun(run.id) // unwatched meanwhile
      return
    }
    // a run is carried out only when its connection can be called; it stays planned till then
    const problem = await this.deps.connections.notReady(run.connectionId)
    if (problem !== null) {
      store.watches.setLastResult(watch.id, `Waiting: ${problem}`)
      return
    }
    if (watch.kind === 'shortlist') {
      for (const job of run.plan) {
        try {
          await this.deps.refresh.startPlanned({
            ...job,
            connectionId: run.connectionId,
            shortlistId: watch.targetId,
            watchId: watch.id
          })
        } catch (error) {
          store.watches.setLastResult(watch.id, `A refresh job could not start: ${errorMessage(error)}`)
        }
      }
      store.watches.finishRun(run.id)
      return
    }
    await this.#searchRun(store, watch, run)
  }

  async #searchRun(store: Store, watch: WatchRecord, run: WatchRunRecord): Promise<void> {
    const saved = this.#savedOrNull(store, watch.targetId)
    if (saved === null || saved.deletedAt !== null) {
      store.watches.finishRun(run.id)
      return
    }
    let found
    try {
      const { client } = await this.deps.connections.client(watch.connectionId)
      found = await runSavedQuery(client, saved.query)
    } catch (error) {
      store.transaction(() => {
        store.watches.setLastResult(watch.id, `Could not search: ${errorMessage(error)} Trying again within the hour.`)
        store.watches.setNextRun(watch.id, new Date(this.deps.now() + RETRY_AFTER_MS).toISOString())
        store.watches.finishRun(run.id)
      })
      return
    }
    const firstLook = saved.firstLookedAt === null
    const unseen = firstLook ? [] : store.savedSearches.unseen(saved.id, found.keys)
    store.transaction(() => {
      store.savedSearches.markSeen(saved.id, found.keys)
      store.watches.setLastResult(
        watch.id,
        firstLook
          ? `${found.keys.length} ${found.keys.length === 1 ? 'person' : 'people'} found now; anyone new will be listed in Activity.`
          : unseen.length === 0
            ? `No one new (${found.keys.length} found).`
            : `${unseen.length} new ${unseen.length === 1 ? 'person' : 'people'} (${found.keys.length} found).`
      )
      if (unseen.length > 0) {
        this.deps.activity.newPeople({
          connectionId: watch.connectionId,
          runId: run.id,
          watchId: watch.id,
          savedSearchId: saved.id,
          searchName: saved.name,
          people: unseen.map((key) => found.people.get(key)!)
        })
      }
      store.watches.finishRun(run.id)
    })
    this.deps.events.emit('savedSearchesChanged', { connectionId: watch.connectionId })
  }

  // ---- views ----

  #scheduleChanged(): void {
    this.deps.bus.publish('watchScheduleChanged', {})
  }

  #upsert(
    kind: 'shortlist' | 'search',
    targetId: string,
    how: { maxAgeDays: number | null; everyHours: number }
  ): Watch {
    const connectionId = this.deps.connections.active().id
    const store = this.#store()
    const watch = store.watches.upsert({
      id: randomUUID(),
      connectionId,
      kind,
      targetId,
      ...how,
      // a new watch looks at once (a search's first look is what is not news)
      nextRunAt: new Date(this.deps.now()).toISOString()
    })
    this.#changed(connectionId)
    this.#scheduleChanged()
    return this.#view(store, watch)
  }

  #setDeleted(id: string, deleted: boolean): SavedSearch {
    const store = this.#store()
    const saved = mapStoreErrors(() => store.savedSearches.setDeleted(id, deleted), searchGone)
    const watch = store.watches.find(saved.connectionId, 'search', id)
    if (watch !== null) store.watches.setPaused(watch.id, deleted)
    this.deps.events.emit('savedSearchesChanged', { connectionId: saved.connectionId })
    this.#changed(saved.connectionId)
    return this.#savedView(store, saved)
  }

  #overview(connectionId: string): WatchesOverview {
    const store = this.#store()
    const settings = readWatchSettings(store, connectionId)
    const today = store.watches.usedSince(connectionId, new Date(localDayStart(this.deps.now())).toISOString())
    const watches = store.watches
      .list(connectionId)
      .filter((watch) => watch.kind === 'shortlist' || this.#savedOrNull(store, watch.targetId)?.deletedAt === null)
      .map((watch) => this.#view(store, watch))
    return { connectionId, watches, settings, today, power: this.#power, heldBecause: this.#heldBecause(settings) }
  }

  #view(store: Store, watch: WatchRecord): Watch {
    const busy = store.refreshJobs.list({ unfinished: true }).some((job) => job.watchId === watch.id)
    return {
      id: watch.id,
      kind: watch.kind,
      connectionId: watch.connectionId,
      connectionName: this.deps.connections.nameOf(watch.connectionId) ?? 'Removed connection',
      targetId: watch.targetId,
      targetName: this.#targetName(store, watch),
      maxAgeDays: watch.maxAgeDays,
      everyHours: watch.everyHours,
      paused: watch.paused,
      nextRunAt: watch.nextRunAt,
      lastRunAt: watch.lastRunAt,
      lastResult: watch.lastResult,
      running: busy
    }
  }

  #savedView(store: Store, saved: SavedSearchRecord): SavedSearch {
    const watch = store.watches.find(saved.connectionId, 'search', saved.id)
    return {
      id: saved.id,
      connectionId: saved.connectionId,
      name: saved.name,
      query: saved.query,
      createdAt: saved.createdAt,
      seenCount: saved.seenCount,
      watch: watch === null ? null : this.#view(store, watch)
    }
  }

  #targetName(store: Store, watch: WatchRecord): string {
    try {
      return watch.kind === 'shortlist'
        ? store.shortlists.get(watch.targetId).name
        : store.savedSearches.get(watch.targetId).name
    } catch {
      return watch.kind === 'shortlist' ? 'Deleted shortlist' : 'Deleted search'
    }
  }

  #savedOrNull(store: Store, id: string): SavedSearchRecord | null {
    try {
      return store.savedSearches.get(id)
    } catch {
      return null
    }
  }

  #heldBecause(settings: WatchSettings): string | null {
    if (settings.pausedAll) return 'Paused: every watch of this connection holds still until you resume.'
    if (!settings.pauseOnBatteryOrMetered) return null
    if (this.#power.onBattery === true) return 'Paused: the computer is on battery.'
    if (this.#power.metered === true) return 'Paused: on a metered network.'
    return null
  }

  #changed(connectionId: string): void {
    try {
      this.deps.events.emit('watchesChanged', this.#overview(connectionId))
    } catch (error) {
      this.deps.logger.warn('watches overview not sent', { error: errorMessage(error) })
    }
  }

  #store(): Store {
    return this.deps.stores.get()
  }
}
