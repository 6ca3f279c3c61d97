import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { ImportBatch, ImportCandidate, ImportRow } from '../../../../shared/ipc/channels/imports'
import { createClient } from '../../lib/client'
import { heldMain } from '../../lib/held-main'
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

const fullBatch = (state: ImportBatch['state'], matched: number): ImportBatch => ({
  id: 'batch-0001',
  fileName: 'people.csv',
  format: 'csv',
  sheet: null,
  sheets: [],
  encoding: 'utf-8',
  delimiter: ',',
  notes: [],
  headerRow: 0,
  headerSheetRow: 1,
  headers: ['Name'],
  mapping: ['name'],
  suggested: ['name'],
  remembered: false,
  state,
  threshold: 15,
  resorting: false,
  counts: {
    rows: 3,
    skipped: 0,
    unmatchable: 0,
    duplicate: 0,
    pending: 3 - matched,
    matched,
    doubtful: 0,
    none: 0,
    failed: 0,
    accepted: 0,
    rejected: 0
  },
  rowsPerSecond: null,
  etaSeconds: null,
  problem: null,
  shortlistId: null,
  createdAt: '2026-11-28T10:00:00.000Z',
  updatedAt: '2026-11-28T10:00:00.000Z'
})

/** A main whose batch replies wait for the test to let them go (as the browser host's may, behind events). */
function slowMain() {
  const main = heldMain(['startImportMatch', 'listImports', 'getImport'], { listImportRows: { total: 0, rows: [] } })
  return {
    ...main,
    tell: (batch: ImportBatch) =>
      main.tell('importProgress', { batchId: batch.id, uploadId: null, read: null, size: null, batch })
  }
}

describe('ImportState: a batch a reply took before an importProgress event never shows over it', () => {
  it('keeps a quick match’s end told by events over the “matching” its Match answered after them', async () => {
    const main = slowMain()
    const imports = new ImportState(main.client)
    const stop = imports.listen()
    imports.opened = { batch: fullBatch('mapping', 0), preview: [], previewRows: [] }
    const started = imports.act('startImportMatch')
    main.tell(fullBatch('matching', 1))
    main.tell(fullBatch('done', 3))
    main.answer('startImportMatch', fullBatch('matching', 0))
    await started
    expect(imports.batch).toMatchObject({ state: 'done', counts: { matched: 3 } })

    // the list and an opened import read before the end, answered after it
    const listed = imports.load()
    const opened = imports.open('batch-0001')
    main.tell({ ...fullBatch('done', 3), threshold: 20 })
    main.answer('listImports', [fullBatch('matching', 2)])
    main.answer('getImport', { batch: fullBatch('matching', 2), preview: [], previewRows: [] })
    await Promise.all([listed, opened])
    expect(imports.batches).toMatchObject([{ state: 'done', threshold: 20 }])
    expect(imports.batch).toMatchObject({ state: 'done', threshold: 20 })

    // with no event meanwhile, a reply is shown as it came
    const again = imports.load()
    main.answer('listImports', [{ ...fullBatch('done', 3), shortlistId: 'sl-1' }])
    await again
    expect(imports.batches).toMatchObject([{ shortlistId: 'sl-1' }])
    stop()
  })
})
