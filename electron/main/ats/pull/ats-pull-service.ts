import {
  atsListName,
  ATS_PULL_EVERY_MS,
  INCREMENTAL_MARGIN_MS,
  type AtsPullMode,
  type AtsPullStatus
} from '../../../../shared/ipc/channels/ats-pull'
import { errorMessage } from '../../../../shared/error-message'
import { PULLED_LIST_SOURCE } from '../../../../shared/ipc/channels/known-people'
import { ApiError } from '../../api/api-error'
import type { AtsPageBytes, AtsPagesWriter, DoNotContactPort, KnownPeoplePort } from '../../platform/ports'
import type { Clock } from '../../store/clock'
import { atsNames, type AtsAnswer } from '../ats-client'
import { WorkSlices } from '../../work/work-slices'
import { nextLink } from './next-link'
import type { AtsOpener, OpenedAts } from './pull-ports'

/*
 * Where the work runs. Main does the HTTP: the AtsClient is main's (the dispatcher's loopback and
 * https rules, the answer limits, the connection's pace and gate that bulk match and pushes share,
 * the key from the keychain) and a worker could share none of that state — a second pace in a
 * worker would double the rate Greenhouse sees. Every call is async, so main is never held by the
 * network. Each page's answer is read on main within the answer limits (size and nesting, checked
 * as the stream is read) and handed over as its bytes, neither decoded nor parsed (the client's raw
 * mode: no megabyte string on main's heap), to known-people's worker thread through the port
 * writeAtsPages, which transfers the bytes' buffer to it (main keeps nothing): decoding and
 * JSON.parse of up to 500 candidates, their normalising, hashing and writing run there, over the
 * worker's own connection to the store.
 * Main awaits the page's counts and its can_email emails, which it gives to do-not-contact.
 * Main's longest block is measured in test/bench/ats-pull.bench.ts.
 */

/** An incremental pull asks for changes since the last completed pull's start, less this (clock skew, writes in flight). */
export { INCREMENTAL_MARGIN_MS }
/** Harvest's largest page, Lever's largest. */
const GREENHOUSE_PER_PAGE = 500
const LEVER_LIMIT = 100

export interface AtsPullDeps {
  opener: AtsOpener
  knownPeople: () => Pick<KnownPeoplePort, 'writeAtsPages' | 'atsList' | 'upsertAtsPeople'>
  doNotContact: () => Pick<DoNotContactPort, 'addFromAts' | 'removeFromAts'>
  clock: Clock
  /** Progress to the page (atsPullProgress). */
  emit: (status: AtsPullStatus) => void
  /** Runs `run` every `ms` until the answer is called (the schedule's look; tests call run themselves). */
  every?: (ms: number, run: () => void) => () => void
}

/** How often the schedule looks (by the injected clock) for a connection whose next pull is due. */
export const ATS_PULL_LOOK_MS = 60_000

class PullCancelled extends Error {}

interface Running {
  status: AtsPullStatus
  cancelled: boolean
  done: Promise<AtsPullStatus>
}

const idle = (connectionId: string): AtsPullStatus => ({
  connectionId,
  state: 'idle',
  mode: null,
  startedAt: null,
  finishedAt: null,
  pages: 0,
  people: 0,
  added: 0,
  updated: 0,
  doNotContactAdded: 0,
  doNotContactRemoved: 0,
  list: null,
  error: null
})

/** The reason a pulled "may not be emailed" carries on the do-not-contact list (and how the pull knows its own). */
export const mayNotEmailReason = (opened: Pick<OpenedAts, 'kind' | 'name'>): string =>
  `${atsNames[opened.kind]}: may not be emailed (${opened.name})`

/** A page's may-email addresses are checked against the do-not-contact notes this many at a time. */
const MAY_EMAIL_PART = 100

/**
 * Known people, live (issue #39 item 3): pulls a connected ATS's people into its known-people list.
 * One pull per connection at a time; a full pull writes a hidden list and swaps it in only when
 * every page was read, so a failed, refused or cancelled pull leaves the list as it was.
 */
