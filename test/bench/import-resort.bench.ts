/**
 * A bulk match's lead threshold moved (the review's "ahead by N points"): every undecided row of
 * the batch is sorted again. A batch of 5,000 rows (50,000 in a full run… see ROWS), each with
 * five whole sandbox profiles as its candidates — the person, a twin with another key and a
 * score 0–30 points behind, three others — in SQLite on disk. Measured: main's longest block (a
 * 1 ms heartbeat) and the whole re-sort's time, for the one pass the service made before (the
 * same loop, inline) and for the re-sort in slices (threshold-resort.ts), each from 15 to 5 and
 * back. Run alone: npx tsx test/bench/import-resort.bench.ts [--quick] [--rows N]
 */
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { generateProfiles } from '../../sandbox/data/generate'
import { openStore, systemClock } from '../../electron/main/store'
import { importsStore, type ImportsStore } from '../../electron/main/imports/imports-store'
import { classify } from '../../electron/main/imports/match-outcome'
import { ThresholdResorts } from '../../electron/main/imports/threshold-resort'
import { done, figure, progress, quick, report } from './lib/figures'
import { heartbeat } from './lib/heartbeat'
import { createCsvBatch } from '../integration/store/fixtures/csv-batch'

const rowsArg = process.argv.indexOf('--rows')
const ROWS = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : quick ? 1_000 : 5_000
const RUNS = quick ? 1 : 3

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-resort-bench-'))
const store = importsStore(openStore({ dataDir: dir }), systemClock)
try {
  progress(`building a batch of ${ROWS} rows with 5 candidates each`)
  const people = generateProfiles({ count: Math.min(ROWS, 2_000) + 4, seed: 1 })
  createCsvBatch(store, { id: 'b', fileName: 'people.csv' })
  store.transaction(() => {
    const rows = Array.from({ length: ROWS }, (_, rowNo) => {
      const p = people[rowNo % (people.length - 4)]!
      return { sheetRow: rowNo + 2, cells: [String(p.full_name), String(p.cur_company), `row ${rowNo}`] }
    })
    store.imports.addRows('b', rows, 1)
    store.imports.prepareRows(
      'b',
      rows.map((_, i) => {
        const p = people[i % (people.length - 4)]!
        return {
          rowNo: i + 1,
          request: { name: String(p.full_name), company: String(p.cur_company) },
          outcome: 'pending' as const,
          duplicateOf: null,
          duplicates: 0
        }
      })
    )
    for (let i = 0; i < ROWS; i++) {
      const p = people[i % (people.length - 4)]!
      const others = [1, 2, 3].map((k) => ({ ...people[(i + k) % people.length]!, match_score: 40 + k }))
      const profiles = [
        { ...p, key: `${String(p.key)}-${i}`, match_score: 90 },
        { ...p, key: `${String(p.key)}-twin-${i}`, match_score: 90 - (i % 31) },
        ...others
      ]
      const request = { name: String(p.full_name), company: String(p.cur_company) }
      const verdict = classify(request, profiles, 15)
      store.imports.recordAnswer('b', i + 1, {
        outcome: verdict.outcome,
        profiles,
        bestKey: verdict.key,
        reason: verdict.reason,
        error: null
      })
    }
  })

  const onePass: number[] = []
  const onePassTotal: number[] = []
  const sliced: number[] = []
  const slicedCpu: number[] = []
  const slicedTotal: number[] = []
  for (let run = 0; run < RUNS; run++) {
    for (const threshold of [5, 15]) {
      progress(`run ${run + 1}: one pass to ${threshold}`)
      const a = await measure(() => oldOnePass(store, 'b', threshold))
      onePass.push(a.longest)
      onePassTotal.push(a.total)
      progress(`run ${run + 1}: in slices to ${threshold === 5 ? 15 : 5}`)
      const resorts = new ThresholdResorts({ store: () => store, changed: () => undefined })
      const b = await measure(() => resorts.resort('b', threshold === 5 ? 15 : 5))
      sliced.push(b.longest)
      slicedCpu.push(b.cpu)
      slicedTotal.push(b.total)
    }
  }
  const note = `${ROWS} undecided rows, 5 whole profiles each; a 1 ms heartbeat on main`
  report(
    figure({
      id: 'import.resort.onepass.block',
      label: 'one pass (before): longest block',
      unit: 'ms',
      values: onePass,
      note
    }),
    figure({
      id: 'import.resort.onepass.total',
      label: 'one pass (before): whole re-sort',
      unit: 'ms',
      values: onePassTotal
    }),
    figure({
      id: 'import.resort.sliced.block',
      label: 'in slices: longest block',
      unit: 'ms',
      values: sliced,
      aim: { op: '<=', value: 50 },
      note
    }),
    figure({
      id: 'import.resort.sliced.block.cpu',
      label: 'in slices: main’s CPU in its longest block',
      unit: 'ms',
      values: slicedCpu,
      note: 'the rest of the block is waiting: the slice’s commit (synchronous = FULL) and a busy machine'
    }),
    figure({ id: 'import.resort.sliced.total', label: 'in slices: whole re-sort', unit: 'ms', values: slicedTotal })
  )
  done(`Re-sorting a batch of ${ROWS} rows after its threshold moved`)
} finally {
  store.close()
  fs.rmSync(dir, { recursive: true, force: true })
}

async function measure(work: () => unknown): Promise<{ longest: number; cpu: number; total: number }> {
  const beat = heartbeat({ cpu: true })
  await new Promise((resolve) => setTimeout(resolve, 5))
  const t0 = performance.now()
  await work()
  const total = performance.now() - t0
  await new Promise((resolve) => setTimeout(resolve, 5))
  return { longest: beat.stop(), cpu: beat.longestCpuMs(), total }
}

/**
 * What ImportService.setThreshold did before: every undecided row in one transaction. (Its code
 * wrote each change while its read of the rows was still open, which the store's connection
 * refuses — "busy executing a query" — as soon as one row changes: here each row is read by
 * itself, the same work in the same one pass.)
 */
function oldOnePass(store: ImportsStore, batchId: string, threshold: number): void {
  store.transaction(() => {
    store.imports.setThreshold(batchId, threshold)
    for (let row = store.imports.nextUndecidedAnswer(batchId, -1); row !== null;) {
      if (row.request !== null) {
        const verdict = classify(row.request, row.profiles, threshold)
        if (
          verdict.outcome !== 'none' &&
          (verdict.outcome !== row.outcome || verdict.key !== row.bestKey || verdict.reason !== row.reason)
        ) {
          store.imports.reclassify(batchId, row.rowNo, verdict.outcome, verdict.key, verdict.reason)
        }
      }
      row = store.imports.nextUndecidedAnswer(batchId, row.rowNo)
    }
  })
}
