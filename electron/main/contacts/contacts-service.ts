import type { PeopleHeld } from '../platform/event-bus'
import { randomUUID } from 'node:crypto'
import type {
  BoughtPerson,
  ContactPurchase,
  ContactQuote,
  ContactStatus,
  Credits,
  PurchasePartSize
} from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { PartnerClient } from '../api/partner-client'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { CreditCounts, Store } from '../store'
import type { BudgetHold, BudgetsPort, ConnectionsPort, DoNotContactPort, KnownPeoplePort } from '../platform/ports'
import type { RequestRegistry } from '../ipc/request-registry'
import type { StoreAccess } from '../store/store-access'
import { boughtContacts } from './bought-contacts'
import { applyResults, countsOf, failureOf, saveAnswer } from './contact-answers'
import { CreditsBalance } from './credits-balance'
import { HeldQuotes, QUOTE_TTL_MS } from '../work/held-quotes'
import { PurchaseFollower, type PollTiming } from './purchase-follower'
import type { Paced } from '../pace/paces'
import { Turns } from '../work/turns'
import { PurchaseRequests, type Bought } from './purchase-requests'
import { RunningPurchases } from './running-purchases'
import { partSizeFrom, partSizeSetting } from './purchase-parts'
import { peopleToCheck } from '../personal-data/held-traits'

/** No budgets to hold against (no budgets feature). */
const noHold: BudgetHold = { release: () => undefined }

export { defaultPollTiming, type PollTiming } from './purchase-follower'
export { failureOf } from './contact-answers'

export { QUOTE_TTL_MS } from '../work/held-quotes'

/**
 * Buying contact data without paying twice or by surprise: a quote from the local ledger first
 * (what is already bought is free), a confirmation that names the quote, then `New` for the new
 * keys only — sent once (never retried, one in-flight purchase per key and type; keys an earlier
 * unanswered purchase may have sold are first looked up with `Polling`, which is free) — then
 * `Polling` with backoff until every lookup has ended. The ledger records every spend, refusal
 * and uncertain spend with the counts before and after. The parts: the balance
 * (credits-balance), the requests in parts (purchase-requests), following the lookups
 * (purchase-follower) and the purchases under way (running-purchases).
 */
