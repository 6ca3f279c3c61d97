import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { sheetWorkerAnswer } from '../../../electron/main/sheets/sheet-worker-run'

// Waiting for a worker that reads a sheet, with real worker threads that say what a reader says.
const words = { what: 'The spreadsheet', reader: 'spreadsheet reader', tooBig: 'Too big: save it as CSV.' }

const workerSaying = (body: string) =>
  new Worker(`const { parentPort } = require('node:worker_threads'); ${body}`, { eval: true })

describe('a sheet worker’s answer', () => {
  it('passes progress on and resolves with the answer, without its type', async () => {
    const read: number[] = []
    const answer = await sheetWorkerAnswer<{ info: { rows: number } }>(
      workerSaying(
        `parentPort.postMessage({ type: 'progress', read: 10 }); parentPort.postMessage({ type: 'done', info: { rows: 12 } })`
      ),
      words,
      (count) => read.push(count)
    )
    expect(answer).toEqual({ info: { rows: 12 } })
    expect(read).toEqual([10])
  })

  it('says an unreadable file is the input, and any other failure what happened', async () => {
    await expect(
      sheetWorkerAnswer(
        workerSaying(
          `parentPort.postMessage({ type: 'failed', unreadable: true, message: 'This is not a spreadsheet.' })`
        ),
        words
      )
    ).rejects.toMatchObject({ code: 'invalid_input', message: 'This is not a spreadsheet.' })
    await expect(
      sheetWorkerAnswer(
        workerSaying(`parentPort.postMessage({ type: 'failed', unreadable: false, message: 'disk full' })`),
        words
      )
    ).rejects.toMatchObject({ code: 'internal', message: 'The spreadsheet could not be read (disk full). Try again.' })
  })

  it('says a worker that stopped or threw without answering', async () => {
    await expect(sheetWorkerAnswer(workerSaying(`process.exit(3)`), words)).rejects.toMatchObject({
      code: 'internal',
      message: 'The spreadsheet reader stopped unexpectedly (exit code 3).'
    })
    await expect(sheetWorkerAnswer(workerSaying(`throw new Error('boom')`), words)).rejects.toMatchObject({
      code: 'internal',
      message: 'The spreadsheet could not be read (boom). Try again.'
    })
  })
})
