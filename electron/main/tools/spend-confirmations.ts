import { createHash, randomUUID } from 'node:crypto'
import type { ToolSpendQuote } from '../../../shared/ipc/channels/tools'
import { AppError } from '../../../shared/ipc/errors'
import type { BudgetHold, BudgetsPort, ContactQuotesPort } from '../platform/ports'
import { HeldQuotes } from '../work/held-quotes'
import type { Logger } from '../logging/logger'
import type { ToolAllowances } from './tool-allowances'
import type { ToolCredits, ToolSpend } from './tool-spend'
import { errorMessage } from '../../../shared/error-message'

/** No budgets to hold against (no budgets feature). */
const noHold: BudgetHold = { release: () => undefined }

/** The Contacts screen's quotes, which price and confirm a tool's contact lookup too. */
export type ToolContactQuotes = ContactQuotesPort

export interface SpendConfirmationsDeps {
  contacts: ToolContactQuotes
  /** Credit budgets: a spend past one is refused unless lifted for that call. */
  budgets?: () => BudgetsPort
  /** The service's balance now (a free Polling), else the last seen one. */
  balance: (connectionId: string) => Promise<ToolCredits | null>
  /** The tools each connection allows without asking ("Always allow this tool on this connection"). */
  allowances?: ToolAllowances
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
    /**
     * The ledger's id for the call's spend (its request id), whether a budget is lifted for it,
     * and whether the recruiter confirmed "Always allow this tool on this connection".
     */
    ledger: { purchaseId: string; overBudget: boolean; alwaysAllow?: boolean } = {
      purchaseId: `tool-${quoteId ?? ''}`,
      overBudget: false
    }
  ): Promise<{ release: () => void; hold: BudgetHold; keys?: readonly string[] } | null> {
    if (spend.kind === 'free') return null
    if (quoteId === undefined && spend.kind === 'unknown' && this.#deps.allowances?.allowed(connectionId, name)) {
      // allowed on this connection: not asked, but checked against the budgets and held like any
      // call that may spend (a price nobody knows); if it spends, it loses the allowance
      return { release: () => undefined, hold: this.#admitUnpriced(connectionId, ledger) }
    }
    if (quoteId === undefined) {
      const quote = await this.#quote(connectionId, name, args, spend)
      throw new AppError(
        'conflict',
        `This call may spend credits, so it was not sent. ${quote.reason} Confirm its quote to send it.`,
        { quote }
      )
    }
    if (ledger.alwaysAllow === true) {
      // refused before the quote is used: it stays good to confirm without
      if (spend.kind === 'contacts') {
        throw new AppError(
          'conflict',
          `A contact lookup keeps its priced quote: “${name}” cannot be always allowed for it. Nothing was sent.`
        )
      }
      this.#deps.allowances?.check(connectionId, name)
    }
    if (spend.kind === 'contacts') {
      // the people the quote prices: those it left out (do not contact, already in your ATS) are not sent
      // in a team, its account's budget across desks first (the quote stays good when it refuses)
      const team = await this.#deps.contacts.acrossTeam(quoteId, ledger.purchaseId, ledger.overBudget)
      if (team.note !== null) this.#deps.logger.warn('tools.team_budget_unchecked', { purchaseId: ledger.purchaseId })
      let confirmed: ReturnType<ContactQuotesPort['confirmForTool']>
      try {
        confirmed = this.#deps.contacts.confirmForTool(
          quoteId,
          { connectionId, contactType: spend.contactType, keys: spend.keys },
          ledger
        )
      } catch (error) {
        team.release()
        throw error
      }
      const { quote, release } = confirmed
      // the team's hold ends with the local one (a booked spend ended it on the server already)
      const hold: BudgetHold = {
        release: () => {
          confirmed.hold.release()
          team.release()
        }
      }
      if (quote.keys.length === 0) {
        release()
        hold.release()
        throw new AppError(
          'conflict',
          'Everyone this call names was left out by its quote (do not contact, or already in your ATS) or served from what the team already bought (see Contacts), or forgotten since the quote, so it was not sent. Nothing was spent.'
        )
      }
      return { release, hold, keys: quote.keys }
    }
    // a price nobody can say: refused when a budget is used up already (any credit goes past it),
    // else admitted holding a credit of it (it may spend) until the caller releases it
    let hold: BudgetHold = noHold
    const held = this.#unpriced.take(quoteId, (quote) => {
      hold = this.#admitUnpriced(quote.connectionId, ledger)
    })
    try {
      if (held.connectionId !== connectionId || held.call !== callDigest(name, args)) {
        throw new AppError(
          'conflict',
          'The call is not the one this quote was for (another tool, other arguments or another connection). Ask again; nothing was sent.'
        )
      }
      if (ledger.alwaysAllow === true) this.#deps.allowances?.allow(connectionId, name)
    } catch (error) {
      hold.release()
      throw error
    }
    return { release: () => undefined, hold }
  }

  /** A call whose price nobody can say, admitted by the budgets (refused when one is used up), holding a credit. */
  #admitUnpriced(connectionId: string, ledger: { purchaseId: string; overBudget: boolean }): BudgetHold {
    return (
      this.#deps.budgets?.().admit({
        connectionId,
        purchaseId: ledger.purchaseId,
        credits: null,
        spentFor: { feature: 'tools' },
        overBudget: ledger.overBudget
      }) ?? noHold
    )
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
        expiresAt: contacts.expiresAt,
        // a contact lookup keeps its priced quote: never allowed without asking
        alwaysAllow: null
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
      expiresAt: new Date(expires).toISOString(),
      ...(this.#deps.allowances === undefined ? {} : { alwaysAllow: this.#deps.allowances.offer(connectionId, name) })
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
