import { describe, expect, it } from 'vitest'
import type { LedgerRow, TransactionRow } from '../../../../shared/ipc/channels/usage'
import {
  addDays,
  CREDITS_STEP,
  dayStart,
  dayTickLabels,
  contactCallsNote,
  describeSeries,
  localDay,
  sortRows,
  usageSeries
} from './usage-data'
import { formatDay } from '../../lib/format'

const row = (
  id: string | null,
  type: string | null,
  date: string | null,
  durationMs: number | null
): TransactionRow => ({
  record: {},
  issues: [],
  id,
  requestType: type,
  requestDate: date,
  responseDate: null,
  durationMs,
  partnerName: null,
  request: null,
  response: null
})
/** Noon local time on a day, as the service would write it (UTC with a Z). */
const at = (day: string, hour = 12) => new Date(dayStart(day).getTime() + hour * 3_600_000).toISOString()

describe('the usage table and chart', () => {
  it('sorts by any column, either way, with missing values last', () => {
    const rows = [
      row('b', 'MatchProfiles', at('2026-03-02'), 40),
      row('a', 'GetJobStatus', at('2026-03-01'), null),
      row('c', 'GetPremiumContacts', null, 10)
    ]
    const ids = (sorted: TransactionRow[]) => sorted.map((r) => r.id)
    expect(ids(sortRows(rows, { column: 'requestDate', descending: true }))).toEqual(['b', 'a', 'c'])
    expect(ids(sortRows(rows, { column: 'requestDate', descending: false }))).toEqual(['a', 'b', 'c'])
    expect(ids(sortRows(rows, { column: 'durationMs', descending: true }))).toEqual(['b', 'c', 'a'])
    expect(ids(sortRows(rows, { column: 'requestType', descending: false }))).toEqual(['a', 'c', 'b'])
  })

  it('counts calls per local day by type and adds up the credits the ledger spent', () => {
    const rows = [
      row('1', 'MatchProfiles', at('2026-03-01'), 1),
      row('2', 'MatchProfiles', at('2026-03-03'), 1),
      row('3', 'GetPremiumContacts', at('2026-03-03'), 1),
      row('4', 'MatchProfiles', at('2026-02-01'), 1) // outside the range
    ]
    const ledger = [
      { recordedAt: at('2026-03-02'), creditsSpent: 3 },
      { recordedAt: at('2026-03-03'), creditsSpent: null }
    ] as LedgerRow[]
    const series = usageSeries(rows, ledger, { from: '2026-03-01', to: '2026-03-03' })
    expect(series.days).toEqual(['2026-03-01', '2026-03-02', '2026-03-03'])
    expect(series.calls).toEqual([
      { type: 'GetPremiumContacts', counts: [0, 0, 1] },
      { type: 'MatchProfiles', counts: [1, 0, 1] }
    ])
    expect(series.credits).toEqual([0, 3, 3])
    expect(describeSeries(series)).toBe(
      `3 calls in 3 days (GetPremiumContacts 1, MatchProfiles 2); busiest day ${formatDay('2026-03-03')} with 2. 3 credits used.`
    )
    expect(localDay(new Date(at('2026-03-03', 23)))).toBe('2026-03-03')
  })

  it('says why contact calls outnumber purchases: the free ones read the balance or follow a purchase (issue 36)', () => {
    const contacts = (n: number) =>
      Array.from({ length: n }, (_, i) => row(`p${i}`, 'GetPremiumContacts', at('2026-03-02'), 1))
    const bought = [{ recordedAt: at('2026-03-02'), creditsSpent: 2 }] as LedgerRow[]
    const range = { from: '2026-03-01', to: '2026-03-03' }
    expect(contactCallsNote(usageSeries(contacts(5), bought, range))).toBe(
      'Of the 5 GetPremiumContacts calls, 1 asked to buy (a line of the Credit ledger, with what it spent); the other 4 ' +
        'spent 0 credits: they read the credit balance or followed a purchase until its lookups ended (polling).'
    )
    expect(contactCallsNote(usageSeries(contacts(1), [], range))).toBe(
      'The GetPremiumContacts call spent 0 credits: it read the credit balance or followed a purchase until its lookups ended (polling).'
    )
    // every contact call bought, or none made: nothing to explain
    expect(contactCallsNote(usageSeries(contacts(1), bought, range))).toBe('')
    expect(contactCallsNote(usageSeries([row('m', 'MatchProfiles', at('2026-03-02'), 1)], [], range))).toBe('')
  })
})

describe('the usage chart’s drawing', () => {
  it('shows a day’s credits on that day: the line stays level to the day and rises there', async () => {
    const { _steppedLineTo } = await import('chart.js/helpers')
    const moves: Array<[number, number]> = []
    const ctx = { lineTo: (x: number, y: number) => moves.push([x, y]) } as unknown as CanvasRenderingContext2D
    // day 0 at x=0 with nothing spent, day 1 at x=10 with 5 credits spent
    _steppedLineTo(ctx, { x: 0, y: 0 } as never, { x: 10, y: 5 } as never, false, CREDITS_STEP)
    expect(moves).toEqual([
      [10, 0],
      [10, 5]
    ])
  })

  it('labels the first and the last day always, and about eight in all', () => {
    const days = Array.from({ length: 30 }, (_, i) => addDays('2026-11-01', i))
    const labels = dayTickLabels(days, (day) => day.slice(5))
    expect(labels[0]).toBe('11-01')
    expect(labels.at(-1)).toBe('11-30')
    expect(labels.filter(Boolean).length).toBeGreaterThanOrEqual(6)
    expect(labels.filter(Boolean).length).toBeLessThanOrEqual(9)
    // no label crowds the last one
    const shown = labels.flatMap((label, i) => (label ? [i] : []))
    expect(shown.at(-1)! - shown.at(-2)!).toBeGreaterThanOrEqual(2)
    expect(dayTickLabels(['2026-11-01'], (d) => d)).toEqual(['2026-11-01'])
    expect(dayTickLabels(days.slice(0, 3), (d) => d.slice(8))).toEqual(['01', '02', '03'])
  })
})
