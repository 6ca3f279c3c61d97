import type BetterSqlite3 from 'better-sqlite3'
import type { BudgetScope, SpendFeature, SpentFor } from '../../../shared/ipc/channels/budgets'

/**
 * What budgets read from the store: their own rows, and what was spent, summed from credit_ledger
 * (the one book) — a connection's rows of a period, or the rows of the purchases tagged (in
 * `spend_origins`) as made for a shortlist or an import batch. Nothing here counts money apart.
 */

export interface BudgetRow {
  scope: BudgetScope
  targetId: string
  credits: number
}

/** A calendar month in the computer's time zone, as instants: [from, to). */
export interface Period {
  key: string
  from: string
  to: string
}

/**
 * The month holding `now` in the main process's local time zone (the recruiter's computer's):
 * a budget "for November" starts at local midnight on the 1st, not at UTC midnight.
 */
export function monthOf(now: Date): Period {
  const year = now.getFullYear()
  const month = now.getMonth()
  return {
    key: `${year}-${String(month + 1).padStart(2, '0')}`,
    from: new Date(year, month, 1).toISOString(),
    to: new Date(year, month + 1, 1).toISOString()
  }
}

export function listBudgets(db: BetterSqlite3.Database): BudgetRow[] {
  return db
    .prepare('SELECT scope, target_id AS targetId, credits FROM budgets ORDER BY scope, target_id')
    .all() as BudgetRow[]
}

export function budgetOf(db: BetterSqlite3.Database, scope: BudgetScope, targetId: string): BudgetRow | null {
  return (
    (db
      .prepare('SELECT scope, target_id AS targetId, credits FROM budgets WHERE scope = ? AND target_id = ?')
      .get(scope, targetId) as BudgetRow | undefined) ?? null
  )
}

export function setBudget(
  db: BetterSqlite3.Database,
  budget: { scope: BudgetScope; targetId: string; credits: number | null },
  at: string
): void {
  if (budget.credits === null) {
    db.prepare('DELETE FROM budgets WHERE scope = ? AND target_id = ?').run(budget.scope, budget.targetId)
    return
  }
  db.prepare(
    `INSERT INTO budgets (scope, target_id, credits, updated_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (scope, target_id) DO UPDATE SET credits = excluded.credits, updated_at = excluded.updated_at`
  ).run(budget.scope, budget.targetId, budget.credits, at)
}

/** Credits spent: a connection's in a period; a shortlist's or batch's over their whole life. */
export function spentOn(db: BetterSqlite3.Database, scope: BudgetScope, targetId: string, period: Period): number {
  if (scope === 'connection') {
    return db
      .prepare(
        `SELECT COALESCE(SUM(credits_spent), 0) FROM credit_ledger
          WHERE connection_id = ? AND recorded_at >= ? AND recorded_at < ?`
      )
      .pluck()
      .get(targetId, period.from, period.to) as number
  }
  const column = scope === 'shortlist' ? 'shortlist_id' : 'batch_id'
  return db
    .prepare(
      `SELECT COALESCE(SUM(l.credits_spent), 0) FROM credit_ledger l
         JOIN spend_origins o ON o.purchase_id = l.purchase_id AND o.connection_id = l.connection_id
        WHERE o.${column} = ?`
    )
    .pluck()
    .get(targetId) as number
}

/** Credits the ledger has recorded as spent by one purchase (or tool call) on a connection. */
export function spentBy(db: BetterSqlite3.Database, connectionId: string, purchaseId: string): number {
  return db
    .prepare('SELECT COALESCE(SUM(credits_spent), 0) FROM credit_ledger WHERE connection_id = ? AND purchase_id = ?')
    .pluck()
    .get(connectionId, purchaseId) as number
}

/** Tags a purchase (the ledger's purchase id) with where it was made from. */
export function tagSpend(
  db: BetterSqlite3.Database,
  spend: { purchaseId: string; connectionId: string; spentFor: SpentFor },
  at: string
): void {
  db.prepare(
    `INSERT OR REPLACE INTO spend_origins (purchase_id, connection_id, feature, shortlist_id, batch_id, recorded_at)
     VALUES (?, ?, ?, ?, ?, ?)`
  ).run(
    spend.purchaseId,
    spend.connectionId,
    spend.spentFor.feature,
    spend.spentFor.shortlistId ?? null,
    spend.spentFor.batchId ?? null,
    at
  )
}

export interface SpendSum {
  month: string
  feature: SpendFeature
  shortlistId: string | null
  credits: number
}

/**
 * A connection's spend per local month, feature and shortlist, from `from` on: the ledger's rows
 * with their purchase's tag. A purchase with no tag (made before budgets, or by a path that
 * names none) is the Contacts screen's.
 */
export function spendSums(
  db: BetterSqlite3.Database,
  connectionId: string,
  from: string
): Array<Omit<SpendSum, 'month'> & { recordedAt: string }> {
  return db
    .prepare(
      `SELECT l.recorded_at AS recordedAt, COALESCE(o.feature, 'contacts') AS feature, o.shortlist_id AS shortlistId,
              l.credits_spent AS credits
         FROM credit_ledger l
         LEFT JOIN spend_origins o ON o.purchase_id = l.purchase_id AND o.connection_id = l.connection_id
        WHERE l.connection_id = ? AND l.recorded_at >= ? AND COALESCE(l.credits_spent, 0) > 0`
    )
    .all(connectionId, from) as Array<Omit<SpendSum, 'month'> & { recordedAt: string }>
}
