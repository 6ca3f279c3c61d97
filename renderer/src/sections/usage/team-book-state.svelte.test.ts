import { describe, expect, it } from 'vitest'
import { monthKeyOf, shiftMonth } from './team-book-state.svelte'

describe('the team book’s month', () => {
  it('steps back and forth across a year’s end, as YYYY-MM', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-05', 0)).toBe('2026-05')
    expect(shiftMonth('2026-03', -15)).toBe('2024-12')
    expect(monthKeyOf(2026, 10)).toBe('2026-11')
  })
})
