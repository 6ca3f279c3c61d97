import type { CredentialKind } from '../../../shared/ipc/channels/tools'
import { SANDBOX_CONNECTION_ID } from '../../../shared/ipc/channels/connections'
import type { Logger } from '../logging/logger'
import type { StoreAccess } from '../store/store-access'
import { errorMessage } from '../../../shared/error-message'

const credentialKey = (connectionId: string) => `toolCredential:${connectionId}`

/**
 * What kind of credential a connection's tool-server client is — user-bound or an older one —
 * learnt from the server's answers and remembered per client id (settings): a new client id
 * starts unknown.
 */
export class CredentialKinds {
  constructor(private readonly deps: { stores: StoreAccess; logger: Logger }) {}

  /** What was learnt about this connection's credential (for this client id; a new one starts unknown). */
  of(connectionId: string, clientId: string): CredentialKind {
    // the built-in sandbox's own client is bound to its (generated) recruiter
    if (connectionId === SANDBOX_CONNECTION_ID) return 'user'
    try {
      const saved = this.deps.stores.get().settings.get(credentialKey(connectionId))
      if (saved === null) return 'unknown'
      const parsed = JSON.parse(saved) as { clientId?: unknown; kind?: unknown }
      if (parsed.clientId !== clientId) return 'unknown'
      return parsed.kind === 'user' || parsed.kind === 'legacy' ? parsed.kind : 'unknown'
    } catch {
      return 'unknown'
    }
  }

  learn(connectionId: string, clientId: string, kind: 'user' | 'legacy'): void {
    try {
      this.deps.stores.get().settings.set(credentialKey(connectionId), JSON.stringify({ clientId, kind }))
    } catch (error) {
      // the saved data is not open: the kind is learnt again next time
      this.deps.logger.warn('tools.credential_not_saved', { error: errorMessage(error) })
    }
  }
}
