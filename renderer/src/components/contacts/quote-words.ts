import type { ContactPurchase, ContactQuote } from '../../../../shared/ipc/channels/contacts'
import { formatDateTime, formatNumber } from '../../lib/format'

/** What a contact type buys, in the recruiter's words. */
const contactTypeWords = { Email: 'emails', Phone: 'phone numbers' } as const

/**
 * A quote as the recruiter reads it before confirming, the same on the Contacts screen and the
 * Tools screen: what is looked up, what is new and what it costs, what is free, and the balance
 * before and after, and who was left out as not to be contacted ("Phone numbers: 3 new — 3 credits;
 * 1 already bought — free; 1,000 available, 997 after").
 */
export function quoteText(q: ContactQuote, now = Date.now()): string {
  const type = contactTypeWords[q.contactType]
  return [
    `${type.charAt(0).toUpperCase()}${type.slice(1)}: ${q.newKeys.length} new — ${q.creditsNeeded} ${q.creditsNeeded === 1 ? 'credit' : 'credits'}`,
    q.alreadyBought.length > 0 ? `${q.alreadyBought.length} already bought — free` : '',
    (q.fromTeam?.length ?? 0) > 0 ? `${q.fromTeam!.length} already bought by the team — free` : '',
    q.inFlight.length > 0 ? `${q.inFlight.length} being bought right now — not again` : '',
    q.suppressed.length > 0
      ? `${q.suppressed.length} left out — on the do-not-contact list or forgotten at their request`
      : '',
    (q.known?.length ?? 0) > 0 ? `${q.known!.length} left out — already in your ATS` : '',
    balanceWords(q.available, q.creditsNeeded, q.availableSeenAt, now)
  ]
    .filter(Boolean)
    .join('; ')
}

/** The confirm button's words for a quote: free when nothing is new, else what it buys for what. */
export function confirmWords(q: ContactQuote): string {
  if (q.creditsNeeded === 0) return `Show ${contactTypeWords[q.contactType]} (free)`
  return `Buy ${q.creditsNeeded} for ${q.creditsNeeded} ${q.creditsNeeded === 1 ? 'credit' : 'credits'}`
}

/**
 * What a purchase did, first words of its summary: what it bought from the service for what, and
 * how many of its people came free from what the team already bought ("1 from what the team
 * already bought — free. Nothing new was bought from the service."). A refusal of the rest is the
 * purchase's message, said beside it.
 */
export function purchaseWords(purchase: ContactPurchase, quote: Pick<ContactQuote, 'fromTeam'>): string {
  const fromTeam = new Set((quote.fromTeam ?? []).map((copy) => copy.key))
  const served = purchase.statuses.filter((status) => fromTeam.has(status.key) && status.result !== null).length
  const spent = purchase.creditsSpent
  const bought =
    spent === 0
      ? served > 0
        ? 'Nothing new was bought from the service.'
        : 'Nothing new was bought.'
      : `Bought ${spent} for ${spent} ${spent === 1 ? 'credit' : 'credits'}.`
  return served > 0 ? `${formatNumber(served)} from what the team already bought — free. ${bought}` : bought
}

/** The warning for a quote that needs more credits than are available, or null when it does not. */
export function shortOfCreditsWords(q: ContactQuote): string | null {
  return q.available !== null && q.creditsNeeded > q.available
    ? 'That is more than the credits available; the service will refuse it.'
    : null
}

/** The balance now and after spending `needed` ("1,000 available, 997 after"). */
export function balanceWords(available: number | null, needed: number | null, seenAt: string | null, now = Date.now()) {
  if (available === null) return 'credits available not known (the service could not be asked)'
  const before = `${formatNumber(available)} available${seenAgo(seenAt, now)}`
  if (needed === null) return `${before}; what it spends is not known before it runs`
  return needed > available
    ? `${before}, ${formatNumber(needed - available)} short`
    : `${before}, ${formatNumber(available - needed)} after`
}

/** How old the balance is, when it is not from just now. */
function seenAgo(seenAt: string | null, now: number): string {
  if (seenAt === null) return ''
  const minutes = Math.floor((now - Date.parse(seenAt)) / 60_000)
  if (!(minutes >= 2)) return ''
  return minutes < 120 ? ` (as of ${minutes} minutes ago)` : ` (as of ${formatDateTime(seenAt)})`
}
