/**
 * A do-not-contact list of a million entries (issue #36 item 4). A file of 1,000,000 entries
 * (emails, domains, profile addresses, keys; 100,000 with --quick) is uploaded and imported through
 * the router with the built reader (out/main/do-not-contact-worker.cjs: read, hashed and written
 * in its worker over its own connection, in the (kind, hash) index's order 5,000 entries a
 * transaction, into a hidden import shown at once), while main's thread is watched by a 1 ms
 * heartbeat (its longest gap: how long main ran in it, and how long it waited for a CPU). Then,
 * side by side in one loop, the same calls on that main and on a main whose list is empty: the
 * Settings panel opening (listDoNotContact: the count and the first page) and a check of 100
 * people (checkDoNotContact).
 * Run alone: npx tsx test/bench/do-not-contact.bench.ts [--quick]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { DO_NOT_CONTACT_CHUNK_CHARS } from '../../shared/ipc/channels/do-not-contact'
import { built } from './lib/build'
import { done, figure, interleave, median, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { call, startMain } from './lib/main'

const ENTRIES = quick ? 100_000 : 1_000_000
const RUNS = quick ? 1 : 3
const ROUNDS = quick ? 20 : 60

const worker = built().workers.doNotContact
const full = await startMain({ doNotContactWorker: worker })
const empty = await startMain({ doNotContactWorker: worker })
// the empty list has its salt (an entry added and removed), so its checks hash as the full one's do
const { entry } = await call(empty.main, 'addDoNotContact', { kind: 'key', value: 'p-made-salt' })
await call(empty.main, 'removeDoNotContact', { id: entry.id })

/** One entry of four kinds in turn, as a CRM's suppression export would mix them. */
function entryLine(i: number): string {
  switch (i % 4) {
    case 0:
      return `person.${i}@example${i % 997}.com`
    case 1:
      return `@company-${i}.example`
    case 2:
      return `https://profilenet.example/in/listed-${i}`
    default:
      return `key:p-dnc-${i}`
  }
}
const dir = mkdtempSync(join(tmpdir(), 'td-bench-dnc-'))
const file = join(dir, 'suppression.csv')
const lines = ['Who']
for (let i = 0; i < ENTRIES; i++) lines.push(entryLine(i))
writeFileSync(file, `${lines.join('\n')}\n`)
const bytes = readFileSync(file)
progress(`${ENTRIES.toLocaleString('en')} entries, ${(bytes.length / 1024 / 1024).toFixed(1)} MB`)

/** A hundred people as a search's page names them: a tenth listed (by email, domain, handle or key). */
const people = Array.from({ length: 100 }, (_, i) =>
  i % 10 === 0
    ? {
        key: `p-dnc-${i * 4 + 3}`,
        emails: [`person.${i * 4}@example${(i * 4) % 997}.com`],
        handles: [`listed-${i * 4 + 2}`]
      }
    : { key: `p-free-${i}`, emails: [`someone.${i}@free${i}.example`], handles: [`free-${i}`] }
)

const t0 = performance.now()
const { uploadId } = await call(full.main, 'startDoNotContactUpload', { bytes: bytes.length })
const piece = (DO_NOT_CONTACT_CHUNK_CHARS / 4) * 3
for (let at = 0; at < bytes.length; at += piece) {
  const chunk = bytes.subarray(at, at + piece).toString('base64')
  await call(full.main, 'appendDoNotContactUpload', { uploadId, chunk, last: at + piece >= bytes.length })
}
// watched from here: the pieces above are encoded by this bench on the same thread
const beat = heartbeat({ cpu: true })
const imported = await call(full.main, 'importDoNotContact', { uploadId, fileName: 'suppression.csv', note: '' })
const importMs = performance.now() - t0
const blockMs = beat.stop()
const blockCpuMs = beat.longestCpuMs()
const blockWaitMs = beat.longestWaitMs()
if (imported.added !== ENTRIES) throw new Error(`imported ${imported.added} entries, not ${ENTRIES}`)
progress(
  `import ${importMs.toFixed(0)} ms (main's longest block ${blockMs.toFixed(1)} ms, of which it ran ${blockCpuMs.toFixed(1)} ms and waited for a CPU ${blockWaitMs.toFixed(1)} ms)`
)

const opens: number[] = []
const openRatios: number[] = []
const checks: number[] = []
const checkRatios: number[] = []
for (let run = 0; run < RUNS; run++) {
  const open = await interleave(
    async () => {
      const page = await call(full.main, 'listDoNotContact', {})
      if (page.total !== ENTRIES || page.entries.length !== 100) throw new Error('the panel did not open full')
    },
    () => call(empty.main, 'listDoNotContact', {}),
    { warmup: run === 0 ? 5 : 2, rounds: ROUNDS }
  )
  opens.push(median(open.a))
  openRatios.push(median(open.a) / median(open.b))
  const check = await interleave(
    async () => {
      const { suppressed } = await call(full.main, 'checkDoNotContact', { people })
      if (suppressed.length !== 10) throw new Error(`${suppressed.length} suppressed, not 10`)
    },
    () => call(empty.main, 'checkDoNotContact', { people }),
    { warmup: run === 0 ? 10 : 3, rounds: ROUNDS }
  )
  checks.push(median(check.a))
  checkRatios.push(median(check.a) / median(check.b))
  progress(
    `run ${run + 1}: panel open ${median(open.a).toFixed(2)} ms (empty list ${median(open.b).toFixed(2)} ms); check of 100 ${median(check.a).toFixed(2)} ms (empty ${median(check.b).toFixed(2)} ms)`
  )
}

const size = `${ENTRIES.toLocaleString('en')} entries`
report(
  figure({
    id: 'do-not-contact.import.ms',
    label: `import a file of ${size} (upload, then read, hash, write in the worker)`,
    unit: 'ms',
    values: [importMs],
    aim: { op: '<', value: 30_000 }
  }),
  figure({
    id: 'do-not-contact.import.longest-block',
    label: `import of ${size}: main thread’s longest block while the worker reads it`,
    unit: 'ms',
    values: [blockMs],
    aim: { op: '<', value: 50 }
  }),
  figure({
    id: 'do-not-contact.import.longest-block.cpu',
    label: `import of ${size}: of that longest block, the time main's thread ran`,
    unit: 'ms',
    values: [blockCpuMs]
  }),
  figure({
    id: 'do-not-contact.import.longest-block.waited',
    label: `import of ${size}: of that longest block, the time main's thread waited for a CPU`,
    unit: 'ms',
    values: [blockWaitMs],
    note: 'runnable, not running (/proc/thread-self/schedstat): the CPUs held by other threads; the rest of the gap it slept'
  }),
  figure({
    id: 'do-not-contact.panel-open.ms',
    label: `Settings panel opens on ${size}: the count and the first page (listDoNotContact)`,
    unit: 'ms',
    values: opens,
    ratio: { against: 'the same call on an empty list', values: openRatios },
    aim: { op: '<', value: 500 },
    note: `median of ${ROUNDS} calls per run, interleaved with the empty list's`
  }),
  figure({
    id: 'do-not-contact.check-100.ms',
    label: `100 people checked against ${size} (checkDoNotContact, 10 listed)`,
    unit: 'ms',
    values: checks,
    ratio: { against: 'the same check against an empty list', values: checkRatios },
    aim: { op: '<', value: 5 },
    note: `median of ${ROUNDS} checks per run, interleaved with the empty list's`
  })
)
await full.close()
await empty.close()
rmSync(dir, { recursive: true, force: true })
done('A do-not-contact list of a million')
