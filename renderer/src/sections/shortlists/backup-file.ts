import { backupPieces, type BackupPiece } from './backup-pieces'

/** What `sendBackupFile` answers: sent whole, refused by its encoding, or stopped by the receiver. */
export type SentBackupFile = { ok: true } | { ok: false; message: string } | { ok: false; stopped: true }

/**
 * Characters per piece the page sends: a small bridge request and a short task on the page. In the
 * browser host each piece is written as JSON and handed to fetch on the page's main thread (about
 * 30 ms per million characters on a slow machine), so a quarter of that keeps each task far under 50 ms.
 */
export const UPLOAD_PIECE_CHARS = 250_000

/**
 * Reads a chosen backup file a slice at a time and hands its text to `send` in pieces of at most
 * `pieceChars` characters (`last` on the final one), so a backup of hundreds of megabytes is
 * never one string in the page nor one request over the bridge. `send` answers false to stop.
 * The file is read and decoded in a worker (backup-reader.worker.ts), so the page's main thread
 * only hands pieces on; where no worker can start, on the page itself.
 *
 * Talent Desk writes backups as UTF-8; a file an editor saved again as UTF-16 (Windows Notepad's
 * "Unicode") is read by its byte order mark, and a file in any other encoding (Latin-1,
 * Windows-1252) is refused here, by name, instead of reaching the restore with every accented
 * name turned into "�" (what `File.text()` would make of it).
 */
export async function sendBackupFile(
  file: Blob,
  fileName: string,
  pieceChars: number,
  send: (piece: string, last: boolean, bytesRead: number) => Promise<boolean>,
  options: { worker?: boolean } = {}
): Promise<SentBackupFile> {
  let reader = options.worker === false ? null : startReader(file, fileName, pieceChars)
  const inline = () => {
    const pieces = backupPieces(file, fileName, pieceChars)
    return async (): Promise<BackupPiece | { done: true }> => {
      const step = await pieces.next()
      return step.done === true ? { done: true } : step.value
    }
  }
  let next = reader?.next ?? inline()
  let received = false
  /** The next piece, read while this one is sent. */
  let ahead: Promise<BackupPiece | { done: true }> | null = null
  try {
    for (;;) {
      let step: BackupPiece | { done: true }
      try {
        step = await (ahead ?? next())
      } catch (error) {
        // A worker that could not start at all: the page reads the file itself.
        if (reader === null || received) throw error
        reader.stop()
        reader = null
        next = inline()
        step = await next()
      }
      ahead = null
      received = true
      if ('done' in step) return { ok: true }
      if ('refused' in step) return { ok: false, message: step.refused }
      if (!step.last) {
        ahead = next()
        // read again at the top of the loop; a stop before then leaves it unread
        ahead.catch(() => undefined)
      }
      if (!(await send(step.piece, step.last, step.bytesRead))) return { ok: false, stopped: true }
      if (step.last) return { ok: true }
    }
  } finally {
    reader?.stop()
  }
}

/** The reader worker, or null where none can start (tests in Node, a page without workers). */
function startReader(
  file: Blob,
  fileName: string,
  pieceChars: number
): { next: () => Promise<BackupPiece | { done: true }>; stop: () => void } | null {
  if (typeof Worker === 'undefined') return null
  let worker: Worker
  try {
    worker = new Worker(new URL('./backup-reader.worker.ts', import.meta.url), { type: 'module' })
  } catch {
    return null
  }
  let first = true
  const next = () =>
    new Promise<BackupPiece | { done: true }>((resolve, reject) => {
      worker.onmessage = (event: MessageEvent<BackupPiece | { done: true } | { unreadable: true }>) => {
        if ('unreadable' in event.data) reject(new Error('The file could not be read.'))
        else resolve(event.data)
      }
      worker.onerror = () => reject(new Error('The backup reader stopped.'))
      worker.postMessage(first ? { file, fileName, pieceChars } : 'next')
      first = false
    })
  return { next, stop: () => worker.terminate() }
}
