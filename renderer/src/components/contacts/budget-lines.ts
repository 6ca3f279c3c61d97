import type { BudgetLine } from '../../../../shared/ipc/channels/budgets'
import { formatNumber } from '../../lib/format'

/**
 * What a purchase would bring a budget to, as the quote says it ("Sandbox this month: 8 of 10
 * credits after this — 80%, past 75%"). The tone: a warning from 75%, over at more than 100%.
 */
export function budgetLineWords(line: BudgetLine): { text: string; tone: 'ok' | 'warning' | 'over' } {
  const percent = Math.floor((line.after / line.credits) * 100)
  const base = `${line.name}: ${formatNumber(line.after)} of ${formatNumber(line.credits)} credits after this — ${percent}%`
  if (line.crosses) return { text: `${base}, past the budget`, tone: 'over' }
  if (line.levelAfter === 'reached') return { text: `${base}, the budget reached`, tone: 'warning' }
  if (line.levelAfter === 'warning') return { text: `${base}, past 75%`, tone: 'warning' }
  return { text: base, tone: 'ok' }
}

/** The budgets a refused purchase would have crossed (its error's details), or null for any other error. */
export function overBudgetIn(details: unknown): BudgetLine[] | null {
  if (details === null || typeof details !== 'object') return null
  const lines = (details as { overBudget?: unknown }).overBudget
  return Array.isArray(lines) && lines.length > 0 ? (lines as BudgetLine[]) : null
}
