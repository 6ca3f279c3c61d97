import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type { Dispatcher } from 'undici'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { AppError, type ErrorCode } from '../../../shared/ipc/errors'
import {
  MAX_CHANGES_PER_PULL,
  MAX_CHANGES_PER_PUSH,
  type Desk,
  type Joined,
  type TeamChange
} from '../../../shared/team/protocol'
import { errorMessage } from '../../../shared/error-message'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { SecretWatcher } from '../logging/secret-mask'
import type { TeamPayload } from '../platform/ports'
import type { TeamShare } from '../platform/team-share'
import { teamHash } from '../personal-data/team-hash'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import type { SecretVault } from '../vault/secret-vault'
import { TeamCallError, TeamClient } from './team-client'
import { TeamRepo, type TeamState } from './team-repo'

/** Timers the live stream's reconnects wait on (tests pass their own, moved by hand). */
export interface TeamTimers {
  /** Runs `run` after `ms`; returns how to cancel it. */
  after(ms: number, run: () => void): () => void
}

export const realTimers: TeamTimers = {
  after(ms, run) {
    const timer = setTimeout(run, ms)
    timer.unref()
    return () => clearTimeout(timer)
  }
}

export interface TeamServiceDeps {
  stores: StoreAccess
  clock: Clock
  vault: SecretVault
  secretWatcher: SecretWatcher
  dispatcher: Dispatcher
  events: Pick<EventHub, 'emit'>
  logger: Pick<Logger, 'info' | 'warn'>
  /** Every feature's declaration of what it shares (read when a change is applied). */
  shares: () => readonly TeamShare[]
  timers?: TeamTimers
  /** The live stream's reconnect: first wait, doubled each failure up to the last (ms). */
  backoff?: { firstMs: number; maxMs: number }
}

interface LiveStream {
  abort: AbortController
  cancelRetry: (() => void) | null
  failures: number
}

/**
 * The keychain account of a device credential: bound to the server's exact origin (a changed
 * address never gets it) and to the desk the server issued it to, so two desks (data folders)
 * sharing one OS keychain each keep their own.
 */
export const credentialAccount = (origin: string, deskId: string): string => `team:${origin}:${deskId}`

/**
 * The desk side of the team (issue #38): create or join, the credential in the keychain, the
 * durable outbox every feature's shared change goes to (in the change's own transaction), and the
 * sync: the outbox pushed in order, the server's changes pulled after the last sequence applied,
 * each page applied in one transaction with its last sequence number (exactly once), and the live
 * stream that says when to pull. Offline, everything works on the desk's own store and the outbox
 * waits.
 */
export class TeamService {
  readonly #deps: TeamServiceDeps
  readonly #timers: TeamTimers
  #online = false
  #problem: string | null = null
  #desks: Desk[] | null = null
  /** Set while a colleague's change is applied: what it writes is not shared again. */
  #applying = false
  #running: Promise<void> | null = null
  #again = false
  #live: LiveStream | null = null
  #closed = false
  #kick: NodeJS.Immediate | null = null
  /** The salt as last read, with the connection it was read from (joining and leaving forget it). */
  #saltOf: { db: unknown; salt: string | null } | null = null

  constructor(deps: TeamServiceDeps) {
    this.#deps = deps
    this.#timers = deps.timers ?? realTimers
  }

