import type { PeopleHeld } from '../platform/event-bus'
import type {
  BoughtPerson,
  ContactPurchase,
  ContactQuote,
  Credits,
  PurchasePartSize
} from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { CreditCounts, Store } from '../store'
import type {
  BudgetHold,
  BudgetsPort,
  ConnectionsPort,
  DoNotContactPort,
  KnownPeoplePort,
  TeamHold,
  TeamPort
} from '../platform/ports'
import type { RequestRegistry } from '../ipc/request-registry'
import type { StoreAccess } from '../store/store-access'
import { boughtContacts } from './bought-contacts'
import { failureOf, resultKey } from './contact-answers'
import type { TolerantRecord } from '../api/partner-client'
import { shareBought } from './team-share'
import { serveFromTeam } from './team-served'
import { ContactPurchases } from './contact-purchases'
import { ContactQuotes, type QuotedCall } from './contact-quotes'
import { CreditsBalance } from './credits-balance'
import { PurchaseFollower, type PollTiming } from './purchase-follower'
import type { Paced } from '../pace/paces'
import { Turns } from '../work/turns'
import { PurchaseRequests } from './purchase-requests'
import { RunningPurchases } from './running-purchases'
import { partSizeFrom, partSizeSetting } from './purchase-parts'

export { defaultPollTiming, type PollTiming } from './purchase-follower'
export { failureOf } from './contact-answers'

export { QUOTE_TTL_MS } from '../work/held-quotes'

/**
 * Buying contact data without paying twice or by surprise: a quote from the local ledger first
 * (what is already bought is free), a confirmation that names the quote, then `New` for the new
 * keys only — sent once (never retried, one in-flight purchase per key and type; keys an earlier
 * unanswered purchase may have sold are first looked up with `Polling`, which is free) — then
 * `Polling` with backoff until every lookup has ended. The ledger records every spend, refusal
 * and uncertain spend with the counts before and after. The parts: the quotes (contact-quotes),
 * a purchase from its quote (contact-purchases), the balance (credits-balance), the requests in
 * parts (purchase-requests), following the lookups (purchase-follower) and the purchases under
 * way (running-purchases).
 */
