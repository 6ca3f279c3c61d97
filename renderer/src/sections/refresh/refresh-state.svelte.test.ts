import { describe, expect, it, vi } from 'vitest'
import type { RefreshJobDetail, RefreshJobSummary, RefreshTracking } from '../../../../shared/ipc/channels/refresh'
import { heldMain } from '../../lib/held-main'
import { RefreshState } from './refresh-state.svelte'

const job = (jobId: string, tracking: RefreshTracking, totalProcessed: number): RefreshJobSummary => ({
  jobId,
  connectionId: 'c-1',
  connectionName: 'Sandbox',
  label: '3 pasted handles',
  shortlistId: null,
  watchId: null,
  status: tracking === 'finished' ? 'Completed' : 'InProgress',
  tracking,
  totalRequested: 3,
  totalProcessed,
  totalSuccessful: totalProcessed,
  totalFailed: 0,
  progressPercentage: (totalProcessed / 3) * 100,
  startTime: '2026-11-28T10:00:00.000Z',
  endTime: tracking === 'finished' ? '2026-11-28T10:00:05.000Z' : null,
  duration: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: tracking === 'finished' ? '2026-11-28T10:00:05.000Z' : null,
  message: null,
  outcome: null
})
const detail = (summary: RefreshJobSummary): RefreshJobDetail => ({
  ...summary,
  requestedHandles: ['a', 'b', 'c'],
  processedHandles: [],
  failedHandles: [],
  options: { saveToStorage: true },
  record: null,
  issues: []
})

/** A main whose replies wait for the test to let them go (as the browser host's may, behind events). */
function fakeMain() {
  const main = heldMain(['startRefresh', 'checkRefreshJob', 'listRefreshJobs', 'getRefreshJob'])
  return {
    ...main,
    tell: (summary: RefreshJobSummary, finishedNow = false) =>
      main.tell('refreshJobChanged', { job: summary, finishedNow })
  }
}

const jobs = (state: RefreshState) => (state.jobs.state === 'ready' ? state.jobs.value : [])

describe('RefreshState: replies taken before a refreshJobChanged event never put the older job back', () => {
  it('keeps a quick job’s end told by events over the “starting” its start answered after them', async () => {
    const main = fakeMain()
    const refresh = new RefreshState(main.client, { notifyInPage: false })
    const started = refresh.start({ handles: ['a', 'b', 'c'] }, {})
    main.tell(job('j-1', 'following', 1))
    main.tell(job('j-1', 'finished', 3), true)
    main.answer('startRefresh', job('j-1', 'starting', 0))
    await started
    expect(jobs(refresh)).toMatchObject([{ jobId: 'j-1', tracking: 'finished', totalProcessed: 3 }])
    expect(refresh.running).toBe(0)

    // a check answered with no event meanwhile is shown
    const checked = refresh.check('j-1')
    main.answer('checkRefreshJob', job('j-1', 'lost', 3))
    await checked
    expect(jobs(refresh)[0]?.tracking).toBe('lost')
    // and one answered after an event is not
    const again = refresh.check('j-1')
    main.tell(job('j-1', 'finished', 3))
    main.answer('checkRefreshJob', job('j-1', 'following', 2))
    await again
    expect(jobs(refresh)[0]?.tracking).toBe('finished')
  })

  it('keeps the jobs events told over the list read that answers after them, and the rest of the list', async () => {
    const main = fakeMain()
    const refresh = new RefreshState(main.client, { notifyInPage: false })
    const loading = refresh.load()
    main.tell(job('j-1', 'finished', 3), true)
    main.tell(job('j-3', 'following', 0))
    main.answer('listRefreshJobs', { jobs: [job('j-1', 'following', 1), job('j-2', 'finished', 3)] })
    await loading
    expect(jobs(refresh).map((known) => [known.jobId, known.tracking])).toEqual([
      ['j-3', 'following'],
      ['j-1', 'finished'],
      ['j-2', 'finished']
    ])

    // with no event meanwhile, the list is shown as read
    const again = refresh.load()
    main.answer('listRefreshJobs', { jobs: [job('j-1', 'finished', 3)] })
    await again
    expect(jobs(refresh).map((known) => known.jobId)).toEqual(['j-1'])
  })

  it('shows the newer summary over a job’s detail read before the job moved, and reads its detail again', async () => {
    const main = fakeMain()
    const refresh = new RefreshState(main.client, { notifyInPage: false })
    const listed = refresh.load()
    main.answer('listRefreshJobs', { jobs: [job('j-1', 'following', 1)] })
    await listed

    const selected = refresh.select('j-1')
    main.tell(job('j-1', 'finished', 3), true)
    main.answer('getRefreshJob', detail(job('j-1', 'following', 1)))
    await selected
    expect(refresh.detail).toMatchObject({ state: 'ready', value: { tracking: 'finished', totalProcessed: 3 } })
    expect(main.waiting('getRefreshJob')).toBe(1)
    main.answer('getRefreshJob', { ...detail(job('j-1', 'finished', 3)), processedHandles: ['a', 'b', 'c'] })
    await vi.waitFor(() =>
      expect(refresh.detail).toMatchObject({ value: { tracking: 'finished', processedHandles: ['a', 'b', 'c'] } })
    )
  })
})
