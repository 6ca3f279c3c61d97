import type { PeopleHeld } from '../platform/event-bus'
import type { ContactType } from '../../../shared/api'
import type { ContactPurchase, ContactQuote, ContactStatus } from '../../../shared/ipc/channels/contacts'
import { AppError } from '../../../shared/ipc/errors'
import { ApiError } from '../api/api-error'
import type { PartnerClient, TolerantRecord } from '../api/partner-client'
import type { Logger } from '../logging/logger'
import type { Paced } from '../pace/paces'
import type { Store } from '../store'
import { applyResults, countsOf, saveAnswer } from './contact-answers'
import type { CreditsBalance } from './credits-balance'
import { availableFromRefusal, learntPartSize, partSizeFrom, partSizeSetting } from './purchase-parts'
import { errorMessage } from '../../../shared/error-message'

/** What the buying phase of a purchase leaves for the following phase. */
export interface Bought {
  statuses: Map<string, ContactStatus>
  outcome: ContactPurchase['outcome']
  creditsSpent: number
  available: number | null
  used: number | null
  /** The ledger entry that paid for each key sent. */
  ledgerOf: Map<string, number>
  notBought: string[]
  message: string | null
}

/**
 * The requests of a purchase, in parts the service accepts: `New` (each part sent once, never
 * retried, recorded in the ledger as it is answered) and `Polling` (free, for any number of
 * keys). The part size is the connection's (settings), learnt from a "too big" refusal.
 */
export class PurchaseRequests {
  constructor(
    private readonly deps: {
      /** The open store (a purchase cannot run without its ledger). */
      store: () => Store
      /** Each connection's pace, shared by everything that calls it. */
      pace: (connectionId: string) => Paced
      balance: CreditsBalance
      logger: Logger
      /** Tells the views how the purchase's lookups stand. */
      progress: (purchaseId: string, quote: ContactQuote, statuses: Map<string, ContactStatus>, done: boolean) => void
      /** Told whose contact details a part bought (the bus's peopleHeld: provenance). */
      held?: (held: PeopleHeld) => void
      /** Told a purchase's results as they are saved, in the saving transaction (shared with the team). */
      saved?: (quote: ContactQuote, results: TolerantRecord[], own: readonly string[]) => void
    }
  ) {}

