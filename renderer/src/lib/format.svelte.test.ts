import { afterEach, describe, expect, it } from 'vitest'
import {
  formatCount,
  formatDateTime,
  formatDay,
  formatMonth,
  formatNumber,
  formatSpan,
  formatWhole,
  useLocale
} from './format'

describe('one number and date format, in the recruiter’s locale', () => {
  afterEach(() => useLocale(undefined))

  it('writes numbers and counts the locale’s way', () => {
    useLocale('en-US')
    expect(formatNumber(1234567)).toBe('1,234,567')
    expect(formatCount(1000, 'person', 'people')).toBe('1,000 people')
    expect(formatCount(1, 'person', 'people')).toBe('1 person')
    expect(formatWhole(85000.6)).toBe('85,001')
    useLocale('de-DE')
    expect(formatNumber(1234567)).toBe('1.234.567')
    expect(formatCount(1000, 'person', 'people')).toBe('1.000 people')
  })

  it('writes dates the locale’s way, and calendar days and months as the very day and month', () => {
    useLocale('en-US')
    expect(formatDay('2026-03-01')).toBe('Mar 1, 2026')
    expect(formatMonth('2021-03-01T00:00:00Z')).toBe('Mar 2021')
    expect(formatSpan('2015-09', '')).toBe('Sep 2015 – now')
    expect(formatDateTime('2026-03-01T08:30:00')).toMatch(/^Mar 1, 2026, 8:30\s?AM$/)
    useLocale('de-DE')
    expect(formatDay('2026-03-01')).toBe('01.03.2026')
    expect(formatMonth('2021-03')).toBe('März 2021')
    expect(formatDateTime('2026-03-01T08:30:00')).toBe('01.03.2026, 08:30')
  })

  it('keeps text that is no date as it is', () => {
    expect(formatDateTime('soon')).toBe('soon')
    expect(formatDay('')).toBe('')
    expect(formatMonth('Summer 2019')).toBe('Summer 2019')
  })
})
