import type { IpcError } from '../../../shared/ipc/errors'

/** The technical side of an error (its code and details), for the "Details" disclosure. */
export function describeError(error: IpcError): string {
  return error.details === undefined ? error.code : `${error.code}: ${JSON.stringify(error.details, null, 2)}`
}
