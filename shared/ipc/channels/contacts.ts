import { z } from 'zod'
import { contactTypeSchema } from '../../api/contacts'
import { requestIdSchema } from './search'
import { budgetLineSchema, spentForSchema } from './budgets'
import { knownPersonToCheckSchema } from './known-people'

const keysSchema = z.array(z.string().trim().min(1).max(500)).min(1).max(1000)

/** What buying contacts for these people would cost, from the local ledger. */
export const contactQuoteSchema = z.object({
  quoteId: z.string(),
  connectionId: z.string(),
  contactType: contactTypeSchema,
  keys: z.array(z.string()),
  /** Bought before on this connection for this type: read again for free. */
  alreadyBought: z.array(z.string()),
  /**
   * Bought by a colleague of the team for this type (issue #38): served free from the team's
   * copy, never sent to the service; with who bought them and when.
   */
  fromTeam: z.array(z.object({ key: z.string(), boughtBy: z.string(), boughtAt: z.string() })).optional(),
  /** Being bought right now (another window, a double click): not bought twice. */
  inFlight: z.array(z.string()),
  /** One credit each. */
  newKeys: z.array(z.string()),
  /**
   * Left out of `keys`: on the do-not-contact list or forgotten (asked with `includeSuppressed`,
   * none are left out). The recruiter is told how many.
   */
  suppressed: z.array(z.string()),
  /**
   * Left out of `keys` too: already in your ATS (one of the recruiter's lists, or the service's
   * own ATS match; asked with `includeKnown`, none are). The recruiter is told how many, and can
   * include them in one click.
   */
  known: z.array(z.string()).optional(),
  creditsNeeded: z.number().int(),
  /** As last seen from the service on this connection; null before the first answer. */
  available: z.number().int().nullable(),
  availableSeenAt: z.string().nullable(),
  expiresAt: z.string(),
  /** Where the purchase is made from (its feature, shortlist, import batch), as asked. */
  spentFor: spentForSchema.optional(),
  /** What this purchase would bring each budget it falls under to (none set: empty). */
  budgets: z.array(budgetLineSchema).optional()
})
export type ContactQuote = z.infer<typeof contactQuoteSchema>

export const contactStatusSchema = z.object({
  key: z.string(),
  /** NotStarted, InProgress, Completed, Failed — or whatever the service says. */
  status: z.string().nullable(),
  /** The result as received (null while the service has none for this key). */
  result: z.unknown(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })),
  /** Why a lookup failed, in the service's words (execution_trace.error, exceptions, provider status). */
  failure: z.string().nullable()
})
export type ContactStatus = z.infer<typeof contactStatusSchema>

export const contactPurchaseSchema = z.object({
  purchaseId: z.string(),
  connectionId: z.string(),
  contactType: contactTypeSchema,
  /** bought: New answered; none: nothing new to buy; unknown: New got no answer (not sent again). */
  outcome: z.enum(['bought', 'none', 'unknown']),
  creditsSpent: z.number().int(),
  available: z.number().int().nullable(),
  used: z.number().int().nullable(),
  statuses: z.array(contactStatusSchema),
  /** Polling stopped at its time limit with some lookups still running. */
  timedOut: z.boolean(),
  /** Keys of this purchase that were not bought: a later part was refused (no credits left) or stopped. */
  notBought: z.array(z.string()),
  /** What happened to the parts not bought, in the recruiter's words; null when all went through. */
  message: z.string().nullable()
})
export type ContactPurchase = z.infer<typeof contactPurchaseSchema>

/** Credits on the active connection as last seen from the service (money is never a surprise). */
export const creditsSchema = z.object({
  connectionId: z.string(),
  available: z.number().int().nullable(),
  used: z.number().int().nullable(),
  seenAt: z.string().nullable()
})
export type Credits = z.infer<typeof creditsSchema>

/** What the Contacts list filters on: a lookup still running counts as InProgress. */
export const boughtStatusSchema = z.enum(['Completed', 'Failed', 'InProgress'])

/** One contact type held for a person: its newest stored state, or the purchase running now. */
export const boughtTypeSchema = z.object({
  contactType: z.string(),
  /** NotStarted, InProgress, Completed, Failed (the service's words); null while being bought. */
  status: z.string().nullable(),
  fetchedAt: z.string().nullable(),
  failure: z.string().nullable(),
  emails: z.number().int(),
  phones: z.number().int(),
  /** Being bought or read right now: its `contactsProgress` events tell the rest. */
  running: z.object({ purchaseId: z.string(), requestId: z.string() }).nullable()
})
export type BoughtType = z.infer<typeof boughtTypeSchema>

