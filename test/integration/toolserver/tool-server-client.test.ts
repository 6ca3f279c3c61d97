import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { Agent, fetch as undiciFetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { legacyCredentialMessage } from '../../../electron/main/toolserver/legacy-credential'
import { ToolServerClient } from '../../../electron/main/toolserver/tool-server-client'
import { TokenSource } from '../../../electron/main/toolserver/token-source'
import { startTestSandbox } from '../sandbox/helpers'
import { startOidcServer } from './oidc-server'
import { startPlainJsonMcp } from './plain-json-mcp'
import { until } from '../until'

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const agent = new Agent()
/** undici's fetch, counting the requests that reach the tool server (not the token endpoint). */
function countingFetch(mcpUrl: string) {
  const seen = { posts: 0 }
  const fetchWith = ((input: string | URL | Request, init?: RequestInit) => {
    if (String(input).startsWith(mcpUrl) && init?.method === 'POST') seen.posts += 1
    return undiciFetch(input as string, { ...(init as object), dispatcher: agent })
  }) as unknown as typeof fetch
  return { fetch: fetchWith, seen }
}

async function failure(promise: Promise<unknown>) {
  try {
    await promise
  } catch (error) {
    return error as Error & { code: string; details?: unknown }
  }
  throw new Error('expected a failure')
}

const text = (result: CallToolResult) =>
  result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')

function clientFor(options: {
  authUrl: string
  mcpUrl: string
  clientId: string
  clientSecret: string
  now?: () => number
}) {
  const { fetch, seen } = countingFetch(options.mcpUrl)
  const tokens = new TokenSource({
    authUrl: options.authUrl,
    mcpUrl: options.mcpUrl,
    clientId: options.clientId,
    clientSecret: async () => options.clientSecret,
    fetch,
    ...(options.now ? { now: options.now } : {})
  })
  const client = new ToolServerClient({
    mcpUrl: options.mcpUrl,
    tokens,
    fetch,
    clientInfo: { name: 'talent-desk-test', version: '0.0.0' },
    listRetryMinMs: 20
  })
  opened.push(client)
  return { client, tokens, seen }
}

describe('the MCP client against the sandbox (the SDK on both ends)', () => {
  it('lists tools with their schemas, calls one, and refuses arguments that do not fit before sending them', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const { client, tokens, seen } = clientFor(sandbox)
    // three callers at once: one token exchange, one session
    const lists = await Promise.all([client.listTools(), client.listTools(), client.listTools()])
    expect(tokens.exchanges).toBe(1)
    expect(lists[0]!.map((t) => t.name).sort()).toEqual(['contacts', 'exports', 'index_search', 'search', 'workspaces'])
    const search = lists[0]!.find((t) => t.name === 'search')!
    expect(search.inputSchema.type).toBe('object')

    const result = await client.callTool('search', { query: 'engineer', limit: 3 })
    expect(result.isError).toBeFalsy()
    expect((result.structuredContent as { results: unknown[] }).results.length).toBeGreaterThan(0)

    const before = seen.posts
    const wrong = await failure(client.callTool('search', { query: 42, limit: 'many' }))
    expect(wrong.code).toBe('invalid_input')
    expect((wrong.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['limit', 'query'])
    expect(wrong.message).toMatch(/^The arguments do not fit “search”: /)
    expect(seen.posts).toBe(before)

    const unknown = await failure(client.callTool('no_such_tool', {}))
    expect(unknown.code).toBe('not_found')
  })

  it('renews an expired token on the 401 and sends the same call once more', async () => {
    const sandbox = await startTestSandbox({ tokenTtlSeconds: 1 })
    opened.push(sandbox)
    // the app's clock stands still, so it keeps a token the server has already let expire
    const frozen = Date.now()
    const { client, tokens } = clientFor({ ...sandbox, now: () => frozen })
    await client.listTools()
    expect(tokens.exchanges).toBe(1)
    // the sandbox's own clock moves on past the token's second of life
    sandbox.clock.advance(1500)
    const result = await client.callTool('search', { query: 'nurse', limit: 1 })
    expect(result.isError).toBeFalsy()
    expect(client.renewals).toBe(1)
    expect(tokens.exchanges).toBe(2)
  })

  it('with an older credential: search works, contacts answers the documented refusal', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const { client } = clientFor({
      ...sandbox,
      clientId: sandbox.legacyClientId,
      clientSecret: sandbox.legacyClientSecret
    })
    expect((await client.callTool('search', { query: 'engineer', limit: 1 })).isError).toBeFalsy()
    const refused = await client.callTool('contacts', { action: 'credits' })
    expect(refused.isError).toBe(true)
    expect(text(refused)).toBe("credit balances aren't available for M2M service credentials")
  })
})

