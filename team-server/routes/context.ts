import type { IncomingMessage } from 'node:http'
import type pg from 'pg'
import type { Desk, TeamRole } from '../../shared/team/protocol'
import { credentialHash } from '../codes'
import { fail, type Reply } from '../http/reply'
import type { Live } from '../live'

/** What every route is given: the pool, the clock, the live streams, the log. No state of its own. */
export type RouteContext = {
  pool: pg.Pool
  now: () => Date
  live: Live
  log: (message: string) => void
  /** How long a budget hold stays when the spend is neither reported nor released. */
  holdMinutes: number
}

/** The desk a request's credential belongs to. */
export type Caller = {
  deskId: string
  teamId: string
  personName: string
  role: TeamRole
}

export type DeskRow = {
  id: string
  person_name: string
  desk_name: string
  role: TeamRole
  joined_at: Date
  last_seen_at: Date | null
  revoked_at: Date | null
}

export const deskColumns = 'id, person_name, desk_name, role, joined_at, last_seen_at, revoked_at'

export function deskOf(row: DeskRow): Desk {
  return {
    id: row.id,
    personName: row.person_name,
    deskName: row.desk_name,
    role: row.role,
    joinedAt: row.joined_at.toISOString(),
    lastSeenAt: row.last_seen_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null
  }
}

/**
 * Who is calling: the desk of the `Authorization: Bearer` credential (looked up by its sha256,
 * the only form the server keeps). Unknown → 'unauthorized'; revoked → 'revoked', on every call.
 * Marks the desk as seen (at most every 5 s).
 */
export async function authenticate(
  context: RouteContext,
  req: IncomingMessage
): Promise<{ ok: true; caller: Caller } | { ok: false; reply: Reply }> {
  const match = /^Bearer ([A-Za-z0-9_-]{32,400})$/.exec(req.headers.authorization ?? '')
  if (match === null) {
    return { ok: false, reply: fail('unauthorized', 'Send the desk credential as "Authorization: Bearer …".') }
  }
  const found = await context.pool.query<{
    id: string
    team_id: string
    person_name: string
    role: TeamRole
    revoked_at: Date | null
  }>(
    // marked seen at most every few seconds: a desk pulling often does not write a row each time
    `WITH d AS (SELECT id, team_id, person_name, role, revoked_at, last_seen_at FROM desks WHERE credential_hash = $1),
     seen AS (
       UPDATE desks SET last_seen_at = $2 FROM d
       WHERE desks.id = d.id AND (d.last_seen_at IS NULL OR d.last_seen_at < $2::timestamptz - interval '5 seconds')
     )
     SELECT id, team_id, person_name, role, revoked_at FROM d`,
    [credentialHash(match[1]!), context.now()]
  )
  const row = found.rows[0]
  if (row === undefined) {
    return {
      ok: false,
      reply: fail('unauthorized', 'This desk credential is not known to the team server: join the team again.')
    }
  }
  if (row.revoked_at !== null) {
    return {
      ok: false,
      reply: fail('revoked', 'This desk was removed from the team: ask the team admin for a new invite to join again.')
    }
  }
  return { ok: true, caller: { deskId: row.id, teamId: row.team_id, personName: row.person_name, role: row.role } }
}

export function adminOnly(caller: Caller): Reply | null {
  return caller.role === 'admin' ? null : fail('forbidden', 'Only a team admin can do this.')
}