export const boughtPersonSchema = z.object({
  key: z.string(),
  /** From the result's request, its card, else a shortlist member; the key when none says. */
  name: z.string(),
  headline: z.string().nullable(),
  types: z.array(boughtTypeSchema),
  /** The newest fetch of any type (null for a purchase with no answer yet). */
  lastAt: z.string().nullable()
})
export type BoughtPerson = z.infer<typeof boughtPersonSchema>

/** People per Get Premium Contacts request until the connection says otherwise (the spec does not say). */
export const DEFAULT_PURCHASE_PART_SIZE = 100
/** The most a quote may hold, and so the most one request could carry. */
export const MAX_PURCHASE_PART_SIZE = 1000

/** How many people one purchase request carries on a connection; `isDefault` when none was set or learnt. */
export const purchasePartSizeSchema = z.object({
  connectionId: z.string(),
  size: z.number().int().min(1).max(MAX_PURCHASE_PART_SIZE),
  isDefault: z.boolean()
})
export type PurchasePartSize = z.infer<typeof purchasePartSizeSchema>

const connectionIdSchema = z.string().min(1).max(100)

export const contactChannels = {
  getCredits: { input: z.strictObject({}), output: creditsSchema },
  /**
   * The active connection's balance as the service says it now (a free Polling), when the last
   * seen one is older than `maxAgeSeconds` (default 60) or unknown; else the last seen one.
   */
  refreshCredits: {
    input: z.strictObject({ maxAgeSeconds: z.number().int().min(0).max(86_400).optional() }),
    output: creditsSchema
  },
  /** Contact results already bought on the active connection, newest per key and type, readable offline. */
  contactsFor: {
    input: z.strictObject({ keys: z.array(z.string().max(500)).max(1000) }),
    output: z.record(z.string(), z.array(z.unknown()))
  },
  quoteContacts: {
    input: z.strictObject({
      keys: keysSchema,
      contactType: contactTypeSchema,
      /** Quote people on the do-not-contact list (or forgotten) too; left out by default. */
      includeSuppressed: z.boolean().optional(),
      /** Quote people already in your ATS too (a list of yours, or the service's ATS match); left out by default. */
      includeKnown: z.boolean().optional(),
      /**
       * What the screen holds of the people quoted (by `key`: emails, handles, name and employer,
       * the profile's `ats_data`), as their marks are checked: a search result or a chat answer
       * is known by name and company, or by the service, before anything of it is saved. Main adds
       * what it holds of each key itself.
       */
      people: z.array(knownPersonToCheckSchema).max(1000).optional(),
      /** Where the purchase is made from: its feature, and the shortlist or import batch it is for (budgets). */
      spentFor: spentForSchema.optional()
    }),
    output: contactQuoteSchema
  },
  /** Everyone with contact data on the active connection, newest first, with purchases running now (offline too). */
  listBoughtContacts: {
    input: z.strictObject({
      query: z.string().max(200).optional(),
      contactType: contactTypeSchema.optional(),
      status: boughtStatusSchema.optional()
    }),
    output: z.object({
      connectionId: z.string(),
      people: z.array(boughtPersonSchema),
      /** People with contact data before the filters (0: nothing bought yet on this connection). */
      total: z.number().int()
    })
  },
  /** Buys what the quote said, then follows the lookups to their end (progress as events). */
  buyContacts: {
    input: z.strictObject({
      quoteId: z.string().min(1).max(100),
      requestId: requestIdSchema,
      /** The recruiter confirmed going past a budget for this purchase only (its quote is used once). */
      overBudget: z.boolean().optional()
    }),
    output: contactPurchaseSchema
  },
  /** People per purchase request on a connection (learnt from a "too big" refusal, or set here). */
  getPurchasePartSize: {
    input: z.strictObject({ connectionId: connectionIdSchema }),
    output: purchasePartSizeSchema
  },
  /** Sets it (1–1000), or back to the default with null. */
  setPurchasePartSize: {
    input: z.strictObject({
      connectionId: connectionIdSchema,
      size: z.number().int().min(1).max(MAX_PURCHASE_PART_SIZE).nullable()
    }),
    output: purchasePartSizeSchema
  }
}

export const contactEvents = {
  contactsProgress: z.object({
    purchaseId: z.string(),
    requestId: z.string(),
    statuses: z.array(z.object({ key: z.string(), status: z.string().nullable() })),
    done: z.boolean()
  }),
  /** A connection's balance as last seen changed (a purchase, a reset, a tool call, a refusal's own number). */
  creditsChanged: creditsSchema
}
