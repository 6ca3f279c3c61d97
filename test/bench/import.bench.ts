/**
 * Bulk match from a spreadsheet (issue 22), on the bundled main process and its built workers:
 *
 * - import: a 10,000-row CSV of sandbox people (names with companies, a third with an email) sent
 *   in base64 pieces through the router, read and mapped in the import worker, until openImport
 *   answers. Time, the process's peak memory above where it started (main and the worker: one
 *   process), and main's longest block (a 1 ms heartbeat).
 * - match: every row of a 1,000-row sheet matched by the app (the matcher, its store writes, the
 *   events) against the same rows sent by a bare client (undici, the same 4 at a time, nothing
 *   stored), alternated run by run on the same sandbox; the app's pace limit is lifted for both,
 *   so the ratio is the app's own cost per row.
 * Run alone: npx tsx test/bench/import.bench.ts [--quick]
 */
import { request } from 'undici'
import type { ImportBatch } from '../../shared/ipc/channels/imports'
import { generateProfiles } from '../../sandbox/data/generate'
import { built } from './lib/build'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { call, startMain, upload } from './lib/main'

const ROWS = quick ? 2_000 : 10_000
const MATCH_ROWS = quick ? 200 : 1_000
const RUNS = quick ? 1 : 3

// The sandbox's own people (seed 1, as the bench main starts it), so every row can match.
const people = generateProfiles({ count: ROWS, seed: 1 })
function sheet(count: number): Buffer {
  const lines = ['Full name,Company,Email,Notes']
  for (let i = 0; i < count; i += 1) {
    const p = people[i % people.length]!
    const email = i % 3 === 0 ? ((p as { emails?: string[] }).emails?.[0] ?? '') : ''
    lines.push([p.full_name ?? '', p.cur_company ?? '', email, `row ${i}`].map((cell) => `"${cell}"`).join(','))
  }
  return Buffer.from(lines.join('\n'))
}

/** The process's memory at its highest while `work` runs, sampled every 5 ms. */
async function peakMemory<T>(work: () => Promise<T>): Promise<{ peakMb: number; value: T }> {
  const start = process.memoryUsage().rss
  let peak = start
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
  try {
    const value = await work()
    peak = Math.max(peak, process.memoryUsage().rss)
    return { peakMb: (peak - start) / 1024 / 1024, value }
  } finally {
    clearInterval(timer)
  }
}

const app = await startMain({
  profiles: Math.max(ROWS, 2_000),
  importWorker: built().workers.imports,
  pace: { ceiling: 100_000 },
  importMatching: { timing: { concurrency: 4 } }
})
try {
  const main = app.main
  const sandbox = app.sandbox!

  // ---- import and map 10,000 rows ----
  const big = sheet(ROWS)
  progress(`sheet of ${ROWS.toLocaleString('en')} rows: ${(big.length / 1e6).toFixed(1)} MB`)
  const importMs: number[] = []
  const peaks: number[] = []
  const gaps: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    const beat = heartbeat()
    const t0 = performance.now()
    const { peakMb, value } = await peakMemory(async () => {
      const uploadId = await upload(main, big)
      const opened = await call(main, 'openImport', { uploadId, fileName: `big-${run}.csv` })
      await call(main, 'discardImportUpload', { uploadId }) // as the page does once a CSV is read
      return opened
    })
    importMs.push(performance.now() - t0)
    gaps.push(beat.stop())
    peaks.push(peakMb)
    if (value.batch.counts.rows !== ROWS) throw new Error(`read ${value.batch.counts.rows} rows`)
    if (value.batch.mapping.join() !== 'name,company,email,keep')
      throw new Error(`mapped ${value.batch.mapping.join()}`)
    await call(main, 'deleteImport', { batchId: value.batch.id })
  }
  report(
    figure({
      id: 'import.read',
      label: `import and map ${ROWS.toLocaleString('en')} rows`,
      unit: 'ms',
      values: importMs
    }),
    figure({ id: 'import.peak', label: 'import: peak memory above the start', unit: 'MB', values: peaks }),
    figure({ id: 'import.main-block', label: 'import: main thread’s longest block', unit: 'ms', values: gaps })
  )

  // ---- match: the app against a bare client ----
  const small = sheet(MATCH_ROWS)
  const finished = (batchId: string) =>
    new Promise<void>((resolve) => {
      const stop = main.events.subscribe((name, payload) => {
        const batch = (payload as { batch: ImportBatch | null }).batch
        if (name === 'importProgress' && batch?.id === batchId && batch.state === 'done') {
          stop()
          resolve()
        }
      })
    })
  async function appMatch(): Promise<number> {
    const uploadId = await upload(main, small)
    const { batch } = await call(main, 'openImport', { uploadId, fileName: 'match.csv' })
    await call(main, 'discardImportUpload', { uploadId })
    const ended = finished(batch.id)
    const t0 = performance.now()
    await call(main, 'startImportMatch', { batchId: batch.id })
    await ended
    const ms = performance.now() - t0
    await call(main, 'deleteImport', { batchId: batch.id })
    return ms / MATCH_ROWS
  }
  const bodies = Array.from({ length: MATCH_ROWS }, (_, i) => {
    const p = people[i % people.length]!
    const email = i % 3 === 0 ? (p as { emails?: string[] }).emails?.[0] : undefined
    return email ? { emails: [email] } : { name: p.full_name, company: p.cur_company }
  })
  async function bareMatch(): Promise<number> {
    let next = 0
    const t0 = performance.now()
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next < bodies.length) {
          const body = bodies[next++]!
          const reply = await request(`${sandbox.baseUrl}/api/Search/MatchProfiles?maxNumberOfResults=5`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'api-key': sandbox.apiKey },
            body: JSON.stringify(body)
          })
          await reply.body.json()
        }
      })
    )
    return (performance.now() - t0) / MATCH_ROWS
  }
  await appMatch() // warm-up, unmeasured
  await bareMatch()
  const appPerRow: number[] = []
  const barePerRow: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    for (const side of run % 2 === 0 ? (['app', 'bare'] as const) : (['bare', 'app'] as const)) {
      if (side === 'app') appPerRow.push(await appMatch())
      else barePerRow.push(await bareMatch())
    }
  }
  progress(
    `app ${appPerRow.map((v) => v.toFixed(2)).join(', ')} ms/row; bare ${barePerRow.map((v) => v.toFixed(2)).join(', ')} ms/row`
  )
  report(
    figure({
      id: 'import.match',
      label: `match ${MATCH_ROWS.toLocaleString('en')} rows: rows per second (the app)`,
      unit: 'rows/s',
      values: appPerRow.map((ms) => 1000 / ms),
      ratio: { against: 'bare client', values: appPerRow.map((ms, i) => barePerRow[i]! / ms) },
      note: 'ratio = app rows/s ÷ bare client rows/s, same sandbox, 4 at a time, pace limit lifted'
    })
  )
} finally {
  await app.close()
}
done('Bulk match')
