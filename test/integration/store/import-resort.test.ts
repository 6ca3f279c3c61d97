import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ImportRowRecord } from '../../../electron/main/imports/imports-repo'
import { importsStore, type ImportsStore } from '../../../electron/main/imports/imports-store'
import { WorkSlices } from '../../../electron/main/work/work-slices'
import { classify } from '../../../electron/main/imports/match-outcome'
import { ThresholdResorts, type ResortSlices } from '../../../electron/main/imports/threshold-resort'
import { fillAnsweredBatch } from './fixtures/answered-batch'
import { openTestStore, removeDir, tempDir } from './helpers'

const ROWS = 300
const SLICE_ROWS = 10

let dir: string
let store: ImportsStore
beforeEach(() => {
  dir = tempDir('td-import-resort-')
  const opened = openTestStore(dir)
  store = importsStore(opened.store, opened.clock)
  fillAnsweredBatch(store, { id: 'b', rows: ROWS })
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

const allRows = (): ImportRowRecord[] => store.imports.rows('b', 'all', 0, ROWS).rows

/** What one pass over the rows would leave: undecided matched and doubtful rows sorted by `threshold`. */
function onePass(before: readonly ImportRowRecord[], threshold: number) {
  return before.map((row) => {
    const verdict =
      row.decision === null && (row.outcome === 'matched' || row.outcome === 'doubtful') && row.request !== null
        ? classify(row.request, row.profiles, threshold)
        : null
    return verdict === null || verdict.outcome === 'none'
      ? pick(row)
      : { ...pick(row), outcome: verdict.outcome, bestKey: verdict.key, reason: verdict.reason }
  })
}
const pick = (row: ImportRowRecord) => ({
  rowNo: row.rowNo,
  outcome: row.outcome,
  bestKey: row.bestKey,
  reason: row.reason,
  decision: row.decision,
  chosenKey: row.chosenKey
})

/** Slices on the test's clock (a row read is 1 ms), with a hook run at each pause. */
function testSlices(onPause: (pause: number) => void): { slices: () => ResortSlices; pauses: () => number } {
  let pauses = 0
  let ms = 0
  return {
    pauses: () => pauses,
    slices: () => {
      const work = new WorkSlices({ sliceMs: SLICE_ROWS, now: () => ms++ })
      return {
        spent: () => work.spent(),
        pause: async () => {
          onPause(++pauses)
          await work.pause()
        }
      }
    }
  }
}

/**
 * A batch of 300 answered rows (fixtures/answered-batch.ts) in SQLite on disk, its threshold
 * moved from 15 to 5. Each row read moves the test's clock by 1 ms, and a slice is 10 ms: a
 * slice is exactly ten rows, whatever the machine's speed.
 */
describe('a batch sorted again after its threshold moved', () => {
  it('gives main a turn after every ten rows and leaves the rows as one pass would', async () => {
    const before = allRows()
    const undecided = before.filter((row) => row.outcome === 'matched' || row.outcome === 'doubtful').length
    const resorting: boolean[] = []
    const changed: string[] = []
    const turns = testSlices(() => resorting.push(resorts.resorting('b')))
    const resorts = new ThresholdResorts({
      store: () => store,
      changed: (batchId) => changed.push(batchId),
      slices: turns.slices
    })
    store.imports.setThreshold('b', 5)
    await resorts.resort('b', 5)
    const after = allRows().map(pick)
    expect(after).toEqual(onePass(before, 5))
    // the threshold mattered: rows changed outcome
    expect(after.filter((row, i) => row.outcome !== before[i]!.outcome).length).toBeGreaterThan(50)
    // one pass held main's event loop for every row; here a turn comes after each ten
    expect(turns.pauses()).toBeGreaterThanOrEqual(Math.floor(undecided / SLICE_ROWS) - 1)
    expect(resorting.every(Boolean)).toBe(true)
    expect(resorts.resorting('b')).toBe(false)
    // the page is told as rows change, and once more at the end
    expect(changed.length).toBeGreaterThan(1)
  })

  it('keeps a decision the recruiter makes between two slices, on a row already sorted or one still to come', async () => {
    const before = allRows()
    // rows whose outcome the new threshold changes: one early (sorted in the first slice), one late
    const changing = before.filter(
      (row) => row.outcome === 'doubtful' && classify(row.request!, row.profiles, 5).outcome === 'matched'
    )
    const early = changing[0]!
    const late = changing[changing.length - 1]!
    expect(early.rowNo).toBeLessThanOrEqual(SLICE_ROWS)
    expect(late.rowNo).toBeGreaterThan(ROWS / 2)
    const turns = testSlices((pause) => {
      if (pause !== 1) return
      store.imports.decide('b', [
        { rowNo: early.rowNo, decision: 'rejected', chosenKey: null },
        { rowNo: late.rowNo, decision: 'accepted', chosenKey: late.profiles[1]!['key'] as string }
      ])
    })
    const resorts = new ThresholdResorts({ store: () => store, changed: () => undefined, slices: turns.slices })
    store.imports.setThreshold('b', 5)
    await resorts.resort('b', 5)
    const after = allRows().map(pick)
    const rowOf = (rowNo: number) => after.find((row) => row.rowNo === rowNo)!
    expect(rowOf(early.rowNo)).toMatchObject({ outcome: 'matched', decision: 'rejected' })
    // decided before the re-sort reached it: as decided, like a row decided before the threshold moved
    expect(rowOf(late.rowNo)).toMatchObject({
      outcome: 'doubtful',
      bestKey: null,
      reason: late.reason,
      decision: 'accepted',
      chosenKey: late.profiles[1]!['key']
    })
    const decidedLate = before.map((row) =>
      row.rowNo === late.rowNo ? { ...row, decision: 'accepted' as const } : row
    )
    const expected = onePass(decidedLate, 5).map((row) =>
      row.rowNo === early.rowNo
        ? { ...row, decision: 'rejected' }
        : row.rowNo === late.rowNo
          ? { ...row, chosenKey: late.profiles[1]!['key'] }
          : row
    )
    expect(after).toEqual(expected)
  })

  it('a second threshold set during a re-sort supersedes it: the rows end as one pass by the second would leave them', async () => {
    const before = allRows()
    let second: Promise<void> | undefined
    let firstEnded = false
    const turns = testSlices((pause) => {
      if (pause !== 3) return
      store.imports.setThreshold('b', 25)
      second = resorts.resort('b', 25)
    })
    const resorts = new ThresholdResorts({ store: () => store, changed: () => undefined, slices: turns.slices })
    store.imports.setThreshold('b', 5)
    const first = resorts.resort('b', 5).then(() => {
      firstEnded = true
    })
    await first
    // the first stopped at its next slice, while the second was still under way
    expect(second).toBeDefined()
    expect(resorts.resorting('b')).toBe(true)
    await second
    expect(firstEnded).toBe(true)
    expect(resorts.resorting('b')).toBe(false)
    expect(store.imports.get('b').threshold).toBe(25)
    expect(allRows().map(pick)).toEqual(onePass(before, 25))
  })
})
