/**
 * Match Profiles through the whole main-process path — the router's handle() (sender check,
 * input check, search service, output check) → PartnerClient (undici, JSON, tolerant
 * validation of each record) → the built-in sandbox — against a bare undici request +
 * JSON.parse to the same sandbox, interleaved in the same loop, at 5 and at 100 results.
 * Run alone: npx tsx test/bench/client-path.bench.ts [--quick]
 */
import { Agent, request } from 'undici'
import { generateProfiles } from '../../sandbox/data/generate'
import { done, figure, interleave, median, progress, quick, report } from './lib/figures'
import { sender, startMain } from './lib/main'

const PROFILES = 20_000
const RUNS = quick ? 2 : 5

const app = await startMain({ profiles: PROFILES })
const endpoints = app.sandbox!
// A first name many people share, so 100 results come back.
const counts = new Map<string, number>()
for (const p of generateProfiles({ count: PROFILES, seed: 1 }))
  if (p.first_name) counts.set(p.first_name, (counts.get(p.first_name) ?? 0) + 1)
const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]

const bare = new Agent({ keepAliveTimeout: 30_000 })
let n = 0
const viaApp = async (max: number) => {
  const reply = await app.main.router.handle(
    'searchProfiles',
    { requestId: `bench-${n++}-xxxx`, request: { name: common }, options: { maxNumberOfResults: max } },
    sender
  )
  if (!reply.ok) throw new Error(JSON.stringify(reply.error))
  const rows = (reply.data as { results: unknown[] }).results.length
  if (rows !== max) throw new Error(`the app path returned ${rows} rows, not ${max}`)
}
const viaUndici = async (max: number) => {
  const res = await request(
    `${endpoints.baseUrl}/api/Search/MatchProfiles?maxNumberOfResults=${max}&transactionId=t${n++}`,
    {
      method: 'POST',
      dispatcher: bare,
      headers: { 'api-key': endpoints.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: common })
    }
  )
  const rows = (JSON.parse(await res.body.text()) as unknown[]).length
  if (rows !== max) throw new Error(`the bare request returned ${rows} rows, not ${max}`)
}

for (const [max, rounds] of [
  [5, quick ? 40 : 150],
  [100, quick ? 10 : 40]
] as const) {
  const appMs: number[] = []
  const bareMs: number[] = []
  const ratios: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const times = await interleave(
      () => viaApp(max),
      () => viaUndici(max),
      { warmup: run === 0 ? 30 : 5, rounds }
    )
    appMs.push(median(times.a))
    bareMs.push(median(times.b))
    ratios.push(median(times.a) / median(times.b))
    progress(
      `${max} results, run ${run + 1}: app ${median(times.a).toFixed(2)} ms, bare ${median(times.b).toFixed(2)} ms`
    )
  }
  report(
    figure({
      id: `client.path.${max}`,
      label: `Match Profiles, ${max} results: handle() → client → sandbox`,
      unit: 'ms',
      values: appMs,
      ratio: { against: 'bare undici + JSON.parse', values: ratios },
      ...(max === 5 ? { aim: { of: 'ratio', op: '<=', value: 1.15 } as const } : {}),
      note: `median of ${rounds} interleaved requests per run; ${PROFILES.toLocaleString('en')}-person sandbox in a worker thread`
    }),
    figure({
      id: `client.bare.${max}`,
      label: `Match Profiles, ${max} results: bare undici + JSON.parse`,
      unit: 'ms',
      values: bareMs
    })
  )
}

await bare.close()
await app.close()
done('Client path')
