/**
 * Store and export bench (issue #4). Each measurement runs in a fresh child process so its
 * peak memory is its own: `peak RSS` is the process's maximum resident set (getrusage), shown
 * as growth over the child's RSS just before the measured step; `peak heap` is the largest
 * V8 heapUsed seen (sampled every 20 ms while the event loop is free, and at the end).
 * `CPU` is user+system time of the step: on a shared machine it shows how much of the wall
 * time was the step's own work.
 *
 * Run: npx tsx test/bench/store.bench.ts            (all, ~1-2 min)
 *      npx tsx test/bench/store.bench.ts --quick    (10x smaller data, for a smoke run)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { openStore, type Store } from '../../electron/main/store'
import { CsvExportService } from '../../electron/main/export/csv-export-service'
import { makeProfile } from '../integration/store/fixtures/profiles'

const SELF = import.meta.filename
const quick = process.argv.includes('--quick')
const BIG = quick ? 10_000 : 100_000
const TEN_K = quick ? 1_000 : 10_000

interface Measurement {
  ms: number
  cpuMs: number
  rssBeforeMb: number
  peakRssGrowthMb: number
  peakHeapMb: number
  note: string
}

const mb = (bytes: number): number => Math.round((bytes / 1_048_576) * 10) / 10

/** Child side: runs one step against the prepared data folder and prints a Measurement. */
async function child(step: string, dataDir: string): Promise<void> {
  const started = { store: undefined as Store | undefined }
  const open = (): Store => (started.store ??= openStore({ dataDir }))
  const ids = (): { ten: string; big: string } => {
    const lists = open().shortlists.list()
    const find = (name: string): string => lists.find((s) => s.name === name)?.id ?? ''
    return { ten: find('ten-k'), big: find('big') }
  }
  // Everything a step needs that is not the step itself happens before the clock starts.
  if (step !== 'open') open()
  const prepared = step.startsWith('export') || step === 'list' || step === 'search' ? ids() : undefined
  const inputs =
    step === 'add'
      ? Array.from({ length: TEN_K }, (_, i) => ({ profile: JSON.stringify(makeProfile(i, 11)) }))
      : step === 'add-one-by-one'
        ? Array.from({ length: 1000 }, (_, i) => ({ profile: JSON.stringify(makeProfile(i, 12)) }))
        : []
  global.gc?.()
  let peakHeap = process.memoryUsage().heapUsed
  const sampler = setInterval(() => (peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)), 20)
  const rssBefore = process.memoryUsage().rss
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  let note = ''

  switch (step) {
    case 'add': {
      const store = open()
      const list = store.shortlists.create('ten-k')
      for (let i = 0; i < inputs.length; i += 1000) store.members.addMany(list.id, inputs.slice(i, i + 1000))
      note = `${inputs.length} members, ${inputs.length / 1000} transactions of 1,000`
      break
    }
    case 'add-one-by-one': {
      const store = open()
      const list = store.shortlists.create('one-by-one')
      for (const input of inputs) store.members.add(list.id, input)
      note = `${inputs.length} members, one commit (fsync) each`
      break
    }
    case 'seed': {
      const store = open()
      const list = store.shortlists.create('big')
      for (let i = 0; i < BIG; i += 5000) {
        store.members.addMany(
          list.id,
          Array.from({ length: 5000 }, (_, j) => ({ profile: makeProfile(i + j, 13) }))
        )
      }
      note = `${BIG} members for the search and export steps`
      break
    }
    case 'open': {
      const store = open()
      note = `integrity_check + migrations check over ${store.shortlists.list().reduce((n, s) => n + s.memberCount, 0)} members`
      break
    }
    case 'list': {
      const members = open().members.list(prepared?.ten ?? '')
      note = `${members.length} member summaries`
      break
    }
    case 'search': {
      const queries = [
        'rust',
        'staff engineer',
        'jos',
        'kowalski acme',
        'terraform spark',
        'nurse practitioner',
        'zz-no-match',
        'svelte'
      ]
      const times: number[] = []
      let hits = 0
      // Side by side: the same words as a LIKE scan over the same columns (what a store without
      // FTS5 would do), timed in the same loop so machine noise hits both.
      const store = open()
      const text = "(name || ' ' || title || ' ' || company || ' ' || skills || ' ' || notes)"
      const pairs: string[] = []
      for (const query of queries) {
        const t = performance.now()
        hits += store.members.search(query, { limit: 200 }).length
        const ftsMs = performance.now() - t
        times.push(ftsMs)
        const words = query.split(/\s+/)
        const like = store.database.db.prepare(
          `SELECT id FROM members WHERE ${words.map(() => `${text} LIKE ?`).join(' AND ')} LIMIT 200`
        )
        const t2 = performance.now()
        like.all(...words.map((word) => `%${word}%`))
        pairs.push(`${query}: ${ftsMs.toFixed(1)}/${(performance.now() - t2).toFixed(1)}`)
      }
      times.sort((a, b) => a - b)
      note = `${queries.length} queries over ${BIG + TEN_K + 1000} members, limit 200: median ${times[times.length >> 1]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (${hits} hits); FTS ms / LIKE-scan ms per query: ${pairs.join(', ')}`
      // LIKE stops at 200 hits for common words but reads every row for rare ones; FTS ranks.
      break
    }
    case 'export-basic':
    case 'export-basic-10k':
    case 'export-full': {
      const shortlistId = step === 'export-basic-10k' ? prepared?.ten : prepared?.big
      const file = path.join(dataDir, `${step}.csv`)
      // RSS at each quarter of the export: flat memory means these stop rising.
      const quarters: number[] = []
      const result = await new CsvExportService(open().members).toFile(
        {
          source: { kind: 'shortlist', shortlistId: shortlistId ?? '' },
          columns: { preset: step === 'export-full' ? 'full' : 'basic' },
          onProgress: ({ written, total }) => {
            if (total !== undefined && written >= ((quarters.length + 1) * total) / 4)
              quarters.push(mb(process.memoryUsage().rss))
          }
        },
        file
      )
      note = `${result.rows} rows, ${step === 'export-full' ? 'Full' : 'Basic'} preset, ${mb(result.bytes)} MB; RSS at 25/50/75/100%: ${quarters.join('/')} MB`
      fs.rmSync(file)
      break
    }
    case 'export-repeat': {
      // Three exports of the big shortlist in one process: if memory grew with rows exported,
      // RSS would keep climbing from pass to pass.
      const ends: number[] = []
      for (let pass = 0; pass < 3; pass += 1) {
        const file = path.join(dataDir, `${step}.csv`)
        await new CsvExportService(open().members).toFile(
          { source: { kind: 'shortlist', shortlistId: prepared?.big ?? '' }, columns: { preset: 'basic' } },
          file
        )
        ends.push(mb(process.memoryUsage().rss))
        fs.rmSync(file)
      }
      note = `3 x ${BIG} rows in one process; RSS after each pass: ${ends.join('/')} MB`
      break
    }
    default:
      throw new Error(`unknown step ${step}`)
  }

  const ms = performance.now() - t0
  const cpu = process.cpuUsage(cpu0)
  const cpuMs = (cpu.user + cpu.system) / 1000
  clearInterval(sampler)
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed)
  const peakRss = process.resourceUsage().maxRSS * 1024
  started.store?.close()
  const result: Measurement = {
    ms,
    cpuMs,
    rssBeforeMb: mb(rssBefore),
    peakRssGrowthMb: mb(Math.max(0, peakRss - rssBefore)),
    peakHeapMb: mb(peakHeap),
    note
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

function run(step: string, dataDir: string): Measurement {
  const out = spawnSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', SELF, '--child', step, dataDir, ...(quick ? ['--quick'] : [])],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20
    }
  )
  if (out.status !== 0) throw new Error(`${step} failed: ${out.stderr}`)
  return JSON.parse(out.stdout.trim().split('\n').at(-1) ?? '{}') as Measurement
}

