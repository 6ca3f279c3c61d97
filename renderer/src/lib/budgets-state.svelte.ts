import { getContext, setContext } from 'svelte'
import type { BudgetScope, BudgetState } from '../../../shared/ipc/channels/budgets'
import type { IpcError } from '../../../shared/ipc/errors'
import type { Client } from './client'
import { loaded, type Load } from './load'
import { RepliesAndEvents } from './replies-and-events'

/**
 * The credit budgets as the page knows them: read once, then kept current by main's
 * `budgetsChanged` (a budget set or removed, a purchase or a tool's spend anywhere), so the header
 * strip's warning and Usage move without a reload.
 */
export class BudgetsState {
  readonly #client: Client
  #budgets = $state.raw<Load<BudgetState[]>>({ state: 'idle' })
  /** budgetsChanged events: budgets a reply took before one of them are not shown over it. */
  readonly #told = new RepliesAndEvents<'budgets'>()

  constructor(client: Client) {
    this.#client = client
    client.on('budgetsChanged', ({ budgets }) => {
      this.#told.told('budgets')
      this.#budgets = { state: 'ready', value: budgets }
    })
  }

  get budgets(): Load<BudgetState[]> {
    return this.#budgets
  }

  /** Budgets at 75% or more, the fullest first: what the header strip warns of. */
  get warnings(): BudgetState[] {
    if (this.#budgets.state !== 'ready') return []
    return this.#budgets.value
      .filter((budget) => budget.level !== 'ok')
      .sort((a, b) => b.spent / b.credits - a.spent / a.credits)
  }

  /** The budget of a connection, shortlist or import batch, or null. */
  of(scope: BudgetScope, targetId: string): BudgetState | null {
    if (this.#budgets.state !== 'ready') return null
    return this.#budgets.value.find((budget) => budget.scope === scope && budget.targetId === targetId) ?? null
  }

  async load(): Promise<void> {
    if (this.#budgets.state !== 'ready') this.#budgets = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listBudgets({})
    if (!this.#told.newest('budgets', asked)) return
    if (reply.ok || this.#budgets.state !== 'ready') this.#budgets = loaded(reply, (data) => data.budgets)
  }

  /** Sets, changes or (credits null) removes a budget; the error when main refused. */
  async set(scope: BudgetScope, targetId: string, credits: number | null): Promise<IpcError | null> {
    const asked = this.#told.asked()
    const reply = await this.#client.setBudget({ scope, targetId, credits })
    if (!reply.ok) return reply.error
    if (this.#told.newest('budgets', asked)) this.#budgets = { state: 'ready', value: reply.data.budgets }
    return null
  }
}

/** "80% of 10 credits" — a budget's standing in words. */
export function budgetWords(budget: Pick<BudgetState, 'spent' | 'credits'>): string {
  const percent = Math.floor((budget.spent / budget.credits) * 100)
  return `${percent}% of ${budget.credits} ${budget.credits === 1 ? 'credit' : 'credits'}`
}

const CONTEXT = Symbol('budgets')

/** Makes the app's budgets reachable from any component below (a shortlist's or an import's budget). */
export function provideBudgets(budgets: BudgetsState): void {
  setContext(CONTEXT, budgets)
}

/** The app's budgets, or null where no app provides them (a component on its own, in a test). */
export function useBudgets(): BudgetsState | null {
  return getContext<BudgetsState | undefined>(CONTEXT) ?? null
}
