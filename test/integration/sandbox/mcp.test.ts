import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { post, startTestSandbox, testCatalog, type Json } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox
const open: Client[] = []
beforeAll(async () => {
  sb = await startTestSandbox({
    tokenTtlSeconds: 2,
    credits: 50,
    contactTiming: { startAfterMs: 100, completeAfterMs: 1000, failureShare: 0 }
  })
})
afterAll(async () => {
  await Promise.all(open.map((c) => c.close()))
  await sb.close()
})

async function accessToken(legacy = false): Promise<string> {
  const res = await request(`${sb.authUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: legacy ? sb.legacyClientId : sb.clientId,
      client_secret: legacy ? sb.legacyClientSecret : sb.clientSecret,
      scope: 'mcp:tools',
      resource: sb.mcpUrl
    }).toString()
  })
  expect(res.statusCode).toBe(200)
  return ((await res.body.json()) as { access_token: string }).access_token
}

async function connect(token: string): Promise<Client> {
  const client = new Client({ name: 'sandbox-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL(sb.mcpUrl), {
    requestInit: { headers: { Authorization: `Bearer ${token}` } }
  })
  await client.connect(transport)
  open.push(client)
  return client
}

const text = (r: CallToolResult): string => r.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')
const structured = (r: CallToolResult): Json => r.structuredContent

describe('MCP tool server', () => {
  it('lists the five tools with input schemas', async () => {
    const client = await connect(await accessToken())
    const { tools } = await client.listTools()
    expect(tools.map((t) => t.name).sort()).toEqual(['contacts', 'exports', 'index_search', 'search', 'workspaces'])
    for (const tool of tools) expect(tool.inputSchema.type).toBe('object')
  })

  it('search answers from the same index as the Partner API', async () => {
    const client = await connect(await accessToken())
    const profile = testCatalog().search({}, { limit: 1, offset: 0 }).results[0]!
    const title = profile.cur_title!
    const result = (await client.callTool({ name: 'search', arguments: { query: title, limit: 5 } })) as CallToolResult
    expect(result.isError).toBeFalsy()
    const out = structured(result)
    expect(out.total).toBeGreaterThan(0)
    expect(out.results.length).toBeGreaterThan(0)
    expect(text(result)).toContain('match')
    for (const r of out.results) expect(testCatalog().get(r.key)).toBeDefined()
  })

  it('index_search filters the public index', async () => {
    const client = await connect(await accessToken())
    const profile = testCatalog().search({}, { limit: 1, offset: 3 }).results[0]!
    const result = (await client.callTool({
      name: 'index_search',
      arguments: { titles: [profile.cur_title!], limit: 50 }
    })) as CallToolResult
    const out = structured(result)
    expect(out.index).toBe('public')
    expect(out.total).toBeGreaterThan(0)
  })

  it('contacts spends the credit pool the Partner API reports', async () => {
    const client = await connect(await accessToken())
    const keys = testCatalog()
      .search({}, { limit: 3, offset: 100 })
      .results.map((p) => p.key!)
    const before = structured(
      (await client.callTool({ name: 'contacts', arguments: { action: 'credits' } })) as CallToolResult
    )
    const bought = structured(
      (await client.callTool({ name: 'contacts', arguments: { action: 'lookup', keys } })) as CallToolResult
    )
    expect(bought.credits.newRequestedCount).toBe(3)
    expect(bought.credits.available).toBe(before.credits.available - 3)
    expect(bought.results.map((r: Json) => r.status)).toEqual(['NotStarted', 'NotStarted', 'NotStarted'])
    // The Partner API sees the same pool and the same purchases.
    const polled = await post(sb, '/api/Contacts/GetPremiumContacts', keys, { query: { requestType: 'Polling' } })
    expect(polled.json().count.available).toBe(before.credits.available - 3)
    expect(polled.json().results).toHaveLength(3)
    sb.clock.advance(1000)
    const done = structured(
      (await client.callTool({ name: 'contacts', arguments: { action: 'poll', keys } })) as CallToolResult
    )
    expect(done.results.every((r: Json) => r.status === 'Completed' && r.emails.length > 0)).toBe(true)
    expect(done.credits.newRequestedCount).toBe(0)
  })

  it('workspaces and exports work for a user-bound credential', async () => {
    const client = await connect(await accessToken())
    const keys = testCatalog()
      .search({}, { limit: 4, offset: 10 })
      .results.map((p) => p.key!)
    const created = structured(
      (await client.callTool({
        name: 'workspaces',
        arguments: { action: 'create', name: 'Shortlist', keys: keys.slice(0, 2) }
      })) as CallToolResult
    )
    const id = created.workspace.id
    await client.callTool({ name: 'workspaces', arguments: { action: 'add', workspace_id: id, keys: keys.slice(2) } })
    const listed = structured(
      (await client.callTool({ name: 'workspaces', arguments: { action: 'list' } })) as CallToolResult
    )
    expect(listed.workspaces).toContainEqual(expect.objectContaining({ id, name: 'Shortlist', size: 4 }))
    const exported = structured(
      (await client.callTool({ name: 'exports', arguments: { workspace_id: id, format: 'csv' } })) as CallToolResult
    )
    expect(exported.rows).toBe(4)
    const lines = exported.content.trim().split('\n')
    expect(lines[0]).toBe('key,full_name,title,company,location,skills,last_refreshed')
    expect(lines).toHaveLength(5)
    const credits = structured(
      (await client.callTool({ name: 'workspaces', arguments: { action: 'credits' } })) as CallToolResult
    )
    expect(credits.credits.available).toBeTypeOf('number')
  })

  it('invalid tool input is an error result', async () => {
    const client = await connect(await accessToken())
    const result = (await client.callTool({ name: 'search', arguments: { query: '' } })) as CallToolResult
    expect(result.isError).toBe(true)
  })
})

describe('MCP with the legacy (non-user) credential', () => {
  it('search works', async () => {
    const client = await connect(await accessToken(true))
    const result = (await client.callTool({ name: 'search', arguments: { query: 'engineer' } })) as CallToolResult
    expect(result.isError).toBeFalsy()
  })
  it.each([
    ['contacts', { action: 'lookup', keys: ['k'] }],
    ['exports', { keys: ['k'] }],
    ['workspaces', { action: 'list' }],
    ['index_search', { index: 'private' }]
  ])('%s answers "Recruiter was not found"', async (name, args) => {
    const client = await connect(await accessToken(true))
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult
    expect(result.isError).toBe(true)
    expect(text(result)).toBe('Recruiter was not found')
  })
  it.each([['contacts'], ['workspaces']])('%s credits answers the M2M credit-balance error', async (name) => {
    const client = await connect(await accessToken(true))
    const result = (await client.callTool({ name, arguments: { action: 'credits' } })) as CallToolResult
    expect(result.isError).toBe(true)
    expect(text(result)).toBe("credit balances aren't available for M2M service credentials")
  })
})

describe('MCP bearer protection', () => {
  const initialize = {
    jsonrpc: '2.0',
    id: 1,
    method: 'initialize',
    params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
  }
  async function raw(authorization?: string) {
    const res = await request(sb.mcpUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(authorization ? { authorization } : {})
      },
      body: JSON.stringify(initialize)
    })
    await res.body.text()
    return res
  }
  it('401 with a Bearer challenge when the token is missing', async () => {
    const res = await raw()
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toMatch(/^Bearer realm=/)
    expect(res.headers['www-authenticate']).not.toContain('invalid_token')
  })
  it('401 invalid_token when the token is wrong', async () => {
    const res = await raw('Bearer not-a-token')
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toContain('error="invalid_token"')
  })
  it('a valid token passes', async () => {
    const res = await raw(`Bearer ${await accessToken()}`)
    expect(res.statusCode).toBe(200)
  })
  it('a token stops working once it expires (injected clock, ttl 2 s)', async () => {
    const token = await accessToken()
    const client = await connect(token)
    await client.listTools()
    sb.clock.advance(1900)
    await client.listTools()
    sb.clock.advance(200)
    await expect(client.listTools()).rejects.toMatchObject({ code: 401 })
    const res = await raw(`Bearer ${token}`)
    expect(res.statusCode).toBe(401)
    expect(res.headers['www-authenticate']).toContain('expired')
    // Renewing (repeating the token request) is the documented recovery.
    expect((await raw(`Bearer ${await accessToken()}`)).statusCode).toBe(200)
  })
})
