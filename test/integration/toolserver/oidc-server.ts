import { createServer } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import Provider, { errors } from 'oidc-provider'

/**
 * A real, independent authorization server in the tests: oidc-provider with the client
 * credentials grant and resource indicators (RFC 8707), its token endpoint at the path the spec
 * gives (`/api/oauth/token`). Tokens are issued only for `resource`.
 */
export async function startOidcServer(options: { resource: string; ttlSeconds?: number }) {
  const server = createServer()
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const client = { clientId: 'talent-desk-test', clientSecret: 'a-long-enough-client-secret-for-tests' }
  // an older credential, not bound to a user: the test tool server refuses it what needs a user
  const legacy = { legacyClientId: 'talent-desk-legacy', legacyClientSecret: 'another-long-client-secret-for-tests' }
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_post',
        scope: 'mcp:tools'
      },
      {
        client_id: legacy.legacyClientId,
        client_secret: legacy.legacyClientSecret,
        grant_types: ['client_credentials'],
        redirect_uris: [],
        response_types: [],
        token_endpoint_auth_method: 'client_secret_post',
        scope: 'mcp:tools'
      }
    ],
    scopes: ['mcp:tools'],
    routes: { token: '/api/oauth/token' },
    ttl: { ClientCredentials: options.ttlSeconds ?? 3600 },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => options.resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx: unknown, indicator: string) => {
          if (indicator !== options.resource) throw new errors.InvalidTarget()
          return {
            scope: 'mcp:tools',
            audience: indicator,
            accessTokenTTL: options.ttlSeconds ?? 3600,
            accessTokenFormat: 'opaque'
          }
        }
      }
    }
  })
  let requests = 0
  const seen = new Set<string>()
  const expired = new Set<string>()
  const callback = provider.callback()
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/api/oauth/token')) requests += 1
    callback(req, res)
  })
  return {
    issuer,
    ...client,
    ...legacy,
    /** What a resource server would learn by introspection: the client a live token was issued to. */
    async checkToken(token: string): Promise<{ clientId: string } | null> {
      if (expired.has(token)) return null
      seen.add(token)
      const found = await provider.ClientCredentials.find(token)
      // find() allows some clock tolerance; a resource server that is strict about exp rejects it
      if (found === undefined || found.isExpired || found.aud !== options.resource) return null
      return { clientId: found.clientId as string }
    },
    /** Every token handed out so far is refused from now on, as if its lifetime had run out. */
    expireTokens() {
      for (const token of seen) expired.add(token)
      seen.clear()
    },
    get tokenRequests() {
      return requests
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
