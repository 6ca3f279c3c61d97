import { describe, expect, it } from 'vitest'
import { ManualClock, profiles, useMains } from '../services/helpers'

/*
 * Issue #31 item 2: opening a person counts as activity for retention. Over the composed main and
 * SQLite on disk with an injected clock: two people of a deleted shortlist are due on the same
 * day; the recruiter opens one (getMember, as the Shortlists screen does), whose clock starts
 * again then; when the day comes the purge forgets only the other.
 */

const start = useMains()

describe('retention: opening a person', () => {
  it('restarts their clock: a person due for purge, opened, is no longer due', async () => {
    const clock = new ManualClock('2026-03-02T10:00:00.000Z')
    const main = await start({ clock })
    const [seen, unseen] = profiles(2) as Array<{ key: string }>
    const old = await main.ok('createShortlist', { name: 'Last spring' })
    const { added } = await main.ok('addMembers', { shortlistId: old.id, profiles: [seen, unseen] })
    await main.ok('deleteShortlist', { id: old.id })
    main.services.firstScreenPainted()
    await main.ok('setRetention', { settings: { inactiveDays: 10, contactDays: null } })

    // nine days on, both go tomorrow; the recruiter opens one of them
    clock.advanceDays(9)
    const dueOn = async () =>
      Object.fromEntries((await main.ok('getRetention', {})).due.map((person) => [person.key, person.dueAt]))
    expect(await dueOn()).toEqual({
      [seen!.key]: '2026-03-12T10:00:00.000Z',
      [unseen!.key]: '2026-03-12T10:00:00.000Z'
    })
    const detail = await main.ok('getMember', { memberId: added[0]! })
    expect(detail.profileKey).toBe(seen!.key)
    const after = await main.ok('getRetention', {})
    expect(after.due.find((person) => person.key === seen!.key)).toMatchObject({
      lastActivityAt: '2026-03-11T10:00:00.000Z',
      dueAt: '2026-03-21T10:00:00.000Z'
    })

    // the day comes: only the one not opened is forgotten
    clock.advanceDays(1)
    main.services.retention.wake()
    await main.services.retention.idle()
    expect((await main.ok('describePerson', { key: unseen!.key })).forgotten?.reason).toBe('retention-period')
    const kept = await main.ok('describePerson', { key: seen!.key })
    expect(kept.forgotten).toBeNull()
    expect(kept.rows).toBeGreaterThan(0)
    expect(await dueOn()).toEqual({ [seen!.key]: '2026-03-21T10:00:00.000Z' })
  })
})
