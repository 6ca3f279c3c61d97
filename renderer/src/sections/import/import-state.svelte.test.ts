import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { ImportBatch, ImportCandidate, ImportRow } from '../../../../shared/ipc/channels/imports'
import { createClient } from '../../lib/client'
import { ImportState } from './import-state.svelte'

const candidate = (key: string): ImportCandidate => ({
  key,
  name: `Person ${key}`,
  title: 'Engineer',
  company: 'Acme',
  location: 'Lisbon',
  link: '',
  email: '',
  score: 50,
  matchType: 'name'
})
const row = (rowNo: number): ImportRow => ({
  rowNo,
  cells: [`Name ${rowNo}`],
  request: { name: `Name ${rowNo}` },
  outcome: 'doubtful',
  duplicateOf: null,
  duplicates: 0,
  transactionId: null,
  candidates: [candidate(`${rowNo}-a`), candidate(`${rowNo}-b`)],
  bestKey: null,
  error: null,
  decision: null,
  chosenKey: null
})

/** Main as the page sees it: rows kept here, each decision answered only when the test says so. */
function fakeMain(rows: ImportRow[], slowFilters = false) {
  /** Lists under a filter, answered when the test says (with slowFilters). */
  const listings: Array<() => void> = []
  const listingWaiters: Array<(answer: () => void) => void> = []
  /** The next list under a filter main was asked for, once it is asked: calling it answers. */
  const nextListing = (): Promise<() => void> =>
    listings.length > 0 ? Promise.resolve(listings.shift()!) : new Promise((resolve) => listingWaiters.push(resolve))
  const pending: Array<() => void> = []
  const waiting: Array<(answer: () => void) => void> = []
  /** The next decision main was asked for, once it is asked: calling it answers. */
  const nextCall = (): Promise<() => void> =>
    pending.length > 0 ? Promise.resolve(pending.shift()!) : new Promise((resolve) => waiting.push(resolve))
  const ok = <T>(data: T) => ({ ok: true as const, data })
  const bridge = {
    listImportRows: ({ filter }: { filter: string }) => {
      const listed = rows.filter((r) => filter === 'all' || r.outcome === filter).map((r) => ({ ...r }))
      const answer = () => ok({ total: listed.length, rows: listed })
      if (filter === 'all' || !slowFilters) return Promise.resolve(answer())
      return new Promise((resolve) => {
        const waiter = listingWaiters.shift()
        if (waiter) waiter(() => resolve(answer()))
        else listings.push(() => resolve(answer()))
      })
    },
    decideImportRows: ({
      decisions
    }: {
      decisions: Array<{ rowNo: number; decision: 'accepted'; chosenKey: string }>
    }) =>
      new Promise((resolve) => {
        const answer = () => {
          const changed = decisions.map((d) => {
            const stored = rows.find((r) => r.rowNo === d.rowNo)!
            const before = { rowNo: d.rowNo, decision: stored.decision, chosenKey: stored.chosenKey }
            stored.decision = d.decision
            stored.chosenKey = d.chosenKey
            return before
          })
          resolve(ok({ changed }))
        }
        const waiter = waiting.shift()
        if (waiter) waiter(answer)
        else pending.push(answer)
      }),
    on: () => () => undefined
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), nextCall, nextListing, pending, rows }
}

const batch = { id: '9b2f0c4e-5d1a-4f7b-8c3e-2a6d1e0f4b7c', state: 'done' } as ImportBatch

describe('ImportState decisions by keyboard', () => {
  it('applies a key pressed while the last decision is saved to the next row, not the one decided', async () => {
    const main = fakeMain([row(4), row(9), row(12)])
    const imports = new ImportState(main.client)
    imports.opened = { batch, preview: [] }
    await imports.loadRows()
    expect(imports.error).toBeNull()
    const first = imports.accept(0)
    const second = imports.accept(1) // pressed before the first is saved
    const answerFirst = await main.nextCall()
    expect(imports.notice).toBeNull()
    answerFirst()
    await first
    expect(imports.notice).toBe('Accepted Person 4-a for row 4')
    expect(imports.row?.rowNo).toBe(9)
    ;(await main.nextCall())()
    await second
    expect(main.rows.map((r) => r.chosenKey)).toEqual(['4-a', '9-b', null])
    expect(imports.row?.rowNo).toBe(12)
  })

  it('undoes the decision before it, in turn', async () => {
    const main = fakeMain([row(4), row(9)])
    const imports = new ImportState(main.client)
    imports.opened = { batch, preview: [] }
    await imports.loadRows()
    const accepted = imports.accept(0)
    const undone = imports.undoLast()
    ;(await main.nextCall())()
    await accepted
    ;(await main.nextCall())()
    await undone
    expect(main.rows.map((r) => r.chosenKey)).toEqual([null, null])
    expect(imports.notice).toBe('Undone: Accepted Person 4-a for row 4')
  })

  it('acts on the first row of a filter chosen just before the key, not on the list shown before', async () => {
    const matched = { ...row(2), outcome: 'matched' as const, bestKey: '2-a' }
    const main = fakeMain([matched, row(4), row(9)], true)
    const imports = new ImportState(main.client)
    imports.opened = { batch, preview: [] }
    await imports.loadRows()
    expect(imports.row?.rowNo).toBe(2)
    const filtered = imports.setFilter('doubtful')
    const accepted = imports.accept(0) // pressed before the doubtful rows arrived
    ;(await main.nextListing())()
    await filtered
    ;(await main.nextCall())()
    ;(await main.nextListing())() // the rows read again after the decision
    await accepted
    expect(main.rows.map((r) => [r.rowNo, r.chosenKey])).toEqual([
      [2, null],
      [4, '4-a'],
      [9, null]
    ])
  })
})
