// first: the rest of this worker loads below main's priority
import '../platform/below-main'
import { parentPort, workerData } from 'node:worker_threads'
import { openImportStore } from './imports-store'
import { prepareBatch, readIntoBatch, type ImportWorkerData, type ImportWorkerMessage } from './import-jobs'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { errorMessage } from '../../../shared/error-message'

// One job per worker: read a spreadsheet into a new import batch, or apply a mapping to every row
// of one, through a connection of its own; then answer and exit.
const data = workerData as ImportWorkerData
const post = (message: ImportWorkerMessage) => parentPort?.postMessage(message)

async function job(): Promise<ImportWorkerMessage> {
  const now = new Date(data.now)
  const store = openImportStore(data, { now: () => now })
  try {
    if (data.job === 'prepare') {
      await prepareBatch(store, data)
      return { type: 'done', info: null }
    }
    let last = -1
    const info = await readIntoBatch(store, data, (read) => {
      // at most a hundred messages for the whole file
      if (read - last < 0.01 * Math.max(1, read)) return
      last = read
      post({ type: 'progress', read })
    })
    return { type: 'done', info }
  } finally {
    store.close()
  }
}

job().then(post, (error: unknown) =>
  post({
    type: 'failed',
    message: errorMessage(error),
    unreadable: error instanceof UnreadableSheet
  })
)
