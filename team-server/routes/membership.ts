import { randomBytes, randomUUID } from 'node:crypto'
import type pg from 'pg'
import type { Invite, Joined, TeamOverview, TeamRole } from '../../shared/team/protocol'
import { codeHash, credentialHash, makeCode, makeCredential } from '../codes'
import { fail, ok, type Reply } from '../http/reply'
import { notifyRevoked } from '../live'
import { inTransaction } from '../db/database'
import { adminOnly, deskColumns, deskOf, type Caller, type DeskRow, type RouteContext } from './context'

/*
 * Who is in: a team made with the server's setup code, desks joining by one-time invite codes,
 * the admin's view of the desks and their revocation, a desk leaving. Codes and credentials are
 * kept as hashes only; a code is used under a row lock, so it lets in one desk, once.
 */

type Names = { personName: string; deskName: string }

async function addDesk(client: pg.ClientBase, context: RouteContext, teamId: string, role: TeamRole, names: Names) {
  const credential = makeCredential()
  const inserted = await client.query<DeskRow>(
    `INSERT INTO desks (id, team_id, person_name, desk_name, role, credential_hash, joined_at, last_seen_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $7) RETURNING ${deskColumns}`,
    [randomUUID(), teamId, names.personName, names.deskName, role, credentialHash(credential), context.now()]
  )
  return { desk: deskOf(inserted.rows[0]!), credential }
}

/** POST /v1/teams */
export function createTeam(
  context: RouteContext,
  request: { setupCode: string; teamName: string } & Names
): Promise<Reply> {
  return inTransaction(context.pool, async (client) => {
    const code = await client.query<{ used_at: Date | null }>(
      'SELECT used_at FROM setup_codes WHERE hash = $1 FOR UPDATE',
      [codeHash(request.setupCode)]
    )
    const row = code.rows[0]
    if (row === undefined) {
      return fail(
        'forbidden',
        'This setup code is not the server’s: run "npm run team-server -- setup-code" on the server for one.'
      )
    }
    if (row.used_at !== null) {
      return fail(
        'forbidden',
        'This setup code has made a team already: run "npm run team-server -- setup-code" for a new one.'
      )
    }
    await client.query('UPDATE setup_codes SET used_at = $2 WHERE hash = $1', [
      codeHash(request.setupCode),
      context.now()
    ])
    const teamId = randomUUID()
    const salt = randomBytes(32)
    await client.query('INSERT INTO teams (id, name, salt, created_at) VALUES ($1, $2, $3, $4)', [
      teamId,
      request.teamName,
      salt,
      context.now()
    ])
    const { desk, credential } = await addDesk(client, context, teamId, 'admin', request)
    const joined: Joined = {
      team: { id: teamId, name: request.teamName, salt: salt.toString('hex') },
      desk,
      credential
    }
    return ok(joined, 201)
  })
}

/** POST /v1/join */
export function join(context: RouteContext, request: { inviteCode: string } & Names): Promise<Reply> {
  return inTransaction(context.pool, async (client) => {
    const hash = codeHash(request.inviteCode)
    const found = await client.query<{ team_id: string; role: TeamRole; expires_at: Date; used_at: Date | null }>(
      'SELECT team_id, role, expires_at, used_at FROM invites WHERE hash = $1 FOR UPDATE',
      [hash]
    )
    const invite = found.rows[0]
    if (invite === undefined)
      return fail('forbidden', 'This invite code is not known: check it, or ask the team admin for one.')
    if (invite.used_at !== null) {
      return fail(
        'forbidden',
        'This invite code has been used already: each code lets in one desk. Ask the team admin for a new one.'
      )
    }
    if (invite.expires_at.getTime() <= context.now().getTime()) {
      return fail('forbidden', 'This invite code has expired: ask the team admin for a new one.')
    }
    const team = await client.query<{ name: string; salt: Buffer }>('SELECT name, salt FROM teams WHERE id = $1', [
      invite.team_id
    ])
    const { desk, credential } = await addDesk(client, context, invite.team_id, invite.role, request)
    await client.query('UPDATE invites SET used_at = $2, used_by = $3 WHERE hash = $1', [hash, context.now(), desk.id])
    const joined: Joined = {
      team: { id: invite.team_id, name: team.rows[0]!.name, salt: team.rows[0]!.salt.toString('hex') },
      desk,
      credential
    }
    return ok(joined, 201)
  })
}

