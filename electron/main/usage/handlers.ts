import type { Handlers } from '../ipc/router'
import type { UsageService } from './usage-service'

/** The service's transactions, this app's calls, and the credits ledger. */
export function usageHandlers(usage: UsageService) {
  return {
    listTransactions: (input) => usage.listTransactions(input),
    listCallLog: (input) => usage.listCallLog(input),
    listLedger: (input) => usage.listLedger(input)
  } satisfies Partial<Handlers>
}
