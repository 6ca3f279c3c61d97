import type { KeychainStatus } from '../../../shared/ipc/channels/keychain'

/**
 * Where secrets (API keys, client secrets) live. Main-process only: the renderer can set, clear
 * and test a secret and read whether one is configured, never the value.
 */
export interface SecretVault {
  status(): KeychainStatus
  get(account: string): Promise<string | null>
  set(account: string, secret: string): Promise<void>
  delete(account: string): Promise<boolean>
  /** Every stored secret (to mask them all in the log from the start). */
  entries(): Promise<Array<{ account: string; secret: string }>>
}

/** The OS keychain service name under which every Talent Desk secret is stored. */
export const KEYCHAIN_SERVICE = 'Talent Desk'
