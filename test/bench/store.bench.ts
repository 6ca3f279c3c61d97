/**
 * Store and export bench (issue #4). Each measurement runs in a fresh child process so its
 * peak memory is its own: `peak RSS` is the process's maximum resident set (getrusage), shown
 * as growth over the child's RSS just before the measured step; `peak heap` is the largest
 * V8 heapUsed seen (sampled every 20 ms while the event loop is free, and at the end).
 * `CPU` is user+system time of the step: on a shared machine it shows how much of the wall
 * time was the step's own work.
 *
 * Figures (test/bench/lib/figures.ts): steps that leave the data as they found it run three
 * times in a full run, each in a fresh process; the ones that add data run once.
 *
 * Run: npx tsx test/bench/store.bench.ts            (all, ~1 min)
 *      npx tsx test/bench/store.bench.ts --quick    (10x smaller data, for a smoke run)
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawnSync } from 'node:child_process'
import { openStore, type Store } from '../../electron/main/store'
import { MemberSearch } from '../../electron/main/shortlists/member-search'
import { SpreadsheetExportService } from '../../electron/main/export/spreadsheet-export-service'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { done, figure, median, progress, report, type Figure } from './lib/figures'
import { heartbeat } from './lib/heartbeat'

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
  /** Exports: the longest gap between the ticks of a 1 ms heartbeat on the export's thread. */
  longestBlockMs?: number
  /** Of that longest gap, the time the thread ran (the rest it waited for a CPU). */
  longestBlockCpuMs?: number
  /** search: per-query ms, FTS and the LIKE scan of the same words; export-repeat: RSS after each pass. */
  series?: { fts?: number[]; like?: number[]; rssAfterPass?: number[] }
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
  let series: Measurement['series']
  let longestBlockMs: number | undefined
  let longestBlockCpuMs: number | undefined

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
      const search = new MemberSearch(store.database.db)
      const text = "(name || ' ' || title || ' ' || company || ' ' || skills || ' ' || notes)"
      const pairs: string[] = []
      const likeTimes: number[] = []
      for (const query of queries) {
        const t = performance.now()
        hits += search.search(query, { limit: 200 }).length
        const ftsMs = performance.now() - t
        times.push(ftsMs)
        const words = query.split(/\s+/)
        const like = store.database.db.prepare(
          `SELECT id FROM members WHERE ${words.map(() => `${text} LIKE ?`).join(' AND ')} LIMIT 200`
        )
        const t2 = performance.now()
        like.all(...words.map((word) => `%${word}%`))
        likeTimes.push(performance.now() - t2)
        pairs.push(`${query}: ${ftsMs.toFixed(1)}/${likeTimes.at(-1)!.toFixed(1)}`)
      }
      series = { fts: [...times], like: likeTimes }
      times.sort((a, b) => a - b)
      note = `${queries.length} queries over ${BIG + TEN_K + 1000} members, limit 200: median ${times[times.length >> 1]?.toFixed(1)} ms, max ${times.at(-1)?.toFixed(1)} ms (${hits} hits); FTS ms / LIKE-scan ms per query: ${pairs.join(', ')}`
      // LIKE stops at 200 hits for common words but reads every row for rare ones; FTS ranks.
      break
    }
    case 'export-basic':
    case 'export-basic-batches':
    case 'export-basic-10k':
    case 'export-full':
    case 'export-full-batches': {
      const shortlistId = step === 'export-basic-10k' ? prepared?.ten : prepared?.big
      const full = step.startsWith('export-full')
      // `-batches`: the writer as it was, the event loop turning only between 1,000-row chunks
      const batches = step.endsWith('-batches')
      const file = path.join(dataDir, `${step}.csv`)
      // RSS at each quarter of the export: flat memory means these stop rising.
      const quarters: number[] = []
      const beat = heartbeat({ cpu: true })
      const result = await new SpreadsheetExportService(open().memberRecords).toFile(
        {
          source: { kind: 'shortlist', shortlistId: shortlistId ?? '' },
          columns: { preset: full ? 'full' : 'basic' },
          onProgress: ({ written, total }) => {
            if (total !== undefined && written >= ((quarters.length + 1) * total) / 4)
              quarters.push(mb(process.memoryUsage().rss))
          },
          ...(batches ? { slices: { sliceMs: Infinity } } : {})
        },
        file
      )
      longestBlockMs = beat.stop()
      longestBlockCpuMs = beat.longestCpuMs()
      note = `${result.rows} rows, ${full ? 'Full' : 'Basic'} preset${batches ? ' in 1,000-row chunks' : ''}, ${mb(result.bytes)} MB; event loop blocked ${longestBlockMs.toFixed(0)} ms at most (${longestBlockCpuMs.toFixed(0)} ms of it running); RSS at 25/50/75/100%: ${quarters.join('/')} MB`
      fs.rmSync(file)
      break
    }
    case 'export-repeat': {
      // Three exports of the big shortlist in one process: if memory grew with rows exported,
      // RSS would keep climbing from pass to pass.
      const ends: number[] = []
      for (let pass = 0; pass < 3; pass += 1) {
        const file = path.join(dataDir, `${step}.csv`)
        await new SpreadsheetExportService(open().memberRecords).toFile(
          { source: { kind: 'shortlist', shortlistId: prepared?.big ?? '' }, columns: { preset: 'basic' } },
          file
        )
        ends.push(mb(process.memoryUsage().rss))
        fs.rmSync(file)
      }
      series = { rssAfterPass: ends }
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
    note,
    ...(longestBlockMs === undefined ? {} : { longestBlockMs, longestBlockCpuMs }),
    ...(series ? { series } : {})
  }
  process.stdout.write(`${JSON.stringify(result)}\n`)
}

