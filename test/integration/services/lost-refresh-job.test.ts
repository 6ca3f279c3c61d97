import { describe, expect, it } from 'vitest'
import type { WatchesOverview } from '../../../shared/ipc/channels/watches'
import { NO_LONGER_KNOWN } from '../../../electron/main/refresh/refresh-service'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { connect, noKeychain, useMains, useOpened } from './helpers'

const opened = useOpened()

const poll = { firstMs: 30, factor: 1.5, maxMs: 120 }
const following = (job: { tracking: string }) => job.tracking === 'starting' || job.tracking === 'following'

describe('a refresh job the service no longer knows (#29 item 8)', () => {
  const start = useMains()

  it('says what that means, and frees the watch’s daily budget for the next run', async () => {
    // jobs that run for minutes: the one started is still running when the service forgets it
    const sandbox = await startTestSandbox({ clock: systemClock, refreshTiming: { queueMs: 30, perHandleMs: 600_000 } })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, refreshPolling: poll })
    await connect(main, sandbox, 'Forgetful service')
    const people = testCatalog().search({}, { limit: 4, offset: 900 }).results
    const list = await main.ok('createShortlist', { name: 'Forgotten' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: people })
    await main.ok('setWatchSettings', { jobsPerDay: 1, peoplePerJob: 2 })

    // watching looks at once: one job today (the budget), two members wait
    const watch = await main.ok('watchShortlist', { shortlistId: list.id })
    await main.services.watches.idle()
    const [job] = await until(
      async () => (await main.ok('listRefreshJobs', {})).jobs.filter((j) => j.watchId === watch.id),
      (jobs) => jobs.length === 1 && jobs[0]!.tracking === 'following'
    )
    expect((await main.ok('listWatches', {})).today).toEqual({ jobs: 1, people: 2 })

    // the service forgets it (its state lost): the app's next look finds a 404
    await sandbox.reset()
    const lost = await until(
      () => main.ok('getRefreshJob', { jobId: job!.jobId }),
      (summary) => !following(summary)
    )
    expect(lost.tracking).toBe('lost')
    expect(lost.message).toBe(NO_LONGER_KNOWN)
    expect(lost.message).toMatch(/nothing more will come from it/)

    // the budget it held is free, and the watch said so at once
    const overview = await main.ok('listWatches', {})
    expect(overview.today).toEqual({ jobs: 0, people: 0 })
    const told = main.events
      .filter((event) => event.name === 'watchesChanged')
      .map((event) => (event.payload as WatchesOverview).today)
    expect(told.at(-1)).toEqual({ jobs: 0, people: 0 })

    // the next run may start a job today
    await main.ok('runWatchNow', { watchId: watch.id })
    const jobs = await until(
      async () => (await main.ok('listRefreshJobs', {})).jobs.filter((j) => j.watchId === watch.id),
      (all) => all.length === 2
    )
    expect(jobs.filter(following)).toHaveLength(1)
    await until(
      async () => (await main.ok('listWatches', {})).today,
      (today) => today.jobs === 1
    )
  }, 30_000)
})
