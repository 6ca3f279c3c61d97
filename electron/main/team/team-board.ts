import type { TeamStatus } from '../../../shared/ipc/channels/team'
import type { Desk } from '../../../shared/team/protocol'
import { errorMessage } from '../../../shared/error-message'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import { isoNow, type Clock } from '../store/clock'
import { TeamCallError } from './team-client'
import type { TeamContext } from './team-context'
import type { TeamState } from './team-repo'

export interface TeamBoardDeps {
  context: TeamContext
  clock: Clock
  events: Pick<EventHub, 'emit'>
  logger: Pick<Logger, 'warn'>
}

/**
 * How the desk's link to the team stands (online, the last problem, the team's desks as last
 * read) and the status Settings → Team shows, published as the `teamChanged` event.
 */
export class TeamBoard {
  readonly #deps: TeamBoardDeps
  online = false
  #problem: string | null = null
  #desks: Desk[] | null = null

  constructor(deps: TeamBoardDeps) {
    this.#deps = deps
  }

  /** A sync went through: online, no problem, the time kept. */
  wentThrough(): void {
    this.online = true
    this.#problem = null
    const context = this.#deps.context
    context.db().transaction(() => context.repo().synced(isoNow(this.#deps.clock)))()
  }

  /** A call failed: the server answered (online, with its reason) or could not be reached (offline). */
  failed(error: unknown): void {
    if (error instanceof TeamCallError && !error.offline) {
      this.online = true
      this.#problem =
        error.failure === 'revoked' || error.failure === 'unauthorized'
          ? `This desk can no longer reach the team: ${error.message}`
          : error.message
    } else {
      this.online = false
      this.#problem = error instanceof TeamCallError ? error.message : errorMessage(error)
    }
    this.#deps.logger.warn('team.sync_failed', { error: errorMessage(error) })
  }

  /** Joined (online) or left (offline): no problem, no desks read yet. */
  reset(online: boolean): void {
    this.online = online
    this.#problem = null
    this.#desks = null
  }

  /** The team's desks and this desk's role and team name, read again from the server. */
  async refreshDesks(state: TeamState): Promise<void> {
    const context = this.#deps.context
    try {
      const overview = await context.client(state.serverOrigin, state.deskId).overview()
      this.#desks = overview.desks
      this.online = true
      if (overview.me.role !== state.role || overview.team.name !== state.teamName) {
        context.db().transaction(() => context.repo().setRole(overview.me.role, overview.team.name))()
      }
    } catch (error) {
      this.failed(error)
    }
  }

  status(): TeamStatus {
    const context = this.#deps.context
    const state = context.state()
    if (state === null) return { state: 'none' }
    const repo = context.repo()
    return {
      state: 'joined',
      server: state.serverOrigin,
      team: { id: state.teamId, name: state.teamName },
      me: { deskId: state.deskId, personName: state.personName, deskName: state.deskName, role: state.role },
      sync: {
        online: this.online,
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

  publish(): void {
    if (this.#deps.context.closed) return
    let status: TeamStatus
    try {
      status = this.status()
    } catch {
      return
    }
    // the page's event: Settings → Team updates from it, never by reloading
    this.#deps.events.emit('teamChanged', status)
  }
}
