// Sandbox data core: generation time and memory, index build time, and in-process latency of
// Match Profiles (partial name+company, exact key) and conversational search, at 20k and 200k
// profiles. Each size runs in its own child process so memory figures do not mix.
// The query latencies are split into five runs of equal length: p50 and p99 are per run.
// Run: npx tsx test/bench/sandbox-data.bench.ts [--quick]
import { spawnSync } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'
import { generateProfiles } from '../../sandbox/data/generate'
import { Random } from '../../sandbox/data/random'
import { ProfileIndex } from '../../sandbox/search/profile-index'
import { done, figure, percentile as pct, progress, quick, report } from './lib/figures'

const SIZES = quick ? [2_000, 20_000] : [20_000, 200_000]
const QUERIES = quick ? 1_000 : 3_000
const RUNS = 5

interface Measure {
  size: number
  genMs: number
  /** CPU time (user + system) of the generation; on a busy machine it is the fairer figure. */
  genCpuMs: number
  indexCpuMs: number
  genHeapMb: number
  genRssMb: number
  indexMs: number
  indexHeapMb: number
  peakRssMb: number
  bytesPerProfile: number
  /** per run */
  partialP50: number[]
  partialP99: number[]
  partialHits: number
  exactP50: number[]
  exactP99: number[]
  searchP50: number[]
  searchP99: number[]
}

const mb = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10

function gc(): void {
  const g = (globalThis as { gc?: () => void }).gc
  if (g) {
    g()
    g()
  }
}

/** p50 and p99 of each of RUNS equal runs over the queries, in order. */
function time<T>(queries: readonly T[], run: (q: T) => unknown): { p50: number[]; p99: number[] } {
  const samples: number[] = []
  for (const q of queries) {
    const t0 = performance.now()
    run(q)
    samples.push(performance.now() - t0)
  }
  const per = Math.floor(samples.length / RUNS)
  const runs = Array.from({ length: RUNS }, (_, r) => samples.slice(r * per, (r + 1) * per))
  return { p50: runs.map((r) => pct(r, 50)), p99: runs.map((r) => pct(r, 99)) }
}

function measure(size: number): Measure {
  gc()
  const heap0 = process.memoryUsage().heapUsed
  const rss0 = process.memoryUsage().rss
  let t0 = performance.now()
  let cpu0 = process.cpuUsage()
  const profiles = generateProfiles({ count: size, seed: 1 })
  const genMs = performance.now() - t0
  const genCpu = process.cpuUsage(cpu0)
  gc()
  const heapGen = process.memoryUsage().heapUsed
  const rssGen = process.memoryUsage().rss
  t0 = performance.now()
  cpu0 = process.cpuUsage()
  const index = new ProfileIndex(profiles)
  const indexMs = performance.now() - t0
  const indexCpu = process.cpuUsage(cpu0)
  gc()
  const heapIndex = process.memoryUsage().heapUsed

  // A fixed query set drawn with a seeded generator: same queries on every run.
  const rng = new Random(2024)
  const pick = (): WholePersonProfile => profiles[rng.int(0, profiles.length - 1)] as WholePersonProfile
  const partial: MatchProfileRequest[] = []
  const exact: MatchProfileRequest[] = []
  for (let i = 0; i < QUERIES; i++) {
    const p = pick()
    partial.push(
      i % 3 === 2 ? { name: p.full_name, title: p.cur_title } : { name: p.full_name, company: p.cur_company }
    )
    exact.push({ key: pick().key })
  }
  const searches: StructuredQuery[] = [
    { titles: ['engineer'], skills: ['Python'], seniorities: ['senior'], locations: ['Seattle'] },
    { titles: ['nurse'], locations: ['California'] },
    { titles: ['engineer'], exclude_companies: ['Acme Corp'] },
    { skills: ['SQL', 'Git'], locations: ['United States'] },
    { titles: ['data scientist', 'machine learning engineer'], schools: ['Stanford University'] },
    { keywords: ['kubernetes'], exclude_locations: ['New York'] }
  ]
  // warm-up, then measure
  for (const q of partial.slice(0, 200)) index.match(q, { max: 5 })
  let hits = 0
  const partialT = time(partial, (q) => {
    const r = index.match(q, { max: 5 })
    if (r[0]?.full_name === q.name) hits++
  })
  const exactT = time(exact, (q) => index.match(q, { max: 5 }))
  const searchQueries = Array.from(
    { length: quick ? 100 : 300 },
    (_, i) => searches[i % searches.length] as StructuredQuery
  )
  const searchT = time(searchQueries, (q) => index.search(q, { limit: 25, offset: 0 }))

  const peakRss = process.resourceUsage().maxRSS * 1024
  return {
    size,
    genMs: Math.round(genMs),
    genCpuMs: Math.round((genCpu.user + genCpu.system) / 1000),
    indexCpuMs: Math.round((indexCpu.user + indexCpu.system) / 1000),
    genHeapMb: mb(heapGen - heap0),
    genRssMb: mb(rssGen - rss0),
    indexMs: Math.round(indexMs),
    indexHeapMb: mb(heapIndex - heapGen),
    peakRssMb: mb(peakRss),
    bytesPerProfile: Math.round((heapGen - heap0) / size),
    partialP50: partialT.p50,
    partialP99: partialT.p99,
    partialHits: Math.round((hits / QUERIES) * 1000) / 10,
    exactP50: exactT.p50,
    exactP99: exactT.p99,
    searchP50: searchT.p50,
    searchP99: searchT.p99
  }
}

