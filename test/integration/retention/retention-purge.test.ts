import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox } from '../sandbox/helpers'
import { connect, ManualClock, noKeychain, profiles, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Issue #31 item 2 over the composed main, SQLite on disk and an injected clock: retention is off
 * until a period is set; the preview lists who would go, when and why; Activity says "Deleting
 * soon" a week before; keeping someone starts their clock again; when the clock passes the due
 * date the scheduled purge forgets them through the same erase as forgetPeople (a tombstone with
 * the reason retention-period), while people kept or on an active shortlist stay.
 */

const start = useMains()
const opened = useOpened()

const activityOf = async (main: TestMain) =>
  (await main.ok('listActivity', { limit: 50, kind: 'deleting_soon' })).entries.map((entry) => entry.text)

/** One purge pass at the clock's time. */
async function pass(main: TestMain): Promise<void> {
  main.services.retention.wake()
  await main.services.retention.idle()
}

describe('retention', () => {
  it('previews, says deleting soon, keeps who the recruiter keeps and forgets the rest when due', async () => {
    const clock = new ManualClock('2026-03-02T10:00:00.000Z')
    const main = await start({ clock })
    const [gone, kept, active] = profiles(3) as Array<{ key: string }>
    const old = await main.ok('createShortlist', { name: 'Last spring' })
    await main.ok('addMembers', { shortlistId: old.id, profiles: [gone, kept] })
    await main.ok('deleteShortlist', { id: old.id })
    const team = await main.ok('createShortlist', { name: 'Platform team' })
    await main.ok('addMembers', { shortlistId: team.id, profiles: [active] })
    main.services.firstScreenPainted()

    // off by default: no one would go, and a pass forgets no one
    const off = await main.ok('getRetention', {})
    expect(off.settings).toEqual({ inactiveDays: null, contactDays: null })
    expect(off.total).toBe(0)
    clock.advanceDays(400)
    await pass(main)
    expect((await main.ok('describePerson', { key: gone!.key })).rows).toBeGreaterThan(0)
    clock.advanceDays(-400)

    const set = await main.ok('setRetention', { settings: { inactiveDays: 10, contactDays: null } })
    expect(set.due.map((person) => [person.key, person.name, person.dueAt, person.rule, person.soon])).toEqual([
      [gone!.key, 'Björn Ivanova', '2026-03-12T10:00:00.000Z', 'inactive', false],
      [kept!.key, 'Ana Kowalski', '2026-03-12T10:00:00.000Z', 'inactive', false]
    ])
    expect(set.due[0]!.lastActivityAt).toBe('2026-03-02T10:00:00.000Z')
    expect(set.total).toBe(2) // the active shortlist's person has no clock running
    await pass(main)
    expect(await activityOf(main)).toEqual([])

    // six days before: Activity says deleting soon, once
    clock.advanceDays(4)
    await pass(main)
    await pass(main)
    expect(await activityOf(main)).toEqual([
      'Deleting soon: 2 people held past the retention period will be forgotten on 2026-03-12 unless you keep them (Settings → Personal data)'
    ])
    expect(main.events.some((event) => event.name === 'activityChanged')).toBe(true)
    expect((await main.ok('getRetention', {})).due.every((person) => person.soon)).toBe(true)

    // kept: their clock starts again now
    const afterKeep = await main.ok('keepPeople', { keys: [kept!.key] })
    expect(afterKeep.due.map((person) => [person.key, person.dueAt])).toEqual([
      [gone!.key, '2026-03-12T10:00:00.000Z'],
      [kept!.key, '2026-03-16T10:00:00.000Z']
    ])

    // the clock passes the due date: the purge forgets only who is due
    clock.advanceDays(6)
    await pass(main)
    const forgotten = await main.ok('describePerson', { key: gone!.key })
    expect(forgotten.rows).toBe(0)
    expect(forgotten.forgotten?.reason).toBe('retention-period')
    expect(main.events.filter((event) => event.name === 'peopleForgotten').map((event) => event.payload)).toEqual([
      { keys: [gone!.key] }
    ])
    for (const person of [kept!, active!]) {
      const held = await main.ok('describePerson', { key: person.key })
      expect(held.rows, person.key).toBeGreaterThan(0)
      expect(held.forgotten).toBeNull()
    }
    const after = await main.ok('getRetention', {})
    expect(after.lastPurge).toEqual({ at: '2026-03-12T10:00:00.000Z', forgotten: 1 })
    // the kept person is within a week of their new date: told again, once
    expect(after.due.map((person) => person.key)).toEqual([kept!.key])
    expect((await activityOf(main))[0]).toContain(
      '1 person held past the retention period will be forgotten on 2026-03-16'
    )

    // the recruiter turns retention off: no one goes, however late
    await main.ok('setRetention', { settings: { inactiveDays: null, contactDays: null } })
    clock.advanceDays(30)
    await pass(main)
    expect((await main.ok('describePerson', { key: kept!.key })).forgotten).toBeNull()
  })

  it('forgets a person bought over the Sandbox once the contacts period ends', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 50,
      contactTiming: { startAfterMs: 10, completeAfterMs: 40, failureShare: 0 }
    })
    opened.push(sandbox)
    const clock = new ManualClock(new Date().toISOString())
    const boughtAt = clock.now().getTime()
    const main = await start({
      clock,
      loadKeytar: noKeychain,
      contactPolling: { firstMs: 20, factor: 1.5, maxMs: 80, limitMs: 20_000 }
    })
    await connect(main, sandbox, 'Retention service')
    const chat = await main.ok('sendChat', { text: 'software engineers', requestId: 'retention-chat-1' })
    const key = chat.turns[1]!.results[0]!.key!
    const name = (chat.turns[1]!.results[0]!.profile as { full_name: string }).full_name
    const quote = await main.ok('quoteContacts', { keys: [key], contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'retention-buy-1' })
    expect(bought.statuses[0]!.status).toBe('Completed')
    main.services.firstScreenPainted()

    // previewed as the periods are typed, before saving: nothing is saved
    const typed = await main.ok('getRetention', { settings: { inactiveDays: 365, contactDays: 5 } })
    expect(typed).toMatchObject({ unsaved: true, total: 1, due: [{ key, name, rule: 'contacts' }] })
    expect(await main.ok('getRetention', {})).toMatchObject({
      settings: { inactiveDays: null, contactDays: null },
      total: 0
    })
    const set = await main.ok('setRetention', { settings: { inactiveDays: 365, contactDays: 5 } })
    expect(set.unsaved).toBeUndefined()
    expect(set.due.map((person) => [person.key, person.rule, person.dueAt])).toEqual([
      [key, 'contacts', new Date(boughtAt + 5 * 86_400_000).toISOString()]
    ])
    // bought, never saved: Deleting soon names them as their contact result does (not a blank name)
    expect(set.due[0]!.name).toBe(name)
    clock.advanceDays(5)
    clock.advance(60_000)
    await pass(main)
    const forgotten = await main.ok('describePerson', { key })
    expect(forgotten.rows).toBe(0)
    expect(forgotten.forgotten?.reason).toBe('retention-period')
    // marked with that reason wherever they come back, not "at their request"
    expect((await main.ok('checkDoNotContact', { people: [{ key }] })).suppressed).toEqual([
      { index: 0, reasons: [{ why: 'forgotten', reason: 'retention-period' }] }
    ])
    expect((await main.ok('getRetention', {})).total).toBe(0)
  })
})
