import type { Joined } from '../../../shared/team/protocol'
import { AppError } from '../../../shared/ipc/errors'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { SecretWatcher } from '../logging/secret-mask'
import { isoNow, type Clock } from '../store/clock'
import type { SecretVault } from '../vault/secret-vault'
import type { TeamBoard } from './team-board'
import type { TeamClient } from './team-client'
import type { TeamContext } from './team-context'
import { credentialAccount } from './team-credential'
import type { TeamLive } from './team-live'
import type { TeamSync } from './team-sync'

export interface TeamMembershipDeps {
  context: TeamContext
  clock: Clock
  vault: SecretVault
  secretWatcher: SecretWatcher
  logger: Pick<Logger, 'warn'>
  board: TeamBoard
  sync: TeamSync
  live: TeamLive
}

/**
 * Joining a team (creating one or with an invite code) and leaving it: the device credential the
 * server issues kept in the keychain, the team's state row written or cleared.
 */
export class TeamMembership {
  readonly #deps: TeamMembershipDeps

  constructor(deps: TeamMembershipDeps) {
    this.#deps = deps
  }

  /** Creates or joins (`ask`) on `server`, keeps the credential, opens the live stream and syncs once. */
  async join(server: string, ask: (client: TeamClient) => Promise<Joined>): Promise<void> {
    const { context, board } = this.#deps
    if (context.state() !== null) {
      throw new AppError('conflict', 'This desk is already in a team. Leave it first to join another.')
    }
    const origin = new URL(server).origin
    // creating and joining send no credential: there is none before the server issues one
    const client = context.client(origin, null)
    const joined = await context.ask(() => ask(client))
    await this.#deps.vault.set(credentialAccount(origin, joined.desk.id), joined.credential)
    this.#deps.secretWatcher.add(joined.credential)
    context.db().transaction(() =>
      context.repo().join({
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
    context.forgetSalt()
    board.reset(true)
    context.closed = false
    this.#deps.live.start()
    await this.#deps.sync.sync()
  }

  /**
   * Leaves the team: the server is told when it answers (offline, the desk leaves anyway: its
   * credential is deleted, so it can no longer read or write the team). The outbox and the team's
   * lists go; the desk's own data stays.
   */
  async leave(): Promise<void> {
    const { context, board } = this.#deps
    const state = context.required()
    this.#deps.live.stop()
    await this.#deps.sync.finished()
    try {
      await context.client(state.serverOrigin, state.deskId).leave()
    } catch (error) {
      this.#deps.logger.warn('team.leave_unsent', { error: errorMessage(error) })
    }
    const account = credentialAccount(state.serverOrigin, state.deskId)
    const credential = await this.#deps.vault.get(account).catch(() => null)
    await this.#deps.vault.delete(account).catch(() => false)
    if (credential !== null) this.#deps.secretWatcher.remove(credential)
    context.db().transaction(() => context.repo().leave())()
    context.forgetSalt()
    board.reset(false)
    board.publish()
  }
}
