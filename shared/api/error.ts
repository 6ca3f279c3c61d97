import { z } from 'zod'

// The Partner API's error body is not shown in the spec; this is the sandbox's documented choice.

/** Codes the sandbox emits. A real server may send others, so `code` itself is any string. */
export const apiErrorCodeSchema = z.enum([
  'unauthorized',
  'invalid_request',
  'unsupported_media_type',
  'not_found',
  'conflict',
  'payment_required',
  'rate_limited',
  'internal_error',
  'service_unavailable'
])
export type ApiErrorCode = z.infer<typeof apiErrorCodeSchema>

export const apiErrorSchema = z.looseObject({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional()
})

export const apiErrorBodySchema = z.looseObject({
  error: apiErrorSchema
})
export type ApiErrorBody = z.infer<typeof apiErrorBodySchema>