export class ContactsService {
  readonly #quotes: HeldQuotes<ContactQuote>
  readonly #running: RunningPurchases
  readonly #balance: CreditsBalance
  readonly #requests: PurchaseRequests
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
    }
  ) {
    const now = () => this.#now()
    const store = () => this.#store()
    this.#quotes = new HeldQuotes(now)
    this.#running = new RunningPurchases(deps.events)
    this.#balance = new CreditsBalance({ ...deps, now })
    this.#requests = new PurchaseRequests({
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
      ...(deps.held ? { held: deps.held } : {})
    })
    this.#follower = new PurchaseFollower({
      connections: deps.connections,
      stores: deps.stores,
      store,
      requests: this.#requests,
      balance: this.#balance,
      running: this.#running,
      logger: deps.logger,
      now,
      poll: deps.poll
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

  quote({
    keys,
    contactType,
    includeSuppressed,
    includeKnown,
    people,
    spentFor
  }: HandlerInput<'quoteContacts'>): ContactQuote {
    const store = this.#store()
    const connection = this.deps.connections.active()
    const asked = [...new Set(keys)]
    const suppressed =
      includeSuppressed === true || this.deps.doNotContact === undefined
        ? []
        : this.deps
            .doNotContact()
            // by key, and by the emails and handles the app holds for them (bought, saved)
            .check(peopleToCheck(store.database.db, asked))
            .map(({ index }) => asked[index]!)
    const allowed = suppressed.length === 0 ? asked : asked.filter((key) => !suppressed.includes(key))
    // people already in your ATS: left out unless asked to keep them (includeKnown), by the one
    // check every mark and export uses, given what the screen holds of each key (the port adds
    // what main holds of them)
    const shown = new Map((people ?? []).flatMap((person) => (person.key === undefined ? [] : [[person.key, person]])))
    const known =
      includeKnown === true || this.deps.knownPeople === undefined || allowed.length === 0
        ? []
        : [
            ...new Set(
              this.deps
                .knownPeople()
                .check(
                  allowed.map((key) => ({ ...shown.get(key), key })),
                  connection.id
                )
                .map(({ index }) => allowed[index]!)
            )
          ]
    const unique = known.length === 0 ? allowed : allowed.filter((key) => !known.includes(key))
    const bought = store.ledger.bought(connection.id, contactType, unique)
    const inFlight = unique.filter(
      (key) => !bought.has(key) && this.#running.isClaimed(connection.id, contactType, key)
    )
    const newKeys = unique.filter((key) => !bought.has(key) && !inFlight.includes(key))
    const counts = store.contacts.latestCountsFor(connection.id)
    const now = this.#now()
    const quote: ContactQuote = {
      quoteId: randomUUID(),
      connectionId: connection.id,
      contactType,
      keys: unique,
      alreadyBought: unique.filter((key) => bought.has(key)),
      inFlight,
      newKeys,
      suppressed,
      known,
      creditsNeeded: newKeys.length,
      available: counts?.available ?? null,
      availableSeenAt: counts?.recordedAt ?? null,
      expiresAt: new Date(now + QUOTE_TTL_MS).toISOString(),
      ...(spentFor === undefined ? {} : { spentFor }),
      budgets: this.deps.budgets?.().preview(connection.id, newKeys.length, spentFor) ?? []
    }
    this.#quotes.hold(quote)
    return quote
  }

  /**
   * A purchase made by a tool call (the Tools screen), confirmed with a quote from `quote`: the
   * quote is taken (one use), must be for this connection, type and these people, and still true;
   * its new keys are claimed — no other purchase buys them meanwhile — until `release`. The call
   * is then sent for the quote's `keys` only: people it left out (do not contact, already in your
   * ATS) are not looked up, as on every other screen.
   */
  confirmForTool(
    quoteId: string,
    call: { connectionId: string; contactType: ContactQuote['contactType']; keys: readonly string[] },
    spend?: { purchaseId: string; overBudget: boolean }
  ): { quote: ContactQuote; release: () => void; hold: BudgetHold } {
    // admitted and held against the budgets in one step; the caller releases the hold once the
    // call's spend is in the ledger
    let hold: BudgetHold = noHold
    const quote = this.#quotes.take(quoteId, (held) => {
      hold =
        this.deps.budgets?.().admit({
          connectionId: held.connectionId,
          purchaseId: spend?.purchaseId ?? `tool-${quoteId}`,
          credits: held.creditsNeeded,
          spentFor: { feature: 'tools' },
          overBudget: spend?.overBudget === true
        }) ?? noHold
    })
    try {
      this.#confirmsCall(quote, call)
    } catch (error) {
      hold.release()
      throw error
    }
    this.#running.claim(quote.connectionId, quote.contactType, quote.newKeys, `tool-${quoteId}`)
    return {
      quote,
      hold,
      release: () => this.#running.release(quote.connectionId, quote.contactType, quote.newKeys)
    }
  }

  /** Refused unless the quote was made for this call and is still true. */
  #confirmsCall(
    quote: ContactQuote,
    call: { connectionId: string; contactType: ContactQuote['contactType']; keys: readonly string[] }
  ): void {
    const same = (a: readonly string[], b: readonly string[]) =>
      a.length === b.length && [...a].sort().every((key, i) => key === [...b].sort()[i])
    // the quote was asked for the call's people: those it prices and those it left out
    const asked = [...quote.keys, ...quote.suppressed, ...(quote.known ?? [])]
    if (
      quote.connectionId !== call.connectionId ||
      quote.contactType !== call.contactType ||
      !same(asked, [...new Set(call.keys)])
    ) {
      throw new AppError(
        'conflict',
        'The call is not the one this quote was for (other people, another contact type or another connection). Ask for a new quote; nothing was spent.'
      )
    }
    this.#stillTrue(quote)
  }

  /** Refused when something was bought or started since the quote was made: its price is no longer true. */
  #stillTrue(quote: ContactQuote): void {
    const boughtNow = this.#store().ledger.bought(quote.connectionId, quote.contactType, quote.newKeys)
    const busyNow = quote.newKeys.filter((key) => this.#running.isClaimed(quote.connectionId, quote.contactType, key))
    if (boughtNow.size > 0 || busyNow.length > 0) {
      throw new AppError(
        'conflict',
        'Some of these people were bought since the quote was made. Ask for a new quote; nothing was spent.'
      )
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

  async buy({ quoteId, requestId, overBudget }: HandlerInput<'buyContacts'>): Promise<ContactPurchase> {
    // One use per quote: a second click with the same quote is refused, never a second purchase.
    const purchaseId = randomUUID()
    // Past a budget only when lifted for this purchase (refused, the quote stays good for that);
    // its ledger rows count for where it was made.
    // Admitted and held against the budgets in the same step (nothing awaited between): a second
    // purchase or tool call admitted meanwhile counts this one's credits, until it has ended.
    let hold: BudgetHold = noHold
    const quote = this.#quotes.take(quoteId, (held) => {
      hold =
        this.deps.budgets?.().admit({
          connectionId: held.connectionId,
          purchaseId,
          credits: held.creditsNeeded,
          spentFor: held.spentFor,
          overBudget: overBudget === true
        }) ?? noHold
    })
    try {
      this.#stillTrue(quote)
    } catch (error) {
      hold.release()
      throw error
    }
    // Claimed before anything is awaited, so a second window asking at the same moment sees it.
    this.#running.claim(quote.connectionId, quote.contactType, quote.newKeys, purchaseId)
    this.#running.start({
      purchaseId,
      requestId,
      connectionId: quote.connectionId,
      contactType: quote.contactType,
      keys: quote.keys
    })
    const ended = (error: unknown) => {
      // Refused, cancelled or cut off: whoever follows this purchase (the Contacts list) learns it ended.
      this.#running.progress(
        purchaseId,
        requestId,
        quote.keys.map((key) => ({ key, status: this.#running.statusOf(purchaseId, key) })),
        true
      )
      if (error !== null) this.deps.logger.warn('contacts.following_ended', { purchaseId, error: String(error) })
    }
    const release = () => {
      this.#running.end(purchaseId)
      this.#running.release(quote.connectionId, quote.contactType, quote.newKeys)
    }
    let following: Promise<ContactPurchase> | null = null
    let spending: Promise<Bought> | null = null
    try {
      const { client } = await this.deps.connections.client(quote.connectionId)
      return await this.deps.requests.run(requestId, async (signal) => {
        // its budget hold ends with its spend (the ledger written), bought, refused or failed
        spending = this.#run(client, quote, purchaseId, requestId, signal).finally(() => hold.release())
        const bought = await spending
        // Following the lookups (free Polling) does not stop with the dialog: a recruiter who
        // stops waiting gets `cancelled` at once, and the lookups are followed to their end in
        // the background, where the Contacts list shows them.
        following = this.#follower.follow(client, quote, purchaseId, requestId, bought)
        return await untilStopped(following, signal)
      })
    } catch (error) {
      if (following === null) ended(null)
      throw asStopped(error)
    } finally {
      if (spending === null) hold.release()
      const background = following as Promise<ContactPurchase> | null
      if (background === null) release()
      else background.catch((error: unknown) => ended(error)).finally(release)
    }
  }

  async #run(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    requestId: string,
    signal: AbortSignal
  ): Promise<Bought> {
    const type = quote.contactType
    const statuses = new Map<string, ContactStatus>()
    let outcome: ContactPurchase['outcome'] = 'none'
    let creditsSpent = 0
    let available = quote.available
    let used: number | null = null

    // Some of these may have been sold already by a purchase that got no answer. Polling (free)
    // says which: those are marked bought with that purchase and never bought again. If the
    // check itself fails, nothing is bought (the error says why; the recruiter tries again).
    let toBuy = quote.newKeys
    const uncertain = this.#store().ledger.uncertain(quote.connectionId, type, quote.newKeys)
    if (uncertain.size > 0) {
      const answer = await this.#requests.poll(
        client,
        quote.connectionId,
        [...uncertain.keys()],
        type,
        signal,
        purchaseId
      )
      const counts = countsOf(answer.count)
      available = counts.available ?? available
      used = counts.used
      const store = this.#store()
      const seen = applyResults(statuses, answer.results)
      store.transaction(() => {
        for (const [key, entryId] of uncertain)
          if (seen.has(key)) store.ledger.markBought(quote.connectionId, type, [key], entryId)
        saveAnswer(store, answer.results, answer.count?.value, quote, 'Polling')
      })
      toBuy = quote.newKeys.filter((key) => !seen.has(key))
    }

    // `New` in parts the service accepts, each sent once (never retried). A part refused as too
    // big spent nothing: the size is learnt and the same keys go in smaller parts.
    const bought = await this.inSpendTurn(quote.connectionId, () =>
      this.#requests.buyInParts(client, quote, purchaseId, toBuy, statuses, signal)
    )
    outcome = bought.outcome
    creditsSpent = bought.creditsSpent
    available = bought.available ?? available
    used = bought.used ?? used
    return {
      statuses,
      outcome,
      creditsSpent,
      available,
      used,
      ledgerOf: bought.ledgerOf,
      notBought: bought.notBought,
      message: bought.message
    }
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

const stoppedFollowing = () =>
  new AppError(
    'cancelled',
    'Stopped following this purchase. The lookups carry on at the service; Contacts shows them as they finish (reading them is free).'
  )

/** Resolves with `work`, or rejects with `cancelled` as soon as the recruiter stops waiting for it. */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(stoppedFollowing())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stoppedFollowing())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** An abort (a backoff sleep or a request stopped by the recruiter) is `cancelled`, never an internal error. */
function asStopped(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof Error && error.name === 'AbortError') {
    return new AppError('cancelled', 'Stopped before the purchase was sent: nothing was bought.')
  }
  return error
}

function notFound(connectionId: string): never {
  throw new AppError('not_found', `There is no connection with id ${connectionId}. Reload Settings.`)
}