function measureStep(step: string, dataDir: string): Measurement {
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
  const big = BIG.toLocaleString('en')
  const ten = TEN_K.toLocaleString('en')
  // [step, label, runs]: a step that adds data runs once; the others leave the data as it was.
  // A step with a `-batches` twin runs alternately with it (A, B, A, B…), side by side.
  const steps: Array<[string, string, number]> = [
    ['add', `add ${ten} members (transactions of 1,000)`, 1],
    ['add-one-by-one', 'add 1,000 members one by one (a commit each)', 1],
    ['seed', `(setup) add ${big} members`, 1],
    ['open', 'open the store file (integrity and migration checks)', quick ? 1 : 3],
    ['list', `open a shortlist of ${ten}`, quick ? 1 : 3],
    ['search', `full-text search across ${big}+, 8 queries (limit 200), median per query`, 1],
    ['export-basic', `export ${big} rows to CSV (Basic preset)`, quick ? 1 : 3],
    ['export-basic-10k', `export ${ten} rows to CSV (Basic preset)`, quick ? 1 : 3],
    ['export-full', `export ${big} rows to CSV, Full preset`, quick ? 1 : 3],
    ['export-repeat', `export ${(3 * BIG).toLocaleString('en')} rows (3 passes, one process)`, 1]
  ]
  const twinned = new Set(['export-basic', 'export-full'])
  const measured = new Map<string, Measurement[]>()
  try {
    for (const [step, label, runs] of steps) {
      for (let run = 0; run < runs; run++) {
        for (const one of twinned.has(step) ? [step, `${step}-batches`] : [step]) {
          const m = measureStep(one, dataDir)
          measured.set(one, [...(measured.get(one) ?? []), m])
          progress(
            `${label}${one === step ? '' : ', 1,000-row chunks'}: ${m.ms.toFixed(0)} ms (CPU ${m.cpuMs.toFixed(0)} ms)` +
              (m.longestBlockMs === undefined
                ? ''
                : `, longest block ${m.longestBlockMs.toFixed(0)} ms (${m.longestBlockCpuMs?.toFixed(0)} ms running)`)
          )
        }
      }
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
  const figures: Figure[] = []
  for (const [step, label] of steps) {
    const ms = measured.get(step)!
    const last = ms.at(-1)!
    const about = `CPU ${Math.round(median(ms.map((m) => m.cpuMs)))} ms, peak RSS growth ${last.peakRssGrowthMb} MB, peak heap ${last.peakHeapMb} MB; ${last.note}`
    if (step === 'search') {
      // (the LIKE scan in the note stops at 200 hits: quicker than FTS on common words, far
      // slower on rare ones; test/bench/saved-search.bench.ts measures the search as typed)
      figures.push(
        figure({ id: 'store.search', label, unit: 'ms', values: [median(last.series?.fts ?? [])], note: about })
      )
      continue
    }
    const twin = twinned.has(step) ? measured.get(`${step}-batches`)! : undefined
    figures.push(
      figure({
        id: `store.${step}`,
        label,
        unit: 'ms',
        values: ms.map((m) => m.ms),
        ...(twin ? { ratio: { against: '1,000-row chunks', values: ms.map((m, i) => m.ms / twin[i]!.ms) } } : {}),
        ...(step === 'export-basic' && !quick ? { aim: { op: '<', value: 3000 } as const } : {}),
        note: twin ? `${about}; in 1,000-row chunks: ${twin.map((m) => m.ms.toFixed(0)).join('/')} ms` : about
      })
    )
    if (twin) {
      // Main's event loop while exporting: the longest stretch it could not turn (a 1 ms heartbeat)
      figures.push(
        figure({
          id: `store.${step}.longest-block`,
          label: `${label}: longest block of the event loop`,
          unit: 'ms',
          values: ms.map((m) => m.longestBlockMs ?? NaN),
          ratio: {
            against: '1,000-row chunks',
            values: ms.map((m, i) => (m.longestBlockMs ?? NaN) / (twin[i]!.longestBlockMs ?? NaN))
          },
          aim: { op: '<', value: 50 },
          note:
            `a 1 ms heartbeat; of the longest gap, the thread ran ${ms.map((m) => (m.longestBlockCpuMs ?? NaN).toFixed(0)).join('/')} ms ` +
            `(the rest it waited for a CPU); in 1,000-row chunks: ${twin.map((m) => `${(m.longestBlockMs ?? NaN).toFixed(0)} (${(m.longestBlockCpuMs ?? NaN).toFixed(0)} running)`).join(', ')} ms`
        })
      )
    }
  }
  // Flat memory: ten times the rows, the same peak heap; three exports, no climbing RSS.
  const heapOf = (step: string) => median(measured.get(step)!.map((m) => m.peakHeapMb))
  figures.push(
    figure({
      id: 'store.export.peak-heap',
      label: `export ${big} rows: peak heap`,
      unit: 'MB',
      values: measured.get('export-basic')!.map((m) => m.peakHeapMb),
      ratio: {
        against: `${ten} rows`,
        values: measured.get('export-basic')!.map((m) => m.peakHeapMb / heapOf('export-basic-10k'))
      }
    })
  )
  const passes = measured.get('export-repeat')![0]!.series?.rssAfterPass ?? []
  figures.push(
    figure({
      id: 'store.export.rss-third-pass',
      label: `RSS after the third ${big}-row export in one process`,
      unit: 'MB',
      values: [passes.at(-1) ?? NaN],
      ratio: { against: 'after the first', values: [(passes.at(-1) ?? NaN) / (passes[0] ?? NaN)] },
      note: `after each pass: ${passes.join(' / ')} MB`
    })
  )
  report(...figures)
  done(`Store bench (${os.cpus().length} CPUs, ${os.cpus()[0]?.model ?? ''}, Node ${process.version})`)
}

await main()
