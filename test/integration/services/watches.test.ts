import { afterEach, describe, expect, it } from 'vitest'
import type { WholePersonProfile } from '../../../shared/api'
import type { ActivityEntry, ActivityNotice } from '../../../shared/ipc/channels/watches'
import { applyCareerMove } from '../../../sandbox/server/refresh/career-move'
import { ARRIVALS_DEFAULT, arrivalOffsetMs } from '../../../sandbox/server/arrivals'
import { openStore } from '../../../electron/main/store'
import { WatchesRepo } from '../../../electron/main/watches/watches-repo'
import { call, startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { useMains, type TestMain } from './helpers'

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const DAY = 86_400_000

/**
 * One time for the app and the service: real time plus a shift the test moves ("a week later"),
 * so the service's jobs still run on while the app's schedule jumps.
 */
class WorldClock {
  shift = 0
  readonly forApp = { now: () => new Date(Date.now() + this.shift) }
  readonly forService = { now: () => Date.now() + this.shift }
  advance(ms: number) {
    this.shift += ms
  }
}

async function service(world: WorldClock, options: { arrivals?: boolean } = {}) {
  const sandbox = await startTestSandbox({
    clock: world.forService,
    refreshTiming: { queueMs: 30, perHandleMs: 10 },
    ...(options.arrivals ? { arrivals: ARRIVALS_DEFAULT } : {})
  })
  opened.push(sandbox)
  return sandbox
}

async function connect(main: TestMain, sandbox: { baseUrl: string; apiKey: string }) {
  const overview = await main.ok('saveConnection', { name: 'Watched service', baseUrl: sandbox.baseUrl })
  const id = overview.connections.find((c) => c.name === 'Watched service')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

const poll = { firstMs: 30, factor: 1.5, maxMs: 120 }
/** The connections' pace ceiling these tests run at (requests a second). */
const pace = { ceiling: 100 }
const handleOf = (p: WholePersonProfile) => p.li_urls![0]!.split('/in/')[1]!
const finished = (job: { tracking: string }) => job.tracking !== 'starting' && job.tracking !== 'following'

/** Who the first refresh finds changed (employer or title), by the sandbox's own rule. */
function movers(people: readonly WholePersonProfile[]): Set<string> {
  const moved = new Set<string>()
  for (const person of people) {
    const copy = structuredClone({ ...person }) as WholePersonProfile
    applyCareerMove(copy, '2026-11-01T00:00:00.000Z')
    if (copy.cur_company !== person.cur_company || copy.cur_title !== person.cur_title) moved.add(person.full_name!)
  }
  return moved
}

async function watchJobsDone(main: TestMain, count: number) {
  return until(
    async () => (await main.ok('listRefreshJobs', {})).jobs.filter((job) => job.watchId !== null),
    (jobs) => jobs.length >= count && jobs.every(finished)
  )
}

const entriesOf = (main: TestMain) =>
  main.events
    .filter((event) => event.name === 'activityChanged')
    .flatMap((event) => (event.payload as { added: ActivityEntry[] }).added)
const noticesOf = (main: TestMain) =>
  main.events
    .filter((event) => event.name === 'activityChanged')
    .map((event) => (event.payload as { notice: ActivityNotice | null }).notice)
    .filter((notice): notice is ActivityNotice => notice !== null)

describe('watches', () => {
  const start = useMains()

  it('watches a shortlist for a week on an injected clock: budget kept, one catch-up after a closed week, no credit spent', async () => {
    const world = new WorldClock()
    const sandbox = await service(world)
    const options = { loadKeytar: noKeychain, clock: world.forApp, refreshPolling: poll, pace }
    const main = await start(options)
    const connectionId = await connect(main, sandbox)
    const people = testCatalog().search({}, { limit: 12, offset: 700 }).results
    const list = await main.ok('createShortlist', { name: 'Q4 backend' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: people })
    await main.ok('setWatchSettings', { jobsPerDay: 2, peoplePerJob: 5 })

    // Watching looks at once: every member's data is months old (the service's own dates).
    const watch = await main.ok('watchShortlist', { shortlistId: list.id })
    expect(watch).toMatchObject({ kind: 'shortlist', targetName: 'Q4 backend', maxAgeDays: 7, everyHours: 24 })
    await main.services.watches.idle()
    let jobs = await watchJobsDone(main, 2)
    expect(jobs.map((job) => job.totalRequested).sort()).toEqual([5, 5])
    let overview = await main.ok('listWatches', {})
    expect(overview.today).toEqual({ jobs: 2, people: 10 })
    expect(overview.watches[0]!.lastResult).toBe(
      'Refreshing 10 members in 2 jobs; 2 wait for the next run (today’s budget).'
    )

    // Exactly the people the service moved are news, once each, with one notice per job that had any.
    const requested = new Set(
      (await Promise.all(jobs.map((job) => main.ok('getRefreshJob', { jobId: job.jobId })))).flatMap(
        (job) => job.requestedHandles
      )
    )
    const expectedMoved = movers(people.filter((p) => requested.has(handleOf(p))))
    expect(expectedMoved.size).toBeGreaterThan(0)
    await until(
      async () => entriesOf(main).filter((entry) => entry.kind === 'refresh_ended').length,
      (ended) => ended === 2
    )
    const changedEntries = entriesOf(main).filter((entry) => entry.kind === 'person_changed')
    const members = await main.ok('listMembers', { shortlistId: list.id })
    const nameOf = (entry: ActivityEntry) => {
      const link = entry.link
      return link.kind === 'member' ? members.find((m) => m.id === link.memberId)?.name : undefined
    }
    expect(new Set(changedEntries.map(nameOf))).toEqual(expectedMoved)
    for (const entry of changedEntries) expect(entry.text.startsWith(nameOf(entry)!)).toBe(true)
    expect(changedEntries).toHaveLength(expectedMoved.size)
    expect(noticesOf(main).length).toBeLessThanOrEqual(2)
    // a watch's job does not also notify as a refresh of its own
    const unread = (await main.ok('listActivity', {})).unread
    expect(unread.total).toBe(expectedMoved.size + 2)

    // Run now, the same day: the budget is spent, nothing is sent.
    await main.ok('runWatchNow', { watchId: watch.id })
    await main.services.watches.idle()
    overview = await main.ok('listWatches', {})
    expect(overview.watches[0]!.lastResult).toMatch(/^Today’s budget is used \(2 jobs\); 2 members wait/)
    expect((await main.ok('listRefreshJobs', {})).jobs).toHaveLength(2)

    // The next day: the two who waited (the others are fresh now).
    world.advance(DAY)
    main.services.watches.wake()
    await main.services.watches.idle()
    jobs = await watchJobsDone(main, 3)
    expect(jobs.map((job) => job.totalRequested).sort()).toEqual([2, 5, 5])

    // Closed for a week: at the next start the watch runs once (not seven times), within the budget.
    await main.close()
    world.advance(7 * DAY)
    const again = await start({ ...options, dataDir: main.dataDir })
    await again.services.watches.idle()
    // the key was kept for the session only: the watch waits for it, claiming nothing
    expect((await again.ok('listWatches', {})).watches[0]!.lastResult).toMatch(
      /^Waiting: This connection has no API key/
    )
    expect((await again.ok('listRefreshJobs', {})).jobs).toHaveLength(3)
    await again.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    again.services.watches.wake()
    await again.services.watches.idle()
    jobs = await watchJobsDone(again, 5)
    expect(jobs.every((job) => job.tracking === 'finished' && job.status === 'Completed')).toBe(true)
    expect(jobs).toHaveLength(5)
    expect((await again.ok('listWatches', {})).today).toEqual({ jobs: 2, people: 10 })
    // Refresh jobs and searches only: the service sold no contacts.
    const purchases = await call(sandbox, '/api/Analytics/GetApiTransactionData', {
      query: { type: 'GetPremiumContacts', limit: '1000' }
    })
    expect(purchases.json()).toEqual([])
  }, 60_000)

  it('starts a run a crash cut short with the job ids it planned, once', async () => {
    const world = new WorldClock()
    const sandbox = await service(world)
    const options = { loadKeytar: noKeychain, clock: world.forApp, refreshPolling: poll, pace }
    const main = await start(options)
    const connectionId = await connect(main, sandbox)
    const people = testCatalog().search({}, { limit: 3, offset: 800 }).results
    const list = await main.ok('createShortlist', { name: 'Crash' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: people })
    await main.ok('setWatchSettings', { pausedAll: true })
    const watch = await main.ok('watchShortlist', { shortlistId: list.id })
    await main.close()

    // What a crash right after claiming a run leaves: the run planned, the watch moved on, no job sent.
    const store = openStore({ dataDir: main.dataDir, clock: world.forApp })
    const planned = new WatchesRepo(store.database.db, world.forApp).claimRun({
      id: 'run-cut-short',
      watchId: watch.id,
      dueBy: new Date(world.forService.now()).toISOString(),
      nextRunAt: new Date(world.forService.now() + DAY).toISOString(),
      plan: [{ jobId: 'job-planned-before-crash', handles: people.map(handleOf), label: 'Crash: 3 members (watch)' }],
      result: 'Refreshing 3 members in 1 job.'
    })
    expect(planned?.state).toBe('planned')
    store.close()

    const again = await start({ ...options, dataDir: main.dataDir })
    await again.services.watches.idle()
    // the key was kept for the session only: the run stays planned, nothing sent, till it is back
    expect((await again.ok('listRefreshJobs', {})).jobs).toEqual([])
    await again.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    again.services.watches.wake()
    await again.services.watches.idle()
    const jobs = await watchJobsDone(again, 1)
    expect(jobs.map((job) => [job.jobId, job.tracking, job.message])).toEqual([
      ['job-planned-before-crash', 'finished', null]
    ])
    // a second start finds the run done: nothing is sent again
    await again.close()
    const third = await start({ ...options, dataDir: main.dataDir })
    await third.services.watches.idle()
    expect((await third.ok('listRefreshJobs', {})).jobs).toHaveLength(1)
    const starts = await call(sandbox, '/api/Analytics/GetApiTransactionData', {
      query: { type: 'RefreshProfiles', limit: '1000' }
    })
    expect((starts.json() as unknown[]).length).toBe(1)
  }, 60_000)

  it('a watched search enters only the people it has not seen before, once, with one notice', async () => {
    const world = new WorldClock()
    const sandbox = await service(world, { arrivals: true })
    const main = await start({ loadKeytar: noKeychain, clock: world.forApp, refreshPolling: poll, pace })
    await connect(main, sandbox)
    // someone who joins the index within the week, and a conversational search that finds them then
    const keysFor = async (text: string) => {
      const reply = await main.ok('sendChat', { text, requestId: `watch-${Math.random()}`.slice(0, 20) })
      return reply.turns.flatMap((turn) => turn.results.map((result) => result.key))
    }
    let text = ''
    let before: Array<string | null> = []
    let arrivalKey = ''
    for (const person of testCatalog().search({}, { limit: 2000, offset: 0 }).results) {
      const offset = arrivalOffsetMs(person.key!)
      if (offset === null || offset < 60_000 || offset > 6 * DAY || !person.cur_title || !person.city) continue
      const words = `${person.cur_title} in ${person.city}`
      world.advance(7 * DAY)
      const later = await keysFor(words)
      world.advance(-7 * DAY)
      if (!later.includes(person.key!)) continue
      text = words
      arrivalKey = person.key!
      before = await keysFor(words)
      break
    }
    expect(arrivalKey).not.toBe('')
    expect(before).not.toContain(arrivalKey)
    const keysNow = () => keysFor(text)
    const saved = await main.ok('saveSearch', { name: 'Newcomers', query: { kind: 'chat', text, currentQuery: null } })
    expect(saved.watch).toMatchObject({ kind: 'search', everyHours: 24 })
    await main.services.watches.idle()
    // the first look is not news: everyone found now is remembered
    expect(entriesOf(main)).toEqual([])
    const looked = (await main.ok('listSavedSearches', {}))[0]!
    expect(looked.seenCount).toBe(before.length)
    expect(looked.watch!.lastResult).toBe(
      `${before.length} ${before.length === 1 ? 'person' : 'people'} found now; anyone new will be listed in Activity.`
    )

    world.advance(7 * DAY)
    const after = await keysNow()
    const appeared = after.filter((key) => !before.includes(key))
    expect(appeared).toContain(arrivalKey)
    main.services.watches.wake()
    await main.services.watches.idle()
    const news = entriesOf(main)
    expect(news).toHaveLength(1)
    expect(news[0]).toMatchObject({
      kind: 'new_people',
      text: `${appeared.length} new ${appeared.length === 1 ? 'person' : 'people'} for ‘Newcomers’`,
      link: { kind: 'savedSearch', savedSearchId: saved.id }
    })
    expect(news[0]!.people.map((person) => person.key).sort()).toEqual([...appeared].sort())
    expect(noticesOf(main)).toHaveLength(1)

    // Run again at once: no one new, nothing entered twice.
    await main.ok('runWatchNow', { watchId: saved.watch!.id })
    await main.services.watches.idle()
    expect(entriesOf(main)).toHaveLength(1)
    expect((await main.ok('listSavedSearches', {}))[0]!.watch!.lastResult).toMatch(/^No one new/)

    // Read marks, per connection, and what they count.
    expect((await main.ok('listActivity', {})).unread.total).toBe(1)
    const unread = await main.ok('markActivityRead', { all: true })
    expect(unread).toEqual({
      total: 0,
      byKind: { person_changed: 0, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
    })
    expect((await main.ok('listActivity', { unreadOnly: true })).entries).toEqual([])
    // deleted with Undo: its watch holds while it is out of the list
    await main.ok('deleteSavedSearch', { id: saved.id })
    expect((await main.ok('listWatches', {})).watches).toEqual([])
    await main.ok('restoreSavedSearch', { id: saved.id })
    expect((await main.ok('listWatches', {})).watches.map((w) => w.targetName)).toEqual(['Newcomers'])
  }, 60_000)
})
