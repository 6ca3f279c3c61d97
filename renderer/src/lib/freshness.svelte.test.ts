import { describe, expect, it } from 'vitest'
import { ageText, changeText, durationText, isStale } from './freshness'

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
  it('reads the service’s durations and names changes', () => {
    expect(durationText('00:00:01.250')).toBe('1.3 s')
    expect(durationText('00:02:05.000')).toBe('2 min 5 s')
    expect(durationText('1.02:00:00')).toBe('26 h 0 min')
    expect(durationText('about a minute')).toBe('about a minute')
    expect(changeText({ field: 'company', from: 'Acme', to: 'Globex' }, true)).toBe('Employer: Acme → Globex')
  })
})
