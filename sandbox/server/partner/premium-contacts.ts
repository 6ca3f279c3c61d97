import { z } from 'zod'
import {
  contactRequestTypeSchema,
  contactTypeSchema,
  premiumContactsRequestSchema,
  type ContactResult
} from '../../../shared/api'
import { purchaseResult, unknownKeyResult, type Requester } from '../contacts/contact-result'
import type { ContactBook, ContactType, Purchase } from '../contacts/contact-book'
import type { ProfileCatalog } from '../../search/profile-catalog'
import { parseBody, parseQuery, type PartnerRoute } from './route'

/** Most keys one Get Premium Contacts call may carry (sandbox choice). */
export const maxContactKeys = 100

const contactsQuerySchema = z.object({
  contactType: contactTypeSchema.default('Email'),
  requestType: contactRequestTypeSchema.default('New')
})

const contactsBodySchema = premiumContactsRequestSchema.max(maxContactKeys)

export type ContactRequestType = z.infer<typeof contactRequestTypeSchema>

/**
 * The contact operation shared by the Partner API and the tool server.
 * New buys keys not bought before and answers every key in the body; Polling answers the
 * bought ones among the keys (all bought ones when the body is empty) in their current state;
 * Existing answers only the bought ones whose lookup has Completed. Polling and Existing spend nothing.
 */
export function contactResults(args: {
  catalog: ProfileCatalog
  book: ContactBook
  keys: readonly string[]
  contactType: ContactType
  requestType: ContactRequestType
  requester: Requester
  now: number
}): { results: ContactResult[]; newRequestedCount: number } {
  const { catalog, book, contactType, requester, now } = args
  const keys = [...new Set(args.keys)]
  const result = (p: Purchase): ContactResult =>
    purchaseResult(p, catalog.get(p.key) ?? { key: p.key }, book, requester, now)
  if (args.requestType === 'New') {
    const { newRequestedCount } = book.buy(keys, contactType, now, (key) => catalog.get(key) !== undefined)
    const results = keys.map((key) => {
      const purchase = book.get(key, contactType)
      return purchase ? result(purchase) : unknownKeyResult(key, contactType, requester, now)
    })
    return { results, newRequestedCount }
  }
  const bought =
    keys.length === 0
      ? book.all(contactType)
      : keys.map((key) => book.get(key, contactType)).filter((p): p is Purchase => p !== undefined)
  const visible = args.requestType === 'Existing' ? bought.filter((p) => book.statusOf(p, now) === 'Completed') : bought
  return { results: visible.map(result), newRequestedCount: 0 }
}

export function premiumContactsRoute(catalog: ProfileCatalog): PartnerRoute {
  return {
    method: 'POST',
    pattern: /^\/api\/Contacts\/GetPremiumContacts$/,
    type: 'GetPremiumContacts',
    async run(ctx) {
      const query = parseQuery(contactsQuerySchema, ctx.url)
      const keys = parseBody(contactsBodySchema, await ctx.body())
      const { results, newRequestedCount } = contactResults({
        catalog,
        book: ctx.org.contacts,
        keys,
        contactType: query.contactType,
        requestType: query.requestType,
        requester: { organisationId: ctx.org.id, callerId: 'partner-api' },
        now: ctx.now
      })
      const count = { available: ctx.org.credits.available, used: ctx.org.credits.used, newRequestedCount }
      const byStatus = new Map<string, number>()
      for (const r of results) byStatus.set(r.status ?? '?', (byStatus.get(r.status ?? '?') ?? 0) + 1)
      return {
        body: { results, count },
        summary: `200 ${query.requestType}/${query.contactType}: ${results.length} result(s) [${[...byStatus].map(([s, n]) => `${s} ${n}`).join(', ')}], ${newRequestedCount} new, ${count.available} credit(s) left`
      }
    }
  }
}
