import { z } from 'zod'
import { booleanSchema, int32Schema, opt, stringArraySchema, stringSchema } from './primitives'

/** Body of Match Profiles. The spec allows no other properties, hence strict. */
export const matchProfileRequestSchema = z.strictObject({
  key: opt(stringSchema),
  name: opt(stringSchema),
  title: opt(stringSchema),
  company: opt(stringSchema),
  school: opt(stringSchema),
  location: opt(stringSchema),
  emails: opt(stringArraySchema),
  handles: opt(stringArraySchema)
})
export type MatchProfileRequest = z.infer<typeof matchProfileRequestSchema>

/** Default of maxNumberOfResults when the query leaves it out. */
export const defaultMaxNumberOfResults = 5

/**
 * Query parameters of Match Profiles, typed as the client holds them before they become a
 * query string (a server reading the raw string converts first). Strict: we build it, and the
 * spec lists every parameter. null or absent means "leave the parameter out".
 */
export const matchProfilesQuerySchema = z.strictObject({
  transactionId: opt(stringSchema),
  maxNumberOfResults: opt(int32Schema),
  emailLookupEnabled: opt(booleanSchema)
})
export type MatchProfilesQuery = z.infer<typeof matchProfilesQuerySchema>
