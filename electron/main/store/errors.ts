/**
 * Every failure the store reports to its callers. Codes are stable strings the IPC layer can
 * forward to the renderer unchanged; `path` names the database file when one is involved.
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

export class StoreError extends Error {
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