describe('the MCP client against a hand-written plain-JSON server and oidc-provider', () => {
  async function setUp(ttlSeconds = 3600) {
    // the resource is the MCP URL, known once the server listens: start it first, then the issuer
    let check: (token: string) => Promise<{ clientId: string } | null> = async () => null
    const mcp = await startPlainJsonMcp({
      checkToken: (token) => check(token),
      legacyClients: ['talent-desk-legacy']
    })
    opened.push(mcp)
    const oidc = await startOidcServer({ resource: mcp.url, ttlSeconds })
    opened.push(oidc)
    check = (token) => oidc.checkToken(token)
    return { mcp, oidc }
  }

  it('a session found expired by one request is ended only after the calls still running on it', async () => {
    const { mcp, oidc } = await setUp()
    const { client } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: mcp.url,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret
    })
    await client.listTools()
    const release = mcp.holdPeople()
    const running = client.callTool('people', { team: 'search' })
    // the call has reached the server and runs there
    await until(
      () => mcp.counts['call:people'] ?? 0,
      (calls) => calls === 1
    )
    mcp.expireSessions()
    // another request meets the expired session: it is rebuilt, and that request sent again
    expect(text(await client.callTool('echo', { text: 'x' }))).toBe('x')
    expect(client.rebuilds).toBe(1)
    release()
    // the running call was not cut off under it (it may already have run at the server)
    expect((await running).structuredContent).toMatchObject({
      people: [{ name: 'Ada Lovelace' }, { name: 'Grace Hopper' }]
    })
  })

  it('follows nextCursor, reads plain JSON answers, and rebuilds an expired session for a list and for a call', async () => {
    const { mcp, oidc } = await setUp()
    const { client } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: mcp.url,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret
    })
    const tools = await client.listTools()
    expect(tools.map((t) => t.name)).toEqual(['echo', 'people', 'credits', 'whoami', 'flaky'])
    expect(mcp.counts['tools/list']).toBe(3)
    expect(client.serverInfo()).toEqual({ name: 'plain-json-test', version: '0.1.0' })

    const people = await client.callTool('people', { team: 'search' })
    expect(people.structuredContent).toEqual({
      people: [
        { name: 'Ada Lovelace', title: 'Analyst' },
        { name: 'Grace Hopper', title: 'Rear Admiral' }
      ]
    })

    mcp.expireSessions()
    expect((await client.listTools()).length).toBe(5)
    expect(client.rebuilds).toBe(1)
    expect(mcp.sessionsCreated).toBe(2)

    mcp.expireSessions()
    const echoed = await client.callTool('echo', { text: 'hi', times: 2 })
    expect(text(echoed)).toBe('hihi')
    expect(client.rebuilds).toBe(2)
    // the expired session refused the first send; the call ran once, on the new session
    expect(mcp.counts['call:echo']).toBe(1)

    const wrong = await failure(client.callTool('echo', { times: 9 }))
    expect(wrong.code).toBe('invalid_input')
    expect((wrong.details as Array<{ path: string }>).map((d) => d.path).sort()).toEqual(['text', 'times'])
    expect(mcp.counts['call:echo']).toBe(1)
  })

  it('retries a list on a 503 but never a call, which may have spent credits', async () => {
    const { mcp, oidc } = await setUp()
    const { client } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: mcp.url,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret
    })
    mcp.failNextLists(2)
    expect((await client.listTools()).length).toBe(5)
    // two refused attempts, then the three pages
    expect(mcp.counts['tools/list']).toBe(5)

    const failed = await failure(client.callTool('flaky', {}))
    expect(failed.code).toBe('server_error')
    expect(failed.message).toMatch(/HTTP 503/)
    expect(mcp.counts['call:flaky']).toBe(1)
  })

  it('a reload while a call runs starts a fresh session and lets the call finish on its own', async () => {
    const sandbox = await startTestSandbox({ faults: 'latency=200,mcp=1' })
    opened.push(sandbox)
    const { client, seen } = clientFor(sandbox)
    await client.listTools()
    const posted = seen.posts
    const running = client.callTool('search', { query: 'nurse', limit: 1 })
    await until(
      () => seen.posts,
      (posts) => posts > posted
    ) // sent; its answer is 200 ms away
    await client.renew()
    expect((await client.listTools()).length).toBe(5)
    // it may have run already: cutting it off would tell the recruiter to run it again
    expect((await running).isError).toBeFalsy()
    expect((await client.callTool('search', { query: 'nurse', limit: 1 })).isError).toBeFalsy()
  })

  it('reads an answer that is not JSON as invalid_response: a list asked again, a call once', async () => {
    const sandbox = await startTestSandbox({ faults: 'malformed=1,mcp=1' })
    opened.push(sandbox)
    const { client, seen } = clientFor(sandbox)
    const listed = await failure(client.listTools())
    expect(listed.code).toBe('invalid_response')
    expect(listed.message).toMatch(/not JSON/)
    // the handshake's first request, three times: the first try and two retries
    expect(seen.posts).toBe(3)
    const called = await failure(client.callTool('search', { query: 'nurse' }))
    expect(called.code).toBe('invalid_response')
  })

  it('renews the token on a 401 from a real authorization server, one exchange for concurrent callers', async () => {
    const { mcp, oidc } = await setUp()
    const frozen = Date.now()
    const { client, tokens } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: mcp.url,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret,
      now: () => frozen
    })
    await Promise.all([client.listTools(), client.listTools()])
    expect(oidc.tokenRequests).toBe(1)
    // the token runs out on the server's side while the client still thinks it fresh (frozen clock)
    oidc.expireTokens()
    expect(text(await client.callTool('whoami', {}))).toBe('recruiter@example.test')
    expect(client.renewals).toBe(1)
    expect(tokens.exchanges).toBe(2)
    expect(oidc.tokenRequests).toBe(2)
    expect(mcp.unauthorized).toBe(1)
  })

  it('explains the older credential in both of its forms: an error result and a JSON-RPC error', async () => {
    const { mcp, oidc } = await setUp()
    const { client } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: mcp.url,
      clientId: oidc.legacyClientId,
      clientSecret: oidc.legacyClientSecret
    })
    const result = await client.callTool('whoami', {})
    expect(result.isError).toBe(true)
    expect(text(result)).toBe('Recruiter was not found')
    const thrown = await failure(client.callTool('credits', {}))
    expect(thrown.code).toBe('forbidden')
    expect(thrown.message).toBe(legacyCredentialMessage)
    expect(thrown.details).toEqual({ legacy: true })
    expect(mcp.counts['call:credits']).toBe(1)
  })

  it('says which setting to check when the tool server is not there', async () => {
    const { oidc, mcp } = await setUp()
    const nowhere = `${new URL(mcp.url).origin}/not-mcp`
    const { client } = clientFor({
      authUrl: oidc.issuer,
      mcpUrl: nowhere,
      clientId: oidc.clientId,
      clientSecret: oidc.clientSecret
    })
    const missing = await failure(client.listTools())
    // the issuer refuses a token for another resource: the MCP URL is what to check
    expect(missing.code).toBe('invalid_input')
    expect(missing.message).toMatch(/MCP URL/)
  })
})
