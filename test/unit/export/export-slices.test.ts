import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it } from 'vitest'
import { writeCsv } from '../../../electron/main/export/csv-export'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'

/**
 * Main's event loop is never held for a batch of a thousand rows: each writer formats rows for a
 * slice of `sliceMs` on its clock, then lets the loop turn. The clock here is the test's, moved by
 * the rows themselves (each row "costs" ROW_MS when it is read), so the slices are exact whatever
 * the machine's speed; a turn of the loop is counted by a setImmediate that re-arms itself.
 */
const ROW_MS = 2
const SLICE_MS = 10

const columns: CsvColumn[] = [
  { header: 'Name', path: 'profile.full_name' },
  { header: 'Skills', path: 'profile.skills' },
  { header: 'Score', path: 'profile.match_score' }
]

let stopTurns: (() => void) | undefined
afterEach(() => stopTurns?.())

/** Counts the event loop's turns; `current()` is the turn now running. */
function turns(): { current(): number } {
  let turn = 0
  let handle = setImmediate(function tick() {
    turn += 1
    handle = setImmediate(tick)
  })
  stopTurns = () => clearImmediate(handle)
  return { current: () => turn }
}

/** `count` rows that advance `clock` by ROW_MS each as they are read, noting the turn of each. */
function costlyRows(count: number, clock: { ms: number }, turnOf: number[], loop: { current(): number }) {
  return function* (): Generator<ExportRow> {
    for (let i = 0; i < count; i++) {
      clock.ms += ROW_MS
      turnOf.push(loop.current())
      yield { profile: { full_name: `Person ${i}`, skills: ['Rust', `s${i}`], match_score: i } }
    }
  }
}

/** The most rows read within one turn of the event loop. */
function mostRowsInOneTurn(turnOf: readonly number[]): number {
  const perTurn = new Map<number, number>()
  for (const turn of turnOf) perTurn.set(turn, (perTurn.get(turn) ?? 0) + 1)
  return Math.max(...perTurn.values())
}

/** A destination that keeps what it is given and takes it at once (no I/O to turn the loop). */
function memory(): { out: Writable; text(): string } {
  const parts: Buffer[] = []
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      parts.push(chunk)
      done()
    }
  })
  return { out, text: () => Buffer.concat(parts).toString('utf8') }
}

// A slice holds the rows read until SLICE_MS is spent: SLICE_MS / ROW_MS of them. The old writers
// formatted 1,000 rows (a batch) between two turns.
const MOST_PER_SLICE = SLICE_MS / ROW_MS

describe('exports in slices of work', () => {
  it('CSV: the event loop turns once a slice is spent, and the file and progress are those of 1,000-row batches', async () => {
    const loop = turns()
    const clock = { ms: 0 }
    const turnOf: number[] = []
    const progress: number[] = []
    const sliced = memory()
    const { rows } = await writeCsv(costlyRows(2500, clock, turnOf, loop)(), sliced.out, {
      columns,
      total: 2500,
      onProgress: (p) => progress.push(p.written),
      slices: { sliceMs: SLICE_MS, now: () => clock.ms }
    })
    expect(rows).toBe(2500)
    expect(mostRowsInOneTurn(turnOf)).toBeLessThanOrEqual(MOST_PER_SLICE)
    // at least one turn per slice's worth of rows
    expect(new Set(turnOf).size).toBeGreaterThanOrEqual(2500 / MOST_PER_SLICE)
    expect(progress).toEqual([1000, 2000, 2500])

    // The same rows in one slice per batch (no clock): the same bytes, the same progress.
    const whole = memory()
    const wholeProgress: number[] = []
    await writeCsv(costlyRows(2500, { ms: 0 }, [], loop)(), whole.out, {
      columns,
      total: 2500,
      onProgress: (p) => wholeProgress.push(p.written),
      slices: { sliceMs: Infinity }
    })
    expect(sliced.text()).toBe(whole.text())
    expect(wholeProgress).toEqual(progress)
    expect(sliced.text().split('\r\n')).toHaveLength(2502) // header, rows, and the last CRLF
  })

  it('CSV from an async source (an import being read) turns the loop as well', async () => {
    const loop = turns()
    const clock = { ms: 0 }
    const turnOf: number[] = []
    const sync = costlyRows(600, clock, turnOf, loop)
    async function* rows(): AsyncGenerator<ExportRow> {
      yield* sync()
    }
    await writeCsv(rows(), memory().out, { columns, slices: { sliceMs: SLICE_MS, now: () => clock.ms } })
    expect(mostRowsInOneTurn(turnOf)).toBeLessThanOrEqual(MOST_PER_SLICE)
  })

  it('an .xlsx export turns the loop once a slice is spent too, and holds every row', async () => {
    const loop = turns()
    const clock = { ms: 0 }
    const turnOf: number[] = []
    const book = new ExcelJS.Workbook()
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-xlsx-slices-'))
    const file = path.join(dir, 'sliced.xlsx')
    try {
      await writeXlsxFile(costlyRows(1500, clock, turnOf, loop)(), file, {
        columns,
        slices: { sliceMs: SLICE_MS, now: () => clock.ms }
      })
      expect(mostRowsInOneTurn(turnOf)).toBeLessThanOrEqual(MOST_PER_SLICE)
      await book.xlsx.readFile(file)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
    const sheet = book.getWorksheet('Export')
    expect(sheet?.rowCount).toBe(1501)
    expect(sheet?.getRow(1501).getCell(1).value).toBe('Person 1499')
  })
})
