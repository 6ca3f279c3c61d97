import { AppError } from '../../../shared/ipc/errors'

/** A quote is good for this long; after that the recruiter asks again. */
export const QUOTE_TTL_MS = 10 * 60_000

/**
 * Quotes given to the recruiter and not yet confirmed: each is good for one use and for
 * `QUOTE_TTL_MS`. A confirmation names its quote; one that names a used, unknown or expired quote
 * is refused, never a second purchase. Shared by the Contacts screen's purchases and the Tools
 * screen's calls that may spend.
 */
export class HeldQuotes<Quote extends { quoteId: string }> {
  readonly #held = new Map<string, { quote: Quote; expires: number }>()
  readonly #now: () => number

  constructor(now: () => number) {
    this.#now = now
  }

  /** Keeps a quote until it is taken or expires; returns when it expires (ms since the epoch). */
  hold(quote: Quote): number {
    const now = this.#now()
    for (const [id, held] of this.#held) if (held.expires < now) this.#held.delete(id)
    const expires = now + QUOTE_TTL_MS
    this.#held.set(quote.quoteId, { quote, expires })
    return expires
  }

  /** The quote if it is held and good, without taking it (what a spend will be asked before it is taken). */
  peek(quoteId: string): Quote | null {
    const held = this.#held.get(quoteId)
    return held === undefined || held.expires < this.#now() ? null : held.quote
  }

  /**
   * The quote, taken (one use); refused as `conflict` when used, unknown or expired. A `check`
   * that throws (over a budget) leaves it held: confirmed again, lifted, it is still good.
   */
  take(quoteId: string, check?: (quote: Quote) => void): Quote {
    const held = this.#held.get(quoteId)
    if (held !== undefined && held.expires >= this.#now()) check?.(held.quote)
    this.#held.delete(quoteId)
    if (held === undefined) {
      throw new AppError('conflict', 'This quote was already used or has expired. Ask for a new quote before buying.')
    }
    if (held.expires < this.#now()) {
      throw new AppError('conflict', 'This quote has expired. Ask for a new quote before buying.')
    }
    return held.quote
  }
}
