import { describe, expect, it } from 'vitest'
import { ARRIVALS_DEFAULT, arrivalOffsetMs } from '../../../sandbox/server/arrivals'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Issue #31 item 1, the watch line: over the composed main and the Sandbox over HTTP on one
 * injected clock, every person a watched search first sees (saved_search_seen) gets a provenance
 * line `watch`, naming the saved search and the connection, at the time of that run: everyone at
 * its first look, the newcomer a week later, and no one twice.
 */

const opened = useOpened()
const start = useMains()
const DAY = 86_400_000

/** Real time plus a shift the test moves, for the app and the Sandbox alike. */
class WorldClock {
  shift = 0
  readonly forApp = { now: () => new Date(Date.now() + this.shift) }
  readonly forService = { now: () => Date.now() + this.shift }
}

const linesOf = async (main: TestMain, key: string) => (await main.ok('personProvenance', { key })).lines

describe('provenance of a watch', () => {
  it('records a watch line for each person a watched search sees for the first time', async () => {
    const world = new WorldClock()
    const sandbox = await startTestSandbox({ clock: world.forService, arrivals: ARRIVALS_DEFAULT })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, clock: world.forApp, pace: { ceiling: 200 } })
    const connectionId = await connect(main, sandbox, 'Watched service')
    const keysFor = async (text: string) =>
      (await main.ok('sendChat', { text, requestId: `wp-${Math.random()}`.slice(0, 20) })).turns.flatMap((turn) =>
        turn.results.map((result) => result.key!)
      )
    // a conversational search that finds people now, and someone more once they join the index within the week
    let text = ''
    let arrivalKey = ''
    let before: string[] = []
    for (const person of testCatalog().search({}, { limit: 2000, offset: 0 }).results) {
      const offset = arrivalOffsetMs(person.key!)
      if (offset === null || offset < 60_000 || offset > 6 * DAY || !person.cur_title || !person.city) continue
      const words = `${person.cur_title} in ${person.city}`
      world.shift = 7 * DAY
      const later = await keysFor(words)
      world.shift = 0
      if (!later.includes(person.key!)) continue
      const now = await keysFor(words)
      if (now.length === 0) continue
      text = words
      arrivalKey = person.key!
      before = now
      break
    }
    expect(arrivalKey).not.toBe('')
    expect(before.length).toBeGreaterThan(0)

    const saved = await main.ok('saveSearch', { name: 'Newcomers', query: { kind: 'chat', text, currentQuery: null } })
    await main.services.watches.idle()
    const first = await linesOf(main, before[0]!)
    expect(first).toEqual([
      expect.objectContaining({
        kind: 'watch',
        what: 'person',
        detail: 'Newcomers',
        shortlist: null,
        connection: { id: connectionId, name: 'Watched service' }
      })
    ])
    const firstLookAt = Date.parse(first[0]!.at)
    for (const key of before) expect((await linesOf(main, key)).map((line) => line.kind)).toEqual(['watch'])
    expect(await linesOf(main, arrivalKey)).toEqual([])

    // a week later the run sees the newcomer: a line at that run's time; the others get none again
    world.shift = 7 * DAY
    main.services.watches.wake()
    await main.services.watches.idle()
    const arrival = await linesOf(main, arrivalKey)
    expect(arrival).toEqual([expect.objectContaining({ kind: 'watch', detail: 'Newcomers' })])
    expect(Date.parse(arrival[0]!.at) - firstLookAt).toBeGreaterThanOrEqual(7 * DAY)
    await main.ok('runWatchNow', { watchId: saved.watch!.id })
    await main.services.watches.idle()
    for (const key of [before[0]!, arrivalKey]) expect(await linesOf(main, key)).toHaveLength(1)
  }, 60_000)
})
