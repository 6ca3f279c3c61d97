import type { SpendMonth } from '../../../../shared/ipc/channels/budgets'
import type { Client } from '../../lib/client'
import { loaded, type Load } from '../../lib/load'
import { RepliesAndEvents } from '../../lib/replies-and-events'

export interface SpendOverview {
  connectionId: string
  monthlyBudget: number | null
  months: SpendMonth[]
}

export interface BudgetTarget {
  id: string
  name: string
}

/**
 * Usage → Budgets: the active connection's spend per month by feature and shortlist (from the
 * ledger), and the shortlists and import batches a budget can be set for. Read when the tab opens
 * and again when main says the budgets moved.
 */
export class SpendState {
  readonly #client: Client
  #spend = $state.raw<Load<SpendOverview>>({ state: 'idle' })
  #shortlists = $state.raw<BudgetTarget[]>([])
  #batches = $state.raw<BudgetTarget[]>([])
  /**
   * The events that read it again (budgetsChanged, connectionsChanged): a read asked before one of
   * them may answer after the read it asked (the browser host's answers travel apart) and is then
   * not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'spend'>()

  constructor(client: Client) {
    this.#client = client
  }

  /** Main said the budgets or the active connection changed: read again (an older read on its way gives way). */
  readAgain(): Promise<void> {
    this.#told.told('spend')
    return this.load()
  }

  get spend() {
    return this.#spend
  }
  get shortlists() {
    return this.#shortlists
  }
  get batches() {
    return this.#batches
  }

  async load(): Promise<void> {
    if (this.#spend.state !== 'ready') this.#spend = { state: 'loading' }
    const asked = this.#told.asked()
    const [spend, shortlists, batches] = await Promise.all([
      this.#client.listSpend({ months: 6 }),
      this.#client.listShortlists({}),
      this.#client.listImports({})
    ])
    if (!this.#told.newest('spend', asked)) return
    if (spend.ok || this.#spend.state !== 'ready') this.#spend = loaded(spend)
    if (shortlists.ok) this.#shortlists = shortlists.data.map((list) => ({ id: list.id, name: list.name }))
    if (batches.ok) this.#batches = batches.data.map((batch) => ({ id: batch.id, name: batch.fileName }))
  }
}

/** The features whose spend Usage shows, in the recruiter's words, in this order. */
export const spendFeatures = [
  ['search', 'Search'],
  ['contacts', 'Contacts'],
  ['tools', 'Tools'],
  ['import', 'Import'],
  ['watches', 'Watches']
] as const
