import type { Worker } from 'node:worker_threads'
import { AppError } from '../../../shared/ipc/errors'
import { StoreError, type StoreErrorCode } from '../store/errors'
import { inspectBackup, readBackupText, type InspectedBackup } from './backup'

/** Reads a backup file and checks it record by record (nothing is written). */
export type ReadBackupFile = (file: string) => Promise<InspectedBackup>

export interface BackupWorkerData {
  file: string
}

export type BackupWorkerReply =
  | { ok: true; inspected: InspectedBackup }
  | { ok: false; error: { code: StoreErrorCode | null; message: string; details?: unknown } }

/** Starts the worker thread that reads one backup (the shell knows where its script is). */
export type SpawnBackupWorker = (data: BackupWorkerData) => Worker

/** On the calling thread: for tests and small files, or where no worker script exists. */
export const readBackupHere: ReadBackupFile = async (file) => inspectBackup(readBackupText(file))

/**
 * In a worker thread of its own, so parsing hundreds of megabytes never blocks main's event loop
 * (which also serves the window). The backup's own refusals come back as the same StoreErrors.
 */
export function readBackupInWorker(spawn: SpawnBackupWorker): ReadBackupFile {
  return (file) =>
    new Promise<InspectedBackup>((resolve, reject) => {
      let settled = false
      const settle = (done: () => void) => {
        if (settled) return
        settled = true
        done()
      }
      const worker = spawn({ file })
      worker.once('message', (reply: BackupWorkerReply) =>
        settle(() => {
          if (reply.ok) return resolve(reply.inspected)
          const { code, message, details } = reply.error
          reject(
            code === null
              ? new AppError('internal', `The backup could not be read: ${message}`)
              : new StoreError(code, message, details === undefined ? {} : { details })
          )
        })
      )
      worker.once('error', (error) =>
        settle(() => reject(new AppError('internal', `The backup could not be read: ${error.message}`)))
      )
      worker.once('exit', (code) =>
        settle(() => reject(new AppError('internal', `The backup reader stopped unexpectedly (exit code ${code}).`)))
      )
    })
}
