import path from 'node:path'
import { IMPORT_CHUNK_CHARS, MAX_IMPORT_BYTES } from '../../../shared/ipc/channels/imports'
import { ChunkedUploads } from '../transfers/chunked-uploads'

/** The folder of spreadsheets being uploaded, inside the data folder: the app's own. */
export const IMPORT_UPLOADS_FOLDER = 'talent-desk-imports'

/**
 * A spreadsheet arrives as base64 pieces, written as bytes; past MAX_IMPORT_BYTES it is refused.
 * A workbook read once is kept for its other sheets until the page lets it go, its import starts
 * matching, or a new upload needs its place (the one read longest ago goes first).
 */
export function importUploadsIn(dataDir: string): ChunkedUploads {
  return new ChunkedUploads({
    dir: path.join(dataDir, IMPORT_UPLOADS_FOLDER),
    encoding: 'base64',
    noun: 'spreadsheet',
    maxChars: Math.ceil(MAX_IMPORT_BYTES / 3) * 4 + IMPORT_CHUNK_CHARS,
    makeRoom: true,
    tooLarge: `This file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB. Split the sheet, or save only the columns you need, and import that.`
  })
}
