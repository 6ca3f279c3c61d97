import type { SecretKind, SecretStatus } from '../../../shared/ipc/channels/connections'
import { AppError } from '../../../shared/ipc/errors'
import { isoNow, type Clock } from '../store/clock'
import type { SecretVault } from '../vault/secret-vault'

import type { SecretWatcher } from '../logging/secret-mask'

export type { SecretWatcher } from '../logging/secret-mask'

interface StoredSecret {
  v: 1
  secret: string
  updatedAt: string
}

const notConfigured: SecretStatus = { configured: false, hint: null, updatedAt: null, storage: null }

/**
 * Write-only secrets per connection and kind: the renderer may set, replace, clear and ask
 * whether one is configured; only the main process reads a value (to call the service). One
 * keychain account per connection and kind. When the keychain is unavailable, a secret is kept
 * in this process's memory only if the recruiter chose that, and is never written anywhere.
 */
export class SecretsService {
  readonly #vault: SecretVault
  readonly #session = new Map<string, StoredSecret>()
  readonly #clock: Clock
  readonly #watcher: SecretWatcher | undefined

  constructor(deps: { vault: SecretVault; clock: Clock; watcher?: SecretWatcher }) {
    this.#vault = deps.vault
    this.#clock = deps.clock
    this.#watcher = deps.watcher
  }

  static account(connectionId: string, kind: SecretKind): string {
    return `connection:${connectionId}:${kind}`
  }

  keychainStatus() {
    return this.#vault.status()
  }

  keychainAvailable(): boolean {
    return this.#vault.status().available
  }

  async status(connectionId: string, kind: SecretKind): Promise<SecretStatus> {
    const account = SecretsService.account(connectionId, kind)
    const session = this.#session.get(account)
    if (session !== undefined) return statusOf(session, 'session')
    if (!this.keychainAvailable()) return notConfigured
    const stored = await this.#readVault(account)
    return stored === null ? notConfigured : statusOf(stored, 'keychain')
  }

  /** The value, for the main process's own calls. Never returned on any channel. */
  async read(connectionId: string, kind: SecretKind): Promise<string | null> {
    const account = SecretsService.account(connectionId, kind)
    const stored = this.#session.get(account) ?? (this.keychainAvailable() ? await this.#readVault(account) : null)
    return stored?.secret ?? null
  }

  /** Sets or replaces a secret. Without the keychain it needs the recruiter's `sessionOnly` choice. */
  async set(connectionId: string, kind: SecretKind, value: string, sessionOnly = false): Promise<SecretStatus> {
    const account = SecretsService.account(connectionId, kind)
    const stored: StoredSecret = { v: 1, secret: value, updatedAt: isoNow(this.#clock) }
    const previous = await this.read(connectionId, kind)
    if (sessionOnly) {
      this.#session.set(account, stored)
    } else {
      if (!this.keychainAvailable()) {
        throw new AppError(
          'keychain_unavailable',
          `${this.#vault.status().message ?? 'The system keychain is unavailable.'} The key was not saved. To use it anyway until Talent Desk quits, choose “Keep for this session only”.`
        )
      }
      try {
        await this.#vault.set(account, JSON.stringify(stored))
      } catch {
        throw new AppError(
          'keychain_unavailable',
          'The system keychain refused to save the key (it may be locked). Unlock it and try again, or choose “Keep for this session only”.'
        )
      }
      this.#session.delete(account)
    }
    if (previous !== null && previous !== value) this.#watcher?.remove(previous)
    this.#watcher?.add(value)
    return statusOf(stored, sessionOnly ? 'session' : 'keychain')
  }

  async clear(connectionId: string, kind: SecretKind): Promise<SecretStatus> {
    const account = SecretsService.account(connectionId, kind)
    const previous = await this.read(connectionId, kind)
    this.#session.delete(account)
    if (this.keychainAvailable()) {
      try {
        await this.#vault.delete(account)
      } catch {
        throw new AppError(
          'keychain_unavailable',
          'The system keychain refused to remove the key (it may be locked). Unlock it and try again.'
        )
      }
    }
    if (previous !== null) this.#watcher?.remove(previous)
    return notConfigured
  }

  /**
   * Tells the watcher about every secret already in the keychain, so the log masks them from the
   * first line, before any is used. Failures are ignored: each is still masked when first read.
   */
  async primeWatcher(): Promise<void> {
    if (this.#watcher === undefined || !this.keychainAvailable()) return
    try {
      for (const { account, secret } of await this.#vault.entries()) {
        if (account.startsWith('connection:')) this.#watcher.add(parseStored(secret).secret)
      }
    } catch {
      // the keychain did not answer; nothing to prime
    }
  }

  async removeAll(connectionId: string): Promise<void> {
    await this.clear(connectionId, 'apiKey')
    await this.clear(connectionId, 'clientSecret')
  }

  async #readVault(account: string): Promise<StoredSecret | null> {
    let text: string | null
    try {
      text = await this.#vault.get(account)
    } catch {
      throw new AppError(
        'keychain_unavailable',
        'The system keychain did not answer (it may be locked). Unlock it, then try again.'
      )
    }
    if (text === null) return null
    const stored = parseStored(text)
    this.#watcher?.add(stored.secret)
    return stored
  }
}

/** A value written by hand into the keychain (not our JSON) is used as the secret itself. */
function parseStored(text: string): StoredSecret {
  try {
    const parsed = JSON.parse(text) as Partial<StoredSecret>
    if (parsed.v === 1 && typeof parsed.secret === 'string' && typeof parsed.updatedAt === 'string') {
      return { v: 1, secret: parsed.secret, updatedAt: parsed.updatedAt }
    }
  } catch {
    // plain text
  }
  return { v: 1, secret: text, updatedAt: '' }
}

function statusOf(stored: StoredSecret, storage: 'keychain' | 'session'): SecretStatus {
  return {
    configured: true,
    hint: stored.secret.length >= 8 ? stored.secret.slice(-4) : null,
    updatedAt: stored.updatedAt === '' ? null : stored.updatedAt,
    storage
  }
}
