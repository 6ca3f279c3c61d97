import type { Handlers } from '../ipc/router'
import type { BudgetsService } from './budgets-service'

/** Budgets: list, set or remove; the spend per month by feature and shortlist. */
export function budgetsHandlers(budgets: BudgetsService) {
  return {
    listBudgets: () => budgets.list(),
    setBudget: (input) => budgets.set(input),
    listSpend: (input) => budgets.spend(input)
  } satisfies Partial<Handlers>
}