const childArg = process.argv.indexOf('--child')
if (childArg >= 0) {
  const m = measure(Number(process.argv[childArg + 1]))
  process.stdout.write(`RESULT ${JSON.stringify(m)}\n`)
} else {
  const self = fileURLToPath(import.meta.url)
  const rows: Measure[] = []
  for (const size of SIZES) {
    const args = [
      ...process.execArgv.filter((a) => a !== '--expose-gc'),
      '--expose-gc',
      '--max-old-space-size=4096',
      self,
      '--child',
      String(size),
      ...(quick ? ['--quick'] : [])
    ]
    const r = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 20 })
    const line = r.stdout.split('\n').find((l) => l.startsWith('RESULT '))
    if (r.status !== 0 || !line) {
      process.stderr.write(r.stderr)
      throw new Error(`bench child for ${size} failed (status ${String(r.status)})`)
    }
    rows.push(JSON.parse(line.slice(7)) as Measure)
  }
  for (const m of rows) {
    const people = `${(m.size / 1000).toLocaleString('en')}k`
    progress(`${people}: generated in ${m.genMs} ms, indexed in ${m.indexMs} ms, peak RSS ${m.peakRssMb} MB`)
    report(
      figure({
        id: `sandbox-data.generate.${m.size}`,
        label: `generate ${people} profiles`,
        unit: 'ms',
        values: [m.genMs],
        note: `CPU ${m.genCpuMs} ms; heap after ${m.genHeapMb} MB (${m.bytesPerProfile} bytes a profile), RSS +${m.genRssMb} MB`
      }),
      figure({
        id: `sandbox-data.index.${m.size}`,
        label: `index ${people} profiles`,
        unit: 'ms',
        values: [m.indexMs],
        note: `CPU ${m.indexCpuMs} ms; index heap ${m.indexHeapMb} MB; peak RSS ${m.peakRssMb} MB`
      }),
      figure({
        id: `sandbox-data.bytes-per-profile.${m.size}`,
        label: `heap per generated profile, ${people}`,
        unit: 'bytes',
        values: [m.bytesPerProfile]
      }),
      figure({
        id: `sandbox-data.partial.p50.${m.size}`,
        label: `Match Profiles in process, ${people}, partial name + company/title, p50`,
        unit: 'ms',
        values: m.partialP50,
        note: `top-1 hit ${m.partialHits}%`
      }),
      figure({
        id: `sandbox-data.partial.p99.${m.size}`,
        label: `Match Profiles in process, ${people}, partial name + company/title, p99`,
        unit: 'ms',
        values: m.partialP99
      }),
      figure({
        id: `sandbox-data.exact.p50.${m.size}`,
        label: `Match Profiles in process, ${people}, exact key, p50`,
        unit: 'ms',
        values: m.exactP50
      }),
      figure({
        id: `sandbox-data.exact.p99.${m.size}`,
        label: `Match Profiles in process, ${people}, exact key, p99`,
        unit: 'ms',
        values: m.exactP99
      }),
      figure({
        id: `sandbox-data.search.p50.${m.size}`,
        label: `conversational search in process, ${people}, p50`,
        unit: 'ms',
        values: m.searchP50
      }),
      figure({
        id: `sandbox-data.search.p99.${m.size}`,
        label: `conversational search in process, ${people}, p99`,
        unit: 'ms',
        values: m.searchP99
      })
    )
  }
  done('Sandbox data core')
}
