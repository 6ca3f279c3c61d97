/**
 * Restoring a large backup from the page, in Chromium against the browser host, as a recruiter
 * does it (Shortlists → Restore…, the file chosen): the page's longest task (the Long Tasks API)
 * from the moment the file is chosen until "Restored …" shows and the restored people are
 * listed, with the file read and decoded in the page's backup-reader worker (the app's way)
 * against the page reading it on its own main thread, alternated run by run. Also the time to "Restored", and the host's peak RSS during each
 * restore above what it was before it (the host and its backup worker live in this process),
 * against the backup's size.
 * Run alone: npx tsx test/bench/restore-page.bench.ts [--quick]
 */
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { backupTextOf } from '../integration/store/fixtures/backup-text'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { ensureBuilt, startBrowserApp } from './lib/browser'
import { done, figure, progress, quick, report } from './lib/figures'

const PEOPLE = quick ? 3_000 : 15_000
const RUNS = quick ? 1 : 3

ensureBuilt()
const dir = mkdtempSync(join(tmpdir(), 'td-restore-page-'))
const file = join(dir, 'backup.json')
const people = Array.from({ length: PEOPLE }, (_, i) => {
  const profile = makeProfile(i, 7)
  return { ...profile, summary: `${String(profile['summary'])} `.repeat(60).slice(0, 4_000) }
})
writeFileSync(
  file,
  backupTextOf(people, (i) => ({ notes: i % 5 === 0 ? 'Called twice; prefers remote.' : '' }))
)
const megabytes = statSync(file).size / 1e6
progress(`backup of ${PEOPLE} people, ${megabytes.toFixed(0)} MB`)

const app = await startBrowserApp({ sandboxProfiles: 0 })
const { page } = app
await page.getByRole('navigation', { name: 'Sections' }).waitFor()
await page.keyboard.press('5')
await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()

/** One restore through the file picker; the page's longest task meanwhile and the time it took. */
async function restoreOnce(
  reader: 'worker' | 'page',
  run: number
): Promise<{ longestMs: number; ms: number; peakRssMb: number }> {
  await page.evaluate((mode) => {
    localStorage.setItem('talent-desk.backup-reader', mode)
    const w = window as unknown as { __longest: number; __observer?: PerformanceObserver }
    w.__longest = 0
    w.__observer?.disconnect()
    w.__observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__longest = Math.max(w.__longest, entry.duration)
    })
    w.__observer.observe({ type: 'longtask' })
  }, reader)
  const rssBefore = process.memoryUsage().rss
  let peakRss = rssBefore
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20)
  const t0 = performance.now()
  await page.getByTestId('restore-file').setInputFiles(file)
  await page
    .getByTestId('notice')
    .filter({ hasText: `people` })
    .filter({ hasText: 'Restored' })
    .nth(0)
    .waitFor({ timeout: 600_000 })
  const ms = performance.now() - t0
  // and the restored people on screen: a shortlist of 15,000 read into the page is part of it
  await page
    .getByTestId('members-count')
    .filter({ hasText: `${PEOPLE.toLocaleString('en')} people` })
    .waitFor({ timeout: 120_000 })
  clearInterval(sampler)
  const peakRssMb = (peakRss - rssBefore) / 1e6
  // tasks under 50 ms are not reported: a run without any long task counts as 50 at most
  const longestMs = await page.evaluate(() => (window as unknown as { __longest: number }).__longest)
  await page
    .getByTestId('notice')
    .getByRole('button', { name: /Dismiss|Close|✕/ })
    .first()
    .click()
    .catch(() => {})
  progress(
    `${reader} run ${run + 1}: longest task ${longestMs.toFixed(0)} ms, ${(ms / 1000).toFixed(1)} s, host peak +${peakRssMb.toFixed(0)} MB`
  )
  return { longestMs, ms, peakRssMb }
}

const results = {
  worker: [] as Array<{ longestMs: number; ms: number; peakRssMb: number }>,
  page: [] as Array<{ longestMs: number; ms: number; peakRssMb: number }>
}
for (let run = 0; run < RUNS; run++) {
  for (const reader of run % 2 === 0 ? (['worker', 'page'] as const) : (['page', 'worker'] as const)) {
    results[reader].push(await restoreOnce(reader, run))
  }
}
await app.close()
rmSync(dir, { recursive: true, force: true })

const label = `${PEOPLE.toLocaleString('en')} people, ${megabytes.toFixed(0)} MB`
report(
  figure({
    id: 'restore-page.longest-task.worker',
    label: `restore from the page (${label}): the page's longest task, file read in a worker`,
    unit: 'ms',
    values: results.worker.map((r) => r.longestMs),
    ratio: {
      against: "the page's longest task, file read on the page",
      values: results.worker.map((r, i) => r.longestMs / Math.max(results.page[i]!.longestMs, 1))
    },
    aim: { op: '<', value: 50 },
    note: 'Long Tasks API: only tasks over 50 ms are reported; 0 means none was'
  }),
  figure({
    id: 'restore-page.longest-task.page',
    label: `restore from the page (${label}): the page's longest task, file read on the page`,
    unit: 'ms',
    values: results.page.map((r) => r.longestMs)
  }),
  figure({
    id: 'restore-page.time.worker',
    label: `restore from the page (${label}): choose the file → "Restored", worker`,
    unit: 'ms',
    values: results.worker.map((r) => r.ms),
    ratio: { against: 'the page reading it', values: results.worker.map((r, i) => r.ms / results.page[i]!.ms) }
  }),
  figure({
    id: 'restore-page.host-peak-rss',
    label: `restore from the page (${label}): the host's peak RSS during a restore, above where it started`,
    unit: 'MB',
    values: [...results.worker, ...results.page].map((r) => r.peakRssMb),
    ratio: {
      against: 'the backup file’s size',
      values: [...results.worker, ...results.page].map((r) => r.peakRssMb / megabytes)
    },
    note: 'the host and its backup worker run in the bench process; the page reads the file in Chromium'
  })
)
done('restore-page')
