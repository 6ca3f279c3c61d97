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
  sheetRow: rowNo,
  cells: [`Name ${rowNo}`],
  request: { name: `Name ${rowNo}` },
  outcome: 'doubtful',
  duplicateOf: null,
  duplicates: 0,
  transactionId: null,
  candidates: [candidate(`${rowNo}-a`), candidate(`${rowNo}-b`)],
  bestKey: null,
  reason: null,
  error: null,
  decision: null,
  chosenKey: null
})

/**
 * Calls main answers only when the test says: `hold` keeps a call's answer back, `next` waits
 * until a call is held and gives the function that answers it.
 */
function heldAnswers() {
  const held: Array<() => void> = []
  const waiting: Array<(answer: () => void) => void> = []
  return {
    hold<T>(make: () => T): Promise<T> {
      return new Promise((resolve) => {
        const answer = () => resolve(make())
        const waiter = waiting.shift()
        if (waiter) waiter(answer)
        else held.push(answer)
      })
    },
    next(): Promise<() => void> {
      return held.length > 0 ? Promise.resolve(held.shift()!) : new Promise((resolve) => waiting.push(resolve))
    }
  }
}

/** Main as the page sees it: rows kept here, each decision answered only when the test says so. */
function fakeMain(rows: ImportRow[], slowFilters = false) {
  /** Lists under a filter (with slowFilters) and decisions, answered when the test says. */
  const listings = heldAnswers()
  const decisions = heldAnswers()
  const ok = <T>(data: T) => ({ ok: true as const, data })
  const bridge = {
    listImportRows: ({ filter }: { filter: string }) => {
      const listed = rows.filter((r) => filter === 'all' || r.outcome === filter).map((r) => ({ ...r }))
      const answer = () => ok({ total: listed.length, rows: listed })
      return filter === 'all' || !slowFilters ? Promise.resolve(answer()) : listings.hold(answer)
    },
    decideImportRows: ({
      decisions: asked
    }: {
      decisions: Array<{ rowNo: number; decision: 'accepted'; chosenKey: string }>
    }) =>
      decisions.hold(() => {
        const changed = asked.map((d) => {
          const stored = rows.find((r) => r.rowNo === d.rowNo)!
          const before = { rowNo: d.rowNo, decision: stored.decision, chosenKey: stored.chosenKey }
          stored.decision = d.decision
          stored.chosenKey = d.chosenKey
          return before
        })
        return ok({ changed })
      }),
    on: () => () => undefined
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), nextCall: () => decisions.next(), nextListing: () => listings.next(), rows }
}

const batch = { id: '9b2f0c4e-5d1a-4f7b-8c3e-2a6d1e0f4b7c', state: 'done' } as ImportBatch

describe('ImportState decisions by keyboard', () => {
  it('applies a key pressed while the last decision is saved to the next row, not the one decided', async () => {
    const main = fakeMain([row(4), row(9), row(12)])
    const imports = new ImportState(main.client)
    imports.opened = { batch, preview: [], previewRows: [] }
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
    imports.opened = { batch, preview: [], previewRows: [] }
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
    imports.opened = { batch, preview: [], previewRows: [] }
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
