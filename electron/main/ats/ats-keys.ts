import { AppError } from '../../../shared/ipc/errors'
import type { SecretWatcher } from '../logging/secret-mask'
import type { SecretVault } from '../vault/secret-vault'
import type { LeverOAuthTokens } from './connections/lever-oauth'

interface StoredAtsKey {
  v: 1
  secret: string
  /** The exact origin (scheme, host, port) the key may be sent to. */
  origin: string
  updatedAt: string
}

/**
 * A Lever OAuth connection's app and tokens (connections/lever-oauth.ts): the client secret bound to
 * the authorization server's origin, the tokens to the API's, as an API key is.
 */
interface StoredOAuth extends LeverOAuthTokens {
  v: 1
  auth: 'oauth'
  origin: string
  authOrigin: string
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
 * ATS API keys in the OS keychain (through the vault), one account per ATS connection (a Lever
 * OAuth connection's app secret and tokens in an account of their own), each bound to the exact
 * origin it was entered for: it is handed out only for that origin, so a
 * connection whose address is changed never sends the old key to the new host.
 */
export class AtsKeys {
  constructor(private readonly deps: { vault: SecretVault; now: () => Date; watcher?: SecretWatcher | undefined }) {}

  static account(connectionId: string): string {
    return `ats:${connectionId}:apiKey`
  }

  /** Whether the keychain can keep anything now. */
  canKeep(): boolean {
    return this.deps.vault.status().available
  }

  /** A Lever OAuth connection's account: its app's secret and its tokens. */
  static oauthAccount(connectionId: string): string {
    return `ats:${connectionId}:oauth`
  }

  async set(connectionId: string, baseUrl: string, secret: string): Promise<void> {
    const stored: StoredAtsKey = { v: 1, secret, origin: atsOrigin(baseUrl), updatedAt: this.deps.now().toISOString() }
    await this.#save(AtsKeys.account(connectionId), JSON.stringify(stored), 'The ATS key')
    this.deps.watcher?.add(secret)
  }

  /** Keeps (or replaces, after a refresh) a Lever OAuth connection's app secret and tokens. */
  async setOAuth(connectionId: string, baseUrl: string, tokens: LeverOAuthTokens): Promise<void> {
    const stored: StoredOAuth = {
      v: 1,
      auth: 'oauth',
      ...tokens,
      origin: atsOrigin(baseUrl),
      authOrigin: atsOrigin(tokens.authUrl),
      updatedAt: this.deps.now().toISOString()
    }
    for (const secret of [tokens.clientSecret, tokens.accessToken, tokens.refreshToken])
      if (secret) this.deps.watcher?.add(secret)
    await this.#save(AtsKeys.oauthAccount(connectionId), JSON.stringify(stored), 'The Lever authorization')
  }

  /** The OAuth app and tokens for calls to `baseUrl`; null when none is kept, or kept for other origins. */
  async readOAuth(connectionId: string, baseUrl: string): Promise<LeverOAuthTokens | null> {
    const text = await this.deps.vault.get(AtsKeys.oauthAccount(connectionId))
    if (text === null) return null
    let stored: StoredOAuth
    try {
      stored = JSON.parse(text) as StoredOAuth
    } catch {
      return null
    }
    if (
      stored.v !== 1 ||
      stored.auth !== 'oauth' ||
      typeof stored.accessToken !== 'string' ||
      typeof stored.clientSecret !== 'string' ||
      stored.origin !== atsOrigin(baseUrl) ||
      stored.authOrigin !== atsOrigin(stored.authUrl)
    )
      return null
    for (const secret of [stored.clientSecret, stored.accessToken, stored.refreshToken])
      if (secret) this.deps.watcher?.add(secret)
    const { clientId, clientSecret, authUrl, accessToken, refreshToken, expiresAt } = stored
    return { clientId, clientSecret, authUrl, accessToken, refreshToken, expiresAt }
  }

  async #save(account: string, text: string, what: string): Promise<void> {
    if (!this.deps.vault.status().available) {
      throw new AppError(
        'keychain_unavailable',
        `${this.deps.vault.status().message ?? 'The system keychain is unavailable.'} ${what} was not saved.`
      )
    }
    try {
      await this.deps.vault.set(account, text)
    } catch {
      throw new AppError(
        'keychain_unavailable',
        `The system keychain refused to save ${what.charAt(0).toLowerCase()}${what.slice(1)} (it may be locked). Unlock it and try again.`
      )
    }
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
        const stored = JSON.parse(secret) as Partial<StoredAtsKey & StoredOAuth>
        for (const value of [stored.secret, stored.clientSecret, stored.accessToken, stored.refreshToken])
          if (typeof value === 'string' && value !== '') this.deps.watcher.add(value)
      } catch {
        // not our JSON: read() would not hand it out either
      }
    }
  }

  async clear(connectionId: string): Promise<void> {
    await this.deps.vault.delete(AtsKeys.account(connectionId))
    await this.deps.vault.delete(AtsKeys.oauthAccount(connectionId))
  }
}
