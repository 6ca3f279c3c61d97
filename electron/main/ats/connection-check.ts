import { ApiError } from '../api/api-error'
import { atsNames, type AtsClient, type AtsKind } from './ats-client'

/** What "Test connection" found: who acts, what the key may do, the ATS's rate limit. */
export interface AtsCheck {
  kind: AtsKind
  /** The acting user (Greenhouse On-Behalf-Of, Lever perform_as), by name. */
  actingUser: string
  mayReadCandidates: boolean
  mayCreateCandidates: boolean
  /** Requests per window the ATS said (Greenhouse's X-RateLimit-Limit), else null. */
  rateLimit: number | null
  /** In the recruiter's words. */
  summary: string
}

/**
 * Tests a connection without changing anything in the ATS: reads the acting user and one
 * candidate, then sends a create with an empty body — a key without that permission is refused
 * (403) before the body is looked at, a key with it is told the required fields are missing
 * (Greenhouse 422, Lever 400), so nothing is created either way.
 */
export async function checkConnection(client: AtsClient, kind: AtsKind, actingUser: string): Promise<AtsCheck> {
  const name = atsNames[kind]
  const who = kind === 'greenhouse' ? await greenhouseUser(client, actingUser) : await leverUser(client, actingUser)
  const read = await client.call(
    'Read candidates',
    kind === 'greenhouse' ? '/v1/candidates?per_page=1' : '/v1/opportunities?limit=1',
    { expected: [403] }
  )
  const probe =
    kind === 'greenhouse'
      ? await client.call('Create prospects', '/v1/prospects', {
          method: 'POST',
          body: {},
          headers: { 'on-behalf-of': actingUser },
          expected: [403, 422]
        })
      : await client.call('Create opportunities', `/v1/opportunities?perform_as=${encodeURIComponent(actingUser)}`, {
          method: 'POST',
          body: {},
          expected: [400, 403]
        })
  if (probe.status >= 200 && probe.status < 300) {
    throw new ApiError({ kind: 'contract_mismatch', operation: 'Test connection', status: probe.status })
  }
  const mayRead = read.status === 200
  const mayCreate = probe.status !== 403
  const can = [
    mayRead ? 'read candidates' : null,
    mayCreate ? (kind === 'greenhouse' ? 'create candidates and prospects' : 'create opportunities') : null
  ].filter(Boolean)
  const cannot = [!mayRead ? 'read candidates' : null, !mayCreate ? 'create candidates' : null].filter(Boolean)
  const summary =
    `Connected to ${name} as ${who}${client.auth === 'oauth' ? ' with OAuth' : ''}. This ${client.auth === 'oauth' ? 'authorization' : 'key'} may ${can.length > 0 ? can.join(' and ') : 'do neither'}` +
    (cannot.length > 0 ? `; it may not ${cannot.join(' or ')} — ask your ${name} admin to allow it.` : '.') +
    (client.rateLimit === null ? '' : ` ${name} allows ${client.rateLimit} requests every 10 seconds on it.`)
  return {
    kind,
    actingUser: who,
    mayReadCandidates: mayRead,
    mayCreateCandidates: mayCreate,
    rateLimit: client.rateLimit,
    summary
  }
}

async function greenhouseUser(client: AtsClient, id: string): Promise<string> {
  if (!/^\d+$/.test(id)) throw notAUser('Greenhouse', id)
  const answer = await client.call('Read the acting user', `/v1/users/${id}`, { expected: [404] })
  const user = answer.body as { name?: string; disabled?: boolean } | null
  if (answer.status === 404 || typeof user?.name !== 'string') throw notAUser('Greenhouse', id)
  if (user.disabled === true)
    throw new ApiError(
      { kind: 'invalid_request', operation: 'Test connection' },
      `The Greenhouse user ${id} (${user.name}) is disabled: Greenhouse refuses writes on their behalf. Choose an active user.`
    )
  return user.name
}

async function leverUser(client: AtsClient, id: string): Promise<string> {
  const answer = await client.call('Read the acting user', `/v1/users/${encodeURIComponent(id)}`, { expected: [404] })
  const user = (answer.body as { data?: { name?: string; deactivatedAt?: number | null } } | null)?.data
  if (answer.status === 404 || typeof user?.name !== 'string') throw notAUser('Lever', id)
  if (user.deactivatedAt !== null && user.deactivatedAt !== undefined)
    throw new ApiError(
      { kind: 'invalid_request', operation: 'Test connection' },
      `The Lever user ${user.name} is deactivated: Lever refuses perform_as with them. Choose an active user.`
    )
  return user.name
}

function notAUser(name: string, id: string): ApiError {
  return new ApiError(
    { kind: 'invalid_request', operation: 'Test connection' },
    `${name} has no user “${id}”. Enter the id of the ${name} user Talent Desk acts as (${name === 'Greenhouse' ? 'On-Behalf-Of' : 'perform_as'}).`
  )
}
