import { createHmac } from 'node:crypto'

export interface SandboxCredentials {
  apiKey: string
  clientId: string
  clientSecret: string
  legacyClientId: string
  legacyClientSecret: string
  organisationId: string
  userId: string
}

/**
 * Credentials derived from the seed: the same seed gives the same keys on every run (handy when
 * pasting them into a client), a different seed gives different ones. Overrides win.
 */
export function deriveCredentials(seed: number, overrides: Partial<SandboxCredentials> = {}): SandboxCredentials {
  const derive = (label: string, length: number): string =>
    createHmac('sha256', `talent-desk-sandbox:${seed}`).update(label).digest('hex').slice(0, length)
  return {
    apiKey: `sbx_${derive('api-key', 32)}`,
    clientId: `sbx-client-${derive('client-id', 12)}`,
    clientSecret: `sbx_secret_${derive('client-secret', 40)}`,
    legacyClientId: `sbx-legacy-${derive('legacy-id', 12)}`,
    legacyClientSecret: `sbx_secret_${derive('legacy-secret', 40)}`,
    organisationId: `org-${derive('org', 8)}`,
    userId: `user-${derive('user', 8)}`,
    ...overrides
  }
}
