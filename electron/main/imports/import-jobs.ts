import type { Worker } from 'node:worker_threads'
import { DEFAULT_IMPORT_THRESHOLD, type ImportField } from '../../../shared/ipc/channels/imports'
import { AppError } from '../../../shared/ipc/errors'
import type { ImportsStore } from './imports-store'
import { extraConnectionTarget, type ExtraConnectionTarget } from '../store/extra-connection-target'
import type { SheetInfo } from '../../../shared/ipc/channels/imports'
import { readSheet, UnreadableSheet } from '../sheets/sheet-reader'
import { sheetWorkerAnswer, type SheetWorkerMessage } from '../sheets/sheet-worker-run'
import { prepareRows } from './row-request'

/**
 * The two jobs that touch every row of a sheet: reading the file into a new batch, and applying
 * a mapping to every row. In the app each runs in a worker thread over a second connection to
 * the store, so 50,000 rows neither stall main's event loop nor cross it as one message.
 */
export interface ImportJobs {
  read(job: ReadJob, onProgress: (read: number) => void): Promise<SheetInfo>
  prepare(job: PrepareJob): Promise<void>
}

export interface ReadJob {
  file: string
  fileName: string
  sheet: string | undefined
  batchId: string
  connectionId: string
}
export interface PrepareJob {
  batchId: string
  headerRow: number
  mapping: ImportField[]
}

/** The store the worker opens: the file main has open, at its schema version. */
export interface StoreTarget extends ExtraConnectionTarget {
  now: string
}

export type ImportWorkerData =
  ({ job: 'read' } & ReadJob & StoreTarget) | ({ job: 'prepare' } & PrepareJob & StoreTarget)

export type ImportWorkerMessage = SheetWorkerMessage<{ info: SheetInfo | null }>

export type SpawnImportWorker = (data: ImportWorkerData) => Worker

/** A spreadsheet that unpacks to far more than it weighs stops at this, not at the machine's memory. */
export const IMPORT_WORKER_LIMITS = { maxOldGenerationSizeMb: 1024 }

type ImportStore = Pick<ImportsStore, 'imports' | 'transaction'>

/** Reads a sheet into a new batch through `store`: the worker's job, and the in-thread one. */
export async function readIntoBatch(
  store: ImportStore,
  job: ReadJob,
  onProgress: (read: number) => void
): Promise<SheetInfo> {
  let next = 1
  let created = false
  const create = (info: Partial<SheetInfo>) => {
    store.imports.create({
      id: job.batchId,
      connectionId: job.connectionId,
      fileName: job.fileName,
      format: info.format ?? (/\.xlsx$/i.test(job.fileName) ? 'xlsx' : 'csv'),
      sheet: info.sheet ?? null,
      sheets: info.sheets ?? [],
      encoding: info.encoding ?? null,
      delimiter: info.delimiter ?? null,
      notes: [],
      threshold: DEFAULT_IMPORT_THRESHOLD
    })
    created = true
  }
  try {
    const info = await readSheet(job.file, {
      fileName: job.fileName,
      sheet: job.sheet,
      onProgress,
      onRows: (rows) =>
        store.transaction(() => {
          if (!created) create({})
          store.imports.addRows(job.batchId, rows, next)
          next += rows.length
        })
    })
    store.transaction(() => {
      if (!created) create(info)
      store.imports.describe(job.batchId, info)
    })
    return info
  } catch (error) {
    if (created) store.imports.delete(job.batchId)
    throw error
  }
}

export async function prepareBatch(store: ImportStore, job: PrepareJob): Promise<void> {
  const prepared = prepareRows(store.imports.allCells(job.batchId), job.headerRow, job.mapping)
  store.transaction(() => {
    store.imports.setMapping(job.batchId, job.headerRow, job.mapping)
    store.imports.prepareRows(job.batchId, prepared)
  })
}

/** On the calling thread through main's connection: tests, and a build without the worker. */
export function importJobsHere(store: () => ImportsStore): ImportJobs {
  return {
    read: (job, onProgress) => readIntoBatch(store(), job, onProgress).catch(rethrow),
    prepare: (job) => prepareBatch(store(), job)
  }
}

export function importJobsInWorker(spawn: SpawnImportWorker, store: () => ImportsStore, now: () => Date): ImportJobs {
  const target = (): StoreTarget => {
    return { ...extraConnectionTarget(store().database), now: now().toISOString() }
  }
  return {
    read: async (job, onProgress) => {
      const info = await run(spawn, { job: 'read', ...job, ...target() }, onProgress)
      if (info === null) throw new AppError('internal', 'The spreadsheet reader answered nothing.')
      return info
    },
    prepare: async (job) => {
      await run(spawn, { job: 'prepare', ...job, ...target() }, () => undefined)
    }
  }
}

function rethrow(error: unknown): never {
  if (error instanceof UnreadableSheet) throw new AppError('invalid_input', error.message)
  throw error
}

function run(
  spawn: SpawnImportWorker,
  data: ImportWorkerData,
  onProgress: (read: number) => void
): Promise<SheetInfo | null> {
  return sheetWorkerAnswer<{ info: SheetInfo | null }>(spawn(data), SPREADSHEET_WORDS, onProgress).then(
    ({ info }) => info
  )
}

const SPREADSHEET_WORDS = {
  what: 'The spreadsheet',
  reader: 'spreadsheet reader',
  tooBig:
    'This spreadsheet needs more memory than an import may use (it unpacks to far more than its size). Save the sheet you need as CSV and import that.'
}
