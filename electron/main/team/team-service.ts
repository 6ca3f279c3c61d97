import type { Dispatcher } from 'undici'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { AppError } from '../../../shared/ipc/errors'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { SecretWatcher } from '../logging/secret-mask'
import type { TeamPayload } from '../platform/ports'
import type { TeamShare } from '../platform/team-share'
import { teamHash } from '../personal-data/team-hash'
import type { Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import type { SecretVault } from '../vault/secret-vault'
import type { SliceOptions } from '../work/work-slices'
import { TeamApply } from './team-apply'
import { TeamBoard } from './team-board'
import { realTimers, TeamContext, type TeamTimers } from './team-context'
import { TeamLive } from './team-live'
import { TeamMembership } from './team-membership'
import { TeamSync } from './team-sync'
import { WalCheckpoints, type CheckpointOptions, type SpawnCheckpointWorker } from './wal-checkpoints'

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
  /** How long a slice of a pulled page applies before main's event loop gets a turn (team-sync.ts). */
  slices?: SliceOptions
  /** The worker that checkpoints the data file's log while a backlog applies; without it main does, as SQLite does by itself. */
  checkpointWorker?: SpawnCheckpointWorker
  /** Its pace and cap (tests count its answers). */
  checkpoints?: CheckpointOptions
}

/**
 * The desk side of the team (issue #38), put together from its parts: joining and leaving
 * (team-membership.ts, the credential in the keychain), the outbox and the push/pull sync
 * (team-sync.ts, colleagues' changes applied by team-apply.ts), the live stream that says when to
 * pull (team-live.ts) and the status Settings → Team shows (team-board.ts). Offline, everything
 * works on the desk's own store and the outbox waits.
 */
export class TeamService {
  readonly #context: TeamContext
  readonly #apply: TeamApply
  readonly #board: TeamBoard
  readonly #sync: TeamSync
  readonly #live: TeamLive
  readonly #membership: TeamMembership

  constructor(deps: TeamServiceDeps) {
    const context = new TeamContext({ stores: deps.stores, vault: deps.vault, dispatcher: deps.dispatcher })
    const board = new TeamBoard({ context, clock: deps.clock, events: deps.events, logger: deps.logger })
    const apply = new TeamApply({ context, clock: deps.clock, logger: deps.logger, shares: deps.shares })
    const sync = new TeamSync({
      context,
      clock: deps.clock,
      apply,
      board,
      ...(deps.slices === undefined ? {} : { slices: deps.slices }),
      checkpoints: new WalCheckpoints({
        logger: deps.logger,
        ...(deps.checkpointWorker === undefined ? {} : { spawn: deps.checkpointWorker }),
        ...(deps.checkpoints === undefined ? {} : { options: deps.checkpoints })
      })
    })
    const live = new TeamLive({
      context,
      board,
      sync,
      timers: deps.timers ?? realTimers,
      ...(deps.backoff === undefined ? {} : { backoff: deps.backoff })
    })
    this.#context = context
    this.#apply = apply
    this.#board = board
    this.#sync = sync
    this.#live = live
    this.#membership = new TeamMembership({
      context,
      clock: deps.clock,
      vault: deps.vault,
      secretWatcher: deps.secretWatcher,
      logger: deps.logger,
      board,
      sync,
      live
    })
  }

  // ---- the port ----

  joined(): boolean {
    return this.#context.salt() !== null
  }

  salted(value: string): string | null {
    const salt = this.#context.salt()
    return salt === null ? null : teamHash(salt, value)
  }

  /** This desk in its team (who a shared change is from); null outside a team. */
  me(): { deskId: string; personName: string } | null {
    const state = this.#context.state()
    return state === null ? null : { deskId: state.deskId, personName: state.personName }
  }

  /** Appends a change to the outbox in the caller's transaction; pushed once it has committed. */
  share(kind: string, payload: TeamPayload, subjects: readonly string[] = []): void {
    this.#sync.share(kind, payload, subjects)
  }

  // ---- the channels ----

  async status(): Promise<TeamStatus> {
    const state = this.#context.state()
    if (state !== null && !this.#context.closed) await this.#board.refreshDesks(state)
    return this.#board.status()
  }

  async create(input: HandlerInput<'createTeam'>): Promise<TeamStatus> {
    const { server, ...body } = input
    await this.#membership.join(server, (client) => client.createTeam(body))
    return this.status()
  }

  async join(input: HandlerInput<'joinTeam'>): Promise<TeamStatus> {
    const { server, ...body } = input
    await this.#membership.join(server, (client) => client.join(body))
    return this.status()
  }

  async invite({ role, validMinutes }: HandlerInput<'inviteToTeam'>) {
    const state = this.#context.required()
    if (state.role !== 'admin') throw new AppError('forbidden', 'Only an admin of the team can invite a desk.')
    return this.#context.ask(() => this.#context.client(state.serverOrigin, state.deskId).invite(role, validMinutes))
  }

  async revokeDesk({ deskId }: HandlerInput<'revokeTeamDesk'>): Promise<TeamStatus> {
    const state = this.#context.required()
    await this.#context.ask(() => this.#context.client(state.serverOrigin, state.deskId).revokeDesk(deskId))
    return this.status()
  }

  async revokePerson({ personName }: HandlerInput<'revokeTeamPerson'>): Promise<TeamStatus> {
    const state = this.#context.required()
    await this.#context.ask(() => this.#context.client(state.serverOrigin, state.deskId).revokePerson(personName))
    return this.status()
  }

  /** Leaves the team (offline too); the desk's own data stays. */
  async leave(): Promise<TeamStatus> {
    await this.#membership.leave()
    return this.#board.status()
  }

  async syncNow(): Promise<TeamStatus> {
    this.#context.required()
    await this.#sync.sync()
    if (!this.#live.started && this.#board.online) this.#live.start()
    return this.status()
  }

  // ---- life ----

  /** At start: a desk in a team opens its live stream (which pulls and pushes once open). */
  start(): void {
    const state = this.#context.state()
    if (state === null) return
    // what a close cut short between a page's commit and its settling
    this.#apply.settle(state, 'all')
    this.#live.start()
    void this.#sync.sync()
  }

  wake(): void {
    if (this.#context.state() === null) return
    this.#live.wake()
    void this.#sync.sync()
  }

  async close(): Promise<void> {
    this.#context.closed = true
    this.#live.stop()
    this.#sync.stop()
    await this.#sync.finished()
  }

  /** Settles once no sync is running (tests wait for it). */
  idle(): Promise<void> {
    return this.#sync.idle()
  }

  /** Pushes the outbox, then pulls; one at a time (a sync asked meanwhile runs once more after). */
  sync(): Promise<void> {
    return this.#sync.sync()
  }
}
