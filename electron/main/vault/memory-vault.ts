import type { KeychainStatus } from '../../../shared/ipc/channels/keychain'
import type { SecretVault } from './secret-vault'

/**
 * Used only when the OS keychain is unavailable: secrets live in this process's memory and are
 * gone when the app quits. Never a home-made encrypted file — we say plainly what happened.
 */
export class SessionOnlyVault implements SecretVault {
  readonly #secrets = new Map<string, string>()
  readonly #reason: string
  constructor(reason: string) {
    this.#reason = reason
  }
  status(): KeychainStatus {
    return { backend: 'memory', available: false, message: this.#reason }
  }
  async get(account: string) {
    return this.#secrets.get(account) ?? null
  }
  async set(account: string, secret: string) {
    this.#secrets.set(account, secret)
  }
  async delete(account: string) {
    return this.#secrets.delete(account)
  }
  async entries() {
    return [...this.#secrets].map(([account, secret]) => ({ account, secret }))
  }
}
