/**
 * Sandbox start time and MatchProfiles latency over real HTTP on 127.0.0.1, at 20k and 200k
 * profiles. Run: npx tsx test/bench/sandbox-http.bench.ts [--quick]
 * Start = profile generation + index build + listen (what `npm run sandbox` waits for).
 * The measured requests are split into five runs of equal length: p50 and p99 are per run.
 */
import { Agent, request } from 'undici'
import { generateProfiles } from '../../sandbox/data/generate'
import { startSandbox } from '../../sandbox/index'
import { ProfileIndex } from '../../sandbox/search/profile-index'
import type { MatchProfileRequest, WholePersonProfile } from '../../shared/api'
import { done, figure, percentile, progress, report } from './lib/figures'

const quick = process.argv.includes('--quick')
const sizes = quick ? [2_000, 20_000] : [20_000, 200_000]
const warmup = 50
const measured = quick ? 200 : 1000

const RUNS = 5

/** A mix of the requests a client sends: by key, by name + company, by name + title + location, by email. */
function requestFor(p: WholePersonProfile, i: number): MatchProfileRequest {
  switch (i % 4) {
    case 0:
      return { key: p.key ?? undefined }
    case 1:
      return { name: p.full_name ?? undefined, company: p.cur_company ?? undefined }
    case 2:
      return { name: p.full_name ?? undefined, title: p.cur_title ?? undefined, location: p.city ?? undefined }
    default:
      return p.email ? { emails: [p.email] } : { name: p.full_name ?? undefined }
  }
}

interface Row {
  profiles: number
  generateMs: number
  indexMs: number
  startMs: number
  /** per run */
  p50: number[]
  p99: number[]
  rps: number
}

async function measure(size: number): Promise<Row> {
  const t0 = performance.now()
  const profiles = generateProfiles({ count: size, seed: 1 })
  const t1 = performance.now()
  const catalog = new ProfileIndex(profiles)
  const t2 = performance.now()
  const sandbox = await startSandbox({ catalog, seed: 1, faults: '' })
  const t3 = performance.now()
  const dispatcher = new Agent({ connections: 1 })
  const samples: number[] = []
  try {
    const pick = (i: number): WholePersonProfile => profiles[(i * 7919) % profiles.length] as WholePersonProfile
    const loopStart = performance.now()
    for (let i = 0; i < warmup + measured; i++) {
      const started = performance.now()
      const res = await request(`${sandbox.baseUrl}/api/Search/MatchProfiles?maxNumberOfResults=5`, {
        method: 'POST',
        dispatcher,
        headers: { 'api-key': sandbox.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(requestFor(pick(i), i))
      })
      await res.body.text()
      if (res.statusCode !== 200) throw new Error(`MatchProfiles answered ${res.statusCode}`)
      if (i >= warmup) samples.push(performance.now() - started)
    }
    const loopMs = performance.now() - loopStart
    const per = measured / RUNS
    const runs = Array.from({ length: RUNS }, (_, r) => samples.slice(r * per, (r + 1) * per))
    return {
      profiles: size,
      generateMs: t1 - t0,
      indexMs: t2 - t1,
      startMs: t3 - t0,
      p50: runs.map((run) => percentile(run, 50)),
      p99: runs.map((run) => percentile(run, 99)),
      rps: ((warmup + measured) / loopMs) * 1000
    }
  } finally {
    await dispatcher.close()
    await sandbox.close()
  }
}

for (const size of sizes) {
  const r = await measure(size)
  if (globalThis.gc) globalThis.gc()
  const people = `${(size / 1000).toLocaleString('en')}k`
  progress(`${people}: start ${r.startMs.toFixed(0)} ms, ${r.rps.toFixed(0)} req/s`)
  report(
    figure({
      id: `sandbox-http.start.${size}`,
      label: `sandbox start, ${people} people (generate, index, listen)`,
      note: `generate ${r.generateMs.toFixed(0)} ms, index ${r.indexMs.toFixed(0)} ms`,
      unit: 'ms',
      values: [r.startMs]
    }),
    figure({
      id: `sandbox-http.match.p50.${size}`,
      label: `Match Profiles over HTTP, ${people} people, p50`,
      unit: 'ms',
      values: r.p50,
      note: `${measured} sequential requests on one keep-alive connection after ${warmup} warm-up; ${r.rps.toFixed(0)} req/s`
    }),
    figure({
      id: `sandbox-http.match.p99.${size}`,
      label: `Match Profiles over HTTP, ${people} people, p99`,
      unit: 'ms',
      values: r.p99
    })
  )
}
done('Sandbox over HTTP')