export class ContactsService {
  readonly #quotes: ContactQuotes
  readonly #purchases: ContactPurchases
  readonly #running: RunningPurchases
  readonly #balance: CreditsBalance
  readonly #follower: PurchaseFollower
  /** A connection's spends one at a time (a purchase's `New` parts, a tool call that may spend). */
  readonly #spendTurns = new Turns()

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      events: EventHub
      requests: RequestRegistry
      logger: Logger
      /** Each connection's pace, shared by everything that calls it (purchases' requests go at it). */
      pace: (connectionId: string) => Paced
      /** Who must not be contacted (the do-not-contact feature), read when quoting. */
      doNotContact?: () => DoNotContactPort
      /** Whom the recruiter already has (the known-people feature), read when quoting. */
      knownPeople?: () => KnownPeoplePort
      /** Credit budgets (the budgets feature): each quote's lines, and every purchase checked before it is sent. */
      budgets?: () => BudgetsPort
      now?: () => number
      poll?: Partial<PollTiming>
      /** Told whose contact details were bought (the bus's peopleHeld: provenance). */
      held?: (held: PeopleHeld) => void
      /** The team (issue #38): what this desk buys is shared with it; null outside one. */
      team?: () => TeamPort | null
    }
  ) {
    const now = () => this.#now()
    const store = () => this.#store()
    this.#running = new RunningPurchases(deps.events)
    this.#quotes = new ContactQuotes({
      connections: deps.connections,
      store,
      running: this.#running,
      doNotContact: deps.doNotContact,
      knownPeople: deps.knownPeople,
      budgets: deps.budgets,
      now
    })
    this.#balance = new CreditsBalance({ ...deps, now })
    // what this desk bought goes to the team as it is saved: a colleague's quote then serves it free
    const saved = (quote: ContactQuote, results: TolerantRecord[], own: readonly string[] = quote.newKeys) => {
      const team = deps.team?.() ?? null
      if (team === null || !team.joined()) return
      const ours = new Set(own)
      const completed = results.flatMap((record) => {
        const key = resultKey(record)
        const value = record.value
        if (key === undefined || !ours.has(key) || value === null || typeof value !== 'object') return []
        const result = value as Record<string, unknown>
        return result['status'] === 'Completed' ? [{ key, result }] : []
      })
      if (completed.length > 0) shareBought(team, quote.contactType, completed, new Date(now()).toISOString())
    }
    const parts = new PurchaseRequests({
      store,
      pace: deps.pace,
      balance: this.#balance,
      logger: deps.logger,
      progress: (purchaseId, quote, statuses, done) =>
        this.#running.progress(
          purchaseId,
          this.#running.requestIdOf(purchaseId),
          quote.keys.map((key) => ({ key, status: statuses.get(key)?.status ?? null })),
          done
        ),
      ...(deps.held ? { held: deps.held } : {}),
      saved
    })
    this.#follower = new PurchaseFollower({
      connections: deps.connections,
      stores: deps.stores,
      store,
      requests: parts,
      balance: this.#balance,
      running: this.#running,
      logger: deps.logger,
      now,
      poll: deps.poll,
      saved
    })
    this.#purchases = new ContactPurchases({
      connections: deps.connections,
      requests: deps.requests,
      logger: deps.logger,
      store,
      quotes: this.#quotes,
      running: this.#running,
      parts,
      follower: this.#follower,
      inSpendTurn: (connectionId, work) => this.inSpendTurn(connectionId, work),
      ...(deps.held ? { held: deps.held } : {}),
      saved
    })
  }

  /** The active connection's balance as last seen. */
  credits(): Credits {
    return this.#balance.credits()
  }

  /** The balance, read again from the service when the last seen one is too old (free). */
  refreshCredits(input: HandlerInput<'refreshCredits'>): Promise<Credits> {
    return this.#balance.refresh(input)
  }

  contactsFor({ keys }: HandlerInput<'contactsFor'>): Record<string, unknown[]> {
    const connection = this.deps.connections.active()
    let store: Store
    try {
      store = this.deps.stores.get()
    } catch {
      return {}
    }
    // A Map, then own entries: a key such as `__proto__` or `constructor` is a key like any other.
    const out = new Map<string, unknown[]>()
    for (const type of ['Email', 'Phone']) {
      for (const [key, stored] of store.contacts.latestByKeys(connection.id, type, keys)) {
        const results = out.get(key) ?? []
        results.push(stored.result)
        out.set(key, results)
      }
    }
    return Object.fromEntries(out)
  }

  /** Everyone with contact data on the active connection, with the purchases running now. */
  listBought(filter: HandlerInput<'listBoughtContacts'>): {
    connectionId: string
    people: BoughtPerson[]
    total: number
  } {
    const connection = this.deps.connections.active()
    let store: Store
    try {
      store = this.deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        'Talent Desk cannot list bought contacts while the saved data is not open. See the banner at the top.'
      )
    }
    const running = this.#running.on(connection.id)
    const list = boughtContacts(
      store.contacts.latestPerPerson(connection.id),
      running,
      { savedNames: (keys) => store.contacts.savedNames(keys), explain: failureOf },
      filter
    )
    return { connectionId: connection.id, ...list }
  }

  quote(input: HandlerInput<'quoteContacts'>): ContactQuote {
    return this.#quotes.price(input)
  }

  /**
   * A purchase made by a tool call (the Tools screen), confirmed with a quote from `quote`: the
   * quote is taken (one use), must be for this connection, type and these people, and still true;
   * its new keys are claimed — no other purchase buys them meanwhile — until `release`. The call
   * is then sent for the quote's `keys` only: people it left out (do not contact, already in your
   * ATS) are not looked up, as on every other screen. The caller releases the budget hold once the
   * call's spend is in the ledger.
   */
  /** Asks the team's budget about a spend of this quote before it is confirmed (ContactQuotes.acrossTeam). */
  acrossTeam(quoteId: string, purchaseId: string, overBudget: boolean): Promise<TeamHold> {
    return this.#quotes.acrossTeam(quoteId, purchaseId, overBudget)
  }

  confirmForTool(
    quoteId: string,
    call: QuotedCall,
    spend?: { purchaseId: string; overBudget: boolean }
  ): { quote: ContactQuote; release: () => void; hold: BudgetHold } {
    const { quote: taken, hold } = this.#quotes.takeForTool(quoteId, call, spend)
    // people a colleague of the team bought: served from the team's copy now, never sent with the
    // call; one whose copy was erased since the quote (forgotten at their request) is re-checked by
    // the same serveFromTeam and not sent either, as a purchase of the app's own does not buy them
    const fromTeam = new Set((taken.fromTeam ?? []).map((copy) => copy.key))
    if (fromTeam.size > 0) serveFromTeam(this.#store(), taken, spend?.purchaseId ?? `tool-${quoteId}`, this.deps.held)
    const quote = fromTeam.size === 0 ? taken : { ...taken, keys: taken.keys.filter((key) => !fromTeam.has(key)) }
    this.#running.claim(quote.connectionId, quote.contactType, quote.newKeys, `tool-${quoteId}`)
    return {
      quote,
      hold,
      release: () => this.#running.release(quote.connectionId, quote.contactType, quote.newKeys)
    }
  }

  /**
   * Runs `work` when no other spend on the connection is under way, and holds the next until it
   * ends: a tool call that may spend reads the balance before and after itself, and a purchase
   * of the app's own in between would be counted twice in the ledger.
   */
  inSpendTurn<T>(connectionId: string, work: () => Promise<T>): Promise<T> {
    return this.#spendTurns.run(connectionId, work)
  }

  recordToolCounts(connectionId: string, counts: { available: number; used?: number }): CreditCounts {
    return this.#store().contacts.recordCounts(counts, undefined, connectionId)
  }

  saveToolContacts(
    connectionId: string,
    results: Array<Record<string, unknown>>,
    call: { contactType: string; requestType: 'New' | 'Polling' }
  ): void {
    this.#store().contacts.saveResponse({ results, count: null }, { ...call, connectionId })
  }

  lastCounts(connectionId: string): CreditCounts | undefined {
    return this.#store().contacts.latestCountsFor(connectionId)
  }

  /** Buys the contact data a confirmed quote priced (ContactPurchases). */
  buy(input: HandlerInput<'buyContacts'>): Promise<ContactPurchase> {
    return this.#purchases.buy(input)
  }

  /** People per purchase request on a connection: the one set or learnt, else the default. */
  partSize({ connectionId }: HandlerInput<'getPurchasePartSize'>): PurchasePartSize {
    if (this.deps.connections.nameOf(connectionId) === null) notFound(connectionId)
    const stored = this.#store().settings.get(partSizeSetting(connectionId))
    return { connectionId, size: partSizeFrom(stored), isDefault: stored === null }
  }

  /** Sets the size a connection's purchase requests carry (null: back to the default). */
  setPartSize({ connectionId, size }: HandlerInput<'setPurchasePartSize'>): PurchasePartSize {
    if (this.deps.connections.nameOf(connectionId) === null) notFound(connectionId)
    const settings = this.#store().settings
    if (size === null) settings.delete(partSizeSetting(connectionId))
    else settings.set(partSizeSetting(connectionId), String(size))
    return this.partSize({ connectionId })
  }

  /** Follows again, at start, the lookups a purchase was following when Talent Desk stopped. */
  resumeFollowing(): Promise<void> {
    return this.#follower.resumeFollowing()
  }

  /** Stops following every purchase (the app is closing); the lookups go on at the service. */
  close(): void {
    this.#follower.close()
  }

  #store(): Store {
    try {
      return this.deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        'Talent Desk cannot buy contacts while the saved data is not open: the ledger keeps you from paying twice. See the banner at the top.'
      )
    }
  }

  #now(): number {
    return (this.deps.now ?? Date.now)()
  }
}

function notFound(connectionId: string): never {
  throw new AppError('not_found', `There is no connection with id ${connectionId}. Reload Settings.`)
}
