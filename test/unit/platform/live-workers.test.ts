import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { LiveWorkers } from '../../../electron/main/platform/live-workers'

// real worker threads: one that ends when told, one that never ends by itself
const endsWhenTold = `
  const { parentPort } = require('node:worker_threads')
  parentPort.once('message', () => parentPort.close())
  parentPort.postMessage('started')
`
const neverEnds = `
  const { parentPort } = require('node:worker_threads')
  setInterval(() => undefined, 60_000)
  parentPort.postMessage('started')
`
const spawn = (code: string) => () => new Worker(code, { eval: true })
const started = (worker: Worker) => new Promise<void>((resolve) => worker.once('message', () => resolve()))

function setUp() {
  const logs: LogRecord[] = []
  return { logs, workers: new LiveWorkers(createLogger((record) => logs.push(record))) }
}

describe("LiveWorkers: the app's close waits for its jobs' workers, then stops the rest", () => {
  it('follows each worker a tracked spawn starts until it exits', async () => {
    const { workers } = setUp()
    const worker = workers.track(spawn(endsWhenTold))(undefined)
    await started(worker)
    expect(workers.count).toBe(1)
    const exited = new Promise((resolve) => worker.once('exit', resolve))
    worker.postMessage('end')
    await exited
    expect(workers.count).toBe(0)
  })

  it('waits for a running worker to end by itself, and stops nothing', async () => {
    const { workers, logs } = setUp()
    const worker = workers.track(spawn(endsWhenTold))(undefined)
    await started(worker)
    let settled = false
    const settling = workers.settle(60_000).then(() => (settled = true))
    await new Promise((resolve) => setImmediate(resolve))
    expect(settled).toBe(false)
    worker.postMessage('end')
    await settling
    expect(workers.count).toBe(0)
    expect(logs.filter((record) => record.event === 'app.workers_stopped')).toEqual([])
  })

  it('stops a worker still running at the limit, says so in the log, and resolves once it has exited', async () => {
    const { workers, logs } = setUp()
    const worker = workers.track(spawn(neverEnds))(undefined)
    await started(worker)
    const exit = new Promise<number>((resolve) => worker.once('exit', resolve))
    await workers.settle(20)
    expect(workers.count).toBe(0)
    expect(await exit).toBe(1) // terminated
    expect(logs.map((record) => [record.event, record.fields])).toEqual([
      ['app.workers_stopped', { count: 1, waitedMs: 20 }]
    ])
  })

  it('follows every option named …Worker that is a function, and leaves the rest as they were', async () => {
    const { workers } = setUp()
    const options = {
      knownPeopleWorker: spawn(endsWhenTold),
      importWorker: undefined,
      secretWatcher: { add: () => undefined },
      dataDir: '/tmp/x'
    }
    const tracked = workers.trackSpawns(options)
    expect(tracked.importWorker).toBeUndefined()
    expect(tracked.secretWatcher).toBe(options.secretWatcher)
    expect(tracked.dataDir).toBe('/tmp/x')
    const worker = tracked.knownPeopleWorker()
    await started(worker)
    expect(workers.count).toBe(1)
    await workers.settle(20)
    expect(workers.count).toBe(0)
  })
})
