import type { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { AppError } from '../../../shared/ipc/errors'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { sheetWorkerAnswer, type SheetWorkerMessage } from '../sheets/sheet-worker-run'
import type { Store } from '../store/index'
import { extraConnectionTarget, type ExtraConnectionTarget } from '../store/extra-connection-target'
import { readIntoDoNotContact, type FileJob, type FileRead } from './file-reading'

/**
 * Reading a file into the list. In the app it runs in a worker thread over a second connection to
 * the store, so reading and hashing a million entries never holds main's event loop; tests
 * without the worker run it here.
 */
export type FileJobs = (job: FileJob) => Promise<FileRead>

/** The store the worker opens: the file main has open, at its schema version. */
export type DoNotContactStoreTarget = ExtraConnectionTarget

export type DoNotContactWorkerData = FileJob & DoNotContactStoreTarget

export type DoNotContactWorkerMessage = SheetWorkerMessage<{ read: FileRead }>

export type SpawnDoNotContactWorker = (data: DoNotContactWorkerData) => Worker

/** A file that unpacks to far more than it weighs stops at this, not at the machine's memory. */
export const DO_NOT_CONTACT_WORKER_LIMITS = { maxOldGenerationSizeMb: 1024 }

/** On the calling thread through main's connection: tests, and a build without the worker. */
export function fileJobsHere(db: () => BetterSqlite3.Database): FileJobs {
  return (job) =>
    readIntoDoNotContact(db(), job).catch((error: unknown) => {
      if (error instanceof UnreadableSheet) throw new AppError('invalid_input', error.message)
      throw error
    })
}

export function fileJobsInWorker(spawn: SpawnDoNotContactWorker, store: () => Store): FileJobs {
  return async (job) => {
    const worker = spawn({ ...job, ...extraConnectionTarget(store().database) })
    const { read } = await sheetWorkerAnswer<{ read: FileRead }>(worker, FILE_WORDS)
    return read
  }
}

const FILE_WORDS = {
  what: 'The file',
  reader: 'do-not-contact file reader',
  tooBig:
    'This file needs more memory than the list may use (it unpacks to far more than its size). Save it as CSV and import that.'
}
