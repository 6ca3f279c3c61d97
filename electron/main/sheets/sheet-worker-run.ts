import type { Worker } from 'node:worker_threads'
import { AppError } from '../../../shared/ipc/errors'

/** What a worker reading a sheet says: how far it got, its answer, or why it could not read. */
export type SheetWorkerMessage<Done> =
  | { type: 'progress'; read: number }
  | ({ type: 'done' } & Done)
  | { type: 'failed'; message: string; unreadable: boolean }

/** How a reader's failures are told, in the words of what it reads. */
export interface SheetWorkerWords {
  /** "The spreadsheet", "The file". */
  what: string
  /** "spreadsheet reader", "list reader". */
  reader: string
  /** Said when the file unpacks to more than the worker's memory limit. */
  tooBig: string
}

/**
 * Waits for a worker that reads a sheet (an import's spreadsheet, a known-people list) to answer,
 * once: its answer, or an error that says what happened and what to do — a file that cannot be
 * read (invalid input), one that needs more memory than the worker may use, a worker that stopped.
 */
export function sheetWorkerAnswer<Done extends object>(
  worker: Worker,
  words: SheetWorkerWords,
  onProgress: (read: number) => void = () => undefined
): Promise<Done> {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (done: () => void) => {
      if (!settled) {
        settled = true
        done()
      }
    }
    const unread = (why: string) => new AppError('internal', `${words.what} could not be read (${why}). Try again.`)
    worker.on('message', (message: SheetWorkerMessage<Done>) => {
      if (message.type === 'progress') return onProgress(message.read)
      settle(() => {
        if (message.type === 'done') {
          const { type: _type, ...answer } = message
          return resolve(answer as unknown as Done)
        }
        reject(message.unreadable ? new AppError('invalid_input', message.message) : unread(message.message))
      })
    })
    worker.once('error', (error) =>
      settle(() =>
        reject(
          (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError('invalid_input', words.tooBig)
            : unread(error.message)
        )
      )
    )
    worker.once('exit', (code) =>
      settle(() => reject(new AppError('internal', `The ${words.reader} stopped unexpectedly (exit code ${code}).`)))
    )
  })
}
