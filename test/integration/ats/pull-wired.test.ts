import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { ATS_PULL_EVERY_MS, type AtsPullStatus } from '../../../shared/ipc/channels/ats-pull'
import { ManualClock, useMains, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * Known people, live, as the app wires it (issue #39 item 3): the ATS feature pulls each saved
 * connection through its own AtsConnections, over HTTP, from the built-in Sandbox's fake
 * Greenhouse, into "People you already have" on disk — a new connection at once, the schedule
 * by the injected clock, a removed connection's list gone with it.
 */
const start = useMains()

const pulls = (main: TestMain, id: string): AtsPullStatus[] =>
  main.events
    .filter((event) => event.name === 'atsPullProgress')
    .map((event) => event.payload as AtsPullStatus)
    .filter((status) => status.connectionId === id)

const ended = (main: TestMain, id: string, count: number) =>
  until(
    () => pulls(main, id).filter((status) => status.state !== 'pulling'),
    (done) => done.length >= count,
    60_000
  )

/** A candidate of the fake Greenhouse with an email, read from it over HTTP as any client would. */
async function aCandidate(baseUrl: string, apiKey: string): Promise<{ id: number; email: string }> {
  const answer = await request(`${baseUrl}/v1/candidates?per_page=500`, {
    headers: { authorization: `Basic ${Buffer.from(`${apiKey}:`).toString('base64')}` }
  })
  const candidates = (await answer.body.json()) as Array<{ id: number; email_addresses: Array<{ value: string }> }>
  const candidate = candidates.find((c) => c.email_addresses.length > 0)!
  return { id: candidate.id, email: candidate.email_addresses[0]!.value }
}

describe('the ATS pull, wired into the app', () => {
  it('pulls a new connection at once, again on the schedule, and drops its list when it is removed', async () => {
    const clock = new ManualClock()
    const main = await start({ sandboxProfiles: 300, sandboxSeed: 5, clock })
    await main.services.sandbox!.ready()
    main.services.firstScreenPainted()

    const overview = await main.ok('connectSandboxAts', { kind: 'greenhouse' })
    const id = overview.connections[0]!.id
    // the first full pull starts at once, and its progress comes as events
    const [first] = await ended(main, id, 1)
    expect(first).toMatchObject({ state: 'done', mode: 'full', error: null })
    expect(first!.people).toBeGreaterThan(0)
    expect(pulls(main, id).some((status) => status.state === 'pulling' && status.pages >= 1)).toBe(true)
    const status = await main.ok('getAtsPullStatus', { connectionId: id })
    expect(status.list).toMatchObject({ name: 'ATS: Sandbox’s Greenhouse', people: first!.people })

    // in "People you already have", known to the Partner API connection's own checks (Search's)
    const lists = (await main.ok('listKnownPeopleLists', {})).lists
    expect(lists.filter((list) => list.source === 'ats:greenhouse')).toHaveLength(1)
    const fake = main.services.sandbox!.atsFakes()!.greenhouse
    const candidate = await aCandidate(fake.baseUrl, fake.apiKey)
    const { known } = await main.ok('checkKnownPeople', { people: [{ emails: [candidate.email] }] })
    expect(known).toEqual([
      expect.objectContaining({ listName: 'ATS: Sandbox’s Greenhouse', atsId: String(candidate.id), by: 'email' })
    ])

    // not due yet: a wake pulls nothing; 15 minutes later by the clock, the schedule pulls the changes
    main.services.wake()
    expect((await main.ok('getAtsPullStatus', { connectionId: id })).state).toBe('done')
    clock.advance(ATS_PULL_EVERY_MS)
    main.services.wake()
    const [, second] = await ended(main, id, 2)
    expect(second).toMatchObject({ state: 'done', mode: 'incremental', error: null })

    // Pull now and Cancel, through the channels
    const now = await main.ok('pullAtsNow', { connectionId: id, mode: 'full' })
    expect(now.state).toBe('pulling')
    await ended(main, id, 3)

    // removed: its list goes with it (Search no longer marks its people)
    await main.ok('removeAtsConnection', { id })
    await until(
      () => main.ok('listKnownPeopleLists', {}),
      (value) => value.lists.every((list) => list.source !== 'ats:greenhouse')
    )
    expect((await main.ok('checkKnownPeople', { people: [{ emails: [candidate.email] }] })).known).toEqual([])
    // brought back: pulled whole again
    await main.ok('undoRemoveAtsConnection', { id })
    const [, , , again] = await ended(main, id, 4)
    expect(again).toMatchObject({ state: 'done', mode: 'full' })
  }, 120_000)

  it('at the next start every saved connection pulls once the first screen is up', async () => {
    const first = await start({ sandboxProfiles: 300, sandboxSeed: 5 })
    await first.services.sandbox!.ready()
    first.services.firstScreenPainted()
    const id = (await first.ok('connectSandboxAts', { kind: 'greenhouse' })).connections[0]!.id
    await ended(first, id, 1)
    await first.close()

    const again = await start({ dataDir: first.dataDir, sandboxProfiles: 300, sandboxSeed: 5 })
    expect(pulls(again, id)).toEqual([])
    again.services.firstScreenPainted()
    const [turn] = await ended(again, id, 1)
    // the list is there from the last session: the first turn picks up changes
    expect(turn).toMatchObject({ state: 'done', mode: 'incremental', error: null })
  }, 120_000)
})
