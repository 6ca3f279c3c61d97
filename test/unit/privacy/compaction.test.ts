import { EventEmitter } from 'node:events'
import type { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { Compaction, type CompactWorkerReply } from '../../../electron/main/privacy/compaction'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { mainWritesFlag } from '../../../electron/main/store/main-writes'

/** Workers the test answers by hand, in the order they were started. */
function fakeWorkers() {
  const started: EventEmitter[] = []
  return {
    started,
    spawn: () => {
      const worker = new EventEmitter()
      started.push(worker)
      return worker as unknown as Worker
    }
  }
}

const file = () => ({
  storeFile: '/nowhere/talent-desk.sqlite',
  schemaVersion: 1,
  nativeBinding: undefined,
  mainWrites: mainWritesFlag()
})
const turn = () => new Promise((resolve) => setImmediate(resolve))

function compaction(options: { spawn?: () => Worker; here?: () => CompactWorkerReply } = {}) {
  const logs: LogRecord[] = []
  const here: CompactWorkerReply[] = []
  const made = new Compaction({
    here: () => {
      const reply = options.here?.() ?? { compacted: true }
      here.push(reply)
      return reply
    },
    ...(options.spawn === undefined ? {} : { spawn: options.spawn }),
    file,
    logger: createLogger((record) => logs.push(record))
  })
  return { made, logs, here }
}

describe('the data file rebuild after a forget', () => {
  it('without a worker runs on the calling thread and says whether it could', async () => {
    const { made, here, logs } = compaction({ here: () => ({ compacted: false, reason: 'busy' }) })
    expect(made.request()).toBe(false)
    expect(here).toHaveLength(1)
    expect(logs.map((record) => record.event)).toEqual(['privacy.compact_deferred'])
    // the one that could not run runs again at close
    await made.close()
    expect(here).toHaveLength(2)
  })

  it('with a worker: a synchronous batch is one rebuild, one asked meanwhile is one more, idle waits for both', async () => {
    const workers = fakeWorkers()
    const { made, here } = compaction({ spawn: workers.spawn })
    expect([made.request(), made.request(), made.request()]).toEqual([true, true, true])
    let idle = false
    void made.idle().then(() => (idle = true))
    await turn()
    expect(workers.started).toHaveLength(1)
    made.request()
    made.request()
    workers.started[0]!.emit('message', { compacted: true })
    await turn()
    expect(workers.started).toHaveLength(2)
    expect(idle).toBe(false)
    workers.started[1]!.emit('message', { compacted: true })
    await made.idle()
    expect(idle).toBe(true)
    expect(workers.started).toHaveLength(2)
    await made.close()
    expect(here).toEqual([])
  })

  it('a rebuild that failed in its worker is logged and run on the calling thread at close', async () => {
    const workers = fakeWorkers()
    const { made, here, logs } = compaction({ spawn: workers.spawn })
    made.request()
    await turn()
    workers.started[0]!.emit('error', new Error('SQLITE_BUSY: database is locked'))
    workers.started[0]!.emit('exit', 1)
    await made.idle()
    expect(logs).toEqual([
      expect.objectContaining({
        event: 'privacy.compact_deferred',
        fields: { reason: 'SQLITE_BUSY: database is locked' }
      })
    ])
    const closing = made.close()
    await closing
    expect(here).toEqual([{ compacted: true }])
  })
})
