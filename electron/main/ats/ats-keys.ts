import { AppError } from '../../../shared/ipc/errors'
import type { SecretWatcher } from '../logging/secret-mask'
import type { SecretVault } from '../vault/secret-vault'

interface StoredAtsKey {
  v: 1
  secret: string
  /** The exact origin (scheme, host, port) the key may be sent to. */
  origin: string
  updatedAt: string
}

/** The origin of an ATS's API root; an AppError for anything but an http(s) address. */
export function atsOrigin(baseUrl: string): string {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    throw new AppError('invalid_input', `“${baseUrl}” is not a web address.`)
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new AppError('invalid_input', `“${baseUrl}” is not an http(s) address.`)
  }
  return url.origin
}

/**
 * ATS API keys in the OS keychain (through the vault), one account per ATS connection, each
 * bound to the exact origin it was entered for: it is handed out only for that origin, so a
 * connection whose address is changed never sends the old key to the new host.
 */
export class AtsKeys {
  constructor(private readonly deps: { vault: SecretVault; now: () => Date; watcher?: SecretWatcher | undefined }) {}

  static account(connectionId: string): string {
    return `ats:${connectionId}:apiKey`
  }

  async set(connectionId: string, baseUrl: string, secret: string): Promise<void> {
    if (!this.deps.vault.status().available) {
      throw new AppError(
        'keychain_unavailable',
        `${this.deps.vault.status().message ?? 'The system keychain is unavailable.'} The ATS key was not saved.`
      )
    }
    const stored: StoredAtsKey = { v: 1, secret, origin: atsOrigin(baseUrl), updatedAt: this.deps.now().toISOString() }
    try {
      await this.deps.vault.set(AtsKeys.account(connectionId), JSON.stringify(stored))
    } catch {
      throw new AppError(
        'keychain_unavailable',
        'The system keychain refused to save the ATS key (it may be locked). Unlock it and try again.'
      )
    }
    this.deps.watcher?.add(secret)
  }

  /** The key for calls to `baseUrl`; null when none is kept or it was entered for another origin. */
  async read(connectionId: string, baseUrl: string): Promise<string | null> {
    const text = await this.deps.vault.get(AtsKeys.account(connectionId))
    if (text === null) return null
    let stored: StoredAtsKey
    try {
      stored = JSON.parse(text) as StoredAtsKey
    } catch {
      return null
    }
    if (stored.v !== 1 || typeof stored.secret !== 'string' || stored.origin !== atsOrigin(baseUrl)) return null
    this.deps.watcher?.add(stored.secret)
    return stored.secret
  }

  /**
   * Tells the watcher about every ATS key already in the keychain, so the log masks them from the
   * first line, before any is used (as the Partner API's secrets are). A keychain that does not
   * answer primes nothing: each key is still masked when first read.
   */
  async primeWatcher(): Promise<void> {
    if (this.deps.watcher === undefined || !this.deps.vault.status().available) return
    let entries: Array<{ account: string; secret: string }>
    try {
      entries = await this.deps.vault.entries()
    } catch {
      return // the keychain did not answer: nothing to prime
    }
    for (const { account, secret } of entries) {
      if (!account.startsWith('ats:')) continue
      try {
        const stored = JSON.parse(secret) as Partial<StoredAtsKey>
        if (typeof stored.secret === 'string') this.deps.watcher.add(stored.secret)
      } catch {
        // not our JSON: read() would not hand it out either
      }
    }
  }

  async clear(connectionId: string): Promise<void> {
    await this.deps.vault.delete(AtsKeys.account(connectionId))
  }
}
