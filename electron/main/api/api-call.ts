import { z } from 'zod'

/**
 * One call the app made. Only what helps a recruiter or support read "what happened": no
 * headers, no bodies, no query string (the endpoint is a path), so no key can leak into the log.
 */
export const apiCallInputSchema = z.strictObject({
  startedAt: z.iso.datetime({ offset: true }).optional(),
  durationMs: z.number().int().min(0),
  connectionId: z.string().nullable().optional(),
  method: z.string().min(1).max(10),
  endpoint: z
    .string()
    .startsWith('/')
    .max(500)
    .refine((path) => !path.includes('?'), 'path only, no query string'),
  status: z.number().int().nullable().optional(),
  ok: z.boolean(),
  errorCode: z.string().max(100).nullable().optional(),
  transactionId: z.string().max(200).nullable().optional()
})
export type ApiCallInput = z.infer<typeof apiCallInputSchema>
