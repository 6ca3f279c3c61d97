import { randomUUID } from 'node:crypto'
import type { ContactQuote } from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { Store } from '../store'
import type {
  BudgetHold,
  BudgetsPort,
  ConnectionsPort,
  DoNotContactPort,
  KnownPeoplePort,
  TeamHold
} from '../platform/ports'
import { HeldQuotes, QUOTE_TTL_MS } from '../work/held-quotes'
import { peopleToCheck } from '../personal-data/held-traits'
import type { RunningPurchases } from './running-purchases'
import { teamCopies } from './team-share'

/** No budgets to hold against (no budgets feature). */
const noHold: BudgetHold = { release: () => undefined }

/** A tool call a quote is confirmed for: its connection, contact type and people. */
export interface QuotedCall {
  connectionId: string
  contactType: ContactQuote['contactType']
  keys: readonly string[]
}

/**
 * Quotes for contact data, priced from the local ledger (what is already bought is free, what a
 * purchase under way is buying is not bought twice, what a colleague of the team bought is served
 * free from the team's copy), leaving out whom the recruiter must not
 * contact or already has; held a while, then taken once — by a purchase of the app's own or a
 * tool call — admitted against the budgets as it is taken, and only while its price is still true.
 */
export class ContactQuotes {
  readonly #held: HeldQuotes<ContactQuote>

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      store: () => Store
      running: RunningPurchases
      doNotContact?: () => DoNotContactPort
      knownPeople?: () => KnownPeoplePort
      budgets?: () => BudgetsPort
      now: () => number
    }
  ) {
    this.#held = new HeldQuotes(deps.now)
  }

  /** The price of these people's contact data on the active connection, held for QUOTE_TTL_MS. */
  price({
    keys,
    contactType,
    includeSuppressed,
    includeKnown,
    people,
    spentFor
  }: HandlerInput<'quoteContacts'>): ContactQuote {
    const store = this.deps.store()
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
      (key) => !bought.has(key) && this.deps.running.isClaimed(connection.id, contactType, key)
    )
    // bought by a colleague of the team for this type: served free from the team's copy
    const team = teamCopies(
      store.database.db,
      contactType,
      unique.filter((key) => !bought.has(key) && !inFlight.includes(key))
    )
    const newKeys = unique.filter((key) => !bought.has(key) && !inFlight.includes(key) && !team.has(key))
    const counts = store.contacts.latestCountsFor(connection.id)
    const now = this.deps.now()
    const quote: ContactQuote = {
      quoteId: randomUUID(),
      connectionId: connection.id,
      contactType,
      keys: unique,
      alreadyBought: unique.filter((key) => bought.has(key)),
      inFlight,
      ...(team.size === 0
        ? {}
        : {
            fromTeam: [...team.values()].map(({ key, boughtBy, boughtAt }) => ({ key, boughtBy, boughtAt }))
          }),
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
    this.#held.hold(quote)
    return quote
  }

  /**
   * Takes a quote for a purchase of the app's own (one use: a second click with the same quote is
   * refused, never a second purchase). Past a budget only when lifted for this purchase (refused,
   * the quote stays good for that); its ledger rows count for where it was made. Admitted and held
   * against the budgets in the same step (nothing awaited between): a second purchase or tool call
   * admitted meanwhile counts this one's credits, until the caller releases the hold.
   */
  takeForPurchase(quoteId: string, purchaseId: string, overBudget: boolean): { quote: ContactQuote; hold: BudgetHold } {
    return this.#take(
      quoteId,
      (held) => ({ connectionId: held.connectionId, purchaseId, spentFor: held.spentFor, overBudget }),
      (quote) => this.#stillTrue(quote)
    )
  }

  /**
   * Asks the team's budget about a purchase of this quote before it is taken (in a team: the
   * server's one step across desks). Refused (over the team's budget) with the quote still good;
   * a quote unknown or expired asks nothing (taking it says why).
   */
  async acrossTeam(quoteId: string, purchaseId: string, overBudget: boolean): Promise<TeamHold> {
    const quote = this.#held.peek(quoteId)
    const budgets = this.deps.budgets?.()
    if (quote === null || budgets === undefined) return { release: () => undefined, note: null }
    return budgets.acrossTeam({
      connectionId: quote.connectionId,
      purchaseId,
      credits: quote.creditsNeeded,
      overBudget
    })
  }

  /**
   * Takes a quote for a tool call (the Tools screen): it must be for this connection, type and
   * these people, and still true; admitted and held against the budgets as it is taken.
   */
  takeForTool(
    quoteId: string,
    call: QuotedCall,
    spend?: { purchaseId: string; overBudget: boolean }
  ): { quote: ContactQuote; hold: BudgetHold } {
    return this.#take(
      quoteId,
      (held) => ({
        connectionId: held.connectionId,
        purchaseId: spend?.purchaseId ?? `tool-${quoteId}`,
        spentFor: { feature: 'tools' },
        overBudget: spend?.overBudget === true
      }),
      (quote) => this.#confirmsCall(quote, call)
    )
  }

  /** The quote taken, admitted as it is taken; its hold released when `check` refuses it. */
  #take(
    quoteId: string,
    admission: (held: ContactQuote) => Omit<Parameters<BudgetsPort['admit']>[0], 'credits'>,
    check: (quote: ContactQuote) => void
  ): { quote: ContactQuote; hold: BudgetHold } {
    let hold: BudgetHold = noHold
    const quote = this.#held.take(quoteId, (held) => {
      hold = this.deps.budgets?.().admit({ ...admission(held), credits: held.creditsNeeded }) ?? noHold
    })
    try {
      check(quote)
    } catch (error) {
      hold.release()
      throw error
    }
    return { quote, hold }
  }

  /** Refused unless the quote was made for this call and is still true. */
  #confirmsCall(quote: ContactQuote, call: QuotedCall): void {
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
    const boughtNow = this.deps.store().ledger.bought(quote.connectionId, quote.contactType, quote.newKeys)
    const busyNow = quote.newKeys.filter((key) =>
      this.deps.running.isClaimed(quote.connectionId, quote.contactType, key)
    )
    if (boughtNow.size > 0 || busyNow.length > 0) {
      throw new AppError(
        'conflict',
        'Some of these people were bought since the quote was made. Ask for a new quote; nothing was spent.'
      )
    }
  }
}
