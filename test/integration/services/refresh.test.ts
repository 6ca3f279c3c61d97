import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { WholePersonProfile } from '../../../shared/api'
import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
import { systemClock } from '../../../sandbox/index'
import { applyCareerMove } from '../../../sandbox/server/refresh/career-move'
import { call, startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { ManualClock, makeProfile, startMain, tempDir, useMains, type TestMain } from './helpers'

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function service(options: { faults?: string; perHandleMs?: number } = {}) {
  const sandbox = await startTestSandbox({
    clock: systemClock,
    faults: options.faults ?? '',
    refreshTiming: { queueMs: 60, perHandleMs: options.perHandleMs ?? 25 }
  })
  opened.push(sandbox)
  return sandbox
}

async function connect(main: TestMain, sandbox: { baseUrl: string; apiKey: string }) {
  const overview = await main.ok('saveConnection', { name: 'Refresh service', baseUrl: sandbox.baseUrl })
  const id = overview.connections.find((c) => c.name === 'Refresh service')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

const poll = { firstMs: 40, factor: 1.5, maxMs: 150 }
/** The connections' pace ceiling these tests run at (requests a second). */
const pace = { ceiling: 50 }

/** The service's own log of calls of one type (request and response texts). */
async function serviceCalls(sandbox: Parameters<typeof call>[0], type: string) {
  const result = await call(sandbox, '/api/Analytics/GetApiTransactionData', { query: { type, limit: '1000' } })
  return result.json() as Array<{ request: string; response: string; request_date: string }>
}

/** Catalog people whose first refresh finds a new employer (moved) or the same one (stayed). */
function people(): { moved: WholePersonProfile[]; stayed: WholePersonProfile[] } {
  const moved: WholePersonProfile[] = []
  const stayed: WholePersonProfile[] = []
  for (const profile of testCatalog().search({}, { limit: 400, offset: 100 }).results) {
    const copy = structuredClone({ ...profile }) as WholePersonProfile
    applyCareerMove(copy, '2026-11-01T00:00:00.000Z')
    if (copy.cur_company !== profile.cur_company) moved.push(profile)
    else if (copy.cur_title === profile.cur_title) stayed.push(profile)
  }
  return { moved: moved.slice(0, 2), stayed: stayed.slice(0, 3) }
}

const finished = (job: { tracking: string }) => job.tracking !== 'starting' && job.tracking !== 'following'

describe('refresh jobs', () => {
  const start = useMains()

  it('refreshes a shortlist’s stale members, follows the job to its end and shows what changed', async () => {
    const sandbox = await service()
    const clock = new ManualClock()
    const notified: RefreshJobSummary[] = []
    const main = await start({
      loadKeytar: noKeychain,
      clock,
      refreshPolling: poll,
      pace,
      notifyRefreshEnded: (job) => notified.push(job)
    })
    await connect(main, sandbox)
    const { moved, stayed } = people()
    const list = await main.ok('createShortlist', { name: 'Backend hires' })
    // one member the service cannot find: its handle fails
    const unknown: Record<string, unknown> = {
      ...makeProfile(1),
      li_urls: ['https://www.profilenet.com/in/nobody-by-this-handle']
    }
    await main.ok('addMembers', { shortlistId: list.id, profiles: [...moved, ...stayed, unknown] })
    // The catalog's people carry the service's own dates (refreshed months ago): stale the day
    // they are saved. The one with no date of its own is dated by its save: fresh for a month.
    const first = await main.ok('planRefresh', { shortlistId: list.id, onlyStale: true })
    expect(first).toMatchObject({ members: 6, chosen: 5 })
    expect(first.handles).not.toContain('nobody-by-this-handle')
    const fresh = await main.ok('createShortlist', { name: 'Fresh' })
    await main.ok('addMembers', { shortlistId: fresh.id, profiles: [unknown] })
    expect((await main.fail('startRefresh', { shortlistId: fresh.id })).message).toMatch(/older than 30 days/)
    await main.ok('deleteShortlist', { id: fresh.id })
    clock.advanceDays(31)
    const plan = await main.ok('planRefresh', { shortlistId: list.id, onlyStale: true })
    expect(plan).toMatchObject({ members: 6, chosen: 6, withoutHandle: [] })
    expect(plan.handles).toContain('nobody-by-this-handle')

    const started = await main.ok('startRefresh', {
      shortlistId: list.id,
      options: { batchSize: 2, maxConcurrency: 2, saveToStorage: true }
    })
    expect(started).toMatchObject({ label: 'Backend hires: 6 stale members', tracking: 'following', totalRequested: 6 })
    const done = await until(
      () => main.ok('getRefreshJob', { jobId: started.jobId }),
      (job) => finished(job)
    )
    expect(done).toMatchObject({ tracking: 'finished', status: 'Completed', totalSuccessful: 5, totalFailed: 1 })
    expect(done.failedHandles).toEqual([
      { handle: 'nobody-by-this-handle', error: 'No profile found for handle "nobody-by-this-handle"' }
    ])
    expect(done.outcome).toMatchObject({ source: 'dataUrl', profilesReceived: 5, membersUpdated: 5 })
    // the refresh operations carry no transaction id: the job's id stands for one in the call log
    const calls = (await main.ok('listCallLog', {})).calls.filter((call) =>
      ['RefreshProfiles', 'GetJobStatus', 'Get Job Data', 'GetJobData'].includes(call.operation)
    )
    expect(new Set(calls.map((call) => call.operation))).toContain('RefreshProfiles')
    expect(calls.length).toBeGreaterThanOrEqual(3)
    expect(calls.every((call) => call.transactionId === started.jobId)).toBe(true)
    expect(done.outcome!.changed.map((c) => c.name).sort()).toEqual(moved.map((p) => p.full_name).sort())

    // The shortlist shows it: moved people with their old and new employer, everyone refreshed now.
    const members = await main.ok('listMembers', { shortlistId: list.id })
    for (const person of moved) {
      const member = members.find((m) => m.profileKey === person.key)!
      expect(member.profileSource).toBe('refreshed')
      expect(member.refreshChanges[0]).toMatchObject({ field: 'company', from: person.cur_company })
      expect(member.company).toBe(member.refreshChanges[0]!.to)
    }
    for (const person of stayed) {
      expect(members.find((m) => m.profileKey === person.key)).toMatchObject({
        profileSource: 'refreshed',
        refreshChanges: []
      })
    }
    expect(members.find((m) => m.profileKey === unknown.key)).toMatchObject({ profileSource: 'saved' })
    expect((await main.ok('planRefresh', { shortlistId: list.id, onlyStale: true })).chosen).toBe(1)

    // Progress was pushed as it went, and the end once, with the notification.
    const changes = main.events
      .filter((e) => e.name === 'refreshJobChanged')
      .map((e) => e.payload as { finishedNow: boolean })
    expect(changes.length).toBeGreaterThan(2)
    expect(changes.filter((e) => e.finishedNow)).toHaveLength(1)
    // and which saved people it changed, once, so every view of them reads them again
    const refreshedKeys = [...moved, ...stayed].map((p) => p.key).sort()
    const peopleChanged = main.events.filter((e) => e.name === 'membersChanged').map((e) => e.payload)
    expect(peopleChanged).toEqual([
      {
        reason: 'refresh',
        memberIds: expect.any(Array),
        shortlistIds: [list.id],
        profileKeys: expect.any(Array)
      }
    ])
    const [payload] = peopleChanged as Array<{ memberIds: number[]; profileKeys: string[] }>
    expect([...payload!.profileKeys].sort()).toEqual(refreshedKeys)
    expect([...payload!.memberIds].sort()).toEqual(
      members
        .filter((m) => refreshedKeys.includes(m.profileKey))
        .map((m) => m.id)
        .sort()
    )
    expect(notified.map((job) => job.jobId)).toEqual([started.jobId])
    expect((await serviceCalls(sandbox, 'RefreshProfiles')).length).toBe(1)
  }, 30_000)

  it('keeps following a job after the app is closed and opened again mid-job', async () => {
    // The built-in sandbox keeps its jobs in the data folder and runs them on while the app is
    // closed, like a remote service: the truest restart there is here.
    const main = await startMain({ sandboxProfiles: 2000, loadKeytar: noKeychain, refreshPolling: poll, pace })
    // long enough to outlast a slow close on a busy machine
    const handles = testCatalog()
      .search({}, { limit: 30, offset: 20 })
      .results.map((p) => p.li_urls![0]!.split('/in/')[1]!)
    const started = await main.ok('startRefresh', {
      handles,
      options: { batchSize: 1, maxConcurrency: 1, saveToStorage: true }
    })
    await until(
      () => main.ok('getRefreshJob', { jobId: started.jobId }),
      (job) => job.totalProcessed > 0
    )
    await main.close()
    const closedAt = Date.now()

    // A new process on the same data folder: the job is listed as followed and ends there.
    const again = await start({
      dataDir: main.dataDir,
      sandboxProfiles: 2000,
      loadKeytar: noKeychain,
      refreshPolling: poll,
      pace
    })
    // Whichever came first — the job's end on the service, the first process's close (slow on a
    // busy machine: it may see the end as it closes), the new process's first question — the job
    // is this one, followed to its end, and its end is told at most once by the new process: always
    // when the end was its to see (the job still followed when it opened, or ended after the close).
    const listed = (await again.ok('listRefreshJobs', {})).jobs
    expect(listed.map((job) => job.jobId)).toEqual([started.jobId])
    expect(['following', 'finished']).toContain(listed[0]!.tracking)
    const done = await until(
      () => again.ok('getRefreshJob', { jobId: started.jobId }),
      (job) => finished(job)
    )
    expect(done).toMatchObject({ tracking: 'finished', status: 'Completed', totalSuccessful: 30 })
    const toldEnd = again.events.filter((e) => {
      const payload = e.payload as { job: { jobId: string }; finishedNow: boolean }
      return e.name === 'refreshJobChanged' && payload.finishedNow && payload.job.jobId === started.jobId
    }).length
    expect(toldEnd).toBeLessThanOrEqual(1)
    if (listed[0]!.tracking === 'following' || Date.parse(done.endTime!) > closedAt) expect(toldEnd).toBe(1)
  }, 60_000)

  it('a start whose answer is lost is asked again with the same jobId, never a second job', async () => {
    // truncated: the service runs every request (the job starts) and the answer breaks mid-body.
    // Every answer breaks, so what the service did is read from its state file afterwards.
    const stateFile = join(tempDir('td-refresh-state-'), 'state.json')
    const sandbox = await startTestSandbox({ clock: systemClock, faults: 'truncated=1', stateFile })
    const main = await start({
      loadKeytar: noKeychain,
      refreshPolling: poll,
      pace,
      http: { retry: { retries: 1, minTimeoutMs: 10, maxTimeoutMs: 20 } }
    })
    await connect(main, sandbox)
    const started = await main.ok('startRefresh', { handles: ['someone-1', 'someone-2'] })
    expect(started.tracking).toBe('starting')
    expect(started.message).toMatch(/same job id/)
    // each poll sends the start again (same jobId); every answer is cut off, so each one ends in
    // "asking again" (an event): two of those are three starts sent
    await until(
      () =>
        main.events.filter(
          (e) =>
            e.name === 'refreshJobChanged' &&
            (e.payload as { job: { jobId: string; message: string | null } }).job.jobId === started.jobId &&
            /Asking again/.test((e.payload as { job: { message: string | null } }).job.message ?? '')
        ).length,
      (retries) => retries >= 2
    )
    await main.close()
    await sandbox.close()
    const state = JSON.parse(readFileSync(stateFile, 'utf8')) as {
      jobs: Array<{ jobId: string }>
      transactions: Array<{ record: { request_type: string; request: string; response: string } }>
    }
    const sent = state.transactions.map((t) => t.record).filter((r) => r.request_type === 'RefreshProfiles')
    expect(sent.length).toBeGreaterThanOrEqual(3)
    const jobIds = new Set(
      sent.map((r) => (JSON.parse(r.request.slice(r.request.indexOf('{'))) as { jobId: string }).jobId)
    )
    expect([...jobIds]).toEqual([started.jobId])
    // The service started one job; every later start with that jobId found it.
    expect(state.jobs.map((job) => job.jobId)).toEqual([started.jobId])
    expect(sent.filter((r) => / started: /.test(r.response))).toHaveLength(1)
  }, 30_000)

  it('marks a job the service no longer knows as lost, and stops asking', async () => {
    const sandbox = await service({ perHandleMs: 400 })
    const main = await start({ loadKeytar: noKeychain, refreshPolling: poll, pace })
    await connect(main, sandbox)
    const handles = testCatalog()
      .search({}, { limit: 5, offset: 40 })
      .results.map((p) => p.li_urls![0]!)
    const started = await main.ok('startRefresh', { handles })
    await sandbox.reset()
    const lost = await until(
      () => main.ok('getRefreshJob', { jobId: started.jobId }),
      (job) => finished(job)
    )
    expect(lost.tracking).toBe('lost')
    expect(lost.message).toMatch(/no longer knows this job/)
    const asked = (await serviceCalls(sandbox, 'GetJobStatus')).length
    // woken, a followed job would be asked about at once; a second job followed to its end
    // meanwhile shows the app polling, and the lost one is never asked about again
    main.services.wake()
    const next = await main.ok('startRefresh', { handles: handles.slice(0, 1) })
    await until(
      () => main.ok('getRefreshJob', { jobId: next.jobId }),
      (job) => finished(job)
    )
    const calls = await serviceCalls(sandbox, 'GetJobStatus')
    expect(calls.filter((c) => c.request.includes(started.jobId))).toHaveLength(asked)
  }, 30_000)

  it('asks at once when the machine wakes, instead of at the next (long) backoff step', async () => {
    const sandbox = await service()
    const main = await start({ loadKeytar: noKeychain, refreshPolling: { ...poll, firstMs: 60_000 }, pace })
    await connect(main, sandbox)
    const handles = testCatalog()
      .search({}, { limit: 2, offset: 80 })
      .results.map((p) => p.li_urls![0]!)
    const started = await main.ok('startRefresh', { handles })
    // the job has ended at the service (asked directly, not through the app)
    await until(
      async () =>
        ((await (await call(sandbox, `/api/Refresh/GetJobStatus/${started.jobId}`)).json()) as { status: string })
          .status,
      (status) => status === 'Completed'
    )
    expect((await main.ok('getRefreshJob', { jobId: started.jobId })).tracking).toBe('following')
    main.services.wake()
    const done = await until(
      () => main.ok('getRefreshJob', { jobId: started.jobId }),
      (job) => finished(job)
    )
    expect(done).toMatchObject({ tracking: 'finished', status: 'Completed', totalSuccessful: 2, issues: [] })
  }, 30_000)

  it('several jobs at once share one bounded request rate per connection', async () => {
    const sandbox = await service({ perHandleMs: 200 })
    const main = await start({
      loadKeytar: noKeychain,
      refreshPolling: { firstMs: 10, factor: 1, maxMs: 10 },
      pace: { ceiling: 5 }
    })
    await connect(main, sandbox)
    const handles = testCatalog()
      .search({}, { limit: 12, offset: 60 })
      .results.map((p) => p.li_urls![0]!)
    for (let i = 0; i < 4; i++) await main.ok('startRefresh', { handles: handles.slice(i * 3, i * 3 + 3) })
    // every job followed to its end: all the requests they made are in
    await until(
      async () => (await main.ok('listRefreshJobs', {})).jobs,
      (jobs) => jobs.length === 4 && jobs.every((job) => finished(job))
    )
    const times = [
      ...(await serviceCalls(sandbox, 'GetJobStatus')),
      ...(await serviceCalls(sandbox, 'RefreshProfiles'))
    ]
      .map((c) => Date.parse(c.request_date))
      .sort((a, b) => a - b)
    expect(times.length).toBeGreaterThan(5)
    // In any one second, at most 5 requests (the pace never above its ceiling), however many jobs poll;
    // the window is measured at the server, so arrival jitter of a few ms is allowed for.
    let most = 0
    for (let i = 0; i < times.length; i++) {
      let n = 0
      for (let j = i; j < times.length && times[j]! - times[i]! < 950; j++) n++
      most = Math.max(most, n)
    }
    expect(most).toBeLessThanOrEqual(5)
  }, 30_000)
})
