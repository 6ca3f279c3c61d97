/**
 * People you already have (issue #32): an ATS export of 100,000 candidates imported (read,
 * hashed and written in its worker, out/main/known-people-worker.cjs, while main's thread is
 * watched by a 1 ms heartbeat), then a search of 100 results checked against it: Match Profiles
 * through the router with the check of its 100 people (checkKnownPeople: keys, profile links,
 * names and employers) against the same search with the check off, interleaved in the same loop;
 * the figure is the time the check adds (the difference of the medians) and the ratio. Each run
 * after the first re-imports the list, replacing it: its worker deletes the old list's rows after
 * answering, while the recruiter goes on searching (each search's call-log write is main's): main's
 * longest block is watched from the import until the old rows are gone.
 * Run alone: npx tsx test/bench/known-people.bench.ts [--quick]
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { generateProfiles } from '../../sandbox/data/generate'
import { KNOWN_CHUNK_CHARS } from '../../shared/ipc/channels/known-people'
import { built } from './lib/build'
import { done, figure, interleave, median, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { call, sender, startMain } from './lib/main'

const PROFILES = 20_000
const KNOWN = quick ? 20_000 : 100_000
const RUNS = quick ? 2 : 3
const ROUNDS = quick ? 10 : 40

const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-known-data-'))
const app = await startMain({ profiles: PROFILES, dataDir, knownPeopleWorker: built().workers.knownPeople })
// the lists hidden (a replaced list, until its rows are deleted), read on a connection of the bench's own
const reader = new Database(join(dataDir, 'talent-desk.sqlite'), { readonly: true, fileMustExist: true })
const hiddenLists = reader.prepare('SELECT count(*) FROM known_people_lists WHERE ready = 0').pluck()
const main = app.main
// A first name many people share, so 100 results come back.
const counts = new Map<string, number>()
for (const p of generateProfiles({ count: PROFILES, seed: 1 }))
  if (p.first_name) counts.set(p.first_name, (counts.get(p.first_name) ?? 0) + 1)
const common = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0]

interface Row {
  key?: string
  full_name?: string
  cur_company?: string
  li_urls?: string[]
}
let n = 0
async function search(): Promise<Row[]> {
  const reply = await main.router.handle(
    'searchProfiles',
    { requestId: `bench-${n++}-xxxx`, request: { name: common }, options: { maxNumberOfResults: 100 } },
    sender
  )
  if (!reply.ok) throw new Error(JSON.stringify(reply.error))
  return (reply.data as { results: Array<{ profile: Row }> }).results.map((result) => result.profile)
}
const toCheck = (rows: Row[]) =>
  rows.map((row) => ({
    ...(row.key === undefined ? {} : { key: row.key }),
    handles: row.li_urls ?? [],
    ...(row.full_name === undefined ? {} : { name: row.full_name }),
    ...(row.cur_company === undefined ? {} : { employer: row.cur_company })
  }))

/** A Greenhouse-shaped export: KNOWN candidates, a tenth of the search's 100 among them (by link or name). */
function exportFile(results: Row[]): string {
  const lines = ['Candidate ID,First Name,Last Name,Current Company,Email,Social Media,Stage']
  results.slice(0, 10).forEach((row, i) => {
    const [first, ...last] = (row.full_name ?? 'A B').split(' ')
    const link = i % 2 === 0 ? (row.li_urls?.[0] ?? '') : ''
    lines.push(`gh-${i},${first},${last.join(' ')},"${row.cur_company ?? ''}",,${link},Phone Screen`)
  })
  for (let i = lines.length - 1; i < KNOWN; i++) {
    lines.push(
      `${1_000_000 + i},Person,Number ${i},Company ${i % 5000},person.${i}@example${i % 97}.com,https://profilenet.example/in/known-${i},Application Review`
    )
  }
  return `${lines.join('\n')}\n`
}

const dir = mkdtempSync(join(tmpdir(), 'td-bench-known-'))
const file = join(dir, 'greenhouse.csv')
const results = await search()
if (results.length !== 100) throw new Error(`the search returned ${results.length} rows, not 100`)
writeFileSync(file, exportFile(results))
const bytes = readFileSync(file)

interface Imported {
  ms: number
  blockMs: number
  /** From the import until the list it replaced is deleted, searching meanwhile: main's longest block. */
  sweepBlockMs: number
  sweepCpuMs: number
  sweepWaitMs: number
  sweepMs: number
  searches: number
}

