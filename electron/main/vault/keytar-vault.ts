import type { KeychainStatus } from '../../../shared/ipc/channels/keychain'
import { KEYCHAIN_SERVICE, type SecretVault } from './secret-vault'

/** The part of keytar we use; injected so Electron can hand in its own ABI build. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<{ account: string; password: string }[]>
}

/** Secrets in the OS keychain (libsecret on Linux, Keychain on macOS, Credential Vault on Windows). */
export class KeytarVault implements SecretVault {
  readonly #keytar: KeytarModule
  readonly #service: string
  constructor(keytar: KeytarModule, service = KEYCHAIN_SERVICE) {
    this.#keytar = keytar
    this.#service = service
  }
  status(): KeychainStatus {
    return { backend: 'keychain', available: true }
  }
  get(account: string) {
    return this.#keytar.getPassword(this.#service, account)
  }
  set(account: string, secret: string) {
    return this.#keytar.setPassword(this.#service, account, secret)
  }
  delete(account: string) {
    return this.#keytar.deletePassword(this.#service, account)
  }
  async entries() {
    return (await this.#keytar.findCredentials(this.#service)).map(({ account, password }) => ({
      account,
      secret: password
    }))
  }
}
