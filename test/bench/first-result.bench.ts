/**
 * First start to first result, as a new user starts the app: the browser host started as a user
 * starts it (`node out/main/host.cjs`, a process of its own, a fresh data folder), and once it
 * prints its link, Chromium started on a NEW profile (an empty user-data folder: no HTTP cache, no
 * code cache) opening that link; a name typed in Search as soon as the Name field is there and
 * Enter, until the first result row is painted. Time is taken from just before the host's spawn.
 * Cold: a fresh data folder; warm: the data folder of an earlier run (the browser's profile is new
 * every run). Beside it: when the link was printed, the browser's own start (link → the page's
 * navigation), the page's own load (navigation → DOMContentLoaded, → the search form painted),
 * when the built-in sandbox said it was ready (the support log), the host's main thread's longest
 * block from the link to the first row (a heartbeat loaded with `--require`,
 * test/bench/lib/loop-monitor.cjs) and the page's longest task (Long Tasks API).
 * Cold and warm runs alternate, the order swapped each round, after one unmeasured run.
 * Run alone: npx tsx test/bench/first-result.bench.ts [--quick]
 * What this bench measured until issue #36 (a browser already running, a new context in it; from
 * the link, not the browser's start): TD_BENCH_BROWSER=running npx tsx test/bench/first-result.bench.ts
 * Against another build, side by side (each round runs both, cold and warm, in turned-round order):
 *   TD_BENCH_BASELINE=/tmp/before/out/main/host.cjs npx tsx test/bench/first-result.bench.ts
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { chromium, type Browser, type BrowserContext } from 'playwright-core'
import { generateProfiles } from '../../sandbox/data/generate'
import { chromiumFlags, chromiumPath, root } from '../e2e/support'
import { builtHostFile } from '../e2e/built-host'
import { ensureBuilt } from './lib/build'
import { done, figure, progress, quick, report } from './lib/figures'
import { pageTasks } from './lib/page-trace'

const RUNS = quick ? 2 : 5
const AIM_MS = 2500
const monitor = join(import.meta.dirname, 'lib/loop-monitor.cjs')
/**
 * The build to measure (default: this one's), and another to measure side by side with it (e.g. a
 * copy of out/ from before a change, package.json beside it and node_modules reachable).
 */
