import { describe, expect, it } from 'vitest'
import { openStore, systemClock } from '../../../electron/main/store'
import { importsStore } from '../../../electron/main/imports/imports-store'
import type { ImportBatch, ImportRow } from '../../../shared/ipc/channels/imports'
import { fillAnsweredBatch } from '../store/fixtures/answered-batch'
import { useMains } from './helpers'

const start = useMains()
const ROWS = 1_000
const batchId = 'resort-batch'

/**
 * The review's "ahead by N points" moved on a batch of 1,000 answered rows, each with five whole
 * profiles (~0.5 ms a row to read and weigh: far more than one 12 ms slice on any machine), put
 * in main's own SQLite file beforehand through a second connection. No timing is asserted: the
 * test follows the events main pushes to the page.
 */
describe('a new lead threshold, through main', () => {
  it('says the batch is being sorted again, keeps a decision made meanwhile, and answers once every row is sorted', async () => {
    const main = await start()
    const writer = openStore({ dataDir: main.dataDir })
    try {
      fillAnsweredBatch(importsStore(writer, systemClock), { id: batchId, rows: ROWS })
    } finally {
      writer.close()
    }
    const row = async (rowNo: number): Promise<ImportRow> =>
      (await main.ok('listImportRows', { batchId, filter: 'all', offset: rowNo - 1, limit: 1 })).rows[0]!
    // twins 10 points behind (rows 11 and 972): doubtful at 15, matched at 5
    expect((await row(11)).outcome).toBe('doubtful')
    expect((await row(972)).outcome).toBe('doubtful')

    const pushed: ImportBatch[] = []
    const order: string[] = []
    const refusals: string[] = []
    let decided: Promise<unknown> | undefined
    main.services.events.subscribe((name, payload) => {
      const batch = name === 'importProgress' ? (payload as { batch: ImportBatch | null }).batch : null
      if (batch?.id !== batchId) return
      pushed.push(batch)
      // the recruiter rejects a row while the rows are being sorted again
      if (batch.resorting && decided === undefined) {
        decided = Promise.resolve()
          .then(() => main.ok('decideImportRows', { batchId, decisions: [{ rowNo: 972, decision: 'rejected' }] }))
          .then(() => order.push('decided'))
          // "matched" is not settled yet: accepting every matched row waits for the re-sort
          .then(() => main.fail('acceptMatchedImportRows', { batchId }))
          .then((error) => refusals.push(error.code))
      }
    })
    const answer = await main.ok('setImportThreshold', { batchId, threshold: 5 })
    order.push('threshold answered')
    await decided

    // the page was told at once that the rows are being sorted again, with the new threshold
    expect(pushed[0]).toMatchObject({ threshold: 5, resorting: true })
    // the decision went through while the rows were being sorted (main's loop was free)
    expect(order).toEqual(['decided', 'threshold answered'])
    expect(answer).toMatchObject({ threshold: 5, resorting: false })
    expect(pushed.at(-1)).toMatchObject({ resorting: false })
    expect(await row(11)).toMatchObject({ outcome: 'matched', decision: null })
    // decided before the re-sort reached it: kept, with the outcome it was decided on
    expect(await row(972)).toMatchObject({ outcome: 'doubtful', decision: 'rejected' })
    expect(answer.counts.rejected).toBe(1)
    expect(refusals).toEqual(['conflict'])
    // once sorted, every matched row can be accepted
    expect((await main.ok('acceptMatchedImportRows', { batchId })).changed.length).toBe(answer.counts.matched)
  }, 60_000)
})
