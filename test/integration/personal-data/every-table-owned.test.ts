import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import { PersonalData } from '../../../electron/main/personal-data/every-owner'
import { openTestStore, removeDir, tempDir } from '../store/helpers'
import { ownerFiles, ownersOnDisk } from './fixtures/owners-on-disk'

let dir: string
let store: Store

beforeEach(() => {
  dir = tempDir('td-personal-')
  store = openTestStore(dir).store
})

afterEach(() => {
  store.close()
  removeDir(dir)
})

/** Every table of a store opened (and migrated) as the app opens it, read from SQLite itself. */
function tablesInStore(): string[] {
  return (
    store.database.db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as Array<{
      name: string
    }>
  ).map((row) => row.name)
}

describe('every table has one owner that answers for the people in it', () => {
  it('claims each table of the store exactly once, and no table that is not there', async () => {
    const owners = await ownersOnDisk(() => store)
    const claims = new PersonalData(
      owners.map(({ owner }) => owner),
      () => store
    ).tables()
    const claimed = new Map<string, string[]>()
    for (const claim of claims) claimed.set(claim.table, [...(claimed.get(claim.table) ?? []), claim.owner])

    const tables = tablesInStore()
    expect(tables.length).toBeGreaterThan(20)
    const unowned = tables.filter((table) => !claimed.has(table))
    const twice = [...claimed].filter(([, by]) => by.length > 1).map(([table, by]) => `${table} (${by.join(', ')})`)
    const stale = [...claimed.keys()].filter((table) => !tables.includes(table))
    expect({ unowned, twice, stale }).toEqual({ unowned: [], twice: [], stale: [] })
  })

  it('names each owner after its folder, and says why a table it claims holds nobody', async () => {
    const owners = await ownersOnDisk(() => store)
    expect(owners.map(({ folder }) => folder)).toEqual(ownerFiles().map(({ folder }) => folder))
    for (const { folder, owner } of owners) {
      expect(owner.owner).toBe(folder)
      for (const table of owner.tables) if (!table.personal) expect(table.why.length, table.table).toBeGreaterThan(10)
    }
    // the people are somewhere: at least the saved members and the bought contacts are claimed as personal
    const personal = owners.flatMap(({ owner }) => owner.tables.filter((table) => table.personal).map((t) => t.table))
    expect(personal).toEqual(expect.arrayContaining(['members', 'contact_results', 'import_rows', 'activity']))
  })
})
