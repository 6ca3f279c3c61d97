import { randomUUID } from 'node:crypto'
import { WATCH_DEFAULTS } from '../../../shared/ipc/channels/watches'
import { errorMessage } from '../../../shared/error-message'
import type { EventHub } from '../ipc/event-hub'
import type { EventBus } from '../platform/event-bus'
import { peopleToCheck } from '../personal-data/held-traits'
import type { ActivityPort, ConnectionsPort, DoNotContactPort, RefreshJobsPort } from '../platform/ports'
import type { SavedSearchRecord } from './saved-searches-repo'
import type { WatchRecord, WatchRunRecord } from './watches-repo'
import type { WatchesStore } from './watches-store'
import { runSavedQuery, type FoundPeople } from './saved-query-runner'
import { chunkIntoJobs, HOUR_MS, localDayStart, nextRunAfter } from './schedule'
import { readWatchSettings } from './watch-settings'

/** After a search that could not run, the next try (not a whole day later). */
const RETRY_AFTER_MS = HOUR_MS

/**
 * What one run of a watch does. A watched shortlist's run refreshes the members whose data is
 * older than its age, in refresh jobs within the connection's daily budget (jobs per day, people
 * per job); a watched search's run re-runs it and enters the people it has not seen before in
 * Activity. A run is claimed in the store before anything is sent (watches-repo.ts), so it happens
 * once. Nothing here can spend credits: refresh jobs, Match Profiles and Conversational Search only.
 */
export class WatchRuns {
  constructor(
    private readonly deps: {
      store: () => WatchesStore
      connections: ConnectionsPort
      refresh: RefreshJobsPort
      activity: ActivityPort
      events: EventHub
      now: () => number
      /** Who must not be contacted: never told as new people (the do-not-contact feature). */
      doNotContact?: () => DoNotContactPort
      /** Where the people a watched search first sees are told (peopleHeld: provenance records a watch line). */
      bus?: Pick<EventBus, 'publish'>
    }
  ) {}

  /** Claims the watch's run (once), then carries it out. */
  async run(watch: WatchRecord, now: number): Promise<void> {
    const store = this.deps.store()
    // nothing is claimed while the connection cannot be called: the watch stays due and is tried again
    const problem = await this.deps.connections.notReady(watch.connectionId)
    if (problem !== null) {
      store.watches.setLastResult(watch.id, `Waiting: ${problem}`)
      return
    }
    const due = new Date(now).toISOString()
    const next = new Date(nextRunAfter(now, watch.everyHours)).toISOString()
    if (watch.kind === 'search') {
      const saved = savedOrNull(store, watch.targetId)
      const result = saved === null || saved.deletedAt !== null ? 'The saved search was deleted.' : 'Searching…'
      const run = store.watches.claimRun({
        id: randomUUID(),
        watchId: watch.id,
        dueBy: due,
        nextRunAt: next,
        plan: [],
        result
      })
      if (run !== null) await this.carryOut(run)
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
    if (run !== null) await this.carryOut(run)
  }

  /** Does what a claimed run planned, then marks it done. */
  async carryOut(run: WatchRunRecord): Promise<void> {
    const store = this.deps.store()
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

  /**
   * New people without those who must not be contacted (listed, or forgotten: forgetting deletes
   * what the search had seen of them), so a watch never brings them back. They stay seen. Each is
   * checked by what the search showed of them and by what the app holds (emails bought, a profile
   * saved): a search shows no emails, so a listed email would not keep them out otherwise.
   */
  #contactable(store: WatchesStore, unseen: string[], found: FoundPeople): string[] {
    if (unseen.length === 0 || this.deps.doNotContact === undefined) return unseen
    const held = peopleToCheck(store.database.db, unseen)
    const suppressed = this.deps
      .doNotContact()
      .check(
        unseen.map((key, index) => {
          const shown = found.checks.get(key)
          const kept = held[index]
          return {
            key,
            emails: [...(shown?.emails ?? []), ...(kept?.emails ?? [])],
            handles: [...(shown?.handles ?? []), ...(kept?.handles ?? [])]
          }
        })
      )
      .map(({ index }) => unseen[index]!)
    return suppressed.length === 0 ? unseen : unseen.filter((key) => !suppressed.includes(key))
  }

  async #searchRun(store: WatchesStore, watch: WatchRecord, run: WatchRunRecord): Promise<void> {
    const saved = savedOrNull(store, watch.targetId)
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
    // everyone this search had not seen (all of them at its first look) who may be contacted
    const newlySeen = this.#contactable(store, store.savedSearches.unseen(saved.id, found.keys), found)
    const unseen = firstLook ? [] : newlySeen
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
    // where they came from: this watch's saved search (one watch per saved search and connection)
    this.deps.bus?.publish('peopleHeld', {
      kind: 'watch',
      what: 'person',
      detail: saved.name,
      connectionId: watch.connectionId,
      people: newlySeen.map((key) => ({ key }))
    })
    this.deps.events.emit('savedSearchesChanged', { connectionId: watch.connectionId })
  }
}

/** The saved search a watch looks at, or null when it is gone. */
export function savedOrNull(store: WatchesStore, id: string): SavedSearchRecord | null {
  try {
    return store.savedSearches.get(id)
  } catch {
    return null
  }
}
