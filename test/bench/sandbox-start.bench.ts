/**
 * The main thread while the built-in sandbox starts (generate and index its people, listen):
 * in a worker thread, as the app runs it, against the same work on the main thread itself,
 * alternated run by run. Two views of the main thread: the longest gap between ticks of a 1 ms
 * heartbeat (it catches one long block), and perf_hooks' event-loop delay histogram.
 * Run alone: npx tsx test/bench/sandbox-start.bench.ts [--quick]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks'
import { built } from './lib/build'
import { startSandbox } from '../../sandbox/index'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { silent } from './lib/main'

const PROFILES = 20_000
const RUNS = quick ? 1 : 3

async function loopDelayWhile(
  start: () => Promise<() => Promise<void>>
): Promise<{ gapMs: number; p99Ms: number; startMs: number }> {
  const histogram = monitorEventLoopDelay({ resolution: 5 })
  const beat = heartbeat()
  histogram.enable()
  const t0 = performance.now()
  const stop = await start()
  const startMs = performance.now() - t0
  // let the sample that was due during any block fire before reading
  await new Promise((resolve) => setTimeout(resolve, 50))
  histogram.disable()
  const gap = beat.stop()
  await stop()
  return { gapMs: Math.max(gap, histogram.max / 1e6), p99Ms: histogram.percentile(99) / 1e6, startMs }
}

const inWorker: Array<Awaited<ReturnType<typeof loopDelayWhile>>> = []
const inProcess: typeof inWorker = []
for (let run = 0; run < RUNS; run++) {
  const worker = () =>
    loopDelayWhile(async () => {
      const { EmbeddedSandbox, workers } = built()
      const sandbox = new EmbeddedSandbox({
        spawn: workers.sandbox,
        data: { profiles: PROFILES, seed: 1, stateFile: null, buildDelayMs: 0 },
        logger: silent
      })
      sandbox.start()
      await sandbox.ready()
      // it answers before everyone is generated and indexed: wait for the whole build
      await sandbox.catalog()
      return () => sandbox.close()
    })
  const same = () =>
    loopDelayWhile(async () => {
      const sandbox = await startSandbox({ profiles: PROFILES, faults: '' })
      return () => sandbox.close()
    })
  if (run % 2 === 0) {
    inWorker.push(await worker())
    inProcess.push(await same())
  } else {
    inProcess.push(await same())
    inWorker.push(await worker())
  }
  progress(
    `run ${run + 1}: worker gap ${inWorker.at(-1)!.gapMs.toFixed(1)} ms, same thread gap ${inProcess.at(-1)!.gapMs.toFixed(0)} ms`
  )
}

const people = `${PROFILES.toLocaleString('en')}-person sandbox`
report(
  figure({
    id: 'sandbox-start.worker.longest-block',
    label: `main thread's longest block while the ${people} starts (worker thread)`,
    unit: 'ms',
    values: inWorker.map((r) => r.gapMs),
    ratio: {
      against: 'the same start on the main thread',
      values: inWorker.map((r, i) => r.gapMs / inProcess[i]!.gapMs)
    },
    aim: { op: '<', value: 50 }
  }),
  figure({
    id: 'sandbox-start.worker.eld-p99',
    label: 'event-loop delay p99 meanwhile (worker thread)',
    unit: 'ms',
    values: inWorker.map((r) => r.p99Ms)
  }),
  figure({
    id: 'sandbox-start.same-thread.longest-block',
    label: `the same start on the main thread: longest block`,
    unit: 'ms',
    values: inProcess.map((r) => r.gapMs)
  }),
  figure({
    id: 'sandbox-start.worker.ready',
    label: `sandbox built (worker: spawn, listen, generate and index everyone)`,
    unit: 'ms',
    values: inWorker.map((r) => r.startMs),
    ratio: { against: 'the same on the main thread', values: inWorker.map((r, i) => r.startMs / inProcess[i]!.startMs) }
  })
)
done('Sandbox start')
