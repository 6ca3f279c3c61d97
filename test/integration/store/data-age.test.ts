import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openDatabase, openStore, storeFilePath } from '../../../electron/main/store'
import { MemberSearch } from '../../../electron/main/shortlists/member-search'
import { migrations } from '../../../electron/main/store/migrations'
import { makeProfile } from './fixtures/profiles'
import { ManualClock, removeDir, tempDir } from './helpers'

// How old a saved person's data is: counted from the profile's own dates, not from the save.
let dir: string
beforeEach(() => {
  dir = tempDir()
})
afterEach(() => removeDir(dir))

const saveDay = '2026-11-22T09:00:00.000Z'
const serviceRefreshed = '2025-10-02T00:00:00.000Z' // 13 months before the save

describe('a member’s dataAsOf', () => {
  it('is the service’s refresh date for a profile saved today but refreshed 13 months ago', () => {
    const store = openStore({ dataDir: dir, clock: new ManualClock(saveDay) })
    try {
      const list = store.shortlists.create('Watch')
      const old = store.members.add(list.id, {
        profile: { ...makeProfile(1), last_refreshed: serviceRefreshed, last_updated: '2025-08-14T00:00:00Z' }
      })
      expect(old.dataAsOf).toEqual({ at: serviceRefreshed, basis: 'refreshed' })
      expect(old.profileCapturedAt).toBe(saveDay)
      // updated at the service after its last refresh: the update dates it
      const updated = store.members.add(list.id, {
        profile: { ...makeProfile(2), last_refreshed: '2025-01-01T00:00:00Z', last_updated: '2025-06-30T12:00:00Z' }
      })
      expect(updated.dataAsOf).toEqual({ at: '2025-06-30T12:00:00.000Z', basis: 'updated' })
      // no dates of its own (or none readable): the save dates it
      const undated = store.members.add(list.id, { profile: { ...makeProfile(3), last_refreshed: 'soon' } })
      expect(undated.dataAsOf).toEqual({ at: saveDay, basis: 'saved' })
      // the same in lists, search results and Recently deleted
      expect(store.members.list(list.id).map((m) => m.dataAsOf.basis)).toEqual(['refreshed', 'updated', 'saved'])
      expect(new MemberSearch(store.database.db).search(old.name)[0]?.dataAsOf).toEqual(old.dataAsOf)
    } finally {
      store.close()
    }
  })

  it('is the refresh job’s arrival when the profile it brought dates itself older', () => {
    const clock = new ManualClock(saveDay)
    const store = openStore({ dataDir: dir, clock })
    try {
      const list = store.shortlists.create('Watch')
      const member = store.members.add(list.id, { profile: { ...makeProfile(1), last_refreshed: serviceRefreshed } })
      clock.advanceDays(3)
      store.snapshots.applyRefreshedProfile({ ...makeProfile(1), last_refreshed: serviceRefreshed })
      expect(store.members.get(member.id).dataAsOf).toEqual({ at: clock.now().toISOString(), basis: 'refreshed' })
    } finally {
      store.close()
    }
  })

  it('reads the dates of people saved before this version into the new columns', () => {
    const file = storeFilePath(dir)
    const v9 = openDatabase({ path: file, migrations: migrations.filter((m) => m.version <= 9) })
    v9.db
      .prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Old', ?, ?)")
      .run(saveDay, saveDay)
    const insert = v9.db.prepare(
      `INSERT INTO members (shortlist_id, profile_key, profile_json, profile_captured_at, profile_source, name, stage_id,
         added_at, updated_at) VALUES ('s1', ?, ?, ?, 'saved', ?, (SELECT min(id) FROM stages), ?, ?)`
    )
    insert.run(
      'p-1',
      JSON.stringify({ ...makeProfile(1), last_refreshed: serviceRefreshed }),
      saveDay,
      'A',
      saveDay,
      saveDay
    )
    insert.run('p-2', '{"key": "p-2", damaged', saveDay, 'B', saveDay, saveDay)
    v9.close()

    const store = openStore({ dataDir: dir, clock: new ManualClock(saveDay) })
    try {
      expect(store.members.list('s1').map((m) => [m.profileKey, m.dataAsOf])).toEqual([
        ['p-1', { at: serviceRefreshed, basis: 'refreshed' }],
        ['p-2', { at: saveDay, basis: 'saved' }]
      ])
    } finally {
      store.close()
    }
  })
})
