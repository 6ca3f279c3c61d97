import type { HandlerInput } from '../../../shared/ipc/contract'
import { changeSentence, newsworthy } from '../../../shared/change-words'
import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
import type { ActivityEntry, ActivityLink, NewPerson, UnreadCounts } from '../../../shared/ipc/channels/watches'
import type { ConnectionsPort } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { Clock, Store } from '../store'
import { ActivityRepo, type NewActivity } from './activity-repo'
import type { StoreAccess } from '../store/store-access'
import { activityNotice } from './activity-notice'

/** New people listed on one entry (the count says how many there were). */
const PEOPLE_PER_ENTRY = 100

/**
 * What changed, in one place: entries per connection from finished refresh jobs (each person
 * whose employer, title, place… changed; a watch's job's end) and from watched searches (the
 * people not seen before). Each batch is one `activityChanged` event with at most one notice.
 */
export class ActivityService {
  readonly #repos = new WeakMap<Store, ActivityRepo>()

  constructor(
    private readonly deps: {
      stores: StoreAccess
      /** The store's clock (entries' times). */
      clock: Clock
      connections: ConnectionsPort
      events: EventHub
      logger: Logger
    }
  ) {}

  list(input: HandlerInput<'listActivity'>): { entries: ActivityEntry[]; unread: UnreadCounts; more: boolean } {
    const connectionId = this.deps.connections.active().id
    const store = this.#store()
    const { entries, more } = this.#repo(store).list(connectionId, {
      limit: input.limit,
      unreadOnly: input.unreadOnly,
      ...(input.kind === undefined ? {} : { kind: input.kind }),
      ...(input.shortlistId === undefined ? {} : { shortlistId: input.shortlistId }),
      ...(input.before === undefined ? {} : { before: input.before })
    })
    return { entries, unread: this.#repo(store).unread(connectionId), more }
  }

  markRead(input: HandlerInput<'markActivityRead'>): UnreadCounts {
    const connectionId = this.deps.connections.active().id
    const store = this.#store()
    this.#repo(store).markRead(connectionId, input.all === true ? { all: true } : { ids: input.ids ?? [] }, input.read)
    const unread = this.#repo(store).unread(connectionId)
    this.deps.events.emit('activityChanged', { connectionId, added: [], unread, notice: null })
    return unread
  }

  /** A refresh job ended: each person it found changed, and (a watch's job) that it ended. */
  refreshEnded(job: RefreshJobSummary): void {
    if (job.connectionId === null) return
    const store = this.#store()
    const shortlistName = job.shortlistId === null ? null : nameOfShortlist(store, job.shortlistId)
    const entries: NewActivity[] = []
    const people = new Set<string>()
    // one entry per person: the member on the job's shortlist first
    const changed = [...(job.outcome?.changed ?? [])].sort(
      (a, b) => Number(b.shortlistId === job.shortlistId) - Number(a.shortlistId === job.shortlistId)
    )
    for (const member of changed) {
      const news = newsworthy(member.changes)
      if (news.length === 0) continue
      const key = profileKeyOf(store, member.memberId) ?? `member:${member.memberId}`
      if (people.has(key)) continue
      people.add(key)
      entries.push({
        connectionId: job.connectionId,
        kind: 'person_changed',
        text: changeSentence(member.name || 'Someone', news),
        shortlistId: member.shortlistId,
        watchId: job.watchId,
        link: { kind: 'member', shortlistId: member.shortlistId, memberId: member.memberId },
        changes: member.changes,
        sourceKey: `job:${job.jobId}:${key}`
      })
    }
    if (job.watchId !== null) {
      const failed = job.totalFailed > 0 ? `, ${job.totalFailed} failed` : ''
      const how = job.status === 'Completed' ? 'ended' : job.status === 'Cancelled' ? 'was cancelled' : 'failed'
      entries.push({
        connectionId: job.connectionId,
        kind: 'refresh_ended',
        text: `Refresh of ‘${shortlistName ?? job.label}’ ${how}: ${people.size} changed${failed}`,
        shortlistId: job.shortlistId,
        watchId: job.watchId,
        link: { kind: 'refreshJob', jobId: job.jobId },
        sourceKey: `job:${job.jobId}`
      })
    }
    // a job the recruiter started has its own notice; a watch's tells through this one
    this.#add(job.connectionId, entries, job.watchId === null ? null : { shortlistName })
  }

  /** A watched search found people it had not seen before. */
  newPeople(run: {
    connectionId: string
    runId: string
    watchId: string
    savedSearchId: string
    searchName: string
    people: NewPerson[]
  }): ActivityEntry[] {
    const count = run.people.length
    return this.#add(
      run.connectionId,
      [
        {
          connectionId: run.connectionId,
          kind: 'new_people',
          text: `${count} new ${count === 1 ? 'person' : 'people'} for ‘${run.searchName}’`,
          watchId: run.watchId,
          link: { kind: 'savedSearch', savedSearchId: run.savedSearchId },
          people: run.people.slice(0, PEOPLE_PER_ENTRY),
          sourceKey: `run:${run.runId}`
        }
      ],
      { searchName: run.searchName }
    )
  }

  /**
   * Retention will forget `count` people on `dueAt` unless the recruiter keeps them: one entry
   * under the connection in use (no one named, so there is nothing in it to forget).
   */
  deletingSoon(notice: { count: number; dueAt: string; sourceKey: string }): ActivityEntry[] {
    const connectionId = this.deps.connections.active().id
    const who = notice.count === 1 ? '1 person' : `${notice.count} people`
    return this.#add(
      connectionId,
      [
        {
          connectionId,
          kind: 'deleting_soon',
          text: `Deleting soon: ${who} held past the retention period will be forgotten on ${notice.dueAt.slice(0, 10)} unless you keep them (Settings → Personal data)`,
          link: { kind: 'retention' },
          sourceKey: notice.sourceKey
        }
      ],
      {}
    )
  }

  /** What a colleague did to a shared shortlist: one entry, leading to the person or the list. */
  teamShortlist(news: {
    shortlistId: string
    memberId: number | null
    text: string
    sourceKey: string
  }): ActivityEntry[] {
    const connectionId = this.deps.connections.active().id
    const link: ActivityLink =
      news.memberId === null
        ? { kind: 'shortlist', shortlistId: news.shortlistId }
        : { kind: 'member', shortlistId: news.shortlistId, memberId: news.memberId }
    return this.#add(
      connectionId,
      [
        {
          connectionId,
          kind: 'team_shortlist',
          text: news.text,
          shortlistId: news.shortlistId,
          link,
          sourceKey: news.sourceKey
        }
      ],
      {}
    )
  }

  /** A credit budget reached 75% or 100%: one entry, leading to Usage's budgets. */
  budgetReached(notice: { connectionId: string | null; text: string; sourceKey: string }): ActivityEntry[] {
    const connectionId = notice.connectionId ?? this.deps.connections.active().id
    return this.#add(
      connectionId,
      [{ connectionId, kind: 'budget', text: notice.text, link: { kind: 'budgets' }, sourceKey: notice.sourceKey }],
      {}
    )
  }

  #add(
    connectionId: string,
    entries: NewActivity[],
    notify: { shortlistName?: string | null; searchName?: string | null } | null
  ): ActivityEntry[] {
    if (entries.length === 0) return []
    const store = this.#store()
    const added = this.#repo(store).add(entries)
    if (added.length === 0) return added // told before (a restart repeated the news)
    this.deps.events.emit('activityChanged', {
      connectionId,
      added,
      unread: this.#repo(store).unread(connectionId),
      notice: notify === null ? null : activityNotice(added, notify)
    })
    return added
  }

  /** Activity's repository over the open store's database (made again when the store is reopened). */
  #repo(store: Store): ActivityRepo {
    let repo = this.#repos.get(store)
    if (repo === undefined) this.#repos.set(store, (repo = new ActivityRepo(store.database.db, this.deps.clock)))
    return repo
  }

  #store(): Store {
    return this.deps.stores.get()
  }
}

function nameOfShortlist(store: Store, id: string): string | null {
  try {
    return store.shortlists.get(id).name
  } catch {
    return null
  }
}

function profileKeyOf(store: Store, memberId: number): string | null {
  try {
    return store.members.get(memberId).profileKey
  } catch {
    return null
  }
}
