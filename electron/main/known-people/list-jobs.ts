import type { Worker } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import type { AtsPageBytes, AtsPagesTarget, AtsPagesWriter, AtsPageWritten } from '../platform/ports'
import type { KnownPreview } from '../../../shared/ipc/channels/known-people'
import { AppError } from '../../../shared/ipc/errors'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { sheetWorkerAnswer, type SheetWorkerMessage } from '../sheets/sheet-worker-run'
import type { Store } from '../store/index'
import { extraConnectionTarget, type ExtraConnectionTarget } from '../store/extra-connection-target'
import { AtsPages } from './ats-pages'
import { previewList, readIntoList, type ListJob, type ListRead } from './list-reading'
import { sweepList } from './list-writer'
import { MainCheckpoints } from './main-checkpoints'

/**
 * Reading a list's file: its first rows (the preview), and the whole of it into a list. In the app
 * each runs in a worker thread over a second connection to the store, so reading and hashing
 * 100,000 rows never holds main's event loop; tests without the worker run them here.
 */
export interface ListJobs {
  preview(file: string, fileName: string): Promise<KnownPreview>
  read(job: ListJob): Promise<ListRead>
  /** An ATS pull's pages, read and written one at a time (in the app, by one worker for the whole pull). */
  atsPages(target: AtsPagesTarget): AtsPagesWriter
}

/** The store the worker opens: the file main has open, at its schema version. */
export type KnownStoreTarget = ExtraConnectionTarget

export type KnownPeopleWorkerData =
  | ({ job: 'preview'; file: string; fileName: string } & KnownStoreTarget)
  | ({ job: 'read' } & ListJob & KnownStoreTarget)
  | ({ job: 'atsPages'; target: AtsPagesTarget } & KnownStoreTarget)

/** What main asks the worker of an ATS pull's pages, one at a time, and its answers. */
export type AtsPagesAsk =
  | { type: 'ready' }
  | { type: 'page'; page: AtsPageBytes }
  | { type: 'finish' }
  | { type: 'abandon' }
export type AtsPagesAnswer = { type: 'done'; written: AtsPageWritten | null } | { type: 'failed'; message: string }

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
    },
    atsPages: (target) => {
      const pages = new AtsPages(db(), target)
      return {
        ready: async () => undefined,
        page: async (page) => pages.page(page),
        finish: async () => {
          const replaced = pages.finish()
          if (replaced !== null) sweepList(db(), replaced)
        },
        abandon: async () => pages.abandon()
      }
    }
  }
}

export function listJobsInWorker(spawn: SpawnKnownPeopleWorker, store: () => Store): ListJobs {
  // main's connection leaves checkpoints to the worker's while a pull's pages are written
  const checkpoints = new MainCheckpoints(() => store().database.db)
  const storeTarget = (): KnownStoreTarget => extraConnectionTarget(store().database)
  return {
    preview: async (file, fileName) => {
      const { preview } = await run(spawn, { job: 'preview', file, fileName, ...storeTarget() })
      if (preview === null) throw new AppError('internal', 'The list reader answered nothing.')
      return preview
    },
    read: async (job) => {
      const { read } = await run(spawn, { job: 'read', ...job, ...storeTarget() })
      if (read === null) throw new AppError('internal', 'The list reader answered nothing.')
      return read
    },
    atsPages: (target) => {
      const release = checkpoints.hold()
      const pages = atsPagesInWorker(spawn({ job: 'atsPages', target, ...storeTarget() }))
      return {
        ready: () => pages.ready(),
        page: (page) => pages.page(page),
        finish: () => pages.finish().finally(release),
        abandon: () => pages.abandon().finally(release)
      }
    }
  }
}

/**
 * One worker for a whole pull: each page sent to it in turn, its answer awaited. A page's bytes
 * are transferred, not copied: their ArrayBuffer moves to the worker and the sender's bytes are
 * left empty (detached), so main holds no page once it is sent.
 */
function atsPagesInWorker(worker: Worker): AtsPagesWriter {
  let waiting: { resolve: (written: AtsPageWritten | null) => void; reject: (error: Error) => void } | null = null
  let stopped: Error | null = null
  const stop = (error: Error) => {
    stopped ??= error
    waiting?.reject(error)
    waiting = null
  }
  worker.on('message', (answer: AtsPagesAnswer) => {
    const asked = waiting
    waiting = null
    if (answer.type === 'done') asked?.resolve(answer.written)
    else asked?.reject(new Error(answer.message))
  })
  worker.once('error', (error) =>
    stop(new AppError('internal', `The list writer stopped (${error.message}). Try again.`))
  )
  worker.once('exit', (code) =>
    stop(new AppError('internal', `The list writer stopped unexpectedly (exit code ${code}). Try again.`))
  )
  const ask = (message: AtsPagesAsk, transfer: ArrayBuffer[] = []) =>
    new Promise<AtsPageWritten | null>((resolve, reject) => {
      if (stopped !== null) return reject(stopped)
      waiting = { resolve, reject }
      worker.postMessage(message, transfer)
    })
  return {
    ready: async () => void (await ask({ type: 'ready' })),
    page: async (page) => {
      const bytes = ownBuffer(page.bytes)
      const written = await ask({ type: 'page', page: { ...page, bytes } }, [bytes.buffer])
      if (written === null) throw new AppError('internal', 'The list writer answered nothing.')
      return written
    },
    finish: async () => void (await ask({ type: 'finish' })),
    // a worker already stopped left its hidden list: the service's sweep deletes it
    abandon: () =>
      ask({ type: 'abandon' }).then(
        () => undefined,
        () => undefined
      )
  }
}

/**
 * Bytes that fill their ArrayBuffer whole, as they are (the AtsClient's pages), else a copy that
 * does: transferring a view's buffer would hand the worker whatever else shares it (a pooled
 * Buffer's slab) and take it from its owner.
 */
function ownBuffer(bytes: Uint8Array<ArrayBuffer>): Uint8Array<ArrayBuffer> {
  return bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength ? bytes : bytes.slice()
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
