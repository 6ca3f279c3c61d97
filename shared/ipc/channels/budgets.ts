import { z } from 'zod'

/*
 * Credit budgets: per connection (each calendar month, in the computer's own time zone), per
 * shortlist and per import batch. What a budget has spent is read from the credit ledger (the one
 * book), never counted apart: the ledger's rows of the month, or of the purchases made for that
 * shortlist or batch.
 */

export const budgetScopeSchema = z.enum(['connection', 'shortlist', 'batch'])
export type BudgetScope = z.infer<typeof budgetScopeSchema>

/** Where a spend was made from: the feature, and the shortlist or import batch it was for. */
export const spendFeatureSchema = z.enum(['search', 'contacts', 'tools', 'import', 'watches'])
export type SpendFeature = z.infer<typeof spendFeatureSchema>

const idSchema = z.string().trim().min(1).max(200)

export const spentForSchema = z.strictObject({
  feature: spendFeatureSchema,
  shortlistId: idSchema.optional(),
  batchId: idSchema.optional()
})
export type SpentFor = z.infer<typeof spentForSchema>

/** Below 75%: ok; from 75%: warning; at 100% or more: reached. */
export const budgetLevelSchema = z.enum(['ok', 'warning', 'reached'])
export type BudgetLevel = z.infer<typeof budgetLevelSchema>

export const budgetStateSchema = z.object({
  scope: budgetScopeSchema,
  /** The connection's, shortlist's or batch's id. */
  targetId: z.string(),
  /** In the recruiter's words: "Sandbox this month", "Shortlist ‘Backend’", "Import ‘leads.csv’". */
  name: z.string(),
  credits: z.number().int().positive(),
  spent: z.number().int().nonnegative(),
  level: budgetLevelSchema,
  /** The connection budget's month ("2026-11"); null for a shortlist's or a batch's (their whole life). */
  period: z.string().nullable()
})
export type BudgetState = z.infer<typeof budgetStateSchema>

/** What a quoted spend would bring a budget to. */
export const budgetLineSchema = budgetStateSchema.extend({
  /** Spent after this purchase (spent + its credits). */
  after: z.number().int().nonnegative(),
  levelAfter: budgetLevelSchema,
  /** The purchase would take the budget past 100%: refused unless the recruiter lifts it for this one. */
  crosses: z.boolean()
})
export type BudgetLine = z.infer<typeof budgetLineSchema>

const setBudgetInput = z.strictObject({
  scope: budgetScopeSchema,
  targetId: idSchema,
  /** null: removes the budget. */
  credits: z.number().int().min(1).max(100_000_000).nullable()
})

/** A month's spend on a connection: by feature, by shortlist, against the connection's budget. */
export const spendMonthSchema = z.object({
  month: z.string(),
  total: z.number().int().nonnegative(),
  byFeature: z.record(spendFeatureSchema, z.number().int().nonnegative()),
  byShortlist: z.array(
    z.object({
      shortlistId: z.string(),
      name: z.string(),
      credits: z.number().int().nonnegative(),
      /** The shortlist's own budget (its whole life), or null. */
      budget: z.number().int().nullable()
    })
  )
})
export type SpendMonth = z.infer<typeof spendMonthSchema>

export const budgetsChannels = {
  /** Every budget with what it has spent (the connection's this month), for Usage and the header strip. */
  listBudgets: { input: z.strictObject({}), output: z.object({ budgets: z.array(budgetStateSchema) }) },
  /** Sets, changes or (credits null) removes a budget; answers the list as it is then. */
  setBudget: { input: setBudgetInput, output: z.object({ budgets: z.array(budgetStateSchema) }) },
  /** The active connection's spend per month (newest first), by feature and shortlist, from the ledger. */
  listSpend: {
    input: z.strictObject({ months: z.number().int().min(1).max(24).default(6) }),
    output: z.object({
      connectionId: z.string(),
      /** The connection's monthly budget, or null. */
      monthlyBudget: z.number().int().nullable(),
      months: z.array(spendMonthSchema)
    })
  }
} as const

export const budgetsEvents = {
  /** A budget was set or removed, or a spend moved one: the header strip and Usage read them again. */
  budgetsChanged: z.object({ budgets: z.array(budgetStateSchema) })
} as const

/** The level of `spent` against `credits`: warnings at 75% and 100%. */
export function budgetLevel(spent: number, credits: number): BudgetLevel {
  if (spent >= credits) return 'reached'
  return spent * 4 >= credits * 3 ? 'warning' : 'ok'
}
