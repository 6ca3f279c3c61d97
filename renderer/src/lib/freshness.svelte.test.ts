import { describe, expect, it } from 'vitest'
import { dataAsOf, profileDates } from '../../../shared/data-age'
import { ageText, ageWords, changeText, dataAgeText, durationText, isStale } from './freshness'

describe('freshness', () => {
  const now = Date.parse('2026-11-22T12:00:00Z')
  it('says how old data is, and when it is stale', () => {
    expect(ageText('2026-11-22T08:00:00Z', now)).toBe('today')
    expect(ageText('2026-11-19T08:00:00Z', now)).toBe('3 d')
    expect(ageText('2026-10-01T08:00:00Z', now)).toBe('7 wk')
    expect(ageText('2025-11-01T08:00:00Z', now)).toBe('13 mo')
    expect(isStale('2026-10-23T11:00:00Z', now)).toBe(false)
    expect(isStale('2026-10-20T11:00:00Z', now)).toBe(true)
    expect(ageText('not a date', now)).toBe('today')
  })
  it('says what dates the data: the service’s refresh or update, else the save', () => {
    expect(dataAgeText({ at: '2025-10-20T00:00:00.000Z', basis: 'refreshed' }, now)).toBe(
      'refreshed by the service 13 months ago'
    )
    expect(dataAgeText({ at: '2026-11-08T00:00:00.000Z', basis: 'updated' }, now)).toBe(
      'updated at the service 2 weeks ago'
    )
    expect(dataAgeText({ at: '2026-11-22T08:00:00Z', basis: 'saved' }, now)).toBe('saved today')
    expect(ageWords('2026-11-21T08:00:00Z', now)).toBe('yesterday')
    expect(ageWords('2026-11-19T08:00:00Z', now)).toBe('3 days ago')
    expect(ageWords('2023-11-01T08:00:00Z', now)).toBe('3 years ago')
  })
  it('dates a profile saved today but refreshed 13 months ago by the refresh, and calls it stale', () => {
    const asOf = dataAsOf({
      profileCapturedAt: '2026-11-22T08:00:00.000Z',
      profileSource: 'saved',
      dates: profileDates({ last_refreshed: '2025-10-20T00:00:00Z', last_updated: '2025-09-01' })
    })
    expect(asOf).toEqual({ at: '2025-10-20T00:00:00.000Z', basis: 'refreshed' })
    expect(isStale(asOf.at, now)).toBe(true)
    expect(ageText(asOf.at, now)).toBe('13 mo')
    // without dates of its own, the save dates it
    const saved = dataAsOf({
      profileCapturedAt: '2026-11-22T08:00:00.000Z',
      profileSource: 'saved',
      dates: profileDates({})
    })
    expect(saved).toEqual({ at: '2026-11-22T08:00:00.000Z', basis: 'saved' })
    expect(isStale(saved.at, now)).toBe(false)
  })
  it('reads the service’s durations and names changes', () => {
    expect(durationText('00:00:01.250')).toBe('1.3 s')
    expect(durationText('00:02:05.000')).toBe('2 min 5 s')
    expect(durationText('1.02:00:00')).toBe('26 h 0 min')
    expect(durationText('about a minute')).toBe('about a minute')
    expect(changeText({ field: 'company', from: 'Acme', to: 'Globex', kind: 'changed' }, true)).toBe(
      'Employer: Acme → Globex'
    )
    expect(changeText({ field: 'education', from: '', to: 'MSc, ETH Zürich', kind: 'added' }, true)).toBe(
      'Education: added MSc, ETH Zürich'
    )
    expect(changeText({ field: 'company', from: 'Acme', to: '', kind: 'no_longer_sent' }, true)).toBe(
      'Employer: no longer sent (was Acme)'
    )
  })
})
