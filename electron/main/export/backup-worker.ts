import { parentPort, workerData } from 'node:worker_threads'
import { isStoreError } from '../store/errors'
import { inspectBackup, readBackupText } from './backup'
import type { BackupWorkerData, BackupWorkerReply } from './backup-reader'

// One backup per worker: read the file, parse and check every record, answer, exit. Parsing a
// backup of tens of thousands of people takes seconds of CPU that must not freeze the window.
const { file } = workerData as BackupWorkerData
let reply: BackupWorkerReply
try {
  reply = { ok: true, inspected: inspectBackup(readBackupText(file)) }
} catch (error) {
  reply = isStoreError(error)
    ? { ok: false, error: error.toJSON() }
    : { ok: false, error: { code: null, message: error instanceof Error ? error.message : String(error) } }
}
parentPort?.postMessage(reply)
