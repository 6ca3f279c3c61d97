import { z } from 'zod'
import { parseQuery, type PartnerRoute } from './route'

export const maxTransactionLimit = 1000

const isoDateTime = z.iso.datetime({ offset: true, local: true }).or(z.iso.date())

const transactionsQuerySchema = z.object({
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
  type: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(maxTransactionLimit).default(100)
})

/** Local date-times without an offset are read as UTC, the service's time zone. */
const toMs = (text: string | undefined): number | undefined =>
  text === undefined ? undefined : Date.parse(/Z|[+-]\d\d:?\d\d$/.test(text) || text.length === 10 ? text : `${text}Z`)

export function transactionsRoute(): PartnerRoute {
  return {
    method: 'GET',
    pattern: /^\/api\/Analytics\/GetApiTransactionData$/,
    async run(ctx) {
      const query = parseQuery(transactionsQuerySchema, ctx.url)
      const records = ctx.org.transactions.query({
        from: toMs(query.from),
        to: toMs(query.to),
        type: query.type,
        limit: query.limit
      })
      return { body: records, summary: `200 ${records.length} record(s)` }
    }
  }
}
