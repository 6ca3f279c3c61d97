import { describe, expect, it } from 'vitest'
import type { BudgetLine } from '../../../../shared/ipc/channels/budgets'
import { budgetLineWords, crossingWords, overBudgetConfirmWords, overBudgetIn } from './budget-lines'

const line = (after: number, crosses = false): BudgetLine => ({
  scope: 'connection',
  targetId: 'sandbox',
  name: 'Sandbox this month',
  credits: 10,
  spent: 5,
  level: 'ok',
  period: '2026-11',
  after,
  levelAfter: after >= 10 ? 'reached' : after * 4 >= 30 ? 'warning' : 'ok',
  crosses
})

describe('what a quote says of a budget', () => {
  it('says the standing after the purchase, with a warning from 75% and past 100%', () => {
    expect(budgetLineWords(line(6))).toEqual({
      text: 'Sandbox this month: 6 of 10 credits after this — 60%',
      tone: 'ok'
    })
    expect(budgetLineWords(line(8))).toEqual({
      text: 'Sandbox this month: 8 of 10 credits after this — 80%, past 75%',
      tone: 'warning'
    })
    expect(budgetLineWords(line(10)).text).toMatch(/100%, the budget reached$/)
    expect(budgetLineWords(line(12, true))).toEqual({
      text: 'Sandbox this month: 12 of 10 credits after this — 120%, past the budget',
      tone: 'over'
    })
  })

  it('reads the budgets a refusal names, and nothing from any other error', () => {
    expect(overBudgetIn({ overBudget: [line(12, true)] })).toHaveLength(1)
    expect(overBudgetIn({ overBudget: [] })).toBeNull()
    expect(overBudgetIn({ quote: {} })).toBeNull()
    expect(overBudgetIn(undefined)).toBeNull()
  })

  it('says before the click that a quote would pass a budget, naming it, and its buy button says so', () => {
    expect(crossingWords([line(8), line(10)])).toBeNull()
    expect(crossingWords(undefined)).toBeNull()
    expect(crossingWords([line(8), line(12, true)])).toBe(
      'Over budget: this would take Sandbox this month (5 of 10 credits spent) past its budget. Buying goes past it for this purchase only.'
    )
    const shortlist: BudgetLine = { ...line(12, true), scope: 'shortlist', targetId: 's1', name: 'shortlist ‘Backend’' }
    expect(crossingWords([line(12, true), shortlist])).toMatch(
      /^Over budget: this would take Sandbox this month \(5 of 10 credits spent\) and shortlist ‘Backend’ \(5 of 10 credits spent\) past their budgets\./
    )
    expect(overBudgetConfirmWords(1)).toBe('Buy 1 over budget for 1 credit')
    expect(overBudgetConfirmWords(3)).toBe('Buy 3 over budget for 3 credits')
  })
})
