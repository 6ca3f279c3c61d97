import type { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import type { KnownPreview } from '../../../shared/ipc/channels/known-people'
import { AppError } from '../../../shared/ipc/errors'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { sheetWorkerAnswer, type SheetWorkerMessage } from '../sheets/sheet-worker-run'
import type { Store } from '../store/index'
import { previewList, readIntoList, type ListJob, type ListRead } from './list-reading'
import { sweepList } from './list-writer'

/**
 * Reading a list's file: its first rows (the preview), and the whole of it into a list. In the app
 * each runs in a worker thread over a second connection to the store, so reading and hashing
 * 100,000 rows never holds main's event loop; tests without the worker run them here.
 */
export interface ListJobs {
  preview(file: string, fileName: string): Promise<KnownPreview>
  read(job: ListJob): Promise<ListRead>
}

/** The store the worker opens: the file main has open, at its schema version. */
export interface KnownStoreTarget {
  storeFile: string
  schemaVersion: number
  nativeBinding: string | undefined
}

export type KnownPeopleWorkerData =
  | ({ job: 'preview'; file: string; fileName: string } & KnownStoreTarget)
  | ({ job: 'read' } & ListJob & KnownStoreTarget)

export type KnownPeopleWorkerMessage = SheetWorkerMessage<{ preview: KnownPreview | null; read: ListRead | null }>

export type SpawnKnownPeopleWorker = (data: KnownPeopleWorkerData) => Worker

/** A file that unpacks to far more than it weighs stops at this, not at the machine's memory. */
export const KNOWN_PEOPLE_WORKER_LIMITS = { maxOldGenerationSizeMb: 1024 }

function rethrow(error: unknown): never {
  if (error instanceof UnreadableSheet) throw new AppError('invalid_input', error.message)
  throw error
}

/** On the calling thread through main's connection: tests, and a build without the worker. */
export function listJobsHere(db: () => BetterSqlite3.Database): ListJobs {
  return {
    preview: (file, fileName) => previewList(file, fileName).catch(rethrow),
    read: async (job) => {
      const read = await readIntoList(db(), job).catch(rethrow)
      // the list replaced is hidden already; here (tests) its rows go at once, as the worker deletes them after answering
      if (read.replaced !== null) sweepList(db(), read.replaced)
      return read
    }
  }
}

export function listJobsInWorker(spawn: SpawnKnownPeopleWorker, store: () => Store): ListJobs {
  const target = (): KnownStoreTarget => {
    const { database } = store()
    return { storeFile: database.path, schemaVersion: database.version, nativeBinding: database.nativeBinding }
  }
  return {
    preview: async (file, fileName) => {
      const { preview } = await run(spawn, { job: 'preview', file, fileName, ...target() })
      if (preview === null) throw new AppError('internal', 'The list reader answered nothing.')
      return preview
    },
    read: async (job) => {
      const { read } = await run(spawn, { job: 'read', ...job, ...target() })
      if (read === null) throw new AppError('internal', 'The list reader answered nothing.')
      return read
    }
  }
}

type ListAnswer = { preview: KnownPreview | null; read: ListRead | null }

function run(spawn: SpawnKnownPeopleWorker, data: KnownPeopleWorkerData): Promise<ListAnswer> {
  return sheetWorkerAnswer<ListAnswer>(spawn(data), LIST_WORDS)
}

const LIST_WORDS = {
  what: 'The file',
  reader: 'list reader',
  tooBig:
    'This file needs more memory than a list may use (it unpacks to far more than its size). Save it as CSV and import that.'
}
