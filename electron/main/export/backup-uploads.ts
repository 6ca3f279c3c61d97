import { MAX_UPLOAD_CHARS } from '../../../shared/ipc/channels/export'
import { ChunkedUploads } from '../transfers/chunked-uploads'

/** The folder's name inside the data folder: the app's own, so no one else's files are in it. */
export const UPLOADS_FOLDER = 'talent-desk-uploads'

/**
 * A backup to restore arrives in pieces as UTF-8 text in `<dataDir>/talent-desk-uploads/`; the
 * restore reads the file itself once every character has arrived.
 */
export class BackupUploads extends ChunkedUploads {
  constructor(options: { dir: string; idleMs?: number; now?: () => number; maxChars?: number }) {
    super({
      noun: 'backup',
      tooLarge: 'This file is too large to be a Talent Desk backup. Nothing was restored.',
      maxChars: MAX_UPLOAD_CHARS,
      ...options
    })
  }
}
