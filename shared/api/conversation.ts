import { z } from 'zod'
import { wholePersonProfileSchema } from './profile'
import { integerSchema, opt, stringArraySchema, stringSchema } from './primitives'

// Conversational Search. The spec shows neither the contents of current_query nor the
// response; both shapes below are the sandbox's documented choice (team notes).

/** current_query: the structured query the conversation has built so far. */
export const structuredQuerySchema = z.looseObject({
  titles: opt(stringArraySchema),
  skills: opt(stringArraySchema),
  locations: opt(stringArraySchema),
  companies: opt(stringArraySchema),
  seniorities: opt(stringArraySchema),
  schools: opt(stringArraySchema),
  exclude_companies: opt(stringArraySchema),
  exclude_locations: opt(stringArraySchema),
  exclude_titles: opt(stringArraySchema),
  exclude_skills: opt(stringArraySchema),
  keywords: opt(stringArraySchema)
})
export type StructuredQuery = z.infer<typeof structuredQuerySchema>

/**
 * Body of Conversational Search. Strict at the top level: the spec lists the whole body and we
 * are the sender, so an unknown key is a typo of ours. current_query stays loose because its
 * contents are not part of the spec.
 */
export const conversationalSearchRequestSchema = z.strictObject({
  conversation_id: opt(stringSchema),
  user_input: opt(stringSchema),
  current_query: opt(structuredQuerySchema),
  transaction_id: opt(stringSchema)
})
export type ConversationalSearchRequest = z.infer<typeof conversationalSearchRequestSchema>

export const conversationalSearchResponseSchema = z.looseObject({
  conversation_id: opt(stringSchema),
  message: opt(stringSchema),
  current_query: opt(structuredQuerySchema),
  total: opt(integerSchema),
  results: opt(z.array(wholePersonProfileSchema))
})
export type ConversationalSearchResponse = z.infer<typeof conversationalSearchResponseSchema>
