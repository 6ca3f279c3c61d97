import type BetterSqlite3 from 'better-sqlite3'
import {
  budgetLevel,
  type BudgetLine,
  type BudgetScope,
  type BudgetState,
  type SpendFeature,
  type SpendMonth,
  type SpentFor
} from '../../../shared/ipc/channels/budgets'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import { errorMessage } from '../../../shared/error-message'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { BudgetHold, BudgetNewsPort, ConnectionsPort, TeamHold, TeamSpendPort } from '../platform/ports'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import {
  budgetOf,
  listBudgets,
  monthOf,
  setBudget,
  spendSums,
  spentBy,
  spentOn,
  tagSpend,
  type BudgetRow,
  type Period
} from './budget-ledger'

/** A spend about to be sent: its price when the quote knows it (null: a tool call nobody can price). */
export interface SpendToAdmit {
  connectionId: string
  /** The id its ledger rows will carry (a purchase's id, a tool call's request id). */
  purchaseId: string
  credits: number | null
  spentFor: SpentFor | undefined
  /** The recruiter lifted the budgets for this one purchase (the confirmation's flag). */
  overBudget: boolean
}

/** A spend admitted and not yet released: what it holds of the budgets. */
interface Hold {
  connectionId: string
  purchaseId: string
  credits: number
  shortlistId: string | null
  batchId: string | null
}

/**
 * Credit budgets: a limit per connection (each calendar month in the computer's time zone), per
 * shortlist and per import batch, with what each has spent summed from the ledger. A spend that
 * would take one past 100% is refused (an error value naming it) unless lifted for that one
 * purchase; each budget's 75% and 100% are told once per period in Activity, and every change
 * reaches the page as `budgetsChanged`.
 */
export class BudgetsService {
  /** Spends admitted and not yet released, on every connection. */
  readonly #holds = new Set<Hold>()

  constructor(
    private readonly deps: {
      stores: StoreAccess
      clock: Clock
      connections: ConnectionsPort
      events: EventHub
      logger: Logger
      /** Activity, told when a budget reaches 75% and 100% (read when used: it comes later in the list). */
      news?: () => BudgetNewsPort
      /** The team's budgets and book (the team feature): its monthly budget per account, across desks. */
      team?: () => TeamSpendPort
    }
  ) {}

