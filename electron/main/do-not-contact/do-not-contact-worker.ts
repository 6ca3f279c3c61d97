// first: the rest of this worker loads below main's priority
import '../platform/below-main'
import { parentPort, workerData } from 'node:worker_threads'
import { errorMessage } from '../../../shared/error-message'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { openExtraConnection } from '../store/database'
import type { DoNotContactWorkerData, DoNotContactWorkerMessage } from './file-jobs'
import { readIntoDoNotContact } from './file-reading'

// One job per worker: read a file into the do-not-contact list through a connection of its own
// (hashing a million entries here, not on main's thread); then answer and exit.
const data = workerData as DoNotContactWorkerData
const post = (message: DoNotContactWorkerMessage) => parentPort?.postMessage(message)

async function job(): Promise<DoNotContactWorkerMessage> {
  const db = openExtraConnection(data)
  try {
    return { type: 'done', read: await readIntoDoNotContact(db, data, { ownConnection: true }) }
  } finally {
    db.close()
  }
}

job().then(post, (error: unknown) =>
  post({ type: 'failed', message: errorMessage(error), unreadable: error instanceof UnreadableSheet })
)
