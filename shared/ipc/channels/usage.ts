import { z } from 'zod'

/*
 * Usage: the service's own transaction records (Get Api Transaction Data), the calls this app
 * made (its call log), and the local credit ledger, all for the active connection.
 */

const apiIssueSchema = z.object({ path: z.string(), message: z.string() })
const instant = z.iso.datetime({ offset: true })

/** The service's limit on records per call (the sandbox allows up to 1000). */
export const MAX_TRANSACTIONS = 1000

export const transactionFiltersSchema = z.strictObject({
  /** Inclusive start, an instant (the page turns a local day into one). */
  from: instant.optional(),
  /** Exclusive end. */
  to: instant.optional(),
  /** A request type, e.g. MatchProfiles. */
  type: z.string().trim().min(1).max(100).optional(),
  limit: z.int().min(1).max(MAX_TRANSACTIONS).default(500)
})
export type TransactionFilters = z.infer<typeof transactionFiltersSchema>

/** One API transaction record: kept as sent, with the fields the table shows read out of it. */
export const transactionRowSchema = z.object({
  record: z.unknown(),
  /** Where the record did not match the API description; empty when it did. */
  issues: z.array(apiIssueSchema),
  id: z.string().nullable(),
  requestType: z.string().nullable(),
  requestDate: z.string().nullable(),
  responseDate: z.string().nullable(),
  /** Between request and response, when both dates could be read. */
  durationMs: z.number().int().nullable(),
  partnerName: z.string().nullable(),
  request: z.string().nullable(),
  response: z.string().nullable()
})
export type TransactionRow = z.infer<typeof transactionRowSchema>

export const transactionsResponseSchema = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  rows: z.array(transactionRowSchema),
  /** The body was not the documented shape (a list, or an object holding one); read anyway. */
  shapeNote: z.string().nullable(),
  durationMs: z.number().int(),
  /** As many records as asked for came back: there may be more. */
  limited: z.boolean()
})
export type TransactionsResponse = z.infer<typeof transactionsResponseSchema>

/** A call this app made, from its own log (no headers, no bodies). */
export const appCallSchema = z.object({
  id: z.number().int(),
  startedAt: z.string(),
  durationMs: z.number().int(),
  method: z.string(),
  endpoint: z.string(),
  /** The operation in the service's words (MatchProfiles, GetPremiumContacts, …). */
  operation: z.string(),
  status: z.number().int().nullable(),
  ok: z.boolean(),
  errorCode: z.string().nullable(),
  transactionId: z.string().nullable()
})
export type AppCall = z.infer<typeof appCallSchema>

export const ledgerRowSchema = z.object({
  id: z.number().int(),
  recordedAt: z.string(),
  purchaseId: z.string(),
  contactType: z.string(),
  keys: z.array(z.string()),
  outcome: z.enum(['bought', 'refused', 'unknown']),
  creditsSpent: z.number().int().nullable(),
  availableBefore: z.number().int().nullable(),
  availableAfter: z.number().int().nullable(),
  usedBefore: z.number().int().nullable(),
  usedAfter: z.number().int().nullable(),
  transactionId: z.string().nullable(),
  message: z.string().nullable(),
  /** Set when the service was reset after this row (the Sandbox's Reset): history, no longer bought. */
  resetAt: z.string().nullable()
})
export type LedgerRow = z.infer<typeof ledgerRowSchema>

/** The columns of a transactions CSV, in table order; read from the row by `transaction.<field>`. */
export const transactionCsvColumns = [
  { header: 'Id', path: 'transaction.id' },
  { header: 'Request type', path: 'transaction.requestType' },
  { header: 'Request date', path: 'transaction.requestDate' },
  { header: 'Response date', path: 'transaction.responseDate' },
  { header: 'Duration (ms)', path: 'transaction.durationMs' },
  { header: 'Partner', path: 'transaction.partnerName' },
  { header: 'Request', path: 'transaction.request' },
  { header: 'Response', path: 'transaction.response' }
] as const

export const usageChannels = {
  /** Get Api Transaction Data on the active connection, filtered by the service. */
  listTransactions: { input: transactionFiltersSchema, output: transactionsResponseSchema },
  /** This app's calls on the active connection, newest first; readable offline. */
  listCallLog: {
    input: z.strictObject({
      from: instant.optional(),
      to: instant.optional(),
      limit: z.int().min(1).max(10_000).default(1000)
    }),
    output: z.object({ connectionId: z.string(), calls: z.array(appCallSchema) })
  },
  /** The credit ledger of the active connection, newest first; readable offline. */
  listLedger: {
    input: z.strictObject({ limit: z.int().min(1).max(10_000).default(1000) }),
    output: z.object({ connectionId: z.string(), entries: z.array(ledgerRowSchema) })
  }
}
