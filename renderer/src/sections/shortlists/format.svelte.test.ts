import { describe, expect, it } from 'vitest'
import { dataAgeLine, formatMonth, formatSpan } from './format'

describe('dates read as dates', () => {
  it('shows a role’s span as months, “now” when it goes on', () => {
    expect(formatSpan('2021-03-01T00:00:00Z', '')).toBe('Mar 2021 – now')
    expect(formatSpan('2015-09-01T00:00:00', '2019-06-30T00:00:00.0000000')).toBe('Sep 2015 – Jun 2019')
    expect(formatSpan('', '2020-12')).toBe('? – Dec 2020')
  })

  it('keeps text that is not a date as it is', () => {
    expect(formatMonth('Summer 2019')).toBe('Summer 2019')
    expect(formatMonth('2019')).toBe('2019')
    expect(formatMonth('')).toBe('')
  })
})

describe('how old saved data is', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it('names the service’s date and the save apart, or the save alone', () => {
    expect(
      dataAgeLine(
        {
          dataAsOf: { at: '2025-10-20T12:00:00.000Z', basis: 'refreshed' },
          profileCapturedAt: '2026-11-22T09:00:00.000Z',
          profileSource: 'saved'
        },
        now
      )
    ).toMatch(/^Refreshed by the service 13 months ago \(Oct 20, 2025\); saved here Nov 22, 2026, /)
    expect(
      dataAgeLine(
        {
          dataAsOf: { at: '2026-11-22T09:00:00.000Z', basis: 'saved' },
          profileCapturedAt: '2026-11-22T09:00:00.000Z',
          profileSource: 'saved'
        },
        now
      )
    ).toBe('Saved today (Nov 22, 2026)')
  })
})
