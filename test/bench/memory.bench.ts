/**
 * The main process's memory as searches go by: Match Profiles through the router (25 results,
 * a different person each time, so the call log and recent searches grow as they do in use),
 * the V8 heap after a full garbage collection at 200 searches and at 2,000. Each run is a fresh
 * process (its own sandbox worker), so one run's garbage never counts in another's.
 * Run alone: npx tsx test/bench/memory.bench.ts [--quick]
 */
import { spawnSync } from 'node:child_process'
import { generateProfiles } from '../../sandbox/data/generate'
import { done, figure, gc, progress, quick, report } from './lib/figures'
import { sender, startMain } from './lib/main'

const PROFILES = 20_000
const EARLY = quick ? 100 : 200
const LATE = quick ? 500 : 2_000
const RUNS = quick ? 1 : 3

interface Sample {
  searches: number
  heapMb: number
  rssMb: number
}

async function child(): Promise<void> {
  const app = await startMain({ profiles: PROFILES })
  const people = generateProfiles({ count: 2_000, seed: 1 })
  const samples: Sample[] = []
  const sample = async (searches: number) => {
    // let the write-behind queue (call log, recent searches) commit first
    await new Promise((resolve) => setTimeout(resolve, 300))
    gc()
    const usage = process.memoryUsage()
    samples.push({ searches, heapMb: usage.heapUsed / 2 ** 20, rssMb: usage.rss / 2 ** 20 })
  }
  for (let i = 1; i <= LATE; i++) {
    const reply = await app.main.router.handle(
      'searchProfiles',
      {
        requestId: `memory-${i}-xxxx`,
        request: { name: people[i % people.length]!.full_name ?? 'Ana' },
        options: { maxNumberOfResults: 25 }
      },
      sender
    )
    if (!reply.ok) throw new Error(JSON.stringify(reply.error))
    if (i === EARLY || i % (LATE / 5) === 0) await sample(i)
  }
  await app.close()
  process.stdout.write(`SAMPLES ${JSON.stringify(samples)}\n`)
}

if (process.argv.includes('--child')) {
  await child()
} else {
  const runs: Sample[][] = []
  for (let run = 0; run < RUNS; run++) {
    const out = spawnSync(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', import.meta.filename, '--child', ...(quick ? ['--quick'] : [])],
      { encoding: 'utf8', maxBuffer: 1 << 20 }
    )
    const line = out.stdout.split('\n').find((l) => l.startsWith('SAMPLES '))
    if (out.status !== 0 || !line) throw new Error(`memory run failed: ${out.stderr}`)
    const samples = JSON.parse(line.slice('SAMPLES '.length)) as Sample[]
    runs.push(samples)
    progress(`run ${run + 1}: heap ${samples.map((s) => `${s.searches}: ${s.heapMb.toFixed(1)}`).join(', ')} MB`)
  }
  const at = (samples: Sample[], n: number) => samples.find((s) => s.searches === n)!
  report(
    figure({
      id: 'memory.main.heap-late',
      label: `main process heap after ${LATE.toLocaleString('en')} searches`,
      unit: 'MB',
      values: runs.map((s) => at(s, LATE).heapMb),
      ratio: { against: `after ${EARLY}`, values: runs.map((s) => at(s, LATE).heapMb / at(s, EARLY).heapMb) },
      aim: { of: 'ratio', op: '<=', value: 1.1 },
      note: 'V8 heapUsed after a full GC; sandbox in a worker thread (its heap is its own)'
    }),
    figure({
      id: 'memory.main.heap-early',
      label: `main process heap after ${EARLY} searches`,
      unit: 'MB',
      values: runs.map((s) => at(s, EARLY).heapMb)
    }),
    figure({
      id: 'memory.main.rss-late',
      label: `main process RSS after ${LATE.toLocaleString('en')} searches (worker included)`,
      unit: 'MB',
      values: runs.map((s) => at(s, LATE).rssMb),
      ratio: { against: `after ${EARLY}`, values: runs.map((s) => at(s, LATE).rssMb / at(s, EARLY).rssMb) }
    })
  )
  done('Memory')
}