const hostFile = process.env['TD_BENCH_HOST'] ?? builtHostFile
/** Extra node flags for the host (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` to see where its start goes). */
const nodeArgs = (process.env['TD_BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean)
/**
 * `new-profile` (the default): Chromium started once the link is printed, on an empty profile of
 * its own, as a new user's browser opens the link. `running`: one Chromium already running for
 * every run, each run a new context in it (what this bench measured before issue #36).
 */
const browserMode = process.env['TD_BENCH_BROWSER'] === 'running' ? 'running' : 'new-profile'

/**
 * What the page notes as it loads: when the form and the first row were painted, its long tasks.
 * When the form appears it puts the cursor in the Name field (as the recruiter's click would) and
 * says so on the console; the bench types through the keyboard, so no script of Playwright's runs
 * in the page (and shows among its tasks) before the first row.
 */
const pageProbe = `{
  const at = () => performance.timeOrigin + performance.now()
  const probe = (window.__firstResult = { formAt: 0, rowAt: 0, profileAt: 0, longTasks: [] })
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) probe.longTasks.push({ at: performance.timeOrigin + entry.startTime, ms: entry.duration })
  }).observe({ type: 'longtask', buffered: true })
  new MutationObserver((_, observer) => {
    const form = document.querySelector('[data-testid="search-form"]')
    if (probe.formAt === 0 && form) {
      probe.formAt = -1
      // painted at the frame's end: the cursor is put in the field after it, in a task of its own,
      // as a click would be (focus() lays the page out: in the task that mounted the form, it made
      // that task ~15 ms longer than the page itself made it)
      requestAnimationFrame(() => {
        probe.formAt = at()
        setTimeout(() => {
          const name = form.querySelector('label input')
          if (name && name.closest('label').textContent.trim().startsWith('Name')) {
            name.focus()
            console.debug('first-result:form')
          } else console.debug('first-result:no-name-field')
        }, 0)
      })
    }
    if (probe.rowAt === 0 && document.querySelector('[data-testid="results-list"] [role="option"]')) {
      probe.rowAt = -1
      requestAnimationFrame(() => {
        probe.rowAt = at()
        console.debug('first-result:row')
      })
    }
    // the first result's profile, whole (a view that fills in after a frame says aria-busy meanwhile)
    if (probe.profileAt === 0 && document.querySelector('[data-testid="profile-view"]:not([aria-busy="true"])')) {
      probe.profileAt = -1
      observer.disconnect()
      requestAnimationFrame(() => {
        probe.profileAt = at()
        console.debug('first-result:profile')
      })
    }
  }).observe(document, { childList: true, subtree: true })
}`

interface PageTimes {
  navigationStart: number
  domContentLoaded: number
  formAt: number
  rowAt: number
  profileAt: number
  longTasks: Array<{ at: number; ms: number }>
}

interface Run {
  /** Where the sandbox found its people: the catalog file, or generated. */
  catalog: string
  link: number
  /** The browser's own start: from the link printed to the page's navigation start. */
  browserStart: number
  formUsable: number
  firstResult: number
  sandboxReady: number
  domContentLoaded: number
  formPainted: number
  mainLongestBlock: number
  /** The most the main thread itself ran in one such gap (the rest of a gap it waited for a CPU). */
  mainLongestBlockCpu: number
  /** The gap before the heartbeat's first tick: loading the host's modules (before the link). */
  mainLoadBlock: number
  pageLongestTask: number
  /** The same from the first row until the first result's profile is open and whole. */
  pageLongestTaskToProfile: number
  /** The most CPU one task of the page's main thread took (Chromium's trace: thread time). */
  pageLongestTaskCpu: number
  /** The same of Chromium's own renderers (its WebUI), not the app's page: apart, not counted above. */
  browserLongestTaskCpu: number
}

const epoch = () => performance.timeOrigin + performance.now()

interface LogLine {
  time: string
  event: string
  fields?: Record<string, unknown>
}

/** The support log's first `event` line in `dataDir` since `after` (epoch ms), if any. */
function logged(dataDir: string, event: string, after: number): (LogLine & { at: number }) | undefined {
  const dir = join(dataDir, 'logs')
  if (!existsSync(dir)) return undefined
  for (const name of readdirSync(dir)) {
    for (const line of readFileSync(join(dir, name), 'utf8').split('\n')) {
      if (!line.includes(`"${event}"`)) continue
      const record = JSON.parse(line) as LogLine
      const at = Date.parse(record.time)
      if (at >= after - 1) return { ...record, at }
    }
  }
  return undefined
}

/** Waits until the support log says the sandbox's catalog file was written (the warm runs read it). */
async function catalogSaved(dataDir: string, after: number): Promise<void> {
  const until = Date.now() + 180_000
  for (;;) {
    const line = logged(dataDir, 'sandbox.catalog', after)
    if (line) {
      if (line.fields?.['saved'] !== true) throw new Error(`the catalog file was not written: ${JSON.stringify(line)}`)
      return
    }
    if (Date.now() > until) throw new Error('the sandbox did not finish its catalog in 180 s')
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

/** The browser the run opens its link in: a new profile started now, or a new context in the running one. */
async function openBrowser(
  running: Browser | null
): Promise<{ browser: Browser; context: BrowserContext; profile?: string }> {
  if (running)
    return { browser: running, context: await running.newContext({ viewport: { width: 1280, height: 800 } }) }
  const profile = mkdtempSync(join(tmpdir(), 'td-bench-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: chromiumFlags,
    headless: true,
    viewport: { width: 1280, height: 800 }
  })
  return { browser: context.browser()!, context, profile }
}

async function oneRun(
  running: Browser | null,
  host: string,
  dataDir: string,
  name: string,
  options: { keepRunningUntilCatalogSaved?: boolean } = {}
): Promise<Run> {
  const gapsFile = join(dataDir, `loop-gaps-${process.pid}.json`)
  let opened: Awaited<ReturnType<typeof openBrowser>> | undefined
  const t0 = epoch()
  const child = spawn(
    process.execPath,
    [...nodeArgs, '--require', monitor, host, '--port', '0', '--data-dir', dataDir],
    {
      cwd: root,
      env: { ...process.env, TD_LOOP_GAPS_FILE: gapsFile },
      stdio: ['ignore', 'pipe', 'pipe']
    }
  )
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  try {
    const link = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no link printed in 60 s; stderr: ${stderr}`)), 60_000)
      void exited.then((code) => reject(new Error(`the host exited (${code}) before printing a link: ${stderr}`)))
      createInterface({ input: child.stdout }).on('line', (line) => {
        const found = /it works once\): (http:\/\/\S+)/.exec(line)
        if (found) {
          clearTimeout(timer)
          resolve(found[1]!)
        }
      })
    })
    const linkAt = epoch()
    opened = await openBrowser(running)
    const { browser, context } = opened
    await context.addInitScript(pageProbe)
    const page = context.pages()[0] ?? (await context.newPage())
    // the page's main-thread tasks, with their thread (CPU) time beside their wall time
    // (TD_BENCH_TRACE_CATEGORIES adds more, comma-separated: `devtools.timeline,v8.execute` says what each task ran)
    const extraCategories = (process.env.TD_BENCH_TRACE_CATEGORIES ?? '').split(',').filter((c) => c !== '')
    await browser.startTracing(page, {
      categories: ['toplevel', 'disabled-by-default-devtools.timeline', ...extraCategories]
    })
    const said = (text: string, timeout: number) =>
      page
        .waitForEvent('console', { predicate: (message) => message.text().startsWith('first-result:'), timeout })
        .then((message) => {
          if (message.text() !== text) throw new Error(`the page said ${message.text()}, not ${text}`)
        })
    const formShown = said('first-result:form', 60_000)
    formShown.catch(() => undefined) // awaited below; a failed navigation throws first
    await page.goto(link, { waitUntil: 'commit' })
    // the recruiter types a name as soon as the field is there, and presses Enter
    await formShown
    const rowShown = said('first-result:row', 120_000)
    await page.keyboard.type(name)
    await page.keyboard.press('Enter')
    await rowShown
    const profileShown = said('first-result:profile', 60_000)
    profileShown.catch(() => undefined) // awaited below, after the trace
    const rawTrace = await browser.stopTracing()
    if (process.env.TD_BENCH_TRACE_DIR) writeFileSync(join(process.env.TD_BENCH_TRACE_DIR, `trace-${Date.now()}.json`), rawTrace)
    const trace = pageTasks(rawTrace, new URL(link).origin)
    await profileShown
    // (a string evaluated over CDP: the page's CSP refuses eval)
    const times = (await page.evaluate(`(() => {
      const probe = window.__firstResult
      const nav = performance.getEntriesByType('navigation')[0]
      return { navigationStart: performance.timeOrigin, domContentLoaded: performance.timeOrigin + nav.domContentLoadedEventEnd,
        formAt: probe.formAt, rowAt: probe.rowAt, profileAt: probe.profileAt, longTasks: probe.longTasks }
    })()`)) as PageTimes
    // (a build whose sandbox keeps no catalog file says nothing of one when ready)
    const keepsCatalog = logged(dataDir, 'sandbox.ready', t0)?.fields?.['catalog'] !== undefined
    if (options.keepRunningUntilCatalogSaved && keepsCatalog) await catalogSaved(dataDir, t0)
    child.kill('SIGTERM')
    const code = await exited
    if (code !== 0) throw new Error(`the host exited with ${code}: ${stderr}`)
    const { gaps } = JSON.parse(readFileSync(gapsFile, 'utf8')) as {
      gaps: Array<{ at: number; ms: number; cpuMs: number | null }>
    }
    rmSync(gapsFile, { force: true })
    if (process.env.TD_BENCH_TRACE_DIR)
      writeFileSync(
        join(process.env.TD_BENCH_TRACE_DIR, `host-gaps-${Date.now()}.json`),
        JSON.stringify({ startedAt: t0, linkAt, page: times, gaps })
      )
    // gaps that overlap [link printed, first row]: the main thread blocked while the recruiter waited
    // blocks that began once the link was out (the one that printed it is the start's: it began before)
    const window = gaps.filter((g) => g.at >= linkAt && g.at < times.rowAt)
    const during = window.map((g) => g.ms)
    // (JSON has no NaN: a gap whose CPU time is unknown reads null)
    const ran = window.map((g) => g.cpuMs ?? NaN)
    const before = gaps.filter((g) => g.at < linkAt).map((g) => g.ms)
    const during2 = times.longTasks.filter((t) => t.at < times.rowAt).map((t) => t.ms)
    const ready = logged(dataDir, 'sandbox.ready', t0)
    return {
      catalog: String(ready?.fields?.['catalog'] ?? '?'),
      link: linkAt - t0,
      browserStart: times.navigationStart - linkAt,
      formUsable: times.formAt - t0,
      firstResult: times.rowAt - t0,
      sandboxReady: (ready?.at ?? NaN) - t0,
      domContentLoaded: times.domContentLoaded - times.navigationStart,
      formPainted: times.formAt - times.navigationStart,
      mainLongestBlock: Math.max(0, ...during),
      mainLongestBlockCpu: Math.max(0, ...ran),
      mainLoadBlock: Math.max(0, ...before),
      pageLongestTask: Math.max(0, ...during2),
      pageLongestTaskToProfile: Math.max(
        0,
        ...times.longTasks.filter((t) => t.at >= times.rowAt && t.at < times.profileAt).map((t) => t.ms)
      ),
      pageLongestTaskCpu: Math.max(0, ...trace.page.map((task) => task.cpuMs)),
      browserLongestTaskCpu: Math.max(0, ...trace.others.map((task) => task.cpuMs))
    }
  } finally {
    if (child.exitCode === null) {
      child.kill('SIGKILL')
      await exited
    }
    await opened?.context.close()
    if (opened?.profile !== undefined) rmSync(opened.profile, { recursive: true, force: true })
  }
}

if (process.env['TD_BENCH_HOST'] === undefined) ensureBuilt()
if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium`)
const browser =
  browserMode === 'running'
    ? await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
    : null
const people = generateProfiles({ count: 200, seed: 1 })
const nameOf = (i: number) => people[(i * 37) % people.length]!.full_name ?? 'Ada Lovelace'
const folders: string[] = []
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), 'td-bench-first-'))
  folders.push(dir)
  return dir
}

const summary = (r: Run) =>
  `first row ${r.firstResult.toFixed(0)} ms (sandbox from ${r.catalog}; link ${r.link.toFixed(0)}, browser ${r.browserStart.toFixed(0)}, form ${r.formUsable.toFixed(0)}, sandbox ${r.sandboxReady.toFixed(0)}; main block ${r.mainLongestBlock.toFixed(0)} (ran ${r.mainLongestBlockCpu.toFixed(0)}), page task ${r.pageLongestTask.toFixed(0)}, then ${r.pageLongestTaskToProfile.toFixed(0)} to the profile (ran ${r.pageLongestTaskCpu.toFixed(0)}; Chromium's own ${r.browserLongestTaskCpu.toFixed(0)}))`

/** A build to measure: this one, and (TD_BENCH_BASELINE) another measured side by side with it. */
interface Variant {
  name: string
  host: string
  warmDir: string
  cold: Run[]
  warm: Run[]
}
const variants: Variant[] = [{ name: '', host: hostFile, warmDir: fresh(), cold: [], warm: [] }]
const baseline = process.env['TD_BENCH_BASELINE']
if (baseline !== undefined) {
  variants.push({ name: 'baseline ', host: baseline, warmDir: fresh(), cold: [], warm: [] })
}
try {
  // one unmeasured run each: Chromium, the disk cache, and the warm runs' data folder
  for (const v of variants) {
    const r = await oneRun(browser, v.host, v.warmDir, nameOf(0), { keepRunningUntilCatalogSaved: true })
    progress(`${v.name}warm-up: ${summary(r)}`)
  }
  let n = 0
  for (let run = 0; run < RUNS; run++) {
    const steps = variants.flatMap((v) => [
      async () => {
        v.cold.push(await oneRun(browser, v.host, fresh(), nameOf(++n)))
        progress(`${v.name}cold ${run + 1}: ${summary(v.cold.at(-1)!)}`)
      },
      async () => {
        v.warm.push(await oneRun(browser, v.host, v.warmDir, nameOf(++n)))
        progress(`${v.name}warm ${run + 1}: ${summary(v.warm.at(-1)!)}`)
      }
    ])
    // the order turned round every run, so no side always goes first
    for (const step of run % 2 === 0 ? steps : steps.reverse()) await step()
  }
} finally {
  await browser?.close()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
}

const values = (runs: Run[], key: Exclude<keyof Run, 'catalog'>) => runs.map((r) => r[key])
const [{ cold, warm }] = variants as [Variant]
const base = variants[1]
const both = [...cold, ...warm]
const against = (mine: Run[], theirs: Run[] | undefined, what: string) =>
  theirs === undefined
    ? {}
    : { ratio: { against: what, values: mine.map((r, i) => r.firstResult / theirs[i]!.firstResult) } }
report(
  figure({
    id: 'first-result.cold',
    label: `first start → first result row, fresh data folder (cold)${browserMode === 'running' ? ', a browser already running' : ', a new browser profile'}`,
    unit: 'ms',
    values: values(cold, 'firstResult'),
    ...against(cold, base?.cold ?? warm, base ? 'the baseline build, cold' : 'warm (side by side)'),
    aim: { op: '<', value: AIM_MS },
    note:
      browserMode === 'running'
        ? 'from spawning `node out/main/host.cjs` to the frame after the first row exists; each run a new process, the link opened in a new context of a Chromium already running'
        : 'from spawning `node out/main/host.cjs` to the frame after the first row exists; each run a new process, and Chromium started on an empty profile when the link is printed'
  }),
  figure({
    id: 'first-result.warm',
    label: 'first start → first result row, data folder of an earlier run (warm)',
    unit: 'ms',
    values: values(warm, 'firstResult'),
    ...against(warm, base?.warm, 'the baseline build, warm'),
    aim: { op: '<', value: AIM_MS }
  }),
  figure({
    id: 'first-result.link',
    label: '… the link printed (cold and warm)',
    unit: 'ms',
    values: values(both, 'link')
  }),
  figure({
    id: 'first-result.browser',
    label: "… of it, the browser's own start: link printed → the page's navigation (cold and warm)",
    unit: 'ms',
    values: values(both, 'browserStart'),
    note: 'Chromium started on a new profile and told to open the link; not the app’s (a browser already running: a new context only)'
  }),
  figure({
    id: 'first-result.form',
    label: '… the search form painted (cold and warm)',
    unit: 'ms',
    values: values(both, 'formUsable')
  }),
  figure({
    id: 'first-result.sandbox.cold',
    label: '… the built-in sandbox ready, cold (support log)',
    unit: 'ms',
    values: values(cold, 'sandboxReady')
  }),
  figure({
    id: 'first-result.sandbox.warm',
    label: '… the built-in sandbox ready, warm (support log)',
    unit: 'ms',
    values: values(warm, 'sandboxReady')
  }),
  figure({
    id: 'first-result.page.dcl',
    label: "the page's own load: navigation → DOMContentLoaded",
    unit: 'ms',
    values: values(both, 'domContentLoaded')
  }),
  figure({
    id: 'first-result.page.form',
    label: "the page's own load: navigation → search form painted",
    unit: 'ms',
    values: values(both, 'formPainted')
  }),
  figure({
    id: 'first-result.main.longest-block',
    label: "host main thread's longest block, link → first row (cold and warm)",
    unit: 'ms',
    values: values(both, 'mainLongestBlock'),
    aim: { op: '<', value: 50 },
    note: 'a 2 ms heartbeat in the host (--require test/bench/lib/loop-monitor.cjs); gaps over 10 ms'
  }),
  figure({
    id: 'first-result.main.longest-block-cpu',
    label: '… of it, the most the main thread itself ran in one gap (on Linux)',
    unit: 'ms',
    values: values(both, 'mainLongestBlockCpu'),
    note: 'the thread’s own run time in the gap (/proc/thread-self/schedstat); the rest it waited for a CPU other processes held'
  }),
  figure({
    id: 'first-result.main.load-block',
    label: "host main thread's longest block before the link (loading its modules, composing)",
    unit: 'ms',
    values: values(both, 'mainLoadBlock')
  }),
  figure({
    id: 'first-result.page.longest-task',
    label: "the page's longest task until the first row (0: none over 50 ms)",
    unit: 'ms',
    values: values(both, 'pageLongestTask'),
    aim: { op: '<', value: 50 }
  }),
  figure({
    id: 'first-result.page.longest-task-to-profile',
    label: "… after it, until the first result's profile is open and whole (0: none over 50 ms)",
    unit: 'ms',
    values: values(both, 'pageLongestTaskToProfile'),
    aim: { op: '<', value: 50 },
    note: 'Search opens the first result as its results come: the recruiter reads it next'
  }),
  figure({
    id: 'first-result.page.longest-task-cpu',
    label: '… the most CPU one task of the page took (Chromium trace, thread time)',
    unit: 'ms',
    values: values(both, 'pageLongestTaskCpu'),
    note: "ThreadControllerImpl::RunTask on the page's renderer's CrRendererMain, from the link opened to the first row: its thread time (tdur)"
  }),
  figure({
    id: 'first-result.browser.longest-task-cpu',
    label: "… apart, Chromium's own renderers (its WebUI, not the app's page): the most CPU one task took",
    unit: 'ms',
    values: values(both, 'browserLongestTaskCpu'),
    note: 'a browser started on a new profile runs its omnibox WebUI in a renderer of its own; until 2026-11-28 the figure above counted it (0: none ran before the first row)'
  })
)
if (base) {
  report(
    figure({
      id: 'first-result.baseline.cold',
      label: `baseline (${base.host}): first result, cold`,
      unit: 'ms',
      values: values(base.cold, 'firstResult')
    }),
    figure({
      id: 'first-result.baseline.warm',
      label: 'baseline: first result, warm',
      unit: 'ms',
      values: values(base.warm, 'firstResult')
    }),
    figure({
      id: 'first-result.baseline.main.longest-block',
      label: "baseline: host main thread's longest block, link → first row",
      unit: 'ms',
      values: values([...base.cold, ...base.warm], 'mainLongestBlock')
    }),
    figure({
      id: 'first-result.baseline.page.longest-task',
      label: "baseline: the page's longest task until the first row",
      unit: 'ms',
      values: values([...base.cold, ...base.warm], 'pageLongestTask')
    }),
    figure({
      id: 'first-result.baseline.page.longest-task-to-profile',
      label: "baseline: … after it, until the first result's profile is open and whole",
      unit: 'ms',
      values: values([...base.cold, ...base.warm], 'pageLongestTaskToProfile')
    }),
    figure({
      id: 'first-result.baseline.page.longest-task-cpu',
      label: 'baseline: … the most CPU one task of the page took',
      unit: 'ms',
      values: values([...base.cold, ...base.warm], 'pageLongestTaskCpu')
    })
  )
}
done('First start to first result')
