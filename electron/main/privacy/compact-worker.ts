import { parentPort, workerData } from 'node:worker_threads'
import { openExtraConnection } from '../store/database'
import { errorMessage } from '../../../shared/error-message'
import type { CompactWorkerData, CompactWorkerReply } from './compaction'

// One job per worker: open a second connection to the data file main has open, rebuild it
// (VACUUM), empty the write-ahead log into it, answer, exit. On 100,000 saved people the rebuild
// takes over a second, which on main's thread would freeze the window; under WAL main keeps
// reading meanwhile (a write of main's waits for it, as for any other writer).
const data = workerData as CompactWorkerData

function job(): CompactWorkerReply {
  const db = openExtraConnection(data)
  try {
    db.exec('VACUUM')
    const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>
    return checkpoint?.busy === 0
      ? { compacted: true }
      : { compacted: false, reason: 'another connection was reading the data file' }
  } finally {
    db.close()
  }
}

let reply: CompactWorkerReply
try {
  reply = job()
} catch (error) {
  reply = { compacted: false, reason: errorMessage(error) }
}
parentPort?.postMessage(reply)