/** POST /v1/invites (admin) */
export async function invite(
  context: RouteContext,
  caller: Caller,
  request: { role: TeamRole; validMinutes: number }
): Promise<Reply> {
  const refused = adminOnly(caller)
  if (refused !== null) return refused
  const code = makeCode()
  const now = context.now()
  const expiresAt = new Date(now.getTime() + request.validMinutes * 60_000)
  await context.pool.query(
    'INSERT INTO invites (hash, team_id, role, created_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)',
    [codeHash(code), caller.teamId, request.role, caller.deskId, now, expiresAt]
  )
  const answer: Invite = { code, role: request.role, expiresAt: expiresAt.toISOString() }
  return ok(answer, 201)
}

/** GET /v1/team */
export async function overview(context: RouteContext, caller: Caller): Promise<Reply> {
  const [team, desks] = await Promise.all([
    context.pool.query<{ name: string; last_seq: string }>('SELECT name, last_seq FROM teams WHERE id = $1', [
      caller.teamId
    ]),
    context.pool.query<DeskRow>(`SELECT ${deskColumns} FROM desks WHERE team_id = $1 ORDER BY joined_at, id`, [
      caller.teamId
    ])
  ])
  const all = desks.rows.map(deskOf)
  const answer: TeamOverview = {
    team: { id: caller.teamId, name: team.rows[0]!.name },
    me: all.find((desk) => desk.id === caller.deskId)!,
    desks: all,
    lastSeq: Number(team.rows[0]!.last_seq)
  }
  return ok(answer)
}

/** Revokes the desks `where` picks in the caller's team; their streams close on every instance. */
function revoke(context: RouteContext, caller: Caller, where: string, value: string, what: string): Promise<Reply> {
  return inTransaction(context.pool, async (client) => {
    // one revocation of a team at a time, so two admins revoking each other cannot both go
    await client.query('SELECT 1 FROM teams WHERE id = $1 FOR UPDATE', [caller.teamId])
    const left = await client.query<{ admins: number; desks: number }>(
      `SELECT count(*) FILTER (WHERE role = 'admin')::int AS admins, count(*)::int AS desks
       FROM desks WHERE team_id = $1 AND revoked_at IS NULL AND NOT (${where} = $2)`,
      [caller.teamId, value]
    )
    if (left.rows[0]!.admins === 0 && left.rows[0]!.desks > 0) {
      return fail(
        'conflict',
        'This would leave the team without an admin while desks remain in it: make another desk admin first (invite one as admin).'
      )
    }
    const revoked = await client.query<DeskRow>(
      `UPDATE desks SET revoked_at = coalesce(revoked_at, $3) WHERE team_id = $1 AND ${where} = $2 RETURNING ${deskColumns}`,
      [caller.teamId, value, context.now()]
    )
    if (revoked.rows.length === 0) return fail('not-found', `No ${what} of this team.`)
    await notifyRevoked(
      client,
      caller.teamId,
      revoked.rows.map((row) => row.id)
    )
    return ok({ desks: revoked.rows.map(deskOf) })
  })
}

/** POST /v1/desks/:id/revoke (admin) */
export function revokeDesk(context: RouteContext, caller: Caller, deskId: string): Promise<Reply> {
  const refused = adminOnly(caller)
  if (refused !== null) return Promise.resolve(refused)
  if (!/^[0-9a-f-]{36}$/i.test(deskId)) return Promise.resolve(fail('not-found', 'No such desk of this team.'))
  return revoke(context, caller, 'id', deskId, 'such desk')
}

/** POST /v1/people/:personName/revoke (admin): every desk of that person. */
export function revokePerson(context: RouteContext, caller: Caller, personName: string): Promise<Reply> {
  const refused = adminOnly(caller)
  if (refused !== null) return Promise.resolve(refused)
  return revoke(context, caller, 'person_name', personName, 'desk of that person')
}

/** POST /v1/leave: this desk leaves; its credential stops working. */
export function leave(context: RouteContext, caller: Caller): Promise<Reply> {
  return revoke(context, caller, 'id', caller.deskId, 'such desk')
}