async function main(): Promise<void> {
  const childAt = process.argv.indexOf('--child')
  if (childAt !== -1) return child(process.argv[childAt + 1] ?? '', process.argv[childAt + 2] ?? '')

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-store-bench-'))
  const steps: Array<[string, string]> = [
    ['add', `add ${TEN_K.toLocaleString('en')} members`],
    ['add-one-by-one', 'add 1,000 members one by one'],
    ['seed', `(setup) add ${BIG.toLocaleString('en')} members`],
    ['open', 'open the store file'],
    ['list', `open a shortlist of ${TEN_K.toLocaleString('en')}`],
    ['search', `full-text search across ${BIG.toLocaleString('en')}+`],
    ['export-basic', `export ${BIG.toLocaleString('en')} rows to CSV`],
    ['export-basic-10k', `export ${TEN_K.toLocaleString('en')} rows to CSV`],
    ['export-full', `export ${BIG.toLocaleString('en')} rows, Full preset`],
    ['export-repeat', `export ${(3 * BIG).toLocaleString('en')} rows (3 passes)`]
  ]
  const rows: Array<[string, Measurement]> = []
  try {
    for (const [step, label] of steps) {
      const measurement = run(step, dataDir)
      rows.push([label, measurement])
      console.error(`${label}: ${measurement.ms.toFixed(0)} ms`)
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  console.log(
    `\nStore bench (${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}, Node ${process.version}, load ${os.loadavg()[0]?.toFixed(1)})`
  )
  console.table(
    Object.fromEntries(
      rows.map(([label, m]) => [
        label,
        {
          'time (ms)': Math.round(m.ms),
          'CPU (ms)': Math.round(m.cpuMs),
          'peak RSS growth (MB)': m.peakRssGrowthMb,
          'peak heap (MB)': m.peakHeapMb,
          note: m.note
        }
      ])
    )
  )
  const big = rows.find(([, m]) => m.note.startsWith(`${BIG} rows, Basic`))?.[1]
  const small = rows.find(([, m]) => m.note.startsWith(`${TEN_K} rows, Basic`))?.[1]
  if (big && small) {
    console.log(
      `export memory, ${BIG / TEN_K}x the rows: peak RSS growth ${small.peakRssGrowthMb} -> ${big.peakRssGrowthMb} MB, peak heap ${small.peakHeapMb} -> ${big.peakHeapMb} MB`
    )
  }
}

await main()
