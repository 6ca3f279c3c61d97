import { ApiError } from '../api/api-error'

/*
 * How many keys one `Get Premium Contacts` request may carry. The spec does not say; the Sandbox
 * takes 100, and a service that takes fewer says so with a "too big" refusal (a 400 that spends
 * nothing). The size is kept per connection (settings), learnt from such a refusal.
 */

import { DEFAULT_PURCHASE_PART_SIZE, MAX_PURCHASE_PART_SIZE } from '../../../shared/ipc/channels/contacts'

/** Keys per request until the connection says otherwise. */
export const DEFAULT_PART_SIZE = DEFAULT_PURCHASE_PART_SIZE
/** The most a quote may hold (and so the most one part could be). */
export const MAX_PART_SIZE = MAX_PURCHASE_PART_SIZE

export const partSizeSetting = (connectionId: string) => `contacts.partSize:${connectionId}`

/** A stored size, when it is a whole number in range; the default otherwise. */
export function partSizeFrom(stored: string | null): number {
  const size = stored === null ? NaN : Number(stored)
  return Number.isInteger(size) && size >= 1 && size <= MAX_PART_SIZE ? size : DEFAULT_PART_SIZE
}

/**
 * The size a "too big" refusal of a request with `sent` keys asks for: the limit it names
 * ("expected array to have <=100 items", "at most 50", "maximum of 25"), or half of what was
 * sent when it names none. null when the refusal is not about the request's size.
 */
export function learntPartSize(error: unknown, sent: number): number | null {
  if (!(error instanceof ApiError) || error.kind !== 'invalid_request') return null
  const text = `${error.info.serverMessage ?? ''} ${error.message}`
  if (!/too (big|many|large|long)|exceed|maximum|at most|<=/i.test(text)) return null
  const named = /(?:<=\s*|at most\s+|maximum(?: of)?\s+|no more than\s+|up to\s+)(\d{1,4})/i.exec(text)
  const size = named ? Number(named[1]) : Math.floor(sent / 2)
  return size >= 1 && size < sent ? size : null
}

/** The credits a 402 says are left ("… 1 available"), when it says. */
export function availableFromRefusal(error: ApiError): number | null {
  const text = `${error.info.serverMessage ?? ''} ${error.message}`
  const found = /(\d+)\s+(?:credits?\s+)?(?:are\s+)?(?:available|left|remaining)/i.exec(text)
  return found ? Number(found[1]) : null
}
