import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { shortlistsStore, type ShortlistsStore } from '../../../electron/main/shortlists/shortlists-store'
import { columnPresets } from '../../../electron/main/export/csv-columns'
import { SpreadsheetExportService } from '../../../electron/main/export/spreadsheet-export-service'
import { makeProfile } from './fixtures/profiles'
import { openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: ShortlistsStore
let stopTurns: (() => void) | undefined
beforeEach(() => {
  dir = tempDir('td-export-slices-')
  const opened = openTestStore(path.join(dir, 'data'))
  store = shortlistsStore(opened.store, opened.clock)
})
afterEach(() => {
  stopTurns?.()
  store.close()
  removeDir(dir)
})

/**
 * A Full-preset export of a saved shortlist read from SQLite on disk gives main's event loop a
 * turn after every slice of work, never after a batch of 1,000 rows (130 ms of a two-core
 * machine's main thread). The slice is measured on the test's clock, which every text cell moves
 * as it is written (the mask is called for each), so how much work one turn holds is known
 * exactly and no assertion depends on the machine's speed.
 */
describe('a Full-preset export in slices', () => {
  it('formats no more than a slice of cells (plus the row that spends it) between two turns of the loop, and writes the same file', async () => {
    const list = store.shortlists.create('Everyone')
    store.members.addMany(
      list.id,
      Array.from({ length: 2500 }, (_, i) => ({ profile: makeProfile(i), notes: `n${i}`, tags: ['t1'], rating: i % 6 }))
    )
    store.contacts.saveResponse({
      results: [{ request: { key: 'p-1-7' }, emails: [{ email: 'a@x.example' }], phone_numbers: [] }]
    })

    let turn = 0
    let handle = setImmediate(function tick() {
      turn += 1
      handle = setImmediate(tick)
    })
    stopTurns = () => clearImmediate(handle)

    const CELL_MS = 0.01
    const SLICE_MS = 10
    const clock = { ms: 0 }
    const cellsInTurn = new Map<number, number>()
    const sliced = path.join(dir, 'sliced.csv')
    const result = await new SpreadsheetExportService(store.memberRecords).toFile(
      {
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'full' },
        mask: (text) => {
          clock.ms += CELL_MS
          cellsInTurn.set(turn, (cellsInTurn.get(turn) ?? 0) + 1)
          return text
        },
        slices: { sliceMs: SLICE_MS, now: () => clock.ms }
      },
      sliced
    )
    expect(result.rows).toBe(2500)

    const cellsPerRow = columnPresets.full.length
    const mostInOneTurn = Math.max(...cellsInTurn.values())
    // The old writer formatted 1,000 rows (about 90,000 cells) between two turns.
    expect(mostInOneTurn).toBeLessThanOrEqual(SLICE_MS / CELL_MS + cellsPerRow)
    // every row's text cells went through the clock (a Full row has dozens)
    expect([...cellsInTurn.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(result.rows * 50)

    // The same export in 1,000-row chunks (no slices): byte for byte the same file.
    const whole = path.join(dir, 'whole.csv')
    await new SpreadsheetExportService(store.memberRecords).toFile(
      {
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'full' },
        slices: { sliceMs: Infinity }
      },
      whole
    )
    expect(fs.readFileSync(sliced).equals(fs.readFileSync(whole))).toBe(true)
  })
  it('counts what it writes without reading every member: Recently deleted left out, of this shortlist only', async () => {
    const list = store.shortlists.create('Counted')
    const other = store.shortlists.create('Other')
    const { added: ids } = store.members.addMany(
      list.id,
      Array.from({ length: 30 }, (_, i) => ({ profile: makeProfile(i) }))
    )
    const { added: otherIds } = store.members.addMany(
      other.id,
      Array.from({ length: 10 }, (_, i) => ({ profile: makeProfile(100 + i) }))
    )
    for (const id of ids.slice(0, 5)) store.removedMembers.remove(id)
    for (const id of otherIds.slice(0, 3)) store.removedMembers.remove(id)
    expect(store.memberRecords.count({ shortlistId: list.id })).toBe(25)
    expect(store.memberRecords.count({ shortlistId: other.id })).toBe(7)

    const totals: Array<number | undefined> = []
    const result = await new SpreadsheetExportService(store.memberRecords).toFile(
      {
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'basic' },
        onProgress: (p) => totals.push(p.total)
      },
      path.join(dir, 'counted.csv')
    )
    expect(result.rows).toBe(25)
    expect(totals).toEqual([25])
    // a deleted shortlist is still refused, as before (its name is read, not its members counted)
    store.shortlists.delete(other.id)
    await expect(
      new SpreadsheetExportService(store.memberRecords).toFile(
        { source: { kind: 'shortlist', shortlistId: other.id }, columns: { preset: 'basic' } },
        path.join(dir, 'gone.csv')
      )
    ).rejects.toMatchObject({ code: 'not_found' })
  })
})
