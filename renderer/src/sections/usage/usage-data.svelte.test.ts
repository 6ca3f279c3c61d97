import { describe, expect, it } from 'vitest'
import type { LedgerRow, TransactionRow } from '../../../../shared/ipc/channels/usage'
import { dayStart, describeSeries, localDay, sortRows, usageSeries } from './usage-data'

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
      '3 calls in 3 days (GetPremiumContacts 1, MatchProfiles 2); busiest day 2026-03-03 with 2. 3 credits used.'
    )
    expect(localDay(new Date(at('2026-03-03', 23)))).toBe('2026-03-03')
  })
})
