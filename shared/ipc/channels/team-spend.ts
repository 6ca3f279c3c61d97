import { z } from 'zod'

/*
 * The team's spend (issue #38 item 4.3): every desk's purchases in the team's book — who, when,
 * how many credits, from which Partner API account — read from the team server for one month.
 * An account travels only as a team-salted hash of the service's address and its key's
 * fingerprint; this desk names it by its own connection when it spends from the same account.
 */

const monthSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'A month is YYYY-MM.')

export const teamSpendEntrySchema = z.object({
  seq: z.number().int().positive(),
  personName: z.string(),
  deskName: z.string(),
  /** The desk that bought: this one. */
  mine: z.boolean(),
  /** The account's team-salted hash. */
  account: z.string(),
  /** This desk's connection on that account, or null when this desk has none. */
  localConnection: z.string().nullable(),
  /** The connection's name on the buying desk. */
  connectionName: z.string(),
  credits: z.number().int().nonnegative(),
  contactType: z.string(),
  people: z.number().int().nonnegative(),
  bookedAt: z.string(),
  deskTime: z.string()
})
export type TeamSpendEntry = z.infer<typeof teamSpendEntrySchema>

export const teamSpendBookSchema = z.discriminatedUnion('state', [
  /** This desk is in no team. */
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('book'),
    month: z.string(),
    entries: z.array(teamSpendEntrySchema),
    total: z.number().int().nonnegative(),
    /** The team's monthly budgets per account. */
    budgets: z.array(
      z.object({
        account: z.string(),
        localConnection: z.string().nullable(),
        credits: z.number().int().positive(),
        spent: z.number().int().nonnegative()
      })
    )
  })
])
export type TeamSpendBook = z.infer<typeof teamSpendBookSchema>

export const teamSpendChannels = {
  /** The team's book for a month (the team server's; refused as `network` when it cannot be reached). */
  getTeamSpend: { input: z.strictObject({ month: monthSchema }), output: teamSpendBookSchema }
} as const
