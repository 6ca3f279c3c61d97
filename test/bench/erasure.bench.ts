/**
 * Forgetting one person among many saved (issue #31): forgetPeople erases them in one transaction,
 * then the data file is rebuilt (VACUUM) so no older copy of their rows stays in it. In the app the
 * rebuild runs in a worker thread with its own connection (out/main/compact-worker.cjs), against
 * the same on the main thread, alternated run by run. The main thread is watched as in restore: the
 * longest gap between ticks of a 1 ms heartbeat, from the call until the rebuild has finished.
 * Each run then checks that the data file no longer holds the person's name.
 * Run alone: npx tsx test/bench/erasure.bench.ts [--quick]
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { built } from './lib/build'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { call, startMain } from './lib/main'

const PEOPLE = quick ? 3_000 : 20_000
const RUNS = quick ? 1 : 3
const PART = 5_000

async function run(inWorker: boolean) {
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-erasure-'))
  const app = await startMain({ dataDir, ...(inWorker ? { compactWorker: built().workers.compact } : {}) })
  const main = app.main
  try {
    const list = await call(main, 'createShortlist', { name: 'Everyone' })
    for (let at = 0; at < PEOPLE; at += PART) {
      const profiles = Array.from({ length: Math.min(PART, PEOPLE - at) }, (_, i) => makeProfile(at + i, 11))
      await call(main, 'addMembers', { shortlistId: list.id, profiles })
    }
    // the one forgotten: a key and a name no one else has, to look for in the file afterwards
    const person = { ...makeProfile(PEOPLE, 11), key: 'erasure-bench-person', full_name: 'Zebulon Quartermaine' }
    await call(main, 'addMembers', { shortlistId: list.id, profiles: [person] })
    // settle what the saves left (the write-behind, the worker's first start) before watching
    await new Promise((resolve) => setTimeout(resolve, 200))
    const beat = heartbeat()
    const t0 = performance.now()
    const forgot = await call(main, 'forgetPeople', { keys: [person.key], reason: 'person-asked' })
    const answeredMs = performance.now() - t0
    await main.compaction.idle()
    const rebuiltMs = performance.now() - t0
    await new Promise((resolve) => setTimeout(resolve, 20))
    const gapMs = beat.stop()
    if (forgot.forgotten.length !== 1 || !forgot.compacted) throw new Error('the forget did not go through')
    const file = readFileSync(join(dataDir, 'talent-desk.sqlite')).toString('utf8')
    if (file.includes(person.key) || file.includes(person.full_name))
      throw new Error('the rebuilt data file still holds the forgotten person')
    return { answeredMs, rebuiltMs, gapMs }
  } finally {
    await app.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

const worker: Array<Awaited<ReturnType<typeof run>>> = []
const here: typeof worker = []
for (let i = 0; i < RUNS; i++) {
  if (i % 2 === 0) {
    worker.push(await run(true))
    here.push(await run(false))
  } else {
    here.push(await run(false))
    worker.push(await run(true))
  }
  progress(
    `run ${i + 1}: longest block worker ${worker.at(-1)!.gapMs.toFixed(0)} ms vs here ${here.at(-1)!.gapMs.toFixed(0)} ms`
  )
}

const size = `${PEOPLE.toLocaleString('en')} saved people`
report(
  figure({
    id: 'erasure.worker.longest-block',
    label: `forget one of ${size}, rebuild in a worker: main thread’s longest block until rebuilt`,
    unit: 'ms',
    values: worker.map((r) => r.gapMs),
    ratio: { against: 'the rebuild on the main thread', values: worker.map((r, i) => r.gapMs / here[i]!.gapMs) }
  }),
  figure({
    id: 'erasure.worker.answer.ms',
    label: 'forget with the rebuild in a worker: time to the answer',
    unit: 'ms',
    values: worker.map((r) => r.answeredMs),
    ratio: { against: 'on the main thread', values: worker.map((r, i) => r.answeredMs / here[i]!.answeredMs) }
  }),
  figure({
    id: 'erasure.worker.rebuilt.ms',
    label: 'forget with the rebuild in a worker: time until the file is rebuilt',
    unit: 'ms',
    values: worker.map((r) => r.rebuiltMs),
    ratio: { against: 'on the main thread', values: worker.map((r, i) => r.rebuiltMs / here[i]!.rebuiltMs) }
  })
)
done('Forget a person')
