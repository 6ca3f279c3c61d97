/**
 * Sandbox start time and MatchProfiles latency over real HTTP on 127.0.0.1, at 20k and 200k
 * profiles. Run: npx tsx test/bench/sandbox-http.bench.ts [--quick]
 * Start = profile generation + index build + listen (what `npm run sandbox` waits for).
 */
import { Agent, request } from 'undici'
import { generateProfiles } from '../../sandbox/data/generate'
import { startSandbox } from '../../sandbox/index'
import { ProfileIndex } from '../../sandbox/search/profile-index'
import type { MatchProfileRequest, WholePersonProfile } from '../../shared/api'

const quick = process.argv.includes('--quick')
const sizes = quick ? [2_000, 20_000] : [20_000, 200_000]
const warmup = 50
const measured = quick ? 200 : 1000

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
const ms = (n: number): string => n.toFixed(n < 10 ? 2 : 0)

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
  p50: number
  p99: number
  max: number
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
    samples.sort((a, b) => a - b)
    return {
      profiles: size,
      generateMs: t1 - t0,
      indexMs: t2 - t1,
      startMs: t3 - t0,
      p50: percentile(samples, 50),
      p99: percentile(samples, 99),
      max: samples[samples.length - 1] ?? NaN,
      rps: ((warmup + measured) / loopMs) * 1000
    }
  } finally {
    await dispatcher.close()
    await sandbox.close()
  }
}

const rows: Row[] = []
for (const size of sizes) {
  rows.push(await measure(size))
  if (globalThis.gc) globalThis.gc()
}

console.log(
  `\nSandbox over HTTP (127.0.0.1, one keep-alive connection, ${measured} sequential MatchProfiles after ${warmup} warm-up)`
)
console.table(
  rows.map((r) => ({
    profiles: r.profiles.toLocaleString('en'),
    'generate ms': ms(r.generateMs),
    'index ms': ms(r.indexMs),
    'start ms (total)': ms(r.startMs),
    'match p50 ms': ms(r.p50),
    'match p99 ms': ms(r.p99),
    'match max ms': ms(r.max),
    'req/s': Math.round(r.rps)
  }))
)
console.log(JSON.stringify({ bench: 'sandbox-http', rows }))
