import { afterEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import { openTestStore, removeDir, tempDir } from './helpers'

const dirs: string[] = []
const stores: Store[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  for (const dir of dirs.splice(0)) removeDir(dir)
})

describe('the pending rows of a large batch', () => {
  it('the next row to match is found by the outcome index, however many rows were answered (10,000 rows in well under a minute)', () => {
    const dir = tempDir()
    dirs.push(dir)
    const { store } = openTestStore(dir)
    stores.push(store)
    const rows = 10_000
    store.imports.create({
      id: 'big',
      connectionId: 'sandbox',
      fileName: 'big.csv',
      format: 'csv',
      sheet: null,
      sheets: [],
      encoding: 'utf-8',
      delimiter: ',',
      notes: [],
      threshold: 15
    })
    const cells = Array.from({ length: 8 }, (_, i) => `a cell of some length, column ${i}`)
    store.transaction(() => {
      store.imports.addRows(
        'big',
        Array.from({ length: rows }, (_, i) => ({ sheetRow: i + 2, cells })),
        0
      )
      store.imports.prepareRows(
        'big',
        Array.from({ length: rows }, (_, rowNo) => ({
          rowNo,
          request: { name: `Person ${rowNo}` },
          outcome: 'pending' as const,
          duplicateOf: null,
          duplicates: 0
        }))
      )
      const profiles = [{ key: 'k', full_name: 'x'.repeat(2_000) }]
      for (let rowNo = 0; rowNo < rows - 100; rowNo++)
        store.imports.recordAnswer('big', rowNo, { outcome: 'none', profiles, bestKey: null, error: null })
    })
    // the last 100 rows taken one by one, as the matcher takes them: each a look-up, not a walk
    // past the 9,900 answered rows (that walk took ~12 ms a take, 2 minutes over a batch)
    let ms = 0
    const taken: number[] = []
    for (let i = 0; i < 100; i++) {
      const t0 = performance.now()
      const [row] = store.imports.pending('big', 1, new Set())
      ms += performance.now() - t0
      taken.push(row!.rowNo)
      store.imports.recordAnswer('big', row!.rowNo, { outcome: 'none', profiles: [], bestKey: null, error: null })
    }
    expect(taken).toEqual(Array.from({ length: 100 }, (_, i) => rows - 100 + i))
    expect(store.imports.pending('big', 1, new Set())).toEqual([])
    expect(ms).toBeLessThan(100) // ~3 ms in all; the walk took over a second
  })
})