  /**
   * Buys `toBuy` with `New` in parts of the connection's size, recording each part in the ledger
   * as it is answered. A refused part (no credits left, a refusal) stops the buying: the parts
   * bought stay recorded and the rest are named as not bought; when nothing was bought at all,
   * the refusal is thrown as before. A part with no answer is recorded as uncertain (the polling
   * shows what it bought) and the next parts go on.
   */
  async buyInParts(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    toBuy: readonly string[],
    statuses: Map<string, ContactStatus>,
    signal: AbortSignal
  ): Promise<Omit<Bought, 'statuses'>> {
    const type = quote.contactType
    const ledgerOf = new Map<string, number>()
    let outcome: ContactPurchase['outcome'] = 'none'
    let creditsSpent = 0
    let available: number | null = null
    let used: number | null = null
    let size = this.partSize(quote.connectionId)
    let queue = [...toBuy]
    while (queue.length > 0) {
      const part = queue.slice(0, size)
      const availableBefore = available ?? quote.available
      try {
        const answer = await this.deps.pace(quote.connectionId)(() =>
          client.getPremiumContacts(part, type, 'New', signal, purchaseId)
        )
        const counts = countsOf(answer.count)
        const spent = counts.newRequestedCount ?? part.length
        creditsSpent += spent
        available = counts.available ?? available
        used = counts.used ?? used
        if (outcome === 'none') outcome = 'bought'
        const store = this.deps.store()
        store.transaction(() => {
          const entry = store.ledger.record({
            connectionId: quote.connectionId,
            purchaseId,
            contactType: type,
            keys: part,
            outcome: 'bought',
            creditsSpent: spent,
            availableBefore: counts.available === null ? availableBefore : counts.available + spent,
            usedBefore: counts.used === null ? null : counts.used - spent,
            availableAfter: counts.available,
            usedAfter: counts.used,
            transactionId: purchaseId,
            message: partNote(toBuy.length, part.length, size)
          })
          for (const key of part) ledgerOf.set(key, entry.id)
          // All charged: all bought. Otherwise the polling shows which ones the service has.
          if (spent === part.length) store.ledger.markBought(quote.connectionId, type, part, entry.id)
          saveAnswer(store, answer.results, answer.count?.value, quote, 'New')
          this.deps.saved?.(quote, answer.results, quote.newKeys)
        })
        this.deps.held?.({
          kind: 'purchase',
          what: 'contact',
          detail: `${type} contact details bought`,
          connectionId: quote.connectionId,
          purchaseId,
          people: part.map((key) => ({ key }))
        })
        applyResults(statuses, answer.results)
        queue = queue.slice(part.length)
        this.deps.progress(purchaseId, quote, statuses, false)
        this.deps.balance.seen(quote.connectionId)
      } catch (error) {
        const smaller = learntPartSize(error, part.length)
        if (smaller !== null) {
          // A refusal of the request's size spends nothing: learn it, send the same keys in smaller parts.
          size = smaller
          this.rememberPartSize(quote.connectionId, size)
          this.deps.logger.info('contacts.part_size_learnt', { connectionId: quote.connectionId, size })
          continue
        }
        if (
          error instanceof ApiError &&
          (error.kind === 'out_of_credits' ||
            error.kind === 'invalid_request' ||
            error.kind === 'auth' ||
            error.kind === 'forbidden')
        ) {
          const left = error.kind === 'out_of_credits' ? availableFromRefusal(error) : null
          if (left !== null) {
            available = left
            this.deps.store().contacts.recordCounts({ available: left }, undefined, quote.connectionId)
            this.deps.balance.seen(quote.connectionId)
          }
          const shownLeft = left ?? availableBefore
          const boughtSoFar = toBuy.length - queue.length
          const message =
            error.kind === 'out_of_credits'
              ? `Not enough credits: ${queue.length} needed${shownLeft === null ? '' : `, ${shownLeft} left`}. ${boughtSoFar === 0 ? 'Nothing was bought.' : `${boughtSoFar} of ${toBuy.length} were bought; ${queue.length} were not.`}`
              : boughtSoFar === 0
                ? error.message
                : `${error.message} ${boughtSoFar} of ${toBuy.length} were bought; ${queue.length} were not.`
          this.deps.store().ledger.record({
            connectionId: quote.connectionId,
            purchaseId,
            contactType: type,
            keys: queue,
            outcome: 'refused',
            creditsSpent: 0,
            availableBefore: shownLeft,
            usedBefore: null,
            availableAfter: shownLeft,
            usedAfter: null,
            transactionId: purchaseId,
            message
          })
          if (outcome === 'none') {
            throw error.kind === 'out_of_credits' ? new AppError('payment_required', message, error.details) : error
          }
          return { outcome, creditsSpent, available, used, ledgerOf, notBought: queue, message }
        }
        if (error instanceof ApiError && error.kind === 'cancelled') {
          if (outcome === 'none') throw error
          // Parts already bought stay bought; the rest are not sent.
          return {
            outcome,
            creditsSpent,
            available,
            used,
            ledgerOf,
            notBought: queue,
            message: `Stopped: ${toBuy.length - queue.length} of ${toBuy.length} were bought; ${queue.length} were not.`
          }
        }
        // No answer (timeout, dropped connection, 5xx): the service may or may not have spent.
        // Never sent again; what it bought shows up in the polling.
        if (outcome === 'none') outcome = 'unknown'
        const entry = this.deps.store().ledger.record({
          connectionId: quote.connectionId,
          purchaseId,
          contactType: type,
          keys: part,
          outcome: 'unknown',
          creditsSpent: null,
          availableBefore,
          usedBefore: null,
          availableAfter: null,
          usedAfter: null,
          transactionId: purchaseId,
          message: `No answer to the purchase (${errorMessage(error)}); it was not sent again.`
        })
        for (const key of part) ledgerOf.set(key, entry.id)
        queue = queue.slice(part.length)
      }
    }
    return { outcome, creditsSpent, available, used, ledgerOf, notBought: [], message: null }
  }

  /**
   * `Polling` (free) for any number of keys, in parts of the connection's size: one answer with
   * every part's results and the last part's counts. A part refused as too big is sent again
   * smaller (Polling spends nothing).
   */
  async poll(
    client: PartnerClient,
    connectionId: string,
    keys: readonly string[],
    type: ContactType,
    signal: AbortSignal,
    /** The purchase the polling follows, for this app's call log. */
    purchaseId: string
  ): Promise<{ results: TolerantRecord[]; count: TolerantRecord | null }> {
    const results: TolerantRecord[] = []
    let count: TolerantRecord | null = null
    let size = this.partSize(connectionId)
    let queue = [...keys]
    while (queue.length > 0) {
      const part = queue.slice(0, size)
      try {
        const answer = await this.deps.pace(connectionId)(() =>
          client.getPremiumContacts(part, type, 'Polling', signal, purchaseId)
        )
        results.push(...answer.results)
        count = answer.count ?? count
        queue = queue.slice(part.length)
      } catch (error) {
        const smaller = learntPartSize(error, part.length)
        if (smaller === null) throw error
        size = smaller
        this.rememberPartSize(connectionId, size)
      }
    }
    return { results, count }
  }

  private partSize(connectionId: string): number {
    try {
      return partSizeFrom(this.deps.store().settings.get(partSizeSetting(connectionId)))
    } catch {
      return partSizeFrom(null)
    }
  }

  private rememberPartSize(connectionId: string, size: number): void {
    try {
      this.deps.store().settings.set(partSizeSetting(connectionId), String(size))
    } catch {
      // not remembered: the next purchase learns it again, spending nothing
    }
  }
}

/** A part's note in the ledger, null for a purchase sent in one request. */
function partNote(total: number, part: number, size: number): string | null {
  return part === total ? null : `${part} of the ${total} people of this purchase (requests of at most ${size}).`
}
