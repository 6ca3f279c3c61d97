import { createHash, randomUUID } from 'node:crypto'
import type { ToolSpendQuote } from '../../../shared/ipc/channels/tools'
import { AppError } from '../../../shared/ipc/errors'
import type { BudgetsPort, ContactQuotesPort } from '../platform/ports'
import { HeldQuotes } from '../work/held-quotes'
import type { Logger } from '../logging/logger'
import type { ToolCredits, ToolSpend } from './tool-spend'
import { errorMessage } from '../../../shared/error-message'

/** The Contacts screen's quotes, which price and confirm a tool's contact lookup too. */
export type ToolContactQuotes = ContactQuotesPort

export interface SpendConfirmationsDeps {
  contacts: ToolContactQuotes
  /** Credit budgets: a spend past one is refused unless lifted for that call. */
  budgets?: () => BudgetsPort
  /** The service's balance now (a free Polling), else the last seen one. */
  balance: (connectionId: string) => Promise<ToolCredits | null>
  logger: Logger
  now: () => number
}

/**
 * Every spend asks first: a tool call that may spend credits (see `spendOf`) goes only with the
 * id of a quote the recruiter confirmed. A contact lookup is priced and confirmed by the Contacts
 * screen's own quotes; any other call gets a quote that says its cost is unknown, held here for
 * one use (the same `HeldQuotes`) and good only for the call it was made for.
 */
export class SpendConfirmations {
  readonly #deps: SpendConfirmationsDeps
  /** Quotes of calls whose cost nobody can say, held for their confirmation. */
  readonly #unpriced: HeldQuotes<{ quoteId: string; connectionId: string; tool: string; call: string }>

  constructor(deps: SpendConfirmationsDeps) {
    this.#deps = deps
    this.#unpriced = new HeldQuotes(deps.now)
  }

  /**
   * The confirmed quote of a call that may spend (null for a free call). Without one, nothing is
   * sent: the refusal carries the quote to confirm. A quote is used once, for the call it priced.
   */
  async confirmed(
    connectionId: string,
    name: string,
    args: Record<string, unknown>,
    spend: ToolSpend,
    quoteId: string | undefined,
    /** The ledger's id for the call's spend (its request id), and whether a budget is lifted for it. */
    ledger: { purchaseId: string; overBudget: boolean } = { purchaseId: `tool-${quoteId ?? ''}`, overBudget: false }
  ): Promise<{ release: () => void; keys?: readonly string[] } | null> {
    if (spend.kind === 'free') return null
    if (quoteId === undefined) {
      const quote = await this.#quote(connectionId, name, args, spend)
      throw new AppError(
        'conflict',
        `This call may spend credits, so it was not sent. ${quote.reason} Confirm its quote to send it.`,
        { quote }
      )
    }
    if (spend.kind === 'contacts') {
      // the people the quote prices: those it left out (do not contact, already in your ATS) are not sent
      const { quote, release } = this.#deps.contacts.confirmForTool(
        quoteId,
        { connectionId, contactType: spend.contactType, keys: spend.keys },
        ledger
      )
      if (quote.keys.length === 0) {
        release()
        throw new AppError(
          'conflict',
          'Everyone this call names was left out by its quote (do not contact, or already in your ATS), so it was not sent. Nothing was spent.'
        )
      }
      return { release, keys: quote.keys }
    }
    // a price nobody can say: refused when a budget is used up already (any credit goes past it)
    const held = this.#unpriced.take(quoteId, (quote) =>
      this.#deps.budgets?.().admit({
        connectionId: quote.connectionId,
        purchaseId: ledger.purchaseId,
        credits: null,
        spentFor: { feature: 'tools' },
        overBudget: ledger.overBudget
      })
    )
    if (held.connectionId !== connectionId || held.call !== callDigest(name, args)) {
      throw new AppError(
        'conflict',
        'The call is not the one this quote was for (another tool, other arguments or another connection). Ask again; nothing was sent.'
      )
    }
    return null
  }

  /**
   * What a call that may spend would cost, held for its confirmation: a contact lookup priced by
   * the Contacts screen's own quote, any other call with its cost unknown and said so.
   */
  async #quote(
    connectionId: string,
    name: string,
    args: Record<string, unknown>,
    spend: ToolSpend
  ): Promise<ToolSpendQuote> {
    if (spend.kind === 'contacts') {
      // the balance a quote shows is the service's latest word: read again when over a minute old (free)
      await this.#deps.contacts.refreshCredits({}).catch((error: unknown) => {
        this.#deps.logger.warn('tools.balance_unread', { error: errorMessage(error) })
      })
      const contacts = this.#deps.contacts.quote({ keys: spend.keys, contactType: spend.contactType })
      const type = spend.contactType === 'Phone' ? 'phone numbers' : 'email addresses'
      return {
        quoteId: contacts.quoteId,
        tool: name,
        contacts,
        reason: `“${name}” buys ${type}: one credit for each person not bought before, as on the Contacts screen.`,
        available: contacts.available,
        expiresAt: contacts.expiresAt
      }
    }
    const reason = spend.kind === 'unknown' ? spend.reason : ''
    const quote = { quoteId: randomUUID(), connectionId, tool: name, call: callDigest(name, args) }
    const expires = this.#unpriced.hold(quote)
    return {
      quoteId: quote.quoteId,
      tool: name,
      contacts: null,
      reason,
      available: (await this.#deps.balance(connectionId))?.available ?? null,
      expiresAt: new Date(expires).toISOString()
    }
  }
}

/** A call as a quote names it: the tool and its arguments (keys in order, so equal JSON is equal). */
function callDigest(name: string, args: Record<string, unknown>): string {
  const canonical = (value: unknown): unknown =>
    Array.isArray(value)
      ? value.map(canonical)
      : value !== null && typeof value === 'object'
        ? Object.fromEntries(
            Object.keys(value)
              .sort()
              .map((key) => [key, canonical((value as Record<string, unknown>)[key])])
          )
        : value
  return createHash('sha256')
    .update(JSON.stringify([name, canonical(args)]))
    .digest('hex')
}
