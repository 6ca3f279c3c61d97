import { z } from 'zod'

/**
 * Every failure that crosses the IPC boundary carries one of these codes, so the renderer can
 * decide what to say and what to offer (retry, open Settings, …) without parsing messages.
 */
export const errorCodes = [
  'invalid_input', // the caller sent something the contract does not allow
  'forbidden', // the caller is not the app's own main frame / origin, or lacks the bridge token
  'unknown_channel',
  'not_found',
  'conflict',
  'unauthorized', // the API refused the key or token
  'payment_required', // out of credits
  'rate_limited',
  'network', // the service could not be reached
  'timeout',
  'server_error', // the service answered 5xx
  'invalid_response', // the service answered something we could not read
  'store_error', // the local database refused or is damaged
  'keychain_unavailable',
  'cancelled',
  'internal' // a bug on our side; details are in the log
] as const

export const errorCodeSchema = z.enum(errorCodes)
export type ErrorCode = z.infer<typeof errorCodeSchema>

export const ipcErrorSchema = z.object({
  code: errorCodeSchema,
  message: z.string(),
  details: z.unknown().optional()
})
export type IpcError = z.infer<typeof ipcErrorSchema>

export type IpcResult<T> = { ok: true; data: T } | { ok: false; error: IpcError }

/** The reply schema of a channel whose successful data matches `data`. */
export function ipcResultSchema<T extends z.ZodType>(data: T) {
  return z.discriminatedUnion('ok', [
    z.object({ ok: z.literal(true), data }),
    z.object({ ok: z.literal(false), error: ipcErrorSchema })
  ])
}

/**
 * Thrown by main-process services; the router turns it into `{ ok: false, error }`.
 * Messages are for the recruiter: what happened and what to do.
 */
export class AppError extends Error {
  readonly code: ErrorCode
  readonly details: unknown
  constructor(code: ErrorCode, message: string, details?: unknown) {
    super(message)
    this.name = 'AppError'
    this.code = code
    this.details = details
  }
}

/** Zod issues as plain, path-named records, for `details` of an `invalid_input` error. */
export function describeIssues(error: z.ZodError): { path: string; message: string }[] {
  return error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || '(root)',
    message: issue.message
  }))
}
