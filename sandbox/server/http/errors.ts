import type { z } from 'zod'

import type { ApiErrorCode } from '../../../shared/api'

/** Error codes of the sandbox's documented error body `{ error: { code, message, details? } }`. */
export type { ApiErrorCode }

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly details?: unknown
  ) {
    super(message)
  }

  get body(): { error: { code: ApiErrorCode; message: string; details?: unknown } } {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.details === undefined ? {} : { details: this.details })
      }
    }
  }
}

export interface FieldIssue {
  path: string
  message: string
}

/** Turns zod issues into a 400 whose message names the first offending field and whose details list them all. */
export function invalidInput(where: string, error: z.ZodError): ApiError {
  const issues: FieldIssue[] = error.issues.map((issue) => ({
    path: issue.path.map(String).join('.') || (issue.code === 'unrecognized_keys' ? '' : '(root)'),
    message: issue.message
  }))
  // zod reports unknown properties on the parent; name the property itself.
  const withKeys = error.issues.flatMap((issue, i) =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({ path: [...issue.path.map(String), key].join('.'), message: 'unknown property' }))
      : [issues[i] as FieldIssue]
  )
  const first = withKeys[0]
  const message = first ? `Invalid ${where} field "${first.path}": ${first.message}` : `Invalid ${where}`
  return new ApiError(400, 'invalid_request', message, withKeys)
}
