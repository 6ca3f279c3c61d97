import type { AppError } from '../../../shared/ipc/errors'

/**
 * A failure from the layer below the features (a store refusal, say) that knows which bridge
 * error it is. Services word it for the recruiter where they know better; one that slips through
 * unworded still answers with its own code rather than as a bug. The router knows only this
 * class, so ipc/ imports nothing from the layers that extend it.
 */
export abstract class BridgeableError extends Error {
  /** The failure's own code, for the log line that says where to word it. */
  abstract readonly code: string
  /** The bridge error with this failure's default wording. */
  abstract toAppError(): AppError
}
