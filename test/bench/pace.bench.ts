/**
 * The pace a service sets (issue 29 item 4), side by side in one run, on the bundled main process
 * with default settings (nothing lifted: the pace starts at 10 requests a second and finds its way):
 *
 * - sandbox: 10,000 rows of a spreadsheet (sandbox people by name and employer, a third with an
 *   email) matched by the app against the built-in Sandbox, from Start to done. Aim: < 60 s.
 * - limited: 1,000 rows matched against a service that allows 20 requests in any second and
 *   answers the rest 429 with Retry-After: 1 (a sandbox started with the fault `rate=20`, added
 *   as a remote connection). The app's achieved rate is its answered Match Profiles calls a
 *   second over the whole run (start and 429s included), from its own call log; aims: ≥ 90 % of
 *   20/s, 429s under 5 % of its calls, no row failed.
 * Run alone: npx tsx test/bench/pace.bench.ts [--quick]
 */
import type { MainServices } from '../../electron/main/compose'
import type { ImportBatch } from '../../shared/ipc/channels/imports'
import type { ChannelOutput } from '../../shared/ipc/contract'
import { generateProfiles } from '../../sandbox/data/generate'
import { startSandbox } from '../../sandbox'
import { built } from './lib/build'
import { done, figure, progress, quick, report } from './lib/figures'
import { call, startMain, upload } from './lib/main'

const SANDBOX_ROWS = quick ? 2_000 : 10_000
const LIMITED_ROWS = quick ? 300 : 1_000
const ALLOWED = 20

// The sandboxes' own people (seed 1), so every row can match.
const people = generateProfiles({ count: SANDBOX_ROWS, seed: 1 })
function sheet(count: number, withEmails: boolean): Buffer {
  const lines = ['Full name,Company,Email']
  for (let i = 0; i < count; i += 1) {
    const p = people[i % people.length]!
    const email = withEmails && i % 3 === 0 ? ((p as { emails?: string[] }).emails?.[0] ?? '') : ''
    lines.push([p.full_name ?? '', p.cur_company ?? '', email].map((cell) => `"${cell}"`).join(','))
  }
  return Buffer.from(lines.join('\n'))
}

/** Uploads and opens a sheet; answers its batch id. */
async function open(main: MainServices, bytes: Buffer, fileName: string): Promise<string> {
  const uploadId = await upload(main, bytes)
  const { batch } = await call(main, 'openImport', { uploadId, fileName })
  await call(main, 'discardImportUpload', { uploadId })
  return batch.id
}

/** Starts matching a batch and answers it when done, with the seconds it took. */
async function match(main: MainServices, batchId: string): Promise<{ batch: ImportBatch; seconds: number }> {
  const finished = new Promise<ImportBatch>((resolve) => {
    const stop = main.events.subscribe((name, payload) => {
      const batch = (payload as { batch: ImportBatch | null }).batch
      if (name === 'importProgress' && batch?.id === batchId && (batch.state === 'done' || batch.state === 'paused')) {
        stop()
        resolve(batch)
      }
    })
  })
  const t0 = performance.now()
  await call(main, 'startImportMatch', { batchId })
  const batch = await finished
  return { batch, seconds: (performance.now() - t0) / 1000 }
}

const app = await startMain({ profiles: Math.max(SANDBOX_ROWS, 2_000), importWorker: built().workers.imports })
const limitedService = await startSandbox({ profiles: 2_000, faults: `rate=${ALLOWED},retryAfter=1` })
try {
  const main = app.main

  // ---- (a) the built-in Sandbox, default settings ----
  const sandboxBatch = await open(main, sheet(SANDBOX_ROWS, true), 'sandbox.csv')
  const a = await match(main, sandboxBatch)
  if (a.batch.state !== 'done') throw new Error(`sandbox batch ${a.batch.state}: ${a.batch.problem}`)
  const builtIn = (await call(main, 'listConnections', {})).connections.find((c) => c.kind === 'sandbox')!
  const sandboxPace = await call(main, 'getConnectionPace', { connectionId: builtIn.id })
  progress(
    `sandbox: ${SANDBOX_ROWS} rows in ${a.seconds.toFixed(1)} s (${a.batch.counts.failed} failed), pace now ${sandboxPace.rate}/s`
  )

  // ---- (b) a service that allows 20 requests a second ----
  const overview = await call(main, 'saveConnection', { name: 'Allows 20/s', baseUrl: limitedService.baseUrl })
  const connectionId = overview.connections.find((c) => c.name === 'Allows 20/s')!.id
  await call(main, 'setSecret', { connectionId, kind: 'apiKey', value: limitedService.apiKey, sessionOnly: true })
  await call(main, 'setActiveConnection', { id: connectionId })
  const limitedBatch = await open(main, sheet(LIMITED_ROWS, false), 'limited.csv')
  const from = new Date().toISOString()
  const b = await match(main, limitedBatch)
  // the call log is written behind the answers: read it once every answered row's calls are in
  let calls: ChannelOutput<'listCallLog'>['calls'] = []
  for (let tries = 0; tries < 200; tries += 1) {
    calls = (await call(main, 'listCallLog', { from, limit: 10_000 })).calls.filter((c) =>
      c.endpoint.endsWith('MatchProfiles')
    )
    if (calls.filter((c) => c.ok).length >= LIMITED_ROWS) break
    await new Promise((resolve) => setImmediate(resolve))
  }
  const answered = calls.filter((c) => c.ok).length
  const limited = calls.filter((c) => c.status === 429).length
  const rate = answered / b.seconds
  const limitedPace = await call(main, 'getConnectionPace', { connectionId })
  const startedAt = Date.parse(from)
  const at429 = calls
    .filter((c) => c.status === 429)
    .map((c) => ((Date.parse(c.startedAt) - startedAt) / 1000).toFixed(1))
  progress(`limited: 429s at ${at429.join(', ')} s into the run`)
  progress(
    `limited: ${LIMITED_ROWS} rows, ${answered} calls answered and ${limited} 429s in ${b.seconds.toFixed(1)} s = ${rate.toFixed(1)}/s; ` +
      `${b.batch.counts.failed} failed; the pace learnt ${limitedPace.limit}/s`
  )

  report(
    figure({
      id: 'pace.sandbox',
      label: `match ${SANDBOX_ROWS.toLocaleString('en')} rows, built-in Sandbox, default settings`,
      unit: 's',
      values: [a.seconds],
      aim: { op: '<', value: 60 },
      note: `${(SANDBOX_ROWS / a.seconds).toFixed(0)} rows/s; ${a.batch.counts.failed} rows failed`
    }),
    figure({
      id: 'pace.limited.rate',
      label: `match ${LIMITED_ROWS.toLocaleString('en')} rows, a service allowing ${ALLOWED} requests/s: achieved rate`,
      unit: 'calls/s',
      values: [rate],
      ratio: { against: `the ${ALLOWED}/s allowed`, values: [rate / ALLOWED] },
      aim: { of: 'ratio', op: '>=', value: 0.9 },
      note: 'answered Match Profiles calls ÷ seconds from Start to done, slow start and Retry-After pauses included'
    }),
    figure({
      id: 'pace.limited.429',
      label: `the same run: 429s, share of its calls`,
      unit: '%',
      values: [(100 * limited) / calls.length],
      aim: { op: '<', value: 5 }
    }),
    figure({
      id: 'pace.limited.failed',
      label: `the same run: rows failed`,
      unit: 'rows',
      values: [b.batch.counts.failed],
      aim: { op: '<=', value: 0 }
    })
  )
} finally {
  await app.close()
  await limitedService.close()
}
done('The pace a service sets')
