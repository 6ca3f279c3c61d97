/**
 * Known people, live (issue #39 items 3 and 5): a full pull of 100,000 candidates from the fake
 * Greenhouse (in a process of its own) at its rate limit, scaled so the run takes about a minute
 * (4 requests a rolling second instead of 50 every 10 s; 500 candidates a page), through the app's
 * AtsClient, pace and gate, each page's text handed to the app's known-people worker (built) which
 * parses and writes it into the known-people list on disk, while main's thread is watched by a
 * 1 ms heartbeat. Figures: the pull's time against what the limit allows (the ratio), and main's
 * longest block. Run alone: npx tsx test/bench/ats-pull.bench.ts [--quick]
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { ConnectionGate } from '../../electron/main/api/connection-gate'
import { AtsClient } from '../../electron/main/ats/ats-client'
import { AtsPullService } from '../../electron/main/ats/pull/ats-pull-service'
import { composeMain } from '../../electron/main/compose'
import { createLogger } from '../../electron/main/logging/logger'
import { defaultAnswerLimits } from '../../electron/main/net/answer-limits'
import { createAppDispatcher } from '../../electron/main/net/dispatcher'
import { ConnectionPace, systemTimers } from '../../electron/main/pace/connection-pace'
import { systemClock } from '../../electron/main/store/clock'
import { built } from './lib/build'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'

const CANDIDATES = quick ? 20_000 : 100_000
const LIMIT = 4
const WINDOW_MS = 1000
const PER_PAGE = 500

const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    join(import.meta.dirname, 'lib/ats-fake-child.ts'),
    String(CANDIDATES),
    String(LIMIT),
    String(WINDOW_MS)
  ],
  { stdio: ['ignore', 'pipe', 'inherit'] }
)
const fake = await new Promise<{ baseUrl: string; key: string; candidates: number }>((resolve, reject) => {
  createInterface({ input: child.stdout }).once('line', (line) => resolve(JSON.parse(line) as never))
  child.once('exit', (code) => reject(new Error(`the fake ATS ended (${code})`)))
})
progress(`fake Greenhouse: ${fake.candidates} candidates, ${LIMIT} requests per ${WINDOW_MS} ms`)

const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-ats-'))
const main = await composeMain({
  dataDir,
  shell: 'browser-host',
  appName: 'Talent Desk',
  appVersion: 'bench',
  trustedOrigins: ['http://bench'],
  logger: createLogger(() => undefined),
  versions: {},
  // the app's known-people worker (the built bundle): each page is parsed and written there
  knownPeopleWorker: built().workers.knownPeople
})
const dispatcher = createAppDispatcher()
const gate = new ConnectionGate()
const pace = new ConnectionPace({ ceiling: 100, gate, timers: systemTimers })
const client = new AtsClient({
  kind: 'greenhouse',
  baseUrl: fake.baseUrl,
  apiKey: fake.key,
  dispatcher,
  limits: defaultAnswerLimits,
  paced: pace.run,
  gate
})
let pages = 0
const pull = new AtsPullService({
  opener: { open: async () => ({ kind: 'greenhouse', name: 'Bench', client }), connectionIds: () => ['gh'] },
  knownPeople: () => main.knownPeople,
  doNotContact: () => main.doNotContact,
  clock: systemClock,
  emit: (status) => {
    if (status.pages > pages && status.pages % 20 === 0) progress(`${status.pages} pages, ${status.people} people`)
    pages = status.pages
  }
})

const beat = heartbeat({ cpu: true })
const began = performance.now()
const status = await pull.pull('gh', 'full')
const tookMs = performance.now() - began
const longest = beat.stop()
if (status.state !== 'done' || status.people !== fake.candidates) throw new Error(JSON.stringify(status))
progress(
  `longest block ${longest.toFixed(1)} ms: running ${beat.longestCpuMs().toFixed(1)} ms, waiting for a CPU ${beat.longestWaitMs().toFixed(1)} ms`
)
// the first LIMIT requests go at once, then LIMIT more each window: the least time the limit allows
const requests = Math.ceil(fake.candidates / PER_PAGE)
const allowedMs = Math.ceil(requests / LIMIT - 1) * WINDOW_MS
progress(
  `pulled ${status.people} in ${(tookMs / 1000).toFixed(1)} s; the limit allows ${(allowedMs / 1000).toFixed(1)} s`
)

report(
  figure({
    id: 'ats.pull.full',
    label: `Full pull of ${fake.candidates.toLocaleString('en')} candidates at the fake's limit (${LIMIT}/${WINDOW_MS} ms)`,
    unit: 's',
    values: [tookMs / 1000],
    ratio: { against: 'what the limit allows', values: [tookMs / allowedMs] },
    note: `${requests} pages of ${PER_PAGE}; the limit allows ${(allowedMs / 1000).toFixed(1)} s`
  }),
  figure({
    id: 'ats.pull.main-block',
    label: "Main's longest block during the pull (wall)",
    unit: 'ms',
    values: [longest],
    note: `the longest gap between 1 ms ticks, the machine's other load included`
  }),
  figure({
    id: 'ats.pull.main-block-running',
    label: "Main's own work in that longest block (running on a CPU)",
    unit: 'ms',
    values: [beat.longestCpuMs()],
    aim: { op: '<=', value: 50 },
    note: `the rest of the gap (${beat.longestWaitMs().toFixed(1)} ms) main was runnable but waiting for a CPU`
  })
)
await main.close()
await dispatcher.close()
child.kill('SIGTERM')
rmSync(dataDir, { recursive: true, force: true })
done('ATS pull')
