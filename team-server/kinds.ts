import { z } from 'zod'
import type pg from 'pg'
import {
  CONTACTS_BOUGHT_KIND,
  contactsBoughtPayloadSchema,
  doNotContactBatchSchema,
  type ChangeToPush,
  type TeamErrorCode,
  type TeamRole
} from '../shared/team/protocol'

/*
 * The kinds of change the server reads, not only relays: their payloads are checked strictly here
 * (a field the kind does not declare is refused), and accepting one changes the team's tables in
 * the same transaction. Any other kind (a feature shared later) is kept and relayed as it is, within
 * the payload limit; its `subjects` still let an erasure delete it.
 */

const hash = z.string().regex(/^[0-9a-f]{64}$/)
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/)

const payloadSchemas = {
  'do-not-contact.entry': z.strictObject({
    hash,
    kind: z.enum(['email', 'domain', 'phone', 'handle', 'key']),
    reason: z.string().max(500),
    added: z.boolean()
  }),
  /** Entries read from a file on one desk: hashes only, up to MAX_DO_NOT_CONTACT_BATCH a change. */
  'do-not-contact.batch': doNotContactBatchSchema,
  /** Only the reason code: who was forgotten travels in `subjects`, as salted hashes. */
  'erasure.tombstone': z.strictObject({ reason: z.string().regex(/^[a-z][a-z0-9-]{0,39}$/) }),
  /** A monthly budget for an account; no credits (null or 0) removes it. */
  'budget.set': z.strictObject({ account: hash, credits: z.number().int().nonnegative().max(1e12).nullable() }),
  'spend.purchase': z.strictObject({
    holdId: z.uuid(),
    account: hash,
    month,
    credits: z.number().int().nonnegative().max(1e12),
    connectionName: z.string().max(200),
    contactType: z.string().max(60),
    people: z.number().int().nonnegative().max(1e7)
  }),
  /**
   * Contact data a desk bought, served free to its colleagues: personal data the server holds
   * (in `changes`) until an erasure of the person deletes it.
   */
  [CONTACTS_BOUGHT_KIND]: contactsBoughtPayloadSchema
} as const

type KnownKind = keyof typeof payloadSchemas

function isKnown(kind: string): kind is KnownKind {
  return Object.hasOwn(payloadSchemas, kind)
}

/** Whether the server accepts a change from a desk of this role: null when it does, else the code and why not. */
export function checkChange(change: ChangeToPush, role: TeamRole): { code: TeamErrorCode; message: string } | null {
  if (change.kind === 'erasure.tombstone' && change.subjects.length === 0) {
    return {
      code: 'bad-request',
      message: 'An erasure names the forgotten person in subjects (their salted hashes); this one names none.'
    }
  }
  // bought contact data is personal data: it must name its person, or no erasure could delete it
  if (change.kind === CONTACTS_BOUGHT_KIND && change.subjects.length === 0) {
    return {
      code: 'bad-request',
      message: 'Bought contact data names its person in subjects (their salted hashes); this one names none.'
    }
  }
  // a recruiter raising the team's budget would make the budget no limit at all
  if (change.kind === 'budget.set' && role !== 'admin') {
    return { code: 'forbidden', message: 'Only a team admin sets a team budget.' }
  }
  if (!isKnown(change.kind)) return null
  const parsed = payloadSchemas[change.kind].safeParse(change.payload)
  if (parsed.success) return null
  const issues = parsed.error.issues
    .slice(0, 3)
    .map((issue) => `${issue.path.join('.') || '(payload)'}: ${issue.message}`)
    .join('; ')
  return { code: 'bad-request', message: `A "${change.kind}" payload does not have the declared shape: ${issues}` }
}

export type Applied = { erased: number }

/**
 * What accepting a change does beyond keeping it, in the push's transaction: a budget set, a
 * spend booked in the team's book (ending its hold), an erasure deleting the payload of every
 * earlier change about that person.
 */
export async function applyChange(
  client: pg.ClientBase,
  at: { teamId: string; deskId: string; seq: number; now: Date },
  change: ChangeToPush
): Promise<Applied> {
  if (change.kind === 'budget.set') {
    const payload = payloadSchemas['budget.set'].parse(change.payload)
    if (payload.credits === null || payload.credits === 0) {
      await client.query('DELETE FROM budgets WHERE team_id = $1 AND account = $2', [at.teamId, payload.account])
    } else {
      await client.query(
        `INSERT INTO budgets (team_id, account, credits, set_seq) VALUES ($1, $2, $3, $4)
         ON CONFLICT (team_id, account) DO UPDATE SET credits = excluded.credits, set_seq = excluded.set_seq`,
        [at.teamId, payload.account, payload.credits, at.seq]
      )
    }
  } else if (change.kind === 'spend.purchase') {
    const payload = payloadSchemas['spend.purchase'].parse(change.payload)
    await client.query(
      `INSERT INTO spend_book (team_id, change_seq, hold_id, desk_id, account, month, credits, connection_name,
         contact_type, people, booked_at, desk_time)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        at.teamId,
        at.seq,
        payload.holdId,
        at.deskId,
        payload.account,
        payload.month,
        payload.credits,
        payload.connectionName,
        payload.contactType,
        payload.people,
        at.now,
        change.deskTime
      ]
    )
    await client.query('DELETE FROM holds WHERE team_id = $1 AND hold_id = $2', [at.teamId, payload.holdId])
  } else if (change.kind === 'erasure.tombstone') {
    const erased = await client.query(
      `UPDATE changes SET payload = NULL
       WHERE team_id = $1 AND seq < $2 AND subjects && $3::text[] AND payload IS NOT NULL AND kind <> 'erasure.tombstone'`,
      [at.teamId, at.seq, change.subjects]
    )
    return { erased: erased.rowCount ?? 0 }
  }
  return { erased: 0 }
}

/** The tables an erasure deletes from: vacuumed after it commits. */
export const personalDataTables = ['changes'] as const
