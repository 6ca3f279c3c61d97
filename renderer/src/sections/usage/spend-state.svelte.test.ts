import { describe, expect, it } from 'vitest'
import type { Client } from '../../lib/client'
import { SpendState } from './spend-state.svelte'

describe('SpendState read again when main says the budgets moved', () => {
  it('shows the read asked after the event, not an older read that answers after it', async () => {
    const reads: Array<(budget: number) => void> = []
    const client = {
      listSpend: () =>
        new Promise((resolve) =>
          reads.push((monthlyBudget) => resolve({ ok: true, data: { connectionId: 'c1', monthlyBudget, months: [] } }))
        ),
      listShortlists: () => Promise.resolve({ ok: true, data: [] }),
      listImports: () => Promise.resolve({ ok: true, data: [] })
    } as unknown as Client
    const spend = new SpendState(client)
    const budget = () => (spend.spend.state === 'ready' ? spend.spend.value.monthlyBudget : null)
    const shown = spend.load()
    reads.shift()!(100)
    await shown
    const older = spend.load()
    const newer = spend.readAgain() // budgetsChanged: the budget was raised
    reads.pop()!(200)
    await newer
    expect(budget()).toBe(200)
    reads.shift()!(100) // the older read, last
    await older
    expect(budget()).toBe(200)
  })
})
