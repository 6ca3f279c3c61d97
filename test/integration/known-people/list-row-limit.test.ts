import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readIntoList } from '../../../electron/main/known-people/list-reading'
import type { Store } from '../../../electron/main/store'
import { openTestStore, removeDir, tempDir } from '../store/helpers'

/*
 * The row limit of a known-people list (issue #36 item 9): the note named the reader's limit
 * (the limit plus the rows allowed for finding the header), not the one that applied. Over a real
 * store on disk and a CSV file, with a small limit in place of MAX_KNOWN_ROWS.
 */

const dirs: string[] = []
const stores: Store[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  for (const dir of dirs.splice(0)) removeDir(dir)
})

describe('a list past the row limit', () => {
  it('reads that many rows under the header and says that limit', async () => {
    const dir = tempDir('td-known-limit-')
    dirs.push(dir)
    const { store } = openTestStore(dir)
    stores.push(store)
    const file = path.join(dir, 'ats.csv')
    const rows = Array.from({ length: 12 }, (_, index) => `Person ${index},person${index}@example.org`)
    fs.writeFileSync(file, ['Name,Email', ...rows].join('\r\n'))
    const read = await readIntoList(store.database.db, {
      file,
      fileName: 'ats.csv',
      name: 'ATS',
      connectionId: null,
      mapping: ['name', 'email'],
      importedAt: new Date().toISOString(),
      maxRows: 5
    })
    expect(read.people).toBe(5)
    expect(read.notes).toEqual(['Only the first 5 rows under the header were read; the rest of the file was left out.'])
  })
})
