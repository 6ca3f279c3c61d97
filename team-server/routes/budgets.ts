import type { AdmitResult, SpendBook } from '../../shared/team/protocol'
import { inTransaction } from '../db/database'
import { fail, ok, type Reply } from '../http/reply'
import type { Caller, RouteContext } from './context'

/*
 * Team budgets: admission of a spend is one step on the server, under a row lock on the budget
 * row, so two desks asking at once are counted one after the other and cannot together pass it.
 * An admitted spend holds its credits until the desk reports it ("spend.purchase", which books it
 * in the team's book) or releases it, or until the hold expires.
 */

type AdmitRequest = { holdId: string; account: string; month: string; credits: number; overBudget: boolean }

/** POST /v1/budgets/admit */
export function admit(context: RouteContext, caller: Caller, request: AdmitRequest): Promise<Reply> {
  const now = context.now()
  return inTransaction(context.pool, async (client) => {
    const budgetRow = await client.query<{ credits: string }>(
      'SELECT credits FROM budgets WHERE team_id = $1 AND account = $2 FOR UPDATE',
      [caller.teamId, request.account]
    )
    const budget = budgetRow.rows[0] === undefined ? null : Number(budgetRow.rows[0].credits)
    await client.query('DELETE FROM holds WHERE team_id = $1 AND expires_at <= $2', [caller.teamId, now])
    const sums = await client.query<{ spent: string; held: string; mine: string | null }>(
      `SELECT
         (SELECT coalesce(sum(credits), 0) FROM spend_book WHERE team_id = $1 AND account = $2 AND month = $3) AS spent,
         (SELECT coalesce(sum(credits), 0) FROM holds WHERE team_id = $1 AND account = $2 AND month = $3 AND hold_id <> $4) AS held,
         (SELECT desk_id::text FROM holds WHERE team_id = $1 AND hold_id = $4) AS mine`,
      [caller.teamId, request.account, request.month, request.holdId]
    )
    const spent = Number(sums.rows[0]!.spent)
    const held = Number(sums.rows[0]!.held)
    const existing = sums.rows[0]!.mine
    if (existing !== null && existing !== caller.deskId)
      return fail('conflict', 'Another desk holds credits under this hold id.')
    const admitted = budget === null || request.overBudget || spent + held + request.credits <= budget
    if (admitted) {
      const expiresAt = new Date(now.getTime() + context.holdMinutes * 60_000)
      await client.query(
        `INSERT INTO holds (team_id, hold_id, desk_id, account, month, credits, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (team_id, hold_id) DO UPDATE SET credits = excluded.credits, expires_at = excluded.expires_at,
           account = excluded.account, month = excluded.month`,
        [caller.teamId, request.holdId, caller.deskId, request.account, request.month, request.credits, now, expiresAt]
      )
    }
    const answer: AdmitResult = { admitted, budget, spent, held: held + (admitted ? request.credits : 0) }
    return ok(answer)
  })
}

/** POST /v1/budgets/release: a spend that did not happen gives its credits back. */
export async function release(context: RouteContext, caller: Caller, holdId: string): Promise<Reply> {
  const released = await context.pool.query('DELETE FROM holds WHERE team_id = $1 AND hold_id = $2 AND desk_id = $3', [
    caller.teamId,
    holdId,
    caller.deskId
  ])
  return ok({ released: (released.rowCount ?? 0) > 0 })
}

type BookRow = {
  change_seq: string
  desk_id: string
  person_name: string
  desk_name: string
  account: string
  month: string
  credits: string
  connection_name: string
  contact_type: string
  people: number
  booked_at: Date
  desk_time: string
}

/** GET /v1/spend?month=YYYY-MM: the team's book for a month (every member may read it). */
export async function spendBook(context: RouteContext, caller: Caller, query: URLSearchParams): Promise<Reply> {
  const month = query.get('month') ?? ''
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(month)) return fail('bad-request', '"month" is YYYY-MM.')
  const [rows, budgets] = await Promise.all([
    context.pool.query<BookRow>(
      `SELECT b.change_seq, b.desk_id, d.person_name, d.desk_name, b.account, b.month, b.credits, b.connection_name,
         b.contact_type, b.people, b.booked_at, b.desk_time
       FROM spend_book b JOIN desks d ON d.id = b.desk_id
       WHERE b.team_id = $1 AND b.month = $2 ORDER BY b.change_seq`,
      [caller.teamId, month]
    ),
    context.pool.query<{ account: string; credits: string }>(
      'SELECT account, credits FROM budgets WHERE team_id = $1 ORDER BY account',
      [caller.teamId]
    )
  ])
  const book: SpendBook = {
    month,
    entries: rows.rows.map((row) => ({
      seq: Number(row.change_seq),
      desk: { deskId: row.desk_id, personName: row.person_name, deskName: row.desk_name },
      account: row.account,
      credits: Number(row.credits),
      connectionName: row.connection_name,
      contactType: row.contact_type,
      people: row.people,
      bookedAt: row.booked_at.toISOString(),
      deskTime: row.desk_time
    })),
    budgets: budgets.rows.map((row) => ({ account: row.account, credits: Number(row.credits) }))
  }
  return ok(book)
}
