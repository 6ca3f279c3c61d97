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
import type { Logger } from '../logging/logger'
import type { ActivityPort, DoNotContactPort, RefreshJobsPort } from '../platform/ports'
import type { Clock } from '../store'
import type { SavedSearchRecord } from './saved-searches-repo'
import type { WatchRecord, WatchRunRecord } from './watches-repo'
import { watchesStore, type WatchesStore } from './watches-store'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors } from '../store/store-error'
import { savedOrNull, WatchRuns } from './watch-runs'
import { isDue, localDayStart } from './schedule'
import { readWatchSettings, writeWatchSettings } from './watch-settings'
import { errorMessage } from '../../../shared/error-message'

const watchGone = { not_found: 'That watch no longer exists. Reload the list.' }
const searchGone = { not_found: 'That saved search no longer exists. Reload the list.' }
const shortlistGone = { not_found: 'That shortlist no longer exists. Reload the list.' }

/**
 * Watches: what is watched, on which connection, within which budget, and what one run of a
 * watch does (watch-runs.ts): when each is due, and what the page sees of them and of the saved
 * searches.
 */
export class WatchesService {
  #power: PowerState = { onBattery: null, metered: null }
  readonly #runs: WatchRuns

  constructor(
    private readonly deps: {
      stores: StoreAccess
      /** The store's clock (watches' and saved searches' times). */
      clock: Clock
      connections: ConnectionsPort
      refresh: RefreshJobsPort
      activity: ActivityPort
      events: EventHub
      doNotContact?: () => DoNotContactPort
      /** Where a watch run's held people are told (the bus's peopleHeld: provenance). */
      bus: Pick<EventBus, 'publish'>
      /** Told when the schedule may have changed (a watch added, resumed, run now): the scheduler looks. */
      scheduleChanged: () => void
      logger: Logger
      now: () => number
    }
  ) {
    this.#runs = new WatchRuns({ ...deps, store: () => this.#store() })
  }

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
        await this.#runs.run(watch, now)
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
        await this.#runs.carryOut(run)
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

  // ---- views ----

  #scheduleChanged(): void {
    this.deps.scheduleChanged()
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
      .filter((watch) => watch.kind === 'shortlist' || savedOrNull(store, watch.targetId)?.deletedAt === null)
      .map((watch) => this.#view(store, watch))
    return { connectionId, watches, settings, today, power: this.#power, heldBecause: this.#heldBecause(settings) }
  }

  #view(store: WatchesStore, watch: WatchRecord): Watch {
    const busy = this.deps.refresh.watchBusy(watch.id)
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

  #savedView(store: WatchesStore, saved: SavedSearchRecord): SavedSearch {
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

  #targetName(store: WatchesStore, watch: WatchRecord): string {
    try {
      return watch.kind === 'shortlist'
        ? store.shortlists.get(watch.targetId).name
        : store.savedSearches.get(watch.targetId).name
    } catch {
      return watch.kind === 'shortlist' ? 'Deleted shortlist' : 'Deleted search'
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

  #store(): WatchesStore {
    return watchesStore(this.deps.stores.get(), this.deps.clock)
  }
}