async function importOnce(): Promise<Imported> {
  const { uploadId } = await call(main, 'startKnownPeopleUpload', { bytes: bytes.length })
  const piece = (KNOWN_CHUNK_CHARS / 4) * 3
  for (let at = 0; at < bytes.length; at += piece) {
    const chunk = bytes.subarray(at, at + piece).toString('base64')
    await call(main, 'appendKnownPeopleUpload', { uploadId, chunk, last: at + piece >= bytes.length })
  }
  const { mapping } = await call(main, 'previewKnownPeople', { uploadId, fileName: 'greenhouse.csv' })
  const beat = heartbeat()
  const whole = heartbeat({ cpu: true })
  const t0 = performance.now()
  const imported = await call(main, 'importKnownPeople', {
    uploadId,
    fileName: 'greenhouse.csv',
    name: 'Greenhouse',
    scope: { kind: 'shared' },
    mapping
  })
  const ms = performance.now() - t0
  const blockMs = beat.stop()
  if (imported.list.people !== KNOWN) throw new Error(`imported ${imported.list.people} people, not ${KNOWN}`)
  // the recruiter searches on while the worker deletes the list replaced
  let searches = 0
  while ((hiddenLists.get() as number) > 0) {
    const rows = await search()
    await call(main, 'checkKnownPeople', { people: toCheck(rows) })
    searches += 1
  }
  const sweepBlockMs = whole.stop()
  return {
    ms,
    blockMs,
    sweepBlockMs,
    sweepCpuMs: whole.longestCpuMs(),
    sweepWaitMs: whole.longestWaitMs(),
    sweepMs: performance.now() - t0,
    searches
  }
}

const imports: Imported[] = []
const checkOn: number[] = []
const checkOff: number[] = []
const added: number[] = []
const ratios: number[] = []
let matched = 0
for (let run = 0; run < RUNS; run++) {
  // a re-import of the same name and scope replaces the list (the old one deleted in slices)
  imports.push(await importOnce())
  const times = await interleave(
    async () => {
      const rows = await search()
      const { known } = await call(main, 'checkKnownPeople', { people: toCheck(rows) })
      matched = known.length
    },
    () => search(),
    { warmup: run === 0 ? 10 : 3, rounds: ROUNDS }
  )
  checkOn.push(median(times.a))
  checkOff.push(median(times.b))
  added.push(median(times.a) - median(times.b))
  ratios.push(median(times.a) / median(times.b))
  progress(
    `run ${run + 1}: import ${imports.at(-1)!.ms.toFixed(0)} ms (longest block ${imports.at(-1)!.blockMs.toFixed(0)} ms; until the list replaced is deleted, ${imports.at(-1)!.sweepMs.toFixed(0)} ms and ${imports.at(-1)!.searches} searches, ${imports.at(-1)!.sweepBlockMs.toFixed(0)} ms, of which ran ${imports.at(-1)!.sweepCpuMs.toFixed(0)} and waited for a core ${imports.at(-1)!.sweepWaitMs.toFixed(0)}); search + check ${median(times.a).toFixed(2)} ms vs ${median(times.b).toFixed(2)} ms; ${matched} known`
  )
}
if (matched < 5) throw new Error(`only ${matched} of the search's people were found known`)

const size = `${KNOWN.toLocaleString('en')} known people`
report(
  figure({
    id: 'known-people.check.added-ms',
    label: `100 search results checked against ${size}: time the check adds`,
    unit: 'ms',
    values: added,
    ratio: { against: 'the same search with the check off', values: ratios },
    aim: { op: '<', value: 5 },
    note: `difference of the medians of ${ROUNDS} interleaved searches per run, with and without checkKnownPeople`
  }),
  figure({
    id: 'known-people.search-with-check.ms',
    label: 'Match Profiles, 100 results, then checkKnownPeople',
    unit: 'ms',
    values: checkOn
  }),
  figure({
    id: 'known-people.import.ms',
    label: `import an ATS export of ${size} (read, hash, write in the worker)`,
    unit: 'ms',
    values: imports.map((i) => i.ms),
    aim: { op: '<', value: 10_000 }
  }),
  figure({
    id: 'known-people.import.longest-block',
    label: `import of ${size}: main thread’s longest block`,
    unit: 'ms',
    values: imports.map((i) => i.blockMs)
  }),
  figure({
    id: 'known-people.reimport.longest-block',
    label: `re-import of ${size} over the list, searching on until the old list is deleted: main thread’s longest block`,
    unit: 'ms',
    // the first run has no list to replace
    values: imports.slice(1).map((i) => i.sweepBlockMs),
    aim: { op: '<', value: 50 },
    note: `the old list's rows are deleted by the worker after it answers; the searches (and their call-log writes, main's) go on meanwhile; of the longest block main ran ${imports
      .slice(1)
      .map((i) => i.sweepCpuMs.toFixed(0))
      .join(', ')} ms (the rest it waited: for the data file's lock, or for a core)`
  })
)
reader.close()
await app.close()
rmSync(dir, { recursive: true, force: true })
rmSync(dataDir, { recursive: true, force: true })
done('People you already have')
