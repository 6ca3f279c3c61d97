import { afterEach, describe, expect, it } from 'vitest'
import { refreshJobStartSchema, refreshJobStatusSchema } from '../../../shared/api'
import { handlesOf } from '../../../sandbox/data/handles'
import { call, errorOf, post, startTestSandbox, testCatalog } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox | undefined
afterEach(async () => {
  await sb?.close()
  sb = undefined
})

const timing = { queueMs: 200, perHandleMs: 100 }
const profilesAt = (offset: number, n: number) => testCatalog().search({}, { limit: n, offset }).results
const handleOf = (offset: number): string => handlesOf(profilesAt(offset, 1)[0]!)[0]!
const handles = (offset: number, n: number): string[] => Array.from({ length: n }, (_, i) => handleOf(offset + i))

const start = async (body: unknown) => {
  const res = await post(sb!, '/api/Refresh/RefreshProfiles', body)
  return { res, job: res.status === 200 ? refreshJobStartSchema.parse(res.json()) : undefined }
}
const status = async (jobId: string) => {
  const res = await call(sb!, `/api/Refresh/GetJobStatus/${encodeURIComponent(jobId)}`)
  return { res, job: res.status === 200 ? refreshJobStatusSchema.parse(res.json()) : undefined }
}

describe('Refresh jobs', () => {
  it('runs Queued -> InProgress -> Completed, batch by batch, honouring maxConcurrency', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    // 8 handles, batches of 2, 2 workers: 4 batches in 2 waves of 200 ms after 200 ms in the queue.
    const { job } = await start({ profileHandles: handles(0, 8), batchSize: 2, maxConcurrency: 2 })
    expect(job).toMatchObject({
      status: 'Queued',
      totalRequested: 8,
      totalProcessed: 0,
      progressPercentage: 0,
      successfulRefreshes: [],
      failedRefreshes: []
    })
    expect(job!.progressUrl).toBe(`${sb.baseUrl}/api/Refresh/GetJobStatus/${job!.jobId}`)
    expect(job!.dataUrl).toContain(job!.jobId)
    const id = job!.jobId!

    sb.clock.advance(300) // one handle of each of the two first batches
    let s = (await status(id)).job!
    expect(s).toMatchObject({ status: 'InProgress', totalProcessed: 2, totalSuccessful: 2, progressPercentage: 25 })
    expect(s.processedHandles).toHaveLength(2)

    sb.clock.advance(100) // first wave done
    s = (await status(id)).job!
    expect(s.totalProcessed).toBe(4)

    sb.clock.advance(200)
    s = (await status(id)).job!
    expect(s).toMatchObject({
      status: 'Completed',
      totalProcessed: 8,
      totalSuccessful: 8,
      totalFailed: 0,
      progressPercentage: 100
    })
    expect(s.duration).toBe('00:00:00.600')
    expect(s.endTime).toBeTruthy()
    expect(s.lastUpdated).toBe(s.endTime)
    expect(s.errorMessage).toBeFalsy()
  })

  it('one worker processes batches one after another', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const { job } = await start({ profileHandles: handles(0, 6), batchSize: 3, maxConcurrency: 1 })
    sb.clock.advance(200 + 300)
    expect((await status(job!.jobId!)).job!.totalProcessed).toBe(3)
    sb.clock.advance(300)
    expect((await status(job!.jobId!)).job!.status).toBe('Completed')
  })

  it('updates last_refreshed of the refreshed profiles (seen through MatchProfiles)', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const profile = profilesAt(30, 1)[0]!
    const before = profile.last_refreshed
    const { job } = await start({ profileHandles: [handlesOf(profile)[0]], batchSize: 1, maxConcurrency: 1 })
    sb.clock.advance(300)
    const matched = await post(sb, '/api/Search/MatchProfiles', { key: profile.key })
    const found = matched.json().find((p: { key: string }) => p.key === profile.key)
    expect(found.last_refreshed).not.toBe(before)
    expect(Date.parse(found.last_refreshed)).toBe(sb.clock.now())
    const data = await call(sb, new URL(job!.dataUrl!).pathname)
    expect(data.json().map((p: { key: string }) => p.key)).toEqual([profile.key])
  })

  it('reports per-handle failures: malformed at once, unknown when its batch runs', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const { job } = await start({ profileHandles: [handleOf(0), 'bad handle', 'no-such-handle-zz9'], batchSize: 5 })
    expect(job!.failedRefreshes).toEqual([{ handle: 'bad handle', error: expect.stringMatching(/Malformed/) }])
    expect(job!.totalFailed).toBe(1)
    sb.clock.advance(1000)
    const s = (await status(job!.jobId!)).job!
    expect(s.status).toBe('Completed')
    expect(s.totalSuccessful).toBe(1)
    expect(s.totalFailed).toBe(2)
    expect(s.failedHandles!.map((f) => f.handle).sort()).toEqual(['bad handle', 'no-such-handle-zz9'])
    expect(s.failedHandles!.find((f) => f.handle === 'no-such-handle-zz9')!.error).toMatch(/No profile/)
  })

  it('is Failed with an errorMessage when every handle fails', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const { job } = await start({ profileHandles: ['nobody-1', 'nobody-2'] })
    sb.clock.advance(1000)
    const s = (await status(job!.jobId!)).job!
    expect(s.status).toBe('Failed')
    expect(s.errorMessage).toMatch(/All 2/)
  })

  it('a client-supplied jobId makes the start idempotent', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const body = { profileHandles: handles(0, 3), jobId: 'nightly-2026-01-05' }
    const first = (await start(body)).job!
    expect(first.jobId).toBe('nightly-2026-01-05')
    sb.clock.advance(350)
    // The same request again (handles in any order) is the same job, not a new one.
    const second = (await start({ ...body, profileHandles: [...handles(0, 3)].reverse() })).job!
    expect(second.jobId).toBe(first.jobId)
    expect(second.totalRequested).toBe(3)
    expect(second.startTime).toBe(first.startTime)
    expect(second.totalProcessed).toBe(1)
  })

  it('refuses to reuse a jobId for other handles (409), leaving the first job as it was', async () => {
    sb = await startTestSandbox({ refreshTiming: timing })
    const body = { profileHandles: handles(0, 3), jobId: 'nightly-2026-01-06' }
    const first = (await start(body)).job!
    const clash = await start({ ...body, profileHandles: handles(10, 5) })
    expect(clash.res.status).toBe(409)
    expect(errorOf(clash.res)).toMatchObject({ code: 'conflict', details: { field: 'jobId' } })
    const { job } = await status(first.jobId!)
    expect(job!.totalRequested).toBe(3)
  })

  it('an unknown jobId is 404', async () => {
    sb = await startTestSandbox()
    const { res } = await status('does-not-exist')
    expect(res.status).toBe(404)
    expect(errorOf(res).code).toBe('not_found')
  })

  it('validates the body, naming the field', async () => {
    sb = await startTestSandbox()
    const cases: [unknown, string][] = [
      [{}, 'profileHandles'],
      [{ profileHandles: [] }, 'profileHandles'],
      [{ profileHandles: ['a'], batchSize: 0 }, 'batchSize'],
      [{ profileHandles: ['a'], maxConcurrency: 11 }, 'maxConcurrency'],
      [{ profileHandles: ['a'], jobId: 'has spaces' }, 'jobId'],
      [{ profileHandles: ['a'], profilehandles: ['b'] }, 'profilehandles']
    ]
    for (const [body, field] of cases) {
      const { res } = await start(body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(errorOf(res).message).toContain(field)
    }
  })
})
