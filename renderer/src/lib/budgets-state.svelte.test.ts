import { describe, expect, it } from 'vitest'
import type { BudgetState } from '../../../shared/ipc/channels/budgets'
import type { Client } from './client'
import { BudgetsState } from './budgets-state.svelte'

const budget = (spent: number): BudgetState => ({
  scope: 'connection',
  targetId: 'sandbox',
  name: 'Sandbox this month',
  credits: 10,
  spent,
  level: spent >= 10 ? 'reached' : spent >= 8 ? 'warning' : 'ok',
  period: '2026-11'
})

/** A main whose budget replies wait for the test to let them go (as the browser host's may, behind events). */
function fakeMain() {
  let told: ((payload: { budgets: BudgetState[] }) => void) | null = null
  const replies: Array<(budgets: BudgetState[]) => void> = []
  const reply = () => new Promise((resolve) => replies.push((budgets) => resolve({ ok: true, data: { budgets } })))
  const client = {
    listBudgets: reply,
    setBudget: reply,
    on: (_name: string, listener: (payload: { budgets: BudgetState[] }) => void) => {
      told = listener
      return () => (told = null)
    }
  } as unknown as Client
  return {
    client,
    tell: (...budgets: BudgetState[]) => told!({ budgets }),
    answer: (...budgets: BudgetState[]) => replies.shift()!(budgets)
  }
}

describe('BudgetsState: budgets a reply took before budgetsChanged never show over it', () => {
  it('keeps a spend told by an event over the read and the set answered after it', async () => {
    const main = fakeMain()
    const budgets = new BudgetsState(main.client)
    const read = budgets.load()
    main.tell(budget(9)) // a tool spent while the read was on its way
    main.answer(budget(2))
    await read
    expect(budgets.of('connection', 'sandbox')?.spent).toBe(9)
    expect(budgets.warnings).toHaveLength(1)

    const set = budgets.set('connection', 'sandbox', 10)
    main.tell(budget(10))
    main.answer(budget(9))
    expect(await set).toBeNull()
    expect(budgets.of('connection', 'sandbox')?.level).toBe('reached')

    // with no event meanwhile, a reply is shown
    const again = budgets.load()
    main.answer(budget(3))
    await again
    expect(budgets.of('connection', 'sandbox')?.spent).toBe(3)
  })
})
