/**
 * The import review while it scrolls (issue 22): a batch of 10,000 matched rows (a sheet of
 * sandbox people, matched by the app against its built-in sandbox), opened in Debian's Chromium;
 * the review list is scrolled from top to bottom at 20 rows a frame, reading the next rows from
 * main as it nears the end of what it has (no button to press). Measured in the page: the time
 * between frames while it scrolls (median, 95th percentile, longest), and its longest task.
 * Run alone: npx tsx test/bench/import-review.bench.ts [--quick]
 */
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { generateProfiles } from '../../sandbox/data/generate'
import type { ImportBatch } from '../../shared/ipc/channels/imports'
import { ensureBuilt, startBrowserApp } from './lib/browser'
import { done, figure, percentile, progress, quick, report } from './lib/figures'

const ROWS = quick ? 2_000 : 10_000
const RUNS = quick ? 1 : 3
const ROW_HEIGHT = 32
const PIECE = 3 * 1024 * 1024 - 1

ensureBuilt()
const app = await startBrowserApp({ sandboxProfiles: Math.max(ROWS, 2_000), fastImports: true })
try {
  const session = app.host.newSession()
  const bridge = async <T>(channel: string, input: unknown): Promise<T> => {
    const response = await fetch(`${app.host.origin}/bridge/${channel}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: session },
      body: JSON.stringify(input)
    })
    const reply = (await response.json()) as { ok: boolean; data: T; error?: unknown }
    if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
    return reply.data
  }

  // a sheet of the sandbox's own people (seed 1), matched by the app
  const people = generateProfiles({ count: ROWS, seed: 1 })
  const lines = ['Full name,Company,Notes']
  people.forEach((p, i) => lines.push(`"${p.full_name ?? ''}","${p.cur_company ?? ''}","row ${i}"`))
  const bytes = Buffer.from(lines.join('\n'))
  const { uploadId } = await bridge<{ uploadId: string }>('startImportUpload', { bytes: bytes.length })
  for (let at = 0; at < bytes.length; at += PIECE) {
    const chunk = bytes.subarray(at, at + PIECE).toString('base64')
    await bridge('appendImportUpload', { uploadId, chunk, last: at + PIECE >= bytes.length })
  }
  const { batch } = await bridge<{ batch: ImportBatch }>('openImport', { uploadId, fileName: 'review.csv' })
  await bridge('startImportMatch', { batchId: batch.id })
  const t0 = performance.now()
  let state = ''
  while (state !== 'done') {
    await new Promise((resolve) => setTimeout(resolve, 500))
    state = (await bridge<{ batch: ImportBatch }>('getImport', { batchId: batch.id })).batch.state
  }
  progress(`${ROWS.toLocaleString('en')} rows matched in ${((performance.now() - t0) / 1000).toFixed(1)} s`)

  const { page } = app
  // tsx keeps function names with a helper the page does not have: give it one that does nothing
  await page.addInitScript('globalThis.__name = (target) => target')
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  const frameP50: number[] = []
  const frameP95: number[] = []
  const frameMax: number[] = []
  const longest: number[] = []
  for (let run = 0; run < RUNS; run += 1) {
    await page.reload()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.keyboard.press('9')
    await page.getByTestId('import-list').getByRole('option').first().click()
    await page.getByTestId('filter-all').click()
    const list = page.getByTestId('import-rows')
    await list.getByRole('option').first().waitFor()
    const measured = await page.evaluate(
      async ({ total, rowHeight }) => {
        const scroller = document.querySelector<HTMLElement>('[data-testid="import-rows"]')!
        const tasks: number[] = []
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push(entry.duration)
        })
        observer.observe({ type: 'longtask', buffered: false })
        const frames: number[] = []
        let last = performance.now()
        const started = last
        await new Promise<void>((resolve) => {
          const step = (now: number) => {
            frames.push(now - last)
            last = now
            scroller.scrollTop += 20 * rowHeight
            const loaded = Number(scroller.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0)
            const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1
            if ((loaded >= total && atEnd) || now - started > 120_000) resolve()
            else requestAnimationFrame(step)
          }
          requestAnimationFrame(step)
        })
        observer.disconnect()
        const loaded = Number(scroller.querySelector('[aria-setsize]')?.getAttribute('aria-setsize') ?? 0)
        return { frames: frames.slice(1), tasks, loaded }
      },
      { total: ROWS, rowHeight: ROW_HEIGHT }
    )
    if (measured.loaded !== ROWS) throw new Error(`scrolled through ${measured.loaded} rows of ${ROWS}`)
    frameP50.push(percentile(measured.frames, 50))
    frameP95.push(percentile(measured.frames, 95))
    frameMax.push(Math.max(...measured.frames))
    longest.push(Math.max(0, ...measured.tasks))
    progress(
      `run ${run + 1}: ${measured.frames.length} frames, p50 ${percentile(measured.frames, 50).toFixed(1)} ms, p95 ${percentile(measured.frames, 95).toFixed(1)} ms, longest task ${Math.max(0, ...measured.tasks).toFixed(0)} ms`
    )
  }
  const label = `review of ${ROWS.toLocaleString('en')} rows scrolled:`
  report(
    figure({ id: 'import.review.frame-p50', label: `${label} frame interval, median`, unit: 'ms', values: frameP50 }),
    figure({ id: 'import.review.frame-p95', label: `${label} frame interval, p95`, unit: 'ms', values: frameP95 }),
    figure({ id: 'import.review.frame-max', label: `${label} longest frame interval`, unit: 'ms', values: frameMax }),
    figure({
      id: 'import.review.longtask',
      label: `${label} page's longest task`,
      unit: 'ms',
      values: longest,
      aim: { op: '<=', value: 50 }
    })
  )
} finally {
  await app.close()
}
done('Import review')
