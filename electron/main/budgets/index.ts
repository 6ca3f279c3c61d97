import type { FeatureContribution } from '../platform/contribution'
import { BudgetsService } from './budgets-service'
import { budgetsHandlers } from './handlers'
import { personalDataOwner } from './personal-data'

/**
 * Credit budgets (issue #32 item 3): per connection each month, per shortlist, per import batch.
 * Spending paths check them through the port `budgets` before they send; what a budget has spent
 * is read from the credit ledger. It hears every change of balance (`creditsChanged`, which
 * follows each ledger entry) to tell the page where the budgets stand.
 */
export const contribution = {
  name: 'budgets',
  create(context) {
    const budgets = new BudgetsService({
      stores: context.stores,
      clock: context.clock,
      connections: context.port('connections'),
      events: context.events,
      logger: context.logger,
      news: () => context.port('budgetNews'),
      team: () => context.port('teamSpend')
    })
    const unsubscribe = context.events.subscribe((name) => {
      if (name === 'creditsChanged') budgets.spent()
    })
    return {
      handlers: budgetsHandlers(budgets),
      provides: {
        budgets: {
          preview: (connectionId, credits, spentFor) => budgets.preview(connectionId, credits, spentFor),
          admit: (spend) => budgets.admit(spend),
          acrossTeam: (spend) => budgets.acrossTeam(spend)
        }
      },
      close: () => void unsubscribe(),
      personalData: personalDataOwner(() => context.stores.get())
    }
  }
} satisfies FeatureContribution<unknown>
