import { describe, expect, it } from 'vitest'
import type { ImportBatch } from '../../../shared/ipc/channels/imports'
import { systemClock } from '../../../sandbox'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { systemClock as appClock } from '../../../electron/main/store/clock'
import { connect, noKeychain, startMain, tempDir, useMains, useOpened, type TestMain } from './helpers'

const opened = useOpened()

/** A sheet of `count` sandbox people by name and employer: one Match Profiles call a row. */
async function openSheet(main: TestMain, count: number): Promise<string> {
  const lines = testCatalog()
    .search({}, { limit: count, offset: 300 })
    .results.map((person) => `"${person.full_name}","${person.cur_company ?? ''}"`)
  const bytes = Buffer.from(['Name,Company', ...lines].join('\n'))
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { batch } = await main.ok('openImport', { uploadId, fileName: 'names.csv' })
  await main.ok('discardImportUpload', { uploadId })
  expect(batch.mapping).toEqual(['name', 'company'])
  return batch.id
}

const answeredOf = (batch: ImportBatch) =>
  batch.counts.matched + batch.counts.doubtful + batch.counts.none + batch.counts.failed

/** The app's own Match Profiles calls, from its call log (once every answered row is in it). */
async function matchCalls(main: TestMain, rows: number) {
  const { calls } = await until(
    () => main.ok('listCallLog', { limit: 10_000 }),
    (log) => log.calls.filter((c) => c.endpoint.endsWith('MatchProfiles') && c.ok).length >= rows
  )
  return calls.filter((c) => c.endpoint.endsWith('MatchProfiles'))
}

describe('the pace a service sets, over HTTP', () => {
  const start = useMains()

  it('bulk match converges on a service that allows 40 requests a second: few 429s, no row failed, the ETA is the pace’s', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, faults: 'rate=40,retryAfter=1' })
    opened.push(sandbox)
    // default settings: a remote connection's ceiling (100/s) and the pace's own start
    const main = await start({ loadKeytar: noKeychain, clock: appClock })
    const connectionId = await connect(main, sandbox, 'Limited service')
    const rows = 320
    const batchId = await openSheet(main, rows)
    await main.ok('startImportMatch', { batchId })
    const midway = await until(
      async () => (await main.ok('getImport', { batchId })).batch,
      (batch) => answeredOf(batch) >= 200 && batch.rowsPerSecond !== null,
      30_000
    )
    // mid-way, the speed shown is the pace's: its rate (near the service's 40 calls a second)
    // over the calls a row takes (a second, looser ask for some), and the ETA follows it
    const pace = await main.ok('getConnectionPace', { connectionId })
    expect(pace.rate).toBeGreaterThan(30)
    expect(pace.rate).toBeLessThanOrEqual(40)
    expect(midway.rowsPerSecond).toBeLessThanOrEqual(pace.rate! + 0.1)
    expect(midway.rowsPerSecond).toBeGreaterThan(pace.rate! / 2.5)
    expect(midway.etaSeconds).toBe(Math.ceil(midway.counts.pending / midway.rowsPerSecond!))
    const done = await until(
      async () => (await main.ok('getImport', { batchId })).batch,
      (batch) => batch.state === 'done',
      30_000
    )
    expect(done.counts.failed).toBe(0)
    expect(answeredOf(done)).toBe(rows)
    const calls = await matchCalls(main, rows)
    const limited = calls.filter((c) => c.status === 429).length
    expect(limited / calls.length).toBeLessThan(0.05)
    // the pace found the service's limit (40 a second) and keeps just under it; how close the
    // achieved rate comes is measured side by side in the bench (pace.bench.ts), not timed here
    const after = await main.ok('getConnectionPace', { connectionId })
    expect(after).toMatchObject({ connectionId, ceiling: 100, isDefault: true, defaultCeiling: 100 })
    expect(after.limit).toBeGreaterThan(34)
    expect(after.limit).toBeLessThanOrEqual(41)
  }, 60_000)

  it('never goes above the ceiling the recruiter set; the setting is checked, kept and can go back to the default', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock })
    opened.push(sandbox)
    const dataDir = tempDir()
    const first = await startMain({ dataDir, loadKeytar: noKeychain })
    const connectionId = await connect(first, sandbox, 'Limited service')
    for (const ceiling of [0, 1001, 2.5]) {
      const error = await first.fail('setConnectionPace', { connectionId, ceiling })
      expect(error.code).toBe('invalid_input')
      expect(error.message).toMatch(/ceiling: (at least 1|at most 1,000|.*whole)/)
    }
    expect((await first.fail('setConnectionPace', { connectionId: 'no-such', ceiling: 5 })).code).toBe('not_found')
    expect(await first.ok('setConnectionPace', { connectionId, ceiling: 12 })).toMatchObject({
      ceiling: 12,
      isDefault: false
    })
    await first.close()

    const main = await start({ dataDir, loadKeytar: noKeychain })
    // the key was kept for that session only (no keychain here)
    await main.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    expect(await main.ok('getConnectionPace', { connectionId })).toMatchObject({ ceiling: 12, isDefault: false })
    const batchId = await openSheet(main, 40)
    await main.ok('startImportMatch', { batchId })
    await until(
      async () => (await main.ok('getImport', { batchId })).batch,
      (batch) => batch.state === 'done',
      30_000
    )
    const starts = (await matchCalls(main, 40)).map((c) => Date.parse(c.startedAt)).sort((a, b) => a - b)
    let most = 0
    for (let i = 0; i < starts.length; i++) {
      let n = 0
      for (let j = i; j < starts.length && starts[j]! - starts[i]! < 1000; j++) n++
      most = Math.max(most, n)
    }
    expect(most).toBeLessThanOrEqual(13) // 12 a second, a millisecond of the log's rounding aside
    expect((await main.ok('setConnectionPace', { connectionId, ceiling: null })).ceiling).toBe(100)
  }, 60_000)
})
