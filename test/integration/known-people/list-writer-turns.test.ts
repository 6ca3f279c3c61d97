import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ListWriter } from '../../../electron/main/known-people/list-writer'
import type { KnownRow } from '../../../electron/main/known-people/known-rows'
import { openDatabase, storeFilePath } from '../../../electron/main/store'
import { openExtraConnection } from '../../../electron/main/store/database'
import { extraConnectionTarget } from '../../../electron/main/store/extra-connection-target'
import { withMainWriting } from '../../../electron/main/store/main-writes'
import { removeDir, tempDir } from '../store/helpers'

// A list's writer on a worker's connection (main-writes.ts): a few thousand rows per transaction,
// unless main waits to write meanwhile: then it commits what it wrote and goes on in a new
// transaction, which begins after main's. Main waits for a row, not for the rest of the list.
let dir: string
beforeEach(() => {
  dir = tempDir('td-list-turns-')
})
afterEach(() => removeDir(dir))

const row = (n: number): KnownRow => ({
  key: undefined,
  emails: [`person.${n}@example.com`],
  handles: [],
  name: `person ${n}`,
  employer: 'example',
  atsId: `gh-${n}`,
  stage: 'Applied'
})
const list = (name: string) => ({
  name,
  connectionId: null,
  source: 'greenhouse',
  fileName: `${name}.csv`,
  importedAt: '2026-11-29T09:00:00.000Z'
})

describe('a list written on a worker’s connection', () => {
  it('takes one transaction, or one per row while main waits to write, and loses none', () => {
    const database = openDatabase({ path: storeFilePath(dir) })
    const worker = openExtraConnection(extraConnectionTarget(database))
    try {
      const rows = [row(1), row(2), row(3)]
      const begun = vi.spyOn(worker, 'transaction')
      const quiet = new ListWriter(worker, list('Quiet'))
      begun.mockClear()
      quiet.add(rows)
      expect(begun).toHaveBeenCalledTimes(1)
      quiet.finish()

      const waited = new ListWriter(worker, list('Waited'))
      begun.mockClear()
      withMainWriting(database.mainWrites, () => waited.add(rows))
      expect(begun).toHaveBeenCalledTimes(3)
      waited.finish()

      const people = (name: string) =>
        database.db
          .prepare('SELECT count(*) FROM known_people p JOIN known_people_lists l ON l.id = p.list_id WHERE l.name = ?')
          .pluck()
          .get(name)
      expect([people('Quiet'), people('Waited')]).toEqual([3, 3])
      begun.mockRestore()
    } finally {
      worker.close()
      database.close()
    }
  })
})
