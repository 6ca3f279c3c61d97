import { AppError, type ErrorCode } from '../../../shared/ipc/errors'
import { BridgeableError } from '../ipc/bridgeable-error'

/**
 * Every failure the store reports to its callers, and the one place where it becomes a bridge
 * error. Codes are stable strings; `path` names the database file when one is involved.
 */
export type StoreErrorCode =
  | 'store_newer_than_app' // file was written by a newer app version; left untouched
  | 'store_corrupt' // not a SQLite file, truncated, or integrity_check failed; left untouched
  | 'store_foreign' // a SQLite file that is not a Talent Desk store; left untouched
  | 'store_unreadable' // the file exists but cannot be opened (permissions, locked, I/O)
  | 'store_migration_failed' // a migration threw; its transaction was rolled back
  | 'not_found'
  | 'invalid_input'
  | 'duplicate_member' // the profile key is already in that shortlist
  | 'stage_in_use'
  | 'profile_without_key'
  | 'backup_invalid' // restore refused: the file is not a valid Talent Desk backup
  | 'export_failed'
  | 'export_cancelled'

export class StoreError extends BridgeableError {
  override readonly name = 'StoreError'
  readonly code: StoreErrorCode
  readonly path: string | undefined
  readonly details: unknown

  constructor(
    code: StoreErrorCode,
    message: string,
    options: { path?: string; details?: unknown; cause?: unknown } = {}
  ) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause })
    this.code = code
    this.path = options.path
    this.details = options.details
  }

  /** The bridge error with the default wording (for a refusal no service worded). */
  toAppError(): AppError {
    return toAppError(this) as AppError
  }

  /** Plain data for IPC: no stack, no cause chain. */
  toJSON(): { code: StoreErrorCode; message: string; path?: string; details?: unknown } {
    return {
      code: this.code,
      message: this.message,
      ...(this.path === undefined ? {} : { path: this.path }),
      ...(this.details === undefined ? {} : { details: this.details })
    }
  }
}

export function isStoreError(value: unknown, code?: StoreErrorCode): value is StoreError {
  return value instanceof StoreError && (code === undefined || value.code === code)
}

/**
 * How each store code crosses the bridge: codes map to the shared list;
 * messages are rewritten in the recruiter's words by the caller where it knows better (which
 * shortlist, which person), and otherwise come from here.
 */
const codeFor: Record<StoreErrorCode, ErrorCode> = {
  store_newer_than_app: 'store_error',
  store_corrupt: 'store_error',
  store_foreign: 'store_error',
  store_unreadable: 'store_error',
  store_migration_failed: 'store_error',
  export_failed: 'store_error',
  not_found: 'not_found',
  invalid_input: 'invalid_input',
  profile_without_key: 'invalid_input',
  backup_invalid: 'invalid_input',
  duplicate_member: 'conflict',
  stage_in_use: 'conflict',
  export_cancelled: 'cancelled'
}

const defaultMessages: Partial<Record<StoreErrorCode, string>> = {
  store_newer_than_app:
    'Your saved data was written by a newer Talent Desk. Update the app to open it; nothing was changed.',
  store_corrupt:
    'Your saved data file is damaged, so Talent Desk left it untouched. Use the banner above to move it aside or restore a copy.',
  store_foreign:
    'The data file is not a Talent Desk file, so Talent Desk left it untouched. Use the banner above to move it aside.',
  store_unreadable:
    'Talent Desk cannot open its data file (permissions or disk). Check the folder, then press Try again in the banner above.',
  store_migration_failed:
    'Talent Desk could not upgrade your saved data; it was left as it was. The details are in the log.',
  export_cancelled: 'The export was cancelled; no file was left behind.'
}

/** Per-call wording for the codes a recruiter can act on. */
export type StoreMessages = Partial<Record<StoreErrorCode, string | (() => string)>>

/** Turns a StoreError into an AppError (anything else passes through untouched). */
export function toAppError(error: unknown, messages: StoreMessages = {}): unknown {
  if (!(error instanceof StoreError)) return error
  const wording = messages[error.code]
  const message = (typeof wording === 'function' ? wording() : wording) ?? defaultMessages[error.code] ?? error.message
  const details = { storeCode: error.code, ...(error.details === undefined ? {} : { reason: error.details }) }
  return new AppError(codeFor[error.code], message, details)
}

/** Runs `fn`, rethrowing store failures as AppErrors with the given wording. */
export function mapStoreErrors<T>(fn: () => T, messages: StoreMessages = {}): T {
  try {
    return fn()
  } catch (error) {
    throw toAppError(error, messages)
  }
}

/** The async twin of `mapStoreErrors`. */
export async function mapStoreErrorsAsync<T>(fn: () => Promise<T>, messages: StoreMessages = {}): Promise<T> {
  try {
    return await fn()
  } catch (error) {
    throw toAppError(error, messages)
  }
}