  list(): { budgets: BudgetState[] } {
    const db = this.#db()
    const period = this.#period()
    return { budgets: listBudgets(db).flatMap((row) => this.#state(db, row, period) ?? []) }
  }

  /** Sets or removes a budget; a connection's monthly budget is shared with the team (for its account) when in one. */
  async set(input: HandlerInput<'setBudget'>): Promise<{ budgets: BudgetState[] }> {
    const listed = this.#setHere(input)
    if (input.scope === 'connection') await this.deps.team?.().budgetSet(input.targetId, input.credits)
    return listed
  }

  #setHere({ scope, targetId, credits }: HandlerInput<'setBudget'>): { budgets: BudgetState[] } {
    const db = this.#db()
    if (credits !== null && this.#nameOf(db, scope, targetId) === null) {
      throw new AppError(
        'not_found',
        `There is no ${scopeWords[scope]} with id ${targetId} any more. Reload the screen.`
      )
    }
    setBudget(db, { scope, targetId, credits }, isoNow(this.deps.clock))
    const listed = this.list()
    this.deps.events.emit('budgetsChanged', listed)
    return listed
  }

  /**
   * What a spend of `credits` would bring each budget it falls under to (credits null: unknown),
   * counting the spends admitted and not yet settled (their holds) as spent.
   */
  preview(connectionId: string, credits: number | null, spentFor: SpentFor | undefined): BudgetLine[] {
    return this.#lines(this.#db(), connectionId, credits, spentFor).map(({ line }) => line)
  }

  /**
   * Before a spend is sent, in one step (no await between the check and the hold): refused when it
   * would take a budget past 100% — counting what the ledger holds and what spends admitted before
   * it still hold — and the recruiter did not lift it for this purchase; else it holds its quoted
   * credits (a price nobody knows holds one: it may spend) against each budget it falls under until
   * `release`, and is tagged with where it was made from, so the ledger rows it writes count
   * against that shortlist's or batch's budget and feature. While held, a spend counts as the
   * larger of its hold and what the ledger has recorded for it so far: released once it has ended,
   * the ledger alone says what it spent.
   */
  admit(spend: SpendToAdmit): BudgetHold {
    const db = this.#db()
    const crossing = this.#lines(db, spend.connectionId, spend.credits, spend.spentFor).filter(
      ({ line }) => line.crosses
    )
    if (crossing.length > 0 && !spend.overBudget) {
      const { line: first, held } = crossing[0]!
      const price =
        spend.credits === null ? 'any credit' : `${spend.credits} ${spend.credits === 1 ? 'credit' : 'credits'}`
      const holding = held > 0 ? `, ${held} more held by ${held === 1 ? 'a spend' : 'spends'} under way` : ''
      throw new AppError(
        'conflict',
        `Over budget: ${price} would take ${first.name} past its budget (${first.spent} of ${first.credits} credits spent${holding}). Nothing was spent. Confirm “Buy over budget” to go past it for this purchase only, or raise the budget.`,
        { overBudget: crossing.map(({ line }) => line) }
      )
    }
    if (crossing.length > 0) {
      this.deps.logger.info('budgets.lifted', {
        purchaseId: spend.purchaseId,
        budgets: crossing.map(({ line }) => `${line.scope}:${line.targetId}`).join(',')
      })
    }
    tagSpend(
      db,
      {
        purchaseId: spend.purchaseId,
        connectionId: spend.connectionId,
        spentFor: spend.spentFor ?? { feature: 'contacts' }
      },
      isoNow(this.deps.clock)
    )
    const hold: Hold = {
      connectionId: spend.connectionId,
      purchaseId: spend.purchaseId,
      credits: spend.credits ?? 1,
      shortlistId: spend.spentFor?.shortlistId ?? null,
      batchId: spend.spentFor?.batchId ?? null
    }
    this.#holds.add(hold)
    return { release: () => void this.#holds.delete(hold) }
  }

  /**
   * The team's monthly budget of the spend's account, asked before it is sent (BudgetsPort.acrossTeam):
   * refused with the same words and details as a local refusal; offline, a note and the local budgets.
   */
  async acrossTeam(spend: {
    connectionId: string
    purchaseId: string
    credits: number
    overBudget: boolean
  }): Promise<TeamHold> {
    const team = this.deps.team?.()
    if (team === undefined || spend.credits === 0) return { release: () => undefined, note: null }
    const answer = await team.admit(spend)
    if (answer.state === 'none') return { release: () => undefined, note: null }
    if (answer.state === 'unchecked') return { release: () => undefined, note: answer.message }
    const release = () => team.release(spend.purchaseId)
    if (answer.state === 'admitted') {
      if (spend.overBudget && answer.budget !== null && answer.spent + answer.held > answer.budget) {
        this.deps.logger.info('budgets.team_lifted', { purchaseId: spend.purchaseId })
      }
      return { release, note: null }
    }
    const budget = answer.budget ?? 0
    const before = answer.spent + answer.held
    const name = `the team’s budget for ${this.deps.connections.nameOf(spend.connectionId) ?? 'this account'} this month`
    const line: BudgetLine = {
      scope: 'connection',
      targetId: spend.connectionId,
      name,
      credits: budget,
      spent: before,
      level: budgetLevel(before, budget),
      period: monthOf(this.deps.clock.now()).key,
      after: before + spend.credits,
      levelAfter: budgetLevel(before + spend.credits, budget),
      crosses: true
    }
    const price = `${spend.credits} ${spend.credits === 1 ? 'credit' : 'credits'}`
    const holding = answer.held > 0 ? `, ${answer.held} more held by colleagues’ spends under way` : ''
    throw new AppError(
      'conflict',
      `Over budget: ${price} would take ${name} past it (${answer.spent} of ${budget} credits spent across the team${holding}). Nothing was spent. Confirm “Buy over budget” to go past it for this purchase only, or raise the budget.`,
      { overBudget: [line] }
    )
  }

  /** Each budget a spend falls under, what it would bring it to, and what spends under way hold of it. */
  #lines(
    db: BetterSqlite3.Database,
    connectionId: string,
    credits: number | null,
    spentFor: SpentFor | undefined
  ): Array<{ line: BudgetLine; held: number }> {
    const period = this.#period()
    const rows: Array<BudgetRow | null> = [
      budgetOf(db, 'connection', connectionId),
      spentFor?.shortlistId === undefined ? null : budgetOf(db, 'shortlist', spentFor.shortlistId),
      spentFor?.batchId === undefined ? null : budgetOf(db, 'batch', spentFor.batchId)
    ]
    return rows.flatMap((row) => {
      const state = row === null ? null : this.#state(db, row, period)
      if (state === null) return []
      const held = this.#heldAgainst(db, row!)
      const before = state.spent + held
      const after = before + (credits ?? 0)
      return [
        {
          held,
          line: {
            ...state,
            after,
            levelAfter: budgetLevel(after, state.credits),
            // a price nobody knows crosses a budget already used up: any credit would go past it
            crosses: credits === null ? before >= state.credits : credits > 0 && after > state.credits
          }
        }
      ]
    })
  }

