// first: the rest of this worker loads below main's priority
import '../platform/below-main'
import { parentPort, workerData } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import { errorMessage } from '../../../shared/error-message'
import { openExtraConnection } from '../store/database'
import type { CheckpointRequest, CheckpointWorkerData, CheckpointWorkerReply } from './wal-checkpoints'

// While the team sync applies a backlog in slices, main's connection does not checkpoint the
// write-ahead log (wal_autocheckpoint = 0): this worker does, on a connection of its own to the same
// data file, each time main asks. PASSIVE only: it copies what no reader still needs into the data
// file and waits for the disk here, never taking the writer's lock, so main's next slice commits
// meanwhile (a RESTART or TRUNCATE would hold main's writes until it ends).
const data = workerData as CheckpointWorkerData

let db: BetterSqlite3.Database | null = null

function checkpoint(): CheckpointWorkerReply {
  db ??= openExtraConnection(data)
  const [result] = db.pragma('wal_checkpoint(PASSIVE)') as Array<{ busy: number; log: number; checkpointed: number }>
  return { done: true, busy: result?.busy ?? 1, log: result?.log ?? -1, checkpointed: result?.checkpointed ?? -1 }
}

parentPort?.on('message', (request: CheckpointRequest) => {
  if (request === 'close') {
    db?.close()
    db = null
    parentPort?.close()
    return
  }
  let reply: CheckpointWorkerReply
  try {
    reply = checkpoint()
  } catch (error) {
    reply = { done: false, reason: errorMessage(error) }
  }
  parentPort?.postMessage(reply)
})
