import type BetterSqlite3 from 'better-sqlite3'
import type { Dispatcher } from 'undici'
import { AppError, type ErrorCode } from '../../../shared/ipc/errors'
import { teamHash } from '../personal-data/team-hash'
import type { StoreAccess } from '../store/store-access'
import { extraConnectionTarget, type ExtraConnectionTarget } from '../store/extra-connection-target'
import type { SecretVault } from '../vault/secret-vault'
import { TeamCallError, TeamClient } from './team-client'
import { credentialAccount } from './team-credential'
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

/**
 * What every part of the team reads: the team's tables in the open data file, a client for the
 * server with this desk's credential, the team's salt, and whether the desk is closing.
 */
export class TeamContext {
  readonly #deps: { stores: StoreAccess; vault: SecretVault; dispatcher: Dispatcher }
  /** Set once the desk closes (joining again reopens it): nothing new starts. */
  closed = false
  /** The salt as last read, with the connection it was read from (joining and leaving forget it). */
  #saltOf: { db: unknown; salt: string | null } | null = null

  constructor(deps: { stores: StoreAccess; vault: SecretVault; dispatcher: Dispatcher }) {
    this.#deps = deps
  }

  db(): BetterSqlite3.Database {
    return this.#deps.stores.get().database.db
  }

  /** The open data file, for a worker's connection of its own (wal-checkpoints.ts). */
  file(): ExtraConnectionTarget {
    return extraConnectionTarget(this.#deps.stores.get().database)
  }

  repo(): TeamRepo {
    return new TeamRepo(this.db())
  }

  /** The team this desk is in; null outside a team (or with no data file open). */
  state(): TeamState | null {
    try {
      return this.repo().state()
    } catch {
      return null
    }
  }

  required(): TeamState {
    const state = this.state()
    if (state === null) throw new AppError('not_found', 'This desk is not in a team. Join one first.')
    return state
  }

  /** A client for the server, with this desk's credential (or none before joining, when deskId is null). */
  client(origin: string, deskId: string | null): TeamClient {
    const account = deskId === null ? null : credentialAccount(origin, deskId)
    return new TeamClient({
      origin,
      credential: () => (account === null ? Promise.resolve(null) : this.#deps.vault.get(account)),
      dispatcher: this.#deps.dispatcher
    })
  }

  /** The team's salt, read once per data file (a check hashes hundreds of values); null outside a team. */
  salt(): string | null {
    let db: BetterSqlite3.Database
    try {
      db = this.db()
    } catch {
      return null
    }
    if (this.#saltOf?.db !== db) this.#saltOf = { db, salt: this.state()?.salt ?? null }
    return this.#saltOf.salt
  }

  forgetSalt(): void {
    this.#saltOf = null
  }

  salted(state: Pick<TeamState, 'salt'>) {
    return (value: string) => teamHash(state.salt, value)
  }

  /** A call whose failure reaches the page as an error value in the recruiter's words. */
  async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call()
    } catch (error) {
      if (!(error instanceof TeamCallError)) throw error
      throw new AppError(codeOf(error), error.message)
    }
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