  /** Credits the spends under way hold of a budget beyond what the ledger has recorded for them. */
  #heldAgainst(db: BetterSqlite3.Database, row: BudgetRow): number {
    let held = 0
    for (const hold of this.#holds) {
      const under =
        row.scope === 'connection'
          ? hold.connectionId === row.targetId
          : row.scope === 'shortlist'
            ? hold.shortlistId === row.targetId
            : hold.batchId === row.targetId
      if (!under) continue
      held += Math.max(0, hold.credits - spentBy(db, hold.connectionId, hold.purchaseId))
    }
    return held
  }

  /**
   * The balance changed (a purchase's part, a tool's spend): each budget at 75% or 100% is told in
   * Activity (once per budget, period and level: the entry's source key, so a restart or the next
   * spend never tells it twice), and the page hears the budgets again (the header strip's warning).
   */
  spent(): void {
    let listed: { budgets: BudgetState[] }
    try {
      listed = this.list()
    } catch {
      return // the store is not open: nothing was recorded either
    }
    if (listed.budgets.length === 0) return
    for (const budget of listed.budgets) {
      if (budget.level === 'ok') continue
      try {
        this.deps.news?.().budgetReached({
          connectionId: budget.scope === 'connection' ? budget.targetId : null,
          text: `${budget.level === 'reached' ? 'Budget reached' : 'Budget past 75%'}: ${budget.name} has spent ${budget.spent} of ${budget.credits} credits`,
          // 75% and 100% are two pieces of news; each once per budget and period
          sourceKey: `budget:${budget.scope}:${budget.targetId}:${budget.period ?? 'all'}:${budget.level}`
        })
      } catch (error) {
        this.deps.logger.warn('budgets.activity_not_told', { error: errorMessage(error) })
      }
    }
    this.deps.events.emit('budgetsChanged', listed)
  }

  /** The active connection's spend per month, newest first, by feature and shortlist. */
  spend({ months }: HandlerInput<'listSpend'>): {
    connectionId: string
    monthlyBudget: number | null
    months: SpendMonth[]
  } {
    const db = this.#db()
    const connectionId = this.deps.connections.active().id
    const now = this.deps.clock.now()
    const periods = Array.from({ length: months }, (_, back) =>
      monthOf(new Date(now.getFullYear(), now.getMonth() - back, 1))
    )
    const byKey = new Map<string, SpendMonth>(
      periods.map((period) => [
        period.key,
        { month: period.key, total: 0, byFeature: emptyFeatures(), byShortlist: [] }
      ])
    )
    const shortlists = new Map<string, Map<string, number>>()
    for (const row of spendSums(db, connectionId, periods.at(-1)!.from)) {
      const month = monthOf(new Date(row.recordedAt)).key
      const sum = byKey.get(month)
      if (sum === undefined) continue
      sum.total += row.credits
      sum.byFeature[row.feature] = (sum.byFeature[row.feature] ?? 0) + row.credits
      if (row.shortlistId !== null) {
        const perMonth = shortlists.get(month) ?? new Map<string, number>()
        perMonth.set(row.shortlistId, (perMonth.get(row.shortlistId) ?? 0) + row.credits)
        shortlists.set(month, perMonth)
      }
    }
    for (const [month, perShortlist] of shortlists) {
      byKey.get(month)!.byShortlist = [...perShortlist]
        .map(([shortlistId, credits]) => ({
          shortlistId,
          name: this.#nameOf(db, 'shortlist', shortlistId) ?? 'A deleted shortlist',
          credits,
          budget: budgetOf(db, 'shortlist', shortlistId)?.credits ?? null
        }))
        .sort((a, b) => b.credits - a.credits)
    }
    return {
      connectionId,
      monthlyBudget: budgetOf(db, 'connection', connectionId)?.credits ?? null,
      months: [...byKey.values()]
    }
  }

  #state(db: BetterSqlite3.Database, row: BudgetRow, period: Period): BudgetState | null {
    const name = this.#nameOf(db, row.scope, row.targetId)
    if (name === null) return null // its connection, shortlist or batch is gone
    const spent = spentOn(db, row.scope, row.targetId, period)
    return {
      scope: row.scope,
      targetId: row.targetId,
      name:
        row.scope === 'connection'
          ? `${name} this month`
          : row.scope === 'shortlist'
            ? `shortlist ‘${name}’`
            : `import ‘${name}’`,
      credits: row.credits,
      spent,
      level: budgetLevel(spent, row.credits),
      period: row.scope === 'connection' ? period.key : null
    }
  }

  /** The budget's holder in the recruiter's words, or null when it no longer exists. */
  #nameOf(db: BetterSqlite3.Database, scope: BudgetScope, targetId: string): string | null {
    if (scope === 'connection') return this.deps.connections.nameOf(targetId)
    if (scope === 'shortlist') {
      const name = db.prepare('SELECT name FROM shortlists WHERE id = ? AND deleted_at IS NULL').pluck().get(targetId)
      return typeof name === 'string' ? name : null
    }
    const file = db.prepare('SELECT file_name FROM import_batches WHERE id = ?').pluck().get(targetId)
    return typeof file === 'string' ? file : null
  }

  #period(): Period {
    return monthOf(this.deps.clock.now())
  }

  #db(): BetterSqlite3.Database {
    try {
      return this.deps.stores.get().database.db
    } catch {
      throw new AppError(
        'store_error',
        'Talent Desk cannot read the budgets while its saved data is not open. See the banner at the top.'
      )
    }
  }
}

const scopeWords: Record<BudgetScope, string> = { connection: 'connection', shortlist: 'shortlist', batch: 'import' }

function emptyFeatures(): Record<SpendFeature, number> {
  return { search: 0, contacts: 0, tools: 0, import: 0, watches: 0 }
}
