import path from 'node:path'
import { removeOwnFiles } from '../transfers/own-files'

/** The names earlier versions gave the restore's temporary copy: `tmp/restore-<16 hex>.json`. */
const RESTORE_COPY = /^restore-[0-9a-f]{16}\.json$/

/**
 * Removes the temporary copies of backups that earlier versions wrote to `<dataDir>/tmp` during a
 * restore (each a full copy of every person's data) and left behind when the restore was killed.
 * Restore now reads the backup's text directly, so no new ones appear. Only regular files with
 * exactly that name are removed; anything else in the folder, and the folder itself, stay.
 * Answers how many were removed.
 */
export function removeRestoreLeftovers(dataDir: string): number {
  return removeOwnFiles(path.join(dataDir, 'tmp'), RESTORE_COPY)
}
