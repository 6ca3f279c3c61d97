import type { ConnectionTestPart } from '../../../shared/ipc/channels/connections'
import { ApiError } from '../api/api-error'
import type { PartnerClient } from '../api/partner-client'
import type { Connection } from '../store'
import { errorMessage } from '../../../shared/error-message'

/**
 * Tests a connection part by part: the base URL answers at all, then the API key is accepted
 * (a Match Profiles for a key no one has, which costs nothing).
 */
export async function testConnection(
  connection: Connection,
  connect: () => Promise<PartnerClient>
): Promise<ConnectionTestPart[]> {
  const parts: ConnectionTestPart[] = []
  let client: PartnerClient
  try {
    client = await connect()
  } catch (error) {
    parts.push(part('baseUrl', 'Service address', false, errorMessage(error), null))
    parts.push(part('apiKey', 'API key', null, 'Not checked: the service could not be reached.', null))
    return parts
  }
  const started = Date.now()
  try {
    await client.matchProfiles(
      { key: 'talent-desk-connection-test' },
      { maxNumberOfResults: 1, transactionId: `connection-test-${Date.now()}` }
    )
    const ms = Date.now() - started
    parts.push(part('baseUrl', 'Service address', true, `Reachable at ${hostOf(client, connection)}.`, ms))
    parts.push(part('apiKey', 'API key', true, 'Accepted.', ms))
  } catch (error) {
    const ms = Date.now() - started
    const kind = error instanceof ApiError ? error.kind : 'network'
    if (kind === 'network' || kind === 'timeout' || kind === 'not_found') {
      parts.push(part('baseUrl', 'Service address', false, errorMessage(error), ms))
      parts.push(part('apiKey', 'API key', null, 'Not checked: the service could not be reached.', null))
    } else if (kind === 'auth' || kind === 'forbidden') {
      parts.push(part('baseUrl', 'Service address', true, `Reachable at ${hostOf(client, connection)}.`, ms))
      parts.push(part('apiKey', 'API key', false, errorMessage(error), ms))
    } else {
      parts.push(part('baseUrl', 'Service address', true, `Reachable at ${hostOf(client, connection)}.`, ms))
      parts.push(part('apiKey', 'API key', null, `Could not tell: ${errorMessage(error)}`, ms))
    }
  }
  return parts
}

function part(
  which: ConnectionTestPart['part'],
  label: string,
  ok: boolean | null,
  message: string,
  durationMs: number | null
): ConnectionTestPart {
  return { part: which, label, ok, message, durationMs }
}

function hostOf(client: PartnerClient, connection: Connection): string {
  return connection.kind === 'sandbox'
    ? 'this computer (built-in sandbox)'
    : new URL(connection.baseUrl).host || client.connectionId
}
