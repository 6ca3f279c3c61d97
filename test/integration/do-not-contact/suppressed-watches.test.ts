import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '../../../shared/ipc/channels/watches'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * A watch never brings back who must not be contacted (issue #31 item 5): over the composed main
 * and the Sandbox over HTTP, a watched search's person who is then forgotten (which deletes what
 * the search had seen of them, so the next run would find them new) is not told as new.
 */

const opened = useOpened()
const start = useMains()

const added = (main: TestMain) =>
  main.events
    .filter((event) => event.name === 'activityChanged')
    .flatMap((event) => (event.payload as { added: ActivityEntry[] }).added)

describe('watches and the do-not-contact list', () => {
  it('a watched search does not tell a forgotten person as new', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const someone = testCatalog()
      .search({}, { limit: 50, offset: 100 })
      .results.find((person) => person.cur_title && person.city)!
    const text = `${someone.cur_title} in ${someone.city}`
    const reply = await main.ok('sendChat', { text, requestId: 'dnc-watch-0001' })
    const found = reply.turns.flatMap((turn) => turn.results.map((result) => result.key))
    expect(found.length).toBeGreaterThan(0)

    const saved = await main.ok('saveSearch', {
      name: 'Lisbon data',
      query: { kind: 'chat', text, currentQuery: null }
    })
    await main.services.watches.idle()
    expect((await main.ok('listSavedSearches', {}))[0]!.seenCount).toBe(found.length)

    const forgot = await main.ok('forgetPeople', { keys: [found[0]!], reason: 'person-asked' })
    expect(forgot.failed).toEqual([])
    // forgetting deletes what the search had seen of them: only the do-not-contact check keeps them out
    expect((await main.ok('listSavedSearches', {}))[0]!.seenCount).toBe(found.length - 1)

    await main.ok('runWatchNow', { watchId: saved.watch!.id })
    await main.services.watches.idle()
    expect(added(main).filter((entry) => entry.kind === 'new_people')).toEqual([])
    expect((await main.ok('listSavedSearches', {}))[0]!.watch!.lastResult).toMatch(/^No one new/)
  }, 60_000)
})
