import { randomUUID } from 'node:crypto'
import type { ContactPurchase, ContactQuote, ContactStatus } from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { PartnerClient, TolerantRecord } from '../api/partner-client'
import { ApiError } from '../api/api-error'
import type { RequestRegistry } from '../ipc/request-registry'
import type { Logger } from '../logging/logger'
import type { ConnectionsPort } from '../platform/ports'
import type { Store } from '../store'
import { applyResults, countsOf, saveAnswer } from './contact-answers'
import type { ContactQuotes } from './contact-quotes'
import type { PurchaseFollower } from './purchase-follower'
import type { Bought, PurchaseRequests } from './purchase-requests'
import type { RunningPurchases } from './running-purchases'
import { serveFromTeam } from './team-served'
import type { PeopleHeld } from '../platform/event-bus'

/**
 * A purchase of the app's own, from its confirmed quote: the new keys claimed, `New` for them
 * only — sent once, never retried (keys an earlier unanswered purchase may have sold are first
 * looked up with `Polling`, which is free) — in the connection's spend turn, then the lookups
 * followed to their end, in the background once the recruiter stops waiting.
 */
export class ContactPurchases {
  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      requests: RequestRegistry
      logger: Logger
      /** The open store (a purchase cannot run without its ledger). */
      store: () => Store
      quotes: ContactQuotes
      running: RunningPurchases
      parts: PurchaseRequests
      follower: PurchaseFollower
      /** Runs a spend when no other spend on the connection is under way. */
      inSpendTurn: <T>(connectionId: string, work: () => Promise<T>) => Promise<T>
      /** Told whose contact details were served from the team (the bus's peopleHeld: provenance). */
      held?: (held: PeopleHeld) => void
      /** Told results of this desk's purchases as they are saved, in the saving transaction (shared with the team). */
      saved?: (quote: ContactQuote, results: TolerantRecord[], own: readonly string[]) => void
    }
  ) {}

  async buy({ quoteId, requestId, overBudget }: HandlerInput<'buyContacts'>): Promise<ContactPurchase> {
    const purchaseId = randomUUID()
    // in a team, its account's budget across desks first (the quote stays good when it refuses)
    const team = await this.deps.quotes.acrossTeam(quoteId, purchaseId, overBudget === true)
    let taken: ReturnType<ContactQuotes['takeForPurchase']>
    try {
      taken = this.deps.quotes.takeForPurchase(quoteId, purchaseId, overBudget === true)
    } catch (error) {
      team.release()
      throw error
    }
    const { quote, hold } = taken
    const running = this.deps.running
    // Claimed before anything is awaited, so a second window asking at the same moment sees it.
    running.claim(quote.connectionId, quote.contactType, quote.newKeys, purchaseId)
    running.start({
      purchaseId,
      requestId,
      connectionId: quote.connectionId,
      contactType: quote.contactType,
      keys: quote.keys
    })
    const ended = (error: unknown) => {
      // Refused, cancelled or cut off: whoever follows this purchase (the Contacts list) learns it ended.
      running.progress(
        purchaseId,
        requestId,
        quote.keys.map((key) => ({ key, status: running.statusOf(purchaseId, key) })),
        true
      )
      if (error !== null) this.deps.logger.warn('contacts.following_ended', { purchaseId, error: String(error) })
    }
    const release = () => {
      running.end(purchaseId)
      running.release(quote.connectionId, quote.contactType, quote.newKeys)
    }
    let following: Promise<ContactPurchase> | null = null
    let spending: Promise<Bought> | null = null
    try {
      const { client } = await this.deps.connections.client(quote.connectionId)
      return await this.deps.requests.run(requestId, async (signal) => {
        // its budget hold ends with its spend (the ledger written), bought, refused or failed
        spending = this.#spend(client, quote, purchaseId, signal).finally(() => hold.release())
        const bought = await spending
        // Following the lookups (free Polling) does not stop with the dialog: a recruiter who
        // stops waiting gets `cancelled` at once, and the lookups are followed to their end in
        // the background, where the Contacts list shows them.
        following = this.deps.follower.follow(client, quote, purchaseId, requestId, bought)
        const purchase = await untilStopped(following, signal)
        // the team budget could not be checked: said with the purchase
        return team.note === null
          ? purchase
          : { ...purchase, message: purchase.message === null ? team.note : `${purchase.message} ${team.note}` }
      })
    } catch (error) {
      if (following === null) ended(null)
      throw asStopped(error)
    } finally {
      // a booked spend ended its team hold already; one that spent nothing gives it back
      team.release()
      if (spending === null) hold.release()
      const background = following as Promise<ContactPurchase> | null
      if (background === null) release()
      else background.catch((error: unknown) => ended(error)).finally(release)
    }
  }

  async #spend(client: PartnerClient, quote: ContactQuote, purchaseId: string, signal: AbortSignal): Promise<Bought> {
    const type = quote.contactType
    const statuses = new Map<string, ContactStatus>()
    let outcome: ContactPurchase['outcome'] = 'none'
    let creditsSpent = 0
    let available = quote.available
    let used: number | null = null

    // people a colleague of the team bought: from the team's copy, 0 credits, never sent to the service
    const team = serveFromTeam(this.deps.store(), quote, purchaseId, this.deps.held)
    for (const status of team.statuses) statuses.set(status.key, status)
    for (const key of team.notServed) {
      statuses.set(key, {
        key,
        status: 'Failed',
        result: null,
        issues: [],
        failure: 'The team’s copy was erased since the quote (the person was forgotten); nothing was bought for them.'
      })
    }
    if (team.statuses.length > 0) outcome = 'bought'

    // Some of these may have been sold already by a purchase that got no answer. Polling (free)
    // says which: those are marked bought with that purchase and never bought again. If the
    // check itself fails, nothing is bought (the error says why; the recruiter tries again).
    let toBuy = quote.newKeys
    const uncertain = this.deps.store().ledger.uncertain(quote.connectionId, type, quote.newKeys)
    if (uncertain.size > 0) {
      const answer = await this.deps.parts.poll(
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
      const store = this.deps.store()
      const seen = applyResults(statuses, answer.results)
      store.transaction(() => {
        for (const [key, entryId] of uncertain)
          if (seen.has(key)) store.ledger.markBought(quote.connectionId, type, [key], entryId)
        saveAnswer(store, answer.results, answer.count?.value, quote, 'Polling')
        // sold by the unanswered purchase: this desk's, shared with the team like any it bought
        this.deps.saved?.(
          quote,
          answer.results,
          [...uncertain.keys()].filter((key) => seen.has(key))
        )
      })
      toBuy = quote.newKeys.filter((key) => !seen.has(key))
    }

    // `New` in parts the service accepts, each sent once (never retried). A part refused as too
    // big spent nothing: the size is learnt and the same keys go in smaller parts.
    const bought = await this.deps
      .inSpendTurn(quote.connectionId, () =>
        this.deps.parts.buyInParts(client, quote, purchaseId, toBuy, statuses, signal)
      )
      .catch((error: unknown) => {
        // people served from the team are saved and in the ledger: a refusal of the rest (out of
        // credits, refused by the service) is this purchase's message, not its failure
        if (team.statuses.length === 0 || !refusal(error)) throw error
        return {
          outcome: 'none' as const,
          creditsSpent: 0,
          available: null,
          used: null,
          ledgerOf: new Map<string, number>(),
          notBought: [...toBuy],
          message: `${team.statuses.length} served from what the team already bought, free; the rest were refused: ${error.message.replace('Nothing was bought.', 'Nothing was bought from the service.')}`
        }
      })
    if (bought.outcome !== 'none') outcome = bought.outcome
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
      notBought: [...team.notServed, ...bought.notBought],
      message: bought.message
    }
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

/** A refusal of a purchase's `New` (out of credits, or refused by the service): not a stop, not an internal error. */
function refusal(error: unknown): error is Error {
  if (error instanceof ApiError) return error.kind !== 'cancelled'
  return error instanceof AppError && error.code === 'payment_required'
}

/** An abort (a backoff sleep or a request stopped by the recruiter) is `cancelled`, never an internal error. */
function asStopped(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof Error && error.name === 'AbortError') {
    return new AppError('cancelled', 'Stopped before the purchase was sent: nothing was bought.')
  }
  return error
}