  #db(): BetterSqlite3.Database {
    return this.#deps.stores.get().database.db
  }

  #repo(): TeamRepo {
    return new TeamRepo(this.#db())
  }

  #state(): TeamState | null {
    try {
      return this.#repo().state()
    } catch {
      return null
    }
  }

  #client(state: Pick<TeamState, 'serverOrigin' | 'deskId'>): TeamClient {
    const account = credentialAccount(state.serverOrigin, state.deskId)
    return new TeamClient({
      origin: state.serverOrigin,
      credential: () => this.#deps.vault.get(account),
      dispatcher: this.#deps.dispatcher
    })
  }

  // ---- the port ----

  joined(): boolean {
    return this.#salt() !== null
  }

  salted(value: string): string | null {
    const salt = this.#salt()
    return salt === null ? null : teamHash(salt, value)
  }

  /** The team's salt, read once per data file (a check hashes hundreds of values); null outside a team. */
  #salt(): string | null {
    let db: BetterSqlite3.Database
    try {
      db = this.#db()
    } catch {
      return null
    }
    if (this.#saltOf?.db !== db) this.#saltOf = { db, salt: this.#state()?.salt ?? null }
    return this.#saltOf.salt
  }

  /** Appends a change to the outbox in the caller's transaction; pushed once it has committed. */
  share(kind: string, payload: TeamPayload, subjects: readonly string[] = []): void {
    if (this.#applying) return
    const state = this.#state()
    if (state === null) return
    this.#repo().append({ changeId: randomUUID(), kind, payload, subjects, deskTime: isoNow(this.#deps.clock) })
    // after the caller's transaction commits (the same turn of the event loop)
    this.#kick ??= setImmediate(() => {
      this.#kick = null
      this.#publish()
      void this.sync()
    })
  }

  // ---- the channels ----

  async status(): Promise<TeamStatus> {
    const state = this.#state()
    if (state !== null && !this.#closed) await this.#refreshDesks(state)
    return this.#status()
  }

  async create(input: HandlerInput<'createTeam'>): Promise<TeamStatus> {
    const { server, ...body } = input
    return this.#join(server, (client) => client.createTeam(body))
  }

  async join(input: HandlerInput<'joinTeam'>): Promise<TeamStatus> {
    const { server, ...body } = input
    return this.#join(server, (client) => client.join(body))
  }

  async invite({ role, validMinutes }: HandlerInput<'inviteToTeam'>) {
    const state = this.#required()
    if (state.role !== 'admin') throw new AppError('forbidden', 'Only an admin of the team can invite a desk.')
    return this.#ask(() => this.#client(state).invite(role, validMinutes))
  }

  async revokeDesk({ deskId }: HandlerInput<'revokeTeamDesk'>): Promise<TeamStatus> {
    const state = this.#required()
    await this.#ask(() => this.#client(state).revokeDesk(deskId))
    return this.status()
  }

  async revokePerson({ personName }: HandlerInput<'revokeTeamPerson'>): Promise<TeamStatus> {
    const state = this.#required()
    await this.#ask(() => this.#client(state).revokePerson(personName))
    return this.status()
  }

  /**
   * Leaves the team: the server is told when it answers (offline, the desk leaves anyway: its
   * credential is deleted, so it can no longer read or write the team). The outbox and the team's
   * lists go; the desk's own data stays.
   */
  async leave(): Promise<TeamStatus> {
    const state = this.#required()
    this.#stopLive()
    await this.#running
    try {
      await this.#client(state).leave()
    } catch (error) {
      this.#deps.logger.warn('team.leave_unsent', { error: errorMessage(error) })
    }
    const account = credentialAccount(state.serverOrigin, state.deskId)
    const credential = await this.#deps.vault.get(account).catch(() => null)
    await this.#deps.vault.delete(account).catch(() => false)
    if (credential !== null) this.#deps.secretWatcher.remove(credential)
    this.#db().transaction(() => this.#repo().leave())()
    this.#saltOf = null
    this.#online = false
    this.#problem = null
    this.#desks = null
    this.#publish()
    return this.#status()
  }

  async syncNow(): Promise<TeamStatus> {
    this.#required()
    await this.sync()
    if (this.#live === null && this.#online) this.#startLive()
    return this.status()
  }

  // ---- life ----

  /** At start: a desk in a team opens its live stream (which pulls and pushes once open). */
  start(): void {
    const state = this.#state()
    if (state === null) return
    // what a close cut short between a page's commit and its settling
    this.#settle(state, 'all')
    this.#startLive()
    void this.sync()
  }

  wake(): void {
    if (this.#state() === null) return
    if (this.#live !== null) {
      this.#live.cancelRetry?.()
      this.#live.cancelRetry = null
      if (!this.#online) this.#connect()
    }
    void this.sync()
  }

  async close(): Promise<void> {
    this.#closed = true
    this.#stopLive()
    if (this.#kick !== null) clearImmediate(this.#kick)
    await this.#running?.catch(() => undefined)
  }

  /** Settles once no sync is running (tests wait for it). */
  async idle(): Promise<void> {
    while (this.#running !== null || this.#kick !== null) {
      await (this.#running ?? new Promise((resolve) => setImmediate(resolve)))
    }
  }

  // ---- sync ----

  /** Pushes the outbox, then pulls; one at a time (a sync asked meanwhile runs once more after). */
  sync(): Promise<void> {
    if (this.#closed) return Promise.resolve()
    if (this.#running !== null) {
      this.#again = true
      return this.#running
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false
          const state = this.#state()
          if (state === null) return
          try {
            await this.#push(state)
            await this.#pull(state)
            this.#wentThrough()
          } catch (error) {
            this.#failed(error)
            return
          }
        } while (this.#again && !this.#closed)
      } finally {
        this.#running = null
        this.#publish()
      }
    })()
    return this.#running
  }

  /** The outbox in order, at most MAX_CHANGES_PER_PUSH a push; a refused change is kept aside with its reason. */
  async #push(state: TeamState): Promise<void> {
    const client = this.#client(state)
    for (;;) {
      const batch = this.#repo().waiting(MAX_CHANGES_PER_PUSH)
      if (batch.length === 0) return
      this.#db().transaction(() => this.#repo().attempted(batch.map((change) => change.id)))()
      const result = await client.push(
        batch.map((change) => ({
          id: change.changeId,
          kind: change.kind,
          payload: change.payload,
          subjects: change.subjects,
          deskTime: change.deskTime
        }))
      )
      this.#db().transaction(() => {
        const repo = this.#repo()
        for (const { id } of result.accepted) repo.accepted(id)
        for (const { id, code, message } of result.refused) repo.refuse(id, code, message)
      })()
      if (result.accepted.length + result.refused.length === 0) return
    }
  }

  /** Pages after the last sequence applied, each applied in one transaction with its last sequence number. */
  async #pull(state: TeamState): Promise<void> {
    const client = this.#client(state)
    for (;;) {
      const after = this.#repo().state()?.lastSeq
      if (after === undefined) return
      const page = await client.pull(after, MAX_CHANGES_PER_PULL)
      const kinds = this.#apply(state, page.changes, page.last)
      this.#settle(state, kinds)
      if (!page.more || page.changes.length === 0) return
      // a turn of main's event loop between pages
      await new Promise((resolve) => setImmediate(resolve))
    }
  }

  /** Applies a page: changes after the last applied only (one delivered twice is applied once), colleagues' only (ours are here already). */
  #apply(state: TeamState, changes: readonly TeamChange[], last: number): Set<string> {
    const db = this.#db()
    const kinds = new Map(this.#deps.shares().flatMap((share) => Object.entries(share.kinds)))
    const context = { db, salted: (value: string) => teamHash(state.salt, value) }
    const appliedKinds = new Set<string>()
    db.transaction(() => {
      const repo = this.#repo()
      const applied = repo.state()?.lastSeq ?? 0
      let newest = applied
      for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
        if (change.seq <= newest) continue
        newest = change.seq
        if (change.author.deskId === state.deskId) continue
        const kind = kinds.get(change.kind)
        if (kind === undefined) {
          this.#deps.logger.info('team.kind_unknown', { kind: change.kind, seq: change.seq })
          continue
        }
        let payload: unknown = null
        if (change.payload !== null) {
          const parsed = kind.payload.safeParse(change.payload)
          if (!parsed.success) {
            this.#deps.logger.warn('team.payload_unreadable', { kind: change.kind, seq: change.seq })
            continue
          }
          payload = parsed.data
        }
        this.#applying = true
        try {
          kind.apply({ ...change, payload }, context)
        } finally {
          this.#applying = false
        }
        appliedKinds.add(change.kind)
      }
      repo.setLastSeq(Math.max(newest, last), isoNow(this.#deps.clock))
    })()
    return appliedKinds
  }

  /** Each kind's after-commit work (SharedKind.settle) for the kinds a page held; every kind's at start. */
  #settle(state: TeamState, kinds: ReadonlySet<string> | 'all'): void {
    const context = { db: this.#db(), salted: (value: string) => teamHash(state.salt, value) }
    for (const share of this.#deps.shares()) {
      for (const [name, kind] of Object.entries(share.kinds)) {
        if (kind.settle === undefined || (kinds !== 'all' && !kinds.has(name))) continue
        this.#applying = true
        try {
          kind.settle(context)
        } catch (error) {
          this.#deps.logger.warn('team.settle_failed', { kind: name, error: errorMessage(error) })
        } finally {
          this.#applying = false
        }
      }
    }
  }

  #wentThrough(): void {
    this.#online = true
    this.#problem = null
    this.#db().transaction(() => this.#repo().synced(isoNow(this.#deps.clock)))()
  }

  #failed(error: unknown): void {
    if (error instanceof TeamCallError && !error.offline) {
      this.#online = true
      this.#problem =
        error.failure === 'revoked' || error.failure === 'unauthorized'
          ? `This desk can no longer reach the team: ${error.message}`
          : error.message
    } else {
      this.#online = false
      this.#problem = error instanceof TeamCallError ? error.message : errorMessage(error)
    }
    this.#deps.logger.warn('team.sync_failed', { error: errorMessage(error) })
  }

  // ---- the live stream ----

  #startLive(): void {
    if (this.#live !== null || this.#closed) return
    this.#live = { abort: new AbortController(), cancelRetry: null, failures: 0 }
    this.#connect()
  }

  #connect(): void {
    const live = this.#live
    const state = this.#state()
    if (live === null || state === null || this.#closed) return
    live.abort = new AbortController()
    this.#client(state)
      .events({
        signal: live.abort.signal,
        onOpen: () => {
          live.failures = 0
          this.#online = true
          this.#publish()
          void this.sync()
          void this.#refreshDesks(state).then(() => this.#publish())
        },
        onChanges: () => void this.sync()
      })
      .then(
        () => this.#retry(live, null),
        (error: unknown) => this.#retry(live, error)
      )
  }

  #retry(live: LiveStream, error: unknown): void {
    if (this.#live !== live || live.abort.signal.aborted || this.#closed) return
    if (error !== null) {
      live.failures += 1
      const wasOnline = this.#online
      this.#failed(error)
      if (wasOnline !== this.#online) this.#publish()
    }
    const { firstMs, maxMs } = this.#deps.backoff ?? { firstMs: 1000, maxMs: 60_000 }
    const delay = Math.min(maxMs, firstMs * 2 ** Math.max(0, live.failures - 1))
    live.cancelRetry = this.#timers.after(delay, () => {
      live.cancelRetry = null
      this.#connect()
    })
  }

  #stopLive(): void {
    const live = this.#live
    this.#live = null
    if (live === null) return
    live.cancelRetry?.()
    live.abort.abort()
  }

  // ---- helpers ----

  async #join(server: string, ask: (client: TeamClient) => Promise<Joined>): Promise<TeamStatus> {
    if (this.#state() !== null) {
      throw new AppError('conflict', 'This desk is already in a team. Leave it first to join another.')
    }
    const origin = new URL(server).origin
    // creating and joining send no credential: there is none before the server issues one
    const client = new TeamClient({
      origin,
      credential: () => Promise.resolve(null),
      dispatcher: this.#deps.dispatcher
    })
    const joined = await this.#ask(() => ask(client))
    await this.#deps.vault.set(credentialAccount(origin, joined.desk.id), joined.credential)
    this.#deps.secretWatcher.add(joined.credential)
    this.#db().transaction(() =>
      this.#repo().join({
        serverOrigin: origin,
        teamId: joined.team.id,
        teamName: joined.team.name,
        salt: joined.team.salt,
        deskId: joined.desk.id,
        personName: joined.desk.personName,
        deskName: joined.desk.deskName,
        role: joined.desk.role,
        joinedAt: isoNow(this.#deps.clock)
      })
    )()
    this.#saltOf = null
    this.#online = true
    this.#problem = null
    this.#closed = false
    this.#startLive()
    await this.sync()
    return this.status()
  }

  async #refreshDesks(state: TeamState): Promise<void> {
    try {
      const overview = await this.#client(state).overview()
      this.#desks = overview.desks
      this.#online = true
      if (overview.me.role !== state.role || overview.team.name !== state.teamName) {
        this.#db().transaction(() => this.#repo().setRole(overview.me.role, overview.team.name))()
      }
    } catch (error) {
      this.#failed(error)
    }
  }

  #required(): TeamState {
    const state = this.#state()
    if (state === null) throw new AppError('not_found', 'This desk is not in a team. Join one first.')
    return state
  }

  /** A call whose failure reaches the page as an error value in the recruiter's words. */
  async #ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof TeamCallError)) throw error
      throw new AppError(codeOf(error), error.message)
    }
  }

  #status(): TeamStatus {
    const state = this.#state()
    if (state === null) return { state: 'none' }
    const repo = this.#repo()
    return {
      state: 'joined',
      server: state.serverOrigin,
      team: { id: state.teamId, name: state.teamName },
      me: { deskId: state.deskId, personName: state.personName, deskName: state.deskName, role: state.role },
      sync: {
        online: this.#online,
        waiting: repo.waitingCount(),
        refused: repo.refused().map((change) => ({
          changeId: change.changeId,
          kind: change.kind,
          code: change.refused?.code ?? '',
          message: change.refused?.message ?? ''
        })),
        lastSyncedAt: state.lastSyncedAt,
        lastSeq: state.lastSeq,
        problem: this.#problem
      },
      desks: this.#desks
    }
  }

  #publish(): void {
    if (this.#closed) return
    let status: TeamStatus
    try {
      status = this.#status()
    } catch {
      return
    }
    // the page's event: Settings → Team updates from it, never by reloading
    this.#deps.events.emit('teamChanged', status)
  }
}

function codeOf(error: TeamCallError): ErrorCode {
  switch (error.failure) {
    case 'unauthorized':
    case 'revoked':
      return 'unauthorized'
    case 'forbidden':
      return 'forbidden'
    case 'not-found':
      return 'not_found'
    case 'conflict':
    case 'over-budget':
      return 'conflict'
    case 'bad-request':
    case 'too-large':
      return 'invalid_input'
    case 'timeout':
      return 'timeout'
    case 'unreadable':
      return 'invalid_response'
    case 'unavailable':
      return 'server_error'
    default:
      return 'network'
  }
}
