import { IMPORT_CHUNK_CHARS, MAX_IMPORT_BYTES } from '../../../../shared/ipc/channels/imports'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { base64Of } from '../../lib/file-base64'

/** Bytes per piece: base64 of 3 MB is 4 M characters, the most one piece may carry. */
const PIECE_BYTES = (IMPORT_CHUNK_CHARS / 4) * 3

/**
 * Sends a spreadsheet file to main in base64 pieces. The browser encodes each slice itself
 * (FileReader's data URL, off the page's thread), so a 50 MB file never blocks the page.
 */
export async function uploadSheet(
  client: Client,
  file: Blob,
  onSent: (sent: number) => void
): Promise<{ uploadId: string } | { error: IpcError }> {
  if (file.size > MAX_IMPORT_BYTES) {
    return {
      error: {
        code: 'invalid_input',
        message: `This file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split the sheet, or save only the columns you need, and import that.`
      }
    }
  }
  const started = await client.startImportUpload({ bytes: file.size })
  if (!started.ok) return { error: started.error }
  const { uploadId } = started.data
  let offset = 0
  do {
    const end = Math.min(file.size, offset + PIECE_BYTES)
    const chunk = await base64Of(file.slice(offset, end))
    const sent = await client.appendImportUpload({ uploadId, chunk, last: end >= file.size })
    if (!sent.ok) {
      void client.discardImportUpload({ uploadId })
      return { error: sent.error }
    }
    offset = end
    onSent(offset)
  } while (offset < file.size)
  return { uploadId }
}
