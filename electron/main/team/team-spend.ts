import { createHash } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type { Dispatcher } from 'undici'
import type { TeamSpendBook } from '../../../shared/ipc/channels/team-spend'
import { AppError } from '../../../shared/ipc/errors'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { ConnectionsPort, TeamAdmission, TeamPort, TeamSpendPort } from '../platform/ports'
import type { Clock, LedgerEntry } from '../store'
import type { StoreAccess } from '../store/store-access'
import type { SecretVault } from '../vault/secret-vault'
import { TeamCallError, TeamClient } from './team-client'
import { TeamRepo, type TeamState } from './team-repo'
import { credentialAccount } from './team-credential'

/*
 * The team's spend (issue #38 item 4.3), on the desk: every credit ledger row this desk writes is
 * shared as "spend.purchase" in the row's own transaction (the store tells us of each: one place,
 * so no spending path is missed), and the server books it in the team's book; a spend is admitted
 * against the team's monthly budget of its account before it is sent (POST /v1/budgets/admit, a
 * hold the booking ends or a release gives back); a connection's monthly budget is shared as
 * "budget.set". The account is the team-salted hash of the connection's service address and its
 * key's fingerprint (ConnectionsPort.accountIdentity), never the key.
 */

export const PURCHASE_KIND = 'spend.purchase'
export const BUDGET_KIND = 'budget.set'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The team hold of a spend: its purchase id when that is a uuid (a purchase's), else a uuid made from it (a tool call's request id). */
export function holdIdOf(purchaseId: string): string {
  if (UUID.test(purchaseId)) return purchaseId.toLowerCase()
  const hex = createHash('sha256').update(`hold:${purchaseId}`, 'utf8').digest('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

/** The month a spend counts in: the calendar month in this computer's time zone, as the local budgets count it. */
export function monthKey(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}`
}

export interface TeamSpendDeps {
  stores: StoreAccess
  clock: Clock
  vault: SecretVault
  dispatcher: Dispatcher
  logger: Pick<Logger, 'info' | 'warn'>
  team: TeamPort
  connections: () => ConnectionsPort
}

export class TeamSpend implements TeamSpendPort {
  readonly #deps: TeamSpendDeps
  /** Each connection's account identity (unsalted), learnt when it was last asked; dropped when connections change. */
  readonly #identities = new Map<string, string | null>()
  /** Holds whose spend was booked: the booking ends them on the server, a release must not race it. */
  readonly #booked = new Set<string>()

  constructor(deps: TeamSpendDeps) {
    this.#deps = deps
  }

  /** The connections (or their keys) changed: every identity is learnt again. */
  forgetAccounts(): void {
    this.#identities.clear()
  }

  /** The team-salted account of a connection, learnt now; null outside a team or without a key. */
  async account(connectionId: string): Promise<string | null> {
    if (!this.#deps.team.joined()) return null
    let identity: string | null
    try {
      identity = await this.#deps.connections().accountIdentity(connectionId)
    } catch (error) {
      this.#deps.logger.warn('team.account_unknown', { connectionId, error: errorMessage(error) })
      return null
    }
    this.#identities.set(connectionId, identity)
    return identity === null ? null : this.#deps.team.salted(identity)
  }

  /** The account as last learnt (in a transaction nothing is awaited), or undefined when never learnt. */
  #accountNow(connectionId: string): string | null | undefined {
    const identity = this.#identities.get(connectionId)
    if (identity === undefined) return undefined
    return identity === null ? null : this.#deps.team.salted(identity)
  }

  async admit(spend: {
    connectionId: string
    purchaseId: string
    credits: number
    overBudget: boolean
  }): Promise<TeamAdmission> {
    const state = this.#state()
    if (state === null) return { state: 'none' }
    const account = await this.account(spend.connectionId)
    if (account === null) return { state: 'none' }
    try {
      const answer = await this.#client(state).admit({
        holdId: holdIdOf(spend.purchaseId),
        account,
        month: monthKey(this.#deps.clock.now()),
        credits: spend.credits,
        overBudget: spend.overBudget
      })
      return {
        state: answer.admitted ? 'admitted' : 'refused',
        budget: answer.budget,
        spent: answer.spent,
        held: answer.held
      }
    } catch (error) {
      const message =
        error instanceof TeamCallError && !error.offline
          ? `The team server refused to check the team budget (${error.message}); only this desk’s budget was checked.`
          : 'The team budget cannot be checked (the team server cannot be reached); only this desk’s budget was checked.'
      this.#deps.logger.warn('team.budget_unchecked', { purchaseId: spend.purchaseId, error: errorMessage(error) })
      return { state: 'unchecked', message }
    }
  }

  release(purchaseId: string): void {
    const holdId = holdIdOf(purchaseId)
    if (this.#booked.delete(holdId)) return
    const state = this.#state()
    if (state === null) return
    // an unreleased hold expires on the server by itself: a failure here only holds it longer
    this.#client(state)
      .release(holdId)
      .catch((error: unknown) =>
        this.#deps.logger.warn('team.hold_not_released', { holdId, error: errorMessage(error) })
      )
  }

  async budgetSet(connectionId: string, credits: number | null): Promise<void> {
    const account = await this.account(connectionId)
    if (account === null) return
    const db = this.#db()
    db.transaction(() => this.#deps.team.share(BUDGET_KIND, { account, credits }))()
  }

  /**
   * A ledger row was written (in its transaction): a purchase that was answered is shared with the
   * team's book. Rows that spent nothing because the service refused, or that got no answer, are
   * not a spend the team books (their hold is released by the purchase's end).
   */
  recorded(entry: LedgerEntry): void {
    if (entry.outcome !== 'bought' || !this.#deps.team.joined()) return
    const account = this.#accountNow(entry.connectionId)
    if (account === null) return
    if (account === undefined) {
      // never learnt here (a spend no admission asked about): learnt now, shared just after
      void this.account(entry.connectionId).then((learnt) => {
        if (learnt !== null) this.#db().transaction(() => this.#share(entry, learnt))()
      })
      return
    }
    try {
      this.#share(entry, account)
    } catch (error) {
      // the ledger row is what was spent: it is kept even when the team's outbox cannot take its copy
      this.#deps.logger.warn('team.spend_not_shared', { purchaseId: entry.purchaseId, error: errorMessage(error) })
    }
  }

  #share(entry: LedgerEntry, account: string): void {
    const holdId = holdIdOf(entry.purchaseId)
    this.#booked.add(holdId)
    if (this.#booked.size > 1000) this.#booked.delete(this.#booked.values().next().value!)
    this.#deps.team.share(PURCHASE_KIND, {
      holdId,
      account,
      month: monthKey(new Date(entry.recordedAt)),
      credits: entry.creditsSpent ?? 0,
      connectionName: (this.#deps.connections().nameOf(entry.connectionId) ?? '').slice(0, 200),
      contactType: entry.contactType.slice(0, 60),
      people: entry.keys.length
    })
  }

  /** The team's book for a month, each account named by this desk's connection on it where there is one. */
  async book(month: string): Promise<TeamSpendBook> {
    const state = this.#state()
    if (state === null) return { state: 'none' }
    let answer
    try {
      answer = await this.#client(state).spendBook(month)
    } catch (error) {
      throw new AppError(
        error instanceof TeamCallError && !error.offline ? 'server_error' : 'network',
        `The team’s book cannot be read now: ${errorMessage(error)}`
      )
    }
    const names = await this.#localAccounts()
    const entries = answer.entries.map((entry) => ({
      seq: entry.seq,
      personName: entry.desk.personName,
      deskName: entry.desk.deskName,
      mine: entry.desk.deskId === state.deskId,
      account: entry.account,
      localConnection: names.get(entry.account) ?? null,
      connectionName: entry.connectionName,
      credits: entry.credits,
      contactType: entry.contactType,
      people: entry.people,
      bookedAt: entry.bookedAt,
      deskTime: entry.deskTime
    }))
    return {
      state: 'book',
      month: answer.month,
      entries,
      total: entries.reduce((sum, entry) => sum + entry.credits, 0),
      budgets: answer.budgets.map((budget) => ({
        account: budget.account,
        localConnection: names.get(budget.account) ?? null,
        credits: budget.credits,
        spent: entries.filter((entry) => entry.account === budget.account).reduce((sum, e) => sum + e.credits, 0)
      }))
    }
  }

  /** This desk's connections by their team-salted account. */
  async #localAccounts(): Promise<Map<string, string>> {
    const names = new Map<string, string>()
    const overview = await this.#deps.connections().overview()
    for (const connection of overview.connections) {
      const account = await this.account(connection.id)
      if (account !== null && !names.has(account)) names.set(account, connection.name)
    }
    return names
  }

  #state(): TeamState | null {
    try {
      return new TeamRepo(this.#db()).state()
    } catch {
      return null
    }
  }

  #db(): BetterSqlite3.Database {
    return this.#deps.stores.get().database.db
  }

  #client(state: Pick<TeamState, 'serverOrigin' | 'deskId'>): TeamClient {
    const account = credentialAccount(state.serverOrigin, state.deskId)
    return new TeamClient({
      origin: state.serverOrigin,
      credential: () => this.#deps.vault.get(account),
      dispatcher: this.#deps.dispatcher
    })
  }
}
