import { parentPort, workerData } from 'node:worker_threads'
import { errorMessage } from '../../../shared/error-message'
import { UnreadableSheet } from '../sheets/sheet-reader'
import { openExtraConnection } from '../store/database'
import type { KnownPeopleWorkerData, KnownPeopleWorkerMessage } from './list-jobs'
import { previewList, readIntoList } from './list-reading'
import { sweepList } from './list-writer'

// One job per worker: preview a list's file, or read all of it into a list through a connection
// of its own (hashing 100,000 rows here, not on main's thread); then answer and exit.
const data = workerData as KnownPeopleWorkerData
const post = (message: KnownPeopleWorkerMessage) => parentPort?.postMessage(message)

async function job(): Promise<KnownPeopleWorkerMessage | null> {
  if (data.job === 'preview') {
    return { type: 'done', preview: await previewList(data.file, data.fileName), read: null }
  }
  const db = openExtraConnection(data.storeFile, {
    nativeBinding: data.nativeBinding,
    schemaVersion: data.schemaVersion
  })
  try {
    const read = await readIntoList(db, data)
    // answered first: the list replaced is hidden already, its rows are deleted after
    post({ type: 'done', preview: null, read })
    if (read.replaced !== null) sweepList(db, read.replaced)
    return null
  } finally {
    db.close()
  }
}

job().then(
  (message) => {
    if (message !== null) post(message)
  },
  (error: unknown) =>
    post({ type: 'failed', message: errorMessage(error), unreadable: error instanceof UnreadableSheet })
)
