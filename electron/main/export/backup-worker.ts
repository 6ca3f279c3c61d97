import { parentPort, workerData } from 'node:worker_threads'
import { isStoreError } from '../store/store-error'
import { openRestoreStore } from '../store/index'
import { BackupService } from './backup'
import { previewBackup } from './backup-inspect'
import { ForgottenPeople } from '../personal-data/tombstones'
import type { BackupWorkerData, BackupWorkerReply } from './backup-reader'
import { errorMessage } from '../../../shared/error-message'

// One job per worker: read the file, check every record, for a restore read it again and write
// it through a connection of its own, answer, exit. The file is read a piece at a time, never
// whole. Tens of thousands of people take seconds of CPU and a long transaction, which must not
// freeze the window.
const data = workerData as BackupWorkerData

function job(): BackupWorkerReply {
  if (data.job === 'preview')
    return { ok: true, preview: previewBackup({ file: data.file }, ForgottenPeople.fromData(data.forgotten)) }
  const now = new Date(data.now)
  const store = openRestoreStore(data, { now: () => now })
  try {
    return {
      ok: true,
      summary: new BackupService(store, { now: () => now }).restore(data.file, { partial: data.partial })
    }
  } finally {
    store.close()
  }
}

let reply: BackupWorkerReply
try {
  reply = job()
} catch (error) {
  const sqliteCode = (error as { code?: unknown } | null)?.code
  reply = isStoreError(error)
    ? { ok: false, error: error.toJSON() }
    : typeof sqliteCode === 'string' && sqliteCode.startsWith('SQLITE_BUSY')
      ? { ok: false, error: { code: 'busy', message: String(error) } }
      : { ok: false, error: { code: null, message: errorMessage(error) } }
}
parentPort?.postMessage(reply)
