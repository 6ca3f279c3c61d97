import { afterEach, describe, expect, it } from 'vitest'
import type { ErasureReason, ForgetResult } from '../../../shared/ipc/channels/personal-data'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { RetentionService } from '../../../electron/main/retention/retention-service'
import type { Store } from '../../../electron/main/store'
import type { StoreAccess } from '../../../electron/main/store/store-access'
import { makeProfile } from '../store/fixtures/profiles'
import { openTestStore, removeDir, tempDir } from '../store/helpers'

/*
 * The purge pass over a real store on disk, its ports as fakes: a "Deleting soon" that Activity
 * cannot take does not stop the purge, and is told on the next pass; forgetting goes in parts of
 * 500 keys with the reason retention-period.
 */

const dirs: string[] = []
const stores: Store[] = []
afterEach(() => {
  for (const store of stores.splice(0)) store.close()
  for (const dir of dirs.splice(0)) removeDir(dir)
})

function setUp(people: number) {
  const dir = tempDir('td-retention-')
  dirs.push(dir)
  const { store, clock } = openTestStore(dir)
  stores.push(store)
  const list = store.shortlists.create('Last spring')
  store.members.addMany(
    list.id,
    Array.from({ length: people }, (_, index) => ({ profile: makeProfile(index, 7) }))
  )
  store.shortlists.delete(list.id)
  const erased: Array<{ keys: readonly string[]; reason: ErasureReason }> = []
  const told: number[] = []
  let activityDown = true
  const logs: LogRecord[] = []
  const retention = new RetentionService({
    stores: { get: () => store } as unknown as StoreAccess,
    clock,
    eraser: () => ({
      forget: (keys, reason): ForgetResult => {
        erased.push({ keys, reason })
        return { forgotten: [], failed: [], compacted: false, notice: '' }
      }
    }),
    activity: () => ({
      newPeople: () => undefined,
      teamShortlist: () => undefined,
      deletingSoon: ({ count }) => {
        if (activityDown) throw new Error('activity refused')
        told.push(count)
      }
    }),
    logger: createLogger((record) => logs.push(record))
  })
  return { retention, clock, erased, told, logs, activityUp: () => (activityDown = false) }
}

describe('RetentionService.pass', () => {
  it('purges even when Activity cannot be told, and tells it on the next pass', () => {
    const { retention, clock, erased, told, logs, activityUp } = setUp(2)
    retention.setSettings({ inactiveDays: 10, contactDays: null }, 10)
    clock.advanceDays(5)
    retention.pass()
    expect(logs.some((record) => record.event === 'retention.announce_failed')).toBe(true)
    expect(told).toEqual([])
    activityUp()
    retention.pass()
    retention.pass()
    expect(told).toEqual([2])
    clock.advanceDays(6)
    retention.pass()
    expect(erased.map(({ keys, reason }) => [keys.length, reason])).toEqual([[2, 'retention-period']])
  })

  it('forgets in parts of 500 keys', () => {
    const { retention, clock, erased, activityUp } = setUp(1201)
    activityUp()
    retention.setSettings({ inactiveDays: 1, contactDays: null }, 10)
    clock.advanceDays(2)
    retention.pass()
    expect(erased.map(({ keys }) => keys.length)).toEqual([500, 500, 201])
  })
})
