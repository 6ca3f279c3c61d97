import { describe, expect, it } from 'vitest'
import type { ActivityEntry } from '../../../shared/ipc/channels/watches'
import { systemClock } from '../../../sandbox/index'
import { ARRIVALS_DEFAULT, arrivalOffsetMs } from '../../../sandbox/server/arrivals'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * A watch never brings back who must not be contacted (issue #31 item 5): over the composed main
 * and the Sandbox over HTTP, a watched search's person who is then forgotten (which deletes what
 * the search had seen of them, so the next run would find them new) is not told as new.
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

  it('a watched search does not tell as new someone whose email is on the list (a search shows no emails)', async () => {
    const world = new WorldClock()
    const sandbox = await startTestSandbox({ clock: world.forService, arrivals: ARRIVALS_DEFAULT })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, clock: world.forApp, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const keysFor = async (text: string) =>
      (await main.ok('sendChat', { text, requestId: `dw-${Math.random()}`.slice(0, 20) })).turns.flatMap((turn) =>
        turn.results.map((result) => result.key!)
      )
    // a conversational search that finds people now, and a newcomer once they join the index within the week
    let text = ''
    let newcomer = ''
    for (const person of testCatalog().search({}, { limit: 2000, offset: 0 }).results) {
      const offset = arrivalOffsetMs(person.key!)
      if (offset === null || offset < 60_000 || offset > 6 * DAY || !person.cur_title || !person.city) continue
      const words = `${person.cur_title} in ${person.city}`
      world.shift = 7 * DAY
      const later = await keysFor(words)
      world.shift = 0
      if (!later.includes(person.key!) || (await keysFor(words)).length === 0) continue
      text = words
      newcomer = person.key!
      break
    }
    expect(newcomer).not.toBe('')
    const saved = await main.ok('saveSearch', { name: 'Newcomers', query: { kind: 'chat', text, currentQuery: null } })
    await main.services.watches.idle()
    const seenAtFirst = (await main.ok('listSavedSearches', {}))[0]!.seenCount

    // the recruiter holds the newcomer's email (a shortlist of theirs has it) and puts that email on the list
    const profile = testCatalog()
      .search({}, { limit: 2000, offset: 0 })
      .results.find((person) => person.key === newcomer)!
    const email = `${newcomer.replace(/[^a-z0-9]/gi, '')}@private-mail.example`
    const list = await main.ok('createShortlist', { name: 'Met at a fair' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [{ ...profile, emails: [email] }] })
    await main.ok('addDoNotContact', { kind: 'email', value: email })

    // a week later the search finds them: not told as new, though seen
    world.shift = 7 * DAY
    await main.ok('runWatchNow', { watchId: saved.watch!.id })
    await main.services.watches.idle()
    const told = added(main)
      .filter((entry) => entry.kind === 'new_people')
      .flatMap((entry) => entry.people.map((person) => person.key))
    expect(told).not.toContain(newcomer)
    // the run did find them (they are seen now), only the list kept them out of the news
    expect((await main.ok('listSavedSearches', {}))[0]!.seenCount).toBeGreaterThan(seenAtFirst)
    expect(await keysFor(text)).toContain(newcomer)
  }, 90_000)
})
