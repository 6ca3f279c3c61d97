import { afterEach, describe, expect, it } from 'vitest'
import { Agent, fetch as undiciFetch } from 'undici'
import { TokenSource } from '../../../electron/main/toolserver/token-source'
import { startTestSandbox } from '../sandbox/helpers'
import { startOidcServer } from './oidc-server'

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})
const agent = new Agent()
const fetchWith = ((input: string | URL | Request, init?: RequestInit) =>
  undiciFetch(input as string, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch

async function codeAndMessage(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return { code: (error as { code?: string }).code, message: (error as Error).message }
  }
  throw new Error('expected a failure')
}

describe('the tool-server token (client credentials)', () => {
  it('against the sandbox: one exchange for concurrent callers, cached, renewed after expiry, errors say what to check', async () => {
    const sandbox = await startTestSandbox({ tokenTtlSeconds: 2 })
    opened.push(sandbox)
    let now = Date.now()
    const source = new TokenSource({
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId,
      clientSecret: async () => sandbox.clientSecret,
      fetch: fetchWith,
      now: () => now,
      marginMs: 500
    })
    const tokens = await Promise.all(Array.from({ length: 5 }, () => source.token()))
    expect(new Set(tokens).size).toBe(1)
    expect(source.exchanges).toBe(1)
    expect(await source.token()).toBe(tokens[0])
    expect(source.exchanges).toBe(1)
    // 2 s lifetime minus the 0.5 s margin: renewed after 1.5 s
    now += 1600
    const renewed = await source.token()
    expect(source.exchanges).toBe(2)
    expect(renewed).not.toBe(tokens[0])
    source.drop()
    await source.token()
    expect(source.exchanges).toBe(3)

    const wrongSecret = new TokenSource({
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId,
      clientSecret: async () => 'not-the-secret',
      fetch: fetchWith
    })
    expect(await codeAndMessage(wrongSecret.token())).toEqual({
      code: 'unauthorized',
      message:
        'The authorization server did not accept the client id or client secret. Check both in Settings → Connections.'
    })
    const wrongResource = new TokenSource({
      authUrl: sandbox.authUrl,
      mcpUrl: 'http://127.0.0.1:9/somewhere-else',
      clientId: sandbox.clientId,
      clientSecret: async () => sandbox.clientSecret,
      fetch: fetchWith
    })
    expect((await codeAndMessage(wrongResource.token())).message).toMatch(/Check the MCP URL/)
    const noSecret = new TokenSource({ ...sandboxDeps(sandbox), clientSecret: async () => null })
    expect((await codeAndMessage(noSecret.token())).message).toMatch(/no client secret yet/)
  })

  it('against oidc-provider (an independent authorization server) with resource indicators', async () => {
    const resource = 'http://127.0.0.1:1/mcp'
    const server = await startOidcServer({ resource, ttlSeconds: 3600 })
    opened.push(server)
    const source = new TokenSource({
      authUrl: server.issuer,
      mcpUrl: resource,
      clientId: server.clientId,
      clientSecret: async () => server.clientSecret,
      fetch: fetchWith
    })
    const [a, b, c] = await Promise.all([source.token(), source.token(), source.token()])
    expect(a).toBeTruthy()
    expect(new Set([a, b, c]).size).toBe(1)
    expect(server.tokenRequests).toBe(1)

    const otherResource = new TokenSource({
      authUrl: server.issuer,
      mcpUrl: 'http://127.0.0.1:1/other',
      clientId: server.clientId,
      clientSecret: async () => server.clientSecret,
      fetch: fetchWith
    })
    expect((await codeAndMessage(otherResource.token())).message).toMatch(/Check the MCP URL/)
    const wrongSecret = new TokenSource({
      authUrl: server.issuer,
      mcpUrl: resource,
      clientId: server.clientId,
      clientSecret: async () => 'wrong-secret-wrong-secret-wrong',
      fetch: fetchWith
    })
    expect((await codeAndMessage(wrongSecret.token())).code).toBe('unauthorized')
  })

  it('refuses plain http except for this computer', () => {
    expect(() => new TokenSource({ ...sandboxDeps(null), authUrl: 'http://auth.example.com' })).toThrow(/https:\/\//)
    expect(() => new TokenSource({ ...sandboxDeps(null), authUrl: 'https://auth.example.com' })).not.toThrow()
    expect(() => new TokenSource({ ...sandboxDeps(null), authUrl: 'http://[::1]:8080' })).not.toThrow()
  })
})

function sandboxDeps(sandbox: { authUrl: string; mcpUrl: string; clientId: string; clientSecret: string } | null) {
  return {
    authUrl: sandbox?.authUrl ?? 'http://127.0.0.1:1',
    mcpUrl: sandbox?.mcpUrl ?? 'http://127.0.0.1:1/mcp',
    clientId: sandbox?.clientId ?? 'client',
    clientSecret: async () => sandbox?.clientSecret ?? 'secret',
    fetch: fetchWith
  }
}
