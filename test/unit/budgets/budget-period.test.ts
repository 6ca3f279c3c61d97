import { describe, expect, it } from 'vitest'
import { monthOf } from '../../../electron/main/budgets/budget-ledger'
import { budgetLevel } from '../../../shared/ipc/channels/budgets'

describe('a connection budget’s month', () => {
  it('is the calendar month in the computer’s time zone, from local midnight on the 1st', () => {
    const lastMinute = monthOf(new Date(2026, 10, 30, 23, 59))
    expect(lastMinute).toEqual({
      key: '2026-11',
      from: new Date(2026, 10, 1).toISOString(),
      to: new Date(2026, 11, 1).toISOString()
    })
    expect(monthOf(new Date(2026, 11, 1, 0, 0)).key).toBe('2026-12')
    // December runs into January of the next year
    expect(monthOf(new Date(2026, 11, 31, 12)).to).toBe(new Date(2027, 0, 1).toISOString())
  })
})

describe('a budget’s level', () => {
  it('warns from 75% and is reached at 100%', () => {
    expect(budgetLevel(7, 10)).toBe('ok')
    expect(budgetLevel(3, 4)).toBe('warning')
    expect(budgetLevel(8, 10)).toBe('warning')
    expect(budgetLevel(9, 10)).toBe('warning')
    expect(budgetLevel(10, 10)).toBe('reached')
    expect(budgetLevel(11, 10)).toBe('reached')
  })
})
