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

/**
 * Said before the click when a quote would take a budget past 100% ("Over budget: this would take
 * Sandbox this month past its budget (5 of 5 credits spent). …"), or null when it takes none past.
 */
export function crossingWords(lines: readonly BudgetLine[] | undefined): string | null {
  const crossing = (lines ?? []).filter((line) => line.crosses)
  if (crossing.length === 0) return null
  const each = crossing.map(
    (line) => `${line.name} (${formatNumber(line.spent)} of ${formatNumber(line.credits)} credits spent)`
  )
  const named = each.length === 1 ? each[0]! : `${each.slice(0, -1).join(', ')} and ${each.at(-1)!}`
  return `Over budget: this would take ${named} past ${crossing.length === 1 ? 'its budget' : 'their budgets'}. Buying goes past ${crossing.length === 1 ? 'it' : 'them'} for this purchase only.`
}

/** The buy button of a quote past a budget: it says so ("Buy 3 over budget for 3 credits"). */
export function overBudgetConfirmWords(creditsNeeded: number): string {
  return `Buy ${formatNumber(creditsNeeded)} over budget for ${formatNumber(creditsNeeded)} ${creditsNeeded === 1 ? 'credit' : 'credits'}`
}

/** The budgets a refused purchase would have crossed (its error's details), or null for any other error. */
export function overBudgetIn(details: unknown): BudgetLine[] | null {
  if (details === null || typeof details !== 'object') return null
  const lines = (details as { overBudget?: unknown }).overBudget
  return Array.isArray(lines) && lines.length > 0 ? (lines as BudgetLine[]) : null
}