export class AtsPullService {
  readonly #deps: AtsPullDeps
  readonly #running = new Map<string, Running>()
  readonly #last = new Map<string, AtsPullStatus>()
  #stopSchedule: (() => void) | null = null
  #everyMs = ATS_PULL_EVERY_MS

  constructor(deps: AtsPullDeps) {
    this.#deps = deps
  }

  /** The running pull's status, else the last one's, with the list as it is now. */
  async status(connectionId: string): Promise<AtsPullStatus> {
    const running = this.#running.get(connectionId)
    if (running !== undefined) return { ...running.status }
    const last = this.#last.get(connectionId) ?? idle(connectionId)
    const opened = await this.#deps.opener.open(connectionId)
    return { ...last, list: opened === null ? null : this.#listOf(opened.name, connectionId) }
  }

  /** Starts a pull (or joins the one running) and answers at once; progress comes as events. */
  start(connectionId: string, mode?: AtsPullMode): AtsPullStatus {
    const running = this.#running.get(connectionId) ?? this.#begin(connectionId, mode)
    return { ...running.status }
  }

  /** Pulls and answers when done (the one running, when there is one). */
  pull(connectionId: string, mode?: AtsPullMode): Promise<AtsPullStatus> {
    return (this.#running.get(connectionId) ?? this.#begin(connectionId, mode)).done
  }

  /** Stops a running pull before its next page. */
  cancel(connectionId: string): boolean {
    const running = this.#running.get(connectionId)
    if (running === undefined) return false
    running.cancelled = true
    return true
  }

  /**
   * Incremental pulls of every saved ATS connection every 15 minutes by the injected clock: the
   * first turn at once (a connection never pulled gets its full pull), then a look every minute
   * (and at each `pullDue`, e.g. a wake from sleep) for a connection whose last pull ended that long ago.
   */
  startSchedule(everyMs = ATS_PULL_EVERY_MS): void {
    if (this.#stopSchedule !== null) return
    this.#everyMs = everyMs
    this.#stopSchedule = this.#deps.every?.(ATS_PULL_LOOK_MS, () => void this.pullDue()) ?? (() => undefined)
    void this.pullDue()
  }

  /** The schedule's look: each connection not pulling whose last pull (this session) ended `everyMs` ago, or that has none. */
  pullDue(): Promise<AtsPullStatus[]> {
    if (this.#stopSchedule === null) return Promise.resolve([])
    const now = this.#deps.clock.now().getTime()
    return Promise.all(
      this.#connectionIds()
        .filter((id) => {
          if (this.#running.has(id)) return false
          const ended = this.#last.get(id)?.finishedAt
          return ended === undefined || ended === null || Date.parse(ended) + this.#everyMs <= now
        })
        .map((id) => this.pull(id))
    )
  }

  /** Every saved connection not pulling now pulls (full the first time). */
  pullAll(): Promise<AtsPullStatus[]> {
    return Promise.all(
      this.#connectionIds()
        .filter((id) => !this.#running.has(id))
        .map((id) => this.pull(id))
    )
  }

  /**
   * The saved connections' ids; none while the store cannot be read (damaged or locked: its banner
   * says so, and a pull waits for the next look rather than failing the schedule's timer).
   */
  #connectionIds(): string[] {
    try {
      return this.#deps.opener.connectionIds()
    } catch {
      return []
    }
  }

  /** A connection removed: its pull stops and its status is forgotten. */
  forget(connectionId: string): Promise<unknown> {
    this.#last.delete(connectionId)
    const running = this.#running.get(connectionId)
    if (running === undefined) return Promise.resolve()
    running.cancelled = true
    return running.done.then(() => this.#last.delete(connectionId))
  }

  /** Stops the schedule and every pull (close). */
  close(): Promise<unknown> {
    this.#stopSchedule?.()
    this.#stopSchedule = null
    for (const running of this.#running.values()) running.cancelled = true
    return Promise.allSettled([...this.#running.values()].map((running) => running.done))
  }

  #listOf(connectionName: string, connectionId: string): AtsPullStatus['list'] {
    const name = atsListName(connectionName)
    const held = this.#deps.knownPeople().atsList(name, connectionId)
    return held === null ? null : { name, people: held.people, pulledAt: held.pulledAt }
  }

  #begin(connectionId: string, mode: AtsPullMode | undefined): Running {
    const running: Running = {
      status: {
        ...idle(connectionId),
        state: 'pulling',
        mode: mode ?? null,
        startedAt: this.#deps.clock.now().toISOString()
      },
      cancelled: false,
      done: Promise.resolve(idle(connectionId))
    }
    this.#running.set(connectionId, running)
    running.done = this.#run(running, mode).then((status) => {
      this.#running.delete(connectionId)
      this.#last.set(connectionId, status)
      this.#deps.emit(status)
      return status
    })
    return running
  }

  async #run(running: Running, asked: AtsPullMode | undefined): Promise<AtsPullStatus> {
    const status = running.status
    const { connectionId } = status
    const started = this.#deps.clock.now()
    let writer: AtsPagesWriter | null = null
    let opened: OpenedAts | null = null
    try {
      opened = await this.#deps.opener.open(connectionId)
      if (opened === null) throw new Error('That ATS connection no longer exists.')
      const listName = atsListName(opened.name)
      const list = { name: listName, connectionId }
      const known = this.#deps.knownPeople()
      const held = known.atsList(listName, connectionId)
      const mode: AtsPullMode = held === null ? 'full' : (asked ?? 'incremental')
      status.mode = mode
      this.#deps.emit({ ...status })
      const since = mode === 'incremental' && held !== null ? Date.parse(held.pulledAt) - INCREMENTAL_MARGIN_MS : null
      writer = known.writeAtsPages(
        held === null || mode === 'full'
          ? { mode: 'full', ...list, source: `${PULLED_LIST_SOURCE}${opened.kind}`, pulledAt: started.toISOString() }
          : { mode: 'incremental', ...list, heldPulledAt: held.pulledAt }
      )
      const pager = writer
      // the worker starts before the first page is asked for, not beside main's handling of it
      await pager.ready()
      const reason = mayNotEmailReason(opened)
      // main reads each page within the answer limits and hands its bytes over; the worker decodes, parses and writes it
      const take = async (page: AtsPageBytes): Promise<string | null> => {
        if (running.cancelled) throw new PullCancelled()
        const written = await pager.page(page)
        status.added += written.added
        status.updated += written.updated
        // the emails it may not email, noted in one go (a few a page: one event for the list's views);
        // the ~500 it may email come hashed by the worker, and are looked up for this reason's notes
        // in parts, main's loop turning between them (hashed and looked up here at once, 20–26 ms)
        const list = this.#deps.doNotContact()
        status.doNotContactAdded += list.addFromAts(written.mayNotEmail, reason)
        const slices = new WorkSlices()
        for (let at = 0; at < written.mayEmailHashes.length; at += MAY_EMAIL_PART) {
          status.doNotContactRemoved += list.removeFromAts(
            written.mayEmailHashes.slice(at, at + MAY_EMAIL_PART),
            reason
          )
          if (slices.spent()) await slices.pause()
        }
        status.people += written.people
        status.pages += 1
        this.#deps.emit({ ...status })
        return written.next
      }
      await readPages(opened, since, take)
      if (running.cancelled) throw new PullCancelled()
      await pager.finish()
      writer = null
      if (mode === 'incremental') known.upsertAtsPeople(list, [], started.toISOString())
      return this.#ended(status, 'done', opened.name, null)
    } catch (error) {
      await writer?.abandon()
      if (error instanceof PullCancelled) return this.#ended(status, 'cancelled', opened?.name ?? null, null)
      return this.#ended(status, 'failed', opened?.name ?? null, pullFailure(opened, status.mode, error))
    }
  }

  #ended(
    status: AtsPullStatus,
    state: AtsPullStatus['state'],
    connectionName: string | null,
    error: string | null
  ): AtsPullStatus {
    return {
      ...status,
      state,
      error,
      finishedAt: this.#deps.clock.now().toISOString(),
      list: connectionName === null ? null : this.#listOf(connectionName, status.connectionId)
    }
  }
}

/**
 * The pages of people, read one at a time and each given to `take` as its bytes: Harvest's
 * Link-header pages, Lever's `next` cursors (which `take` answers); `since` (ms) for changes only.
 */
async function readPages(
  opened: OpenedAts,
  since: number | null,
  take: (page: AtsPageBytes) => Promise<string | null>
): Promise<void> {
  const client = patient(opened.client)
  if (opened.kind === 'greenhouse') {
    let path: string | null =
      `/v1/candidates?per_page=${GREENHOUSE_PER_PAGE}` +
      (since === null ? '' : `&updated_after=${encodeURIComponent(new Date(since).toISOString())}`)
    for (let n = 1; path !== null; n++) {
      const answer = await client.call('Read candidates', path, { raw: true })
      await take({ kind: 'greenhouse', bytes: pageBytes(answer), what: `page ${n} of candidates`, stages: [] })
      path = nextLink(answer.headers.get('link'))
    }
    return
  }
  const stages: Array<[string, string]> = []
  const stageList = await client.call('Read stages', '/v1/stages')
  const data = (stageList.body as { data?: unknown } | null)?.data
  if (Array.isArray(data)) {
    for (const stage of data as Array<{ id?: unknown; text?: unknown }>) {
      if (typeof stage.id === 'string' && typeof stage.text === 'string') stages.push([stage.id, stage.text])
    }
  }
  const base = `/v1/opportunities?limit=${LEVER_LIMIT}` + (since === null ? '' : `&updated_at_start=${since}`)
  let offset: string | null = null
  for (let n = 1; ; n++) {
    const path: string = offset === null ? base : `${base}&offset=${encodeURIComponent(offset)}`
    const answer = await client.call('Read opportunities', path, { raw: true })
    offset = await take({ kind: 'lever', bytes: pageBytes(answer), what: `page ${n} of opportunities`, stages })
    if (offset === null) return
  }
}

/** A raw call's page: a 2xx answer always has its bytes (the client returns no other raw answer). */
function pageBytes(answer: AtsAnswer): Uint8Array<ArrayBuffer> {
  if (answer.bytes === null) throw new Error(`the ATS answered ${answer.status} without a page`)
  return answer.bytes
}

/** How many 429s in a row one page may meet (each held for its Retry-After by the gate) before the pull stops. */
export const PAGE_429_TRIES = 30

/**
 * The client, sent again on a 429 past the client's own few retries: a pull is long and its pages
 * safe to repeat, so a storm of 429s only slows it (the connection's gate holds every call for
 * each Retry-After, and the pace learns the limit from them).
 */
function patient(client: OpenedAts['client']): OpenedAts['client'] {
  return {
    call: async (operation, path, options) => {
      for (let tries = 1; ; tries++) {
        try {
          return await client.call(operation, path, options)
        } catch (error) {
          if (!(error instanceof ApiError && error.kind === 'rate_limited' && tries < PAGE_429_TRIES)) throw error
        }
      }
    }
  }
}

/** What went wrong, in words: the client's own (a refused key, an answer too large) or the page's. */
function pullFailure(opened: OpenedAts | null, mode: AtsPullMode | null, error: unknown): string {
  const said = errorMessage(error)
  const name = opened === null ? 'the ATS' : atsNames[opened.kind]
  const kept =
    mode === 'incremental'
      ? 'Changes read before it stopped are kept; the next pull reads again from the last one that finished.'
      : 'The list of people you already have was left as it was.'
  return `The pull from ${name} stopped: ${said}${/[.”]$/.test(said) ? '' : '.'} ${kept}`
}
