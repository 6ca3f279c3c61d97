import type { ContactQuote, ContactStatus } from '../../../shared/ipc/channels/contacts'
import type { PeopleHeld } from '../platform/event-bus'
import type { Store } from '../store'
import { teamCopies, type TeamCopy } from './team-share'

/**
 * Serves a purchase's people that a colleague of the team bought (the quote's `fromTeam`) from the
 * team's copy: never sent to the service, saved as this desk's contact results, and in the ledger
 * as 0-credit lines that say whose purchase they came from ("From the team, bought by Anna on
 * 2026-11-28."), counted as bought from then on. A copy erased since the quote (its person
 * forgotten) is not served: that person is named as not bought.
 */
export function serveFromTeam(
  store: Store,
  quote: ContactQuote,
  purchaseId: string,
  held?: (held: PeopleHeld) => void
): { statuses: ContactStatus[]; notServed: string[] } {
  const asked = (quote.fromTeam ?? []).map((copy) => copy.key)
  if (asked.length === 0) return { statuses: [], notServed: [] }
  const type = quote.contactType
  const copies = teamCopies(store.database.db, type, asked)
  const served = [...copies.values()]
  if (served.length > 0) {
    // one ledger line per colleague's purchase day: who bought them and when
    const lines = new Map<string, TeamCopy[]>()
    for (const copy of served) {
      const line = `${copy.boughtBy}\u0000${copy.boughtAt.slice(0, 10)}`
      lines.set(line, [...(lines.get(line) ?? []), copy])
    }
    store.transaction(() => {
      store.contacts.saveResponse(
        { results: served.map((copy) => copy.result), count: null },
        { contactType: type, requestType: 'Team', connectionId: quote.connectionId }
      )
      for (const copies of lines.values()) {
        const keys = copies.map((copy) => copy.key)
        const entry = store.ledger.record({
          connectionId: quote.connectionId,
          purchaseId,
          contactType: type,
          keys,
          outcome: 'bought',
          creditsSpent: 0,
          availableBefore: quote.available,
          usedBefore: null,
          availableAfter: quote.available,
          usedAfter: null,
          transactionId: purchaseId,
          message: `From the team, bought by ${copies[0]!.boughtBy} on ${copies[0]!.boughtAt.slice(0, 10)}.`
        })
        store.ledger.markBought(quote.connectionId, type, keys, entry.id)
      }
    })
    held?.({
      kind: 'team',
      what: 'contact',
      detail: `${type} contact details from the team`,
      connectionId: quote.connectionId,
      purchaseId,
      people: served.map((copy) => ({ key: copy.key }))
    })
  }
  return {
    statuses: served.map((copy) => ({
      key: copy.key,
      status: typeof copy.result['status'] === 'string' ? copy.result['status'] : 'Completed',
      result: copy.result,
      issues: [],
      failure: null
    })),
    notServed: asked.filter((key) => !copies.has(key))
  }
}
