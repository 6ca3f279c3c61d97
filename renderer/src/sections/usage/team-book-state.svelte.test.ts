import { describe, expect, it } from 'vitest'
import type { Client } from '../../lib/client'
import { monthKeyOf, shiftMonth, TeamBookState } from './team-book-state.svelte'

describe('the team book’s month', () => {
  it('steps back and forth across a year’s end, as YYYY-MM', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12')
    expect(shiftMonth('2026-12', 1)).toBe('2027-01')
    expect(shiftMonth('2026-05', 0)).toBe('2026-05')
    expect(shiftMonth('2026-03', -15)).toBe('2024-12')
    expect(monthKeyOf(2026, 10)).toBe('2026-11')
  })
})

describe('the team book read again when main says the budgets moved', () => {
  it('shows the read asked after the event, not an older read that answers after it', async () => {
    const reads: Array<(total: number) => void> = []
    const client = {
      getTeamSpend: ({ month }: { month: string }) =>
        new Promise((resolve) =>
          reads.push((total) => resolve({ ok: true, data: { state: 'book', month, entries: [], total, budgets: [] } }))
        )
    } as unknown as Client
    const team = new TeamBookState(client)
    const total = () => (team.book.state === 'ready' && team.book.value.state === 'book' ? team.book.value.total : null)
    const shown = team.load()
    reads.shift()!(10)
    await shown
    const older = team.load()
    const newer = team.readAgain() // a purchase on this desk (budgetsChanged)
    reads.pop()!(14)
    await newer
    expect(total()).toBe(14)
    reads.shift()!(10) // the older read, last
    await older
    expect(total()).toBe(14)
  })
})
