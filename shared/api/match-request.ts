import { z } from 'zod'
import { opt, stringSchema, stringArraySchema } from './primitives'

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
