import { z } from 'zod'
import { matchProfileRequestSchema } from '../../api/match-request'

/** A request id the renderer makes, so it can cancel what it started. */
export const requestIdSchema = z.string().min(8).max(64)

/** The most results one search may ask for; a service may take fewer (its refusal says how many). */
export const MAX_RESULTS = 1000
/** What the built-in Sandbox takes (sandbox/server/partner/match-profiles.ts). */
export const SANDBOX_MAX_RESULTS = 100

export const searchOptionsSchema = z.strictObject({
  /** The spec's default is 5; the service sets the upper bound (the sandbox allows 100). */
  maxNumberOfResults: z.int().min(1).max(MAX_RESULTS).default(25),
  emailLookupEnabled: z.boolean().default(false)
})
export type SearchOptions = z.infer<typeof searchOptionsSchema>

const apiIssueSchema = z.object({ path: z.string(), message: z.string() })

/** A shortlist a person is already on (live members only). */
export const shortlistRefSchema = z.object({ id: z.string(), name: z.string() })
export type ShortlistRef = z.infer<typeof shortlistRefSchema>

export const searchResultSchema = z.object({
  /** The record exactly as the service sent it (undeclared fields kept). */
  profile: z.unknown(),
  /** Where it did not match the API description; empty when it did. */
  issues: z.array(apiIssueSchema),
  key: z.string().nullable(),
  shortlistedIn: z.array(shortlistRefSchema)
})
export type SearchResult = z.infer<typeof searchResultSchema>

export const searchResponseSchema = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  /** Sent with the search; quote it to support. */
  transactionId: z.string(),
  durationMs: z.number().int(),
  results: z.array(searchResultSchema),
  /** The body was not an array (one object, or an object holding the list); read anyway. */
  shapeNote: z.string().nullable()
})
export type SearchResponse = z.infer<typeof searchResponseSchema>

export const recentSearchSchema = z.object({
  id: z.number().int(),
  connectionId: z.string().nullable(),
  request: matchProfileRequestSchema,
  options: z.object({ maxNumberOfResults: z.int(), emailLookupEnabled: z.boolean() }),
  resultCount: z.number().int().nullable(),
  searchedAt: z.string()
})
export type RecentSearch = z.infer<typeof recentSearchSchema>

export const searchChannels = {
  searchProfiles: {
    input: z.strictObject({
      requestId: requestIdSchema,
      request: matchProfileRequestSchema,
      options: searchOptionsSchema.optional()
    }),
    output: searchResponseSchema
  },
  /** Cancels a running request started with this id; `cancelled: false` when it had already ended. */
  cancelRequest: {
    input: z.strictObject({ requestId: requestIdSchema }),
    output: z.object({ cancelled: z.boolean() })
  },
  listRecentSearches: { input: z.strictObject({}), output: z.array(recentSearchSchema) },
  /** Which shortlists hold each key (for marking results after adding). */
  shortlistsForKeys: {
    input: z.strictObject({ keys: z.array(z.string().max(500)).max(5000) }),
    output: z.record(z.string(), z.array(shortlistRefSchema))
  }
}
