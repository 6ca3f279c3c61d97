import type { SandboxState } from '../../../shared/ipc/channels/connections'
import { AppError } from '../../../shared/ipc/errors'
import type { PartnerClient } from '../api/partner-client'
import type { EmbeddedSandbox } from '../embedded-api/embedded-sandbox'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { StoreAccess } from '../store/store-access'
import { defaultQueryNames, SANDBOX_CONNECTION_ID } from '../../../shared/ipc/channels/connections'
import { isoNow, type Clock, type Connection } from '../store'
import { errorMessage } from '../../../shared/error-message'

export { SANDBOX_CONNECTION_ID }
/** What the sandbox connection's row holds; the real address is the worker's, known at run time. */
export const SANDBOX_PLACEHOLDER_URL = 'http://127.0.0.1/'

/** The built-in Sandbox's connection: always there, with no secrets of its own. */
export function sandboxConnection(clock: Clock): Connection {
  const now = isoNow(clock)
  return {
    id: SANDBOX_CONNECTION_ID,
    name: 'Sandbox',
    kind: 'sandbox',
    baseUrl: SANDBOX_PLACEHOLDER_URL,
    authUrl: null,
    mcpUrl: null,
    clientId: null,
    queryNames: defaultQueryNames,
    createdAt: now,
    updatedAt: now
  }
}

/**
 * The Sandbox back to its first state. Its money view follows: the ledger's rows so far become
 * history ("before reset", no longer bought) and the balance is read again from the service.
 */
export async function resetSandbox(
  sandbox: EmbeddedSandbox,
  deps: { stores: StoreAccess; events: EventHub; logger: Logger; client: () => Promise<PartnerClient> }
): Promise<SandboxState> {
  try {
    await sandbox.reset()
  } catch (error) {
    throw new AppError(
      'internal',
      `The sandbox could not be reset (${errorMessage(error)}). Restart Talent Desk and try again.`
    )
  }
  try {
    const store = deps.stores.get()
    store.transaction(() => store.ledger.startEpoch(SANDBOX_CONNECTION_ID))
  } catch (error) {
    deps.logger.warn('connections.sandbox_ledger_not_reset', { error: errorMessage(error) })
  }
  await rereadBalance(deps)
  return sandbox.state
}

/** The Sandbox's balance as it says now (a free Polling of nobody), recorded as last seen. */
async function rereadBalance(deps: Parameters<typeof resetSandbox>[1]): Promise<void> {
  try {
    const client = await deps.client()
    const answer = await client.getPremiumContacts([], 'Email', 'Polling')
    const count = answer.count?.value
    if (count !== null && typeof count === 'object') {
      const seen = deps.stores
        .get()
        .contacts.recordCounts(count as { available?: number; used?: number }, undefined, SANDBOX_CONNECTION_ID)
      deps.events.emit('creditsChanged', {
        connectionId: SANDBOX_CONNECTION_ID,
        available: seen.available,
        used: seen.used,
        seenAt: seen.recordedAt
      })
    }
  } catch (error) {
    deps.logger.warn('connections.sandbox_balance_unread', { error: errorMessage(error) })
  }
}
