import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { STORE_FILE_NAME } from '../../../electron/main/store/database'
import { PENDING_ROWS_SQL } from '../../../electron/main/imports/imports-repo'
import type { Store } from '../../../electron/main/store'
import { importsStore } from '../../../electron/main/imports/imports-store'
import { openTestStore, removeDir, tempDir } from './helpers'
import { createCsvBatch } from './fixtures/csv-batch'

const dirs: string[] = []
const stores: Store[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  for (const dir of dirs.splice(0)) removeDir(dir)
})

describe('the pending rows of a large batch', () => {
  it('the next row to match is found by the outcome index, however many rows were answered', () => {
    const dir = tempDir()
    dirs.push(dir)
    const opened = openTestStore(dir)
    const store = importsStore(opened.store, opened.clock)
    stores.push(store)
    const rows = 10_000
    createCsvBatch(store, { id: 'big', fileName: 'big.csv' })
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
    // the last 100 rows taken one by one, as the matcher takes them, in order
    const taken: number[] = []
    for (let i = 0; i < 100; i++) {
      const [row] = store.imports.pending('big', 1, new Set())
      taken.push(row!.rowNo)
      store.imports.recordAnswer('big', row!.rowNo, { outcome: 'none', profiles: [], bestKey: null, error: null })
    }
    expect(taken).toEqual(Array.from({ length: 100 }, (_, i) => rows - 100 + i))
    expect(store.imports.pending('big', 1, new Set())).toEqual([])
    // each take is a look-up in the outcome index, not a walk of the primary key past the 9,900
    // answered rows (that walk took ~12 ms a take, 2 minutes over a batch): SQLite's own plan
    const reader = new Database(join(dir, STORE_FILE_NAME), { readonly: true })
    try {
      const plan = (
        reader.prepare(`EXPLAIN QUERY PLAN ${PENDING_ROWS_SQL}`).all('big', 1) as Array<{ detail: string }>
      ).map((step) => step.detail)
      expect(plan).toEqual([
        expect.stringMatching(/^SEARCH import_rows USING INDEX import_rows_outcome \(batch_id=\? AND outcome=\?\)$/)
      ])
    } finally {
      reader.close()
    }
  })
})
