import { randomBytes } from 'node:crypto'
import type { Clock } from '../clock'
import type { Principal } from './principals'

interface IssuedToken {
  principal: Principal
  resource: string
  expiresAt: number
}

export type TokenCheck = { ok: true; principal: Principal } | { ok: false; reason: string }

/** Opaque bearer tokens, kept in memory; expiry is read from the injected clock. */
export class TokenStore {
  readonly #tokens = new Map<string, IssuedToken>()

  constructor(
    private readonly clock: Clock,
    private readonly ttlSeconds: number
  ) {}

  get ttl(): number {
    return this.ttlSeconds
  }

  issue(principal: Principal, resource: string): { accessToken: string; expiresIn: number } {
    this.#purge()
    const accessToken = `sbx_at_${randomBytes(24).toString('base64url')}`
    this.#tokens.set(accessToken, { principal, resource, expiresAt: this.clock.now() + this.ttlSeconds * 1000 })
    return { accessToken, expiresIn: this.ttlSeconds }
  }

  check(token: string, resource: string): TokenCheck {
    const issued = this.#tokens.get(token)
    if (!issued) return { ok: false, reason: 'The access token is not valid' }
    if (this.clock.now() >= issued.expiresAt) return { ok: false, reason: 'The access token expired' }
    if (issued.resource !== resource) return { ok: false, reason: 'The access token was issued for another resource' }
    return { ok: true, principal: issued.principal }
  }

  #purge(): void {
    const now = this.clock.now()
    for (const [token, issued] of this.#tokens) if (issued.expiresAt + 60_000 < now) this.#tokens.delete(token)
  }
}
