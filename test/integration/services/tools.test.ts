import { afterEach, describe, expect, it } from 'vitest'
import { legacyCredentialMessage } from '../../../electron/main/toolserver/legacy-credential'
import { generateProfiles } from '../../../sandbox/data/generate'
import { startTestSandbox, testSeed } from '../sandbox/helpers'
import { useMains, type TestMain } from './helpers'

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

let request = 0
const requestId = () => `tools-${String(++request).padStart(6, '0')}`

/**
 * A call on a server Talent Desk does not vouch for asks first: refused with its quote, then sent
 * again with that quote confirmed (test/integration/services/tool-spend.test.ts tests the asking).
 */
async function confirmedCall(main: TestMain, name: string, args: Record<string, unknown>) {
  const asked = await main.fail('callTool', { name, arguments: args, requestId: requestId() })
  expect(asked.code).toBe('conflict')
  const { quoteId } = (asked.details as { quote: { quoteId: string } }).quote
  return main.ok('callTool', { name, arguments: args, requestId: requestId(), quoteId })
}

async function addToolConnection(
  main: TestMain,
  sandbox: Awaited<ReturnType<typeof startTestSandbox>>,
  credential: { clientId: string; clientSecret: string },
  name = 'Team tools'
) {
  const overview = await main.ok('saveConnection', {
    name,
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    mcpUrl: sandbox.mcpUrl,
    clientId: credential.clientId
  })
  const id = overview.connections.find((c) => c.name === name)!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setSecret', {
    connectionId: id,
    kind: 'clientSecret',
    value: credential.clientSecret,
    sessionOnly: true
  })
  await main.ok('setActiveConnection', { id })
  return id
}

describe('the tool server through the main process', () => {
  const start = useMains()

  it('on the built-in sandbox: lists the tools, calls one, checks arguments, and the connection test reports both parts', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const overview = await main.ok('listTools', {})
    expect(overview.connectionId).toBe('sandbox')
    expect(overview.server).toEqual({ name: 'talent-desk-sandbox', version: '1.0.0' })
    // the built-in sandbox's own client is user-bound: said from the start
    expect(overview.credential).toBe('user')
    expect(overview.tools.map((t) => t.name)).toContain('search')
    const search = overview.tools.find((t) => t.name === 'search')!
    expect(search.inputSchema).toHaveProperty('properties.query')

    const found = await main.ok('callTool', {
      name: 'search',
      arguments: { query: 'engineer', limit: 2 },
      requestId: requestId()
    })
    expect(found.isError).toBe(false)
    expect(found.notice).toBeNull()
    expect((found.structuredContent as { results: unknown[] }).results).toHaveLength(2)

    const credits = await main.ok('callTool', {
      name: 'contacts',
      arguments: { action: 'credits' },
      requestId: requestId()
    })
    expect(credits.isError).toBe(false)
    expect(credits.credential).toBe('user')
    expect((await main.ok('listTools', {})).credential).toBe('user')

    const wrong = await main.fail('callTool', {
      name: 'search',
      arguments: { query: 'nurse', limit: 'ten' },
      requestId: requestId()
    })
    expect(wrong.code).toBe('invalid_input')
    expect(wrong.message).toBe('The arguments do not fit “search”: limit must be a whole number.')
    const tooMany = await main.fail('callTool', {
      name: 'search',
      arguments: { query: 'nurse', limit: 500 },
      requestId: requestId()
    })
    expect(tooMany.message).toMatch(/^The arguments do not fit “search”: limit must be at most \d+\.$/)
    expect(wrong.details).toEqual([expect.objectContaining({ path: 'limit' })])

    const test = await main.ok('testConnection', { id: 'sandbox' })
    expect(test.parts.map((p) => [p.part, p.ok])).toEqual([
      ['baseUrl', true],
      ['apiKey', true],
      ['token', true],
      ['toolServer', true]
    ])
    expect(test.parts[3]!.message).toMatch(/5 tools: search, contacts, exports, workspaces, index_search/)
  })

  it('a contact lookup through the tool server ends in the ledger: spent, the balance moved, and never bought twice', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const people = generateProfiles({ count: 300, seed: testSeed })
      .slice(0, 2)
      .map((p) => p.key!)
    // the balance, from the free credits action: the header strip knows it before any purchase
    await main.ok('callTool', { name: 'contacts', arguments: { action: 'credits' }, requestId: requestId() })
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 1000 })
    expect((await main.ok('listLedger', {})).entries).toEqual([])

    const events = main.events.length
    const lookup = await confirmedCall(main, 'contacts', { action: 'lookup', keys: people, contact_type: 'Email' })
    expect(lookup.isError).toBe(false)
    const { entries } = await main.ok('listLedger', {})
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      outcome: 'bought',
      creditsSpent: 2,
      keys: people,
      availableBefore: 1000,
      availableAfter: 998,
      message: 'Spent through the tool “contacts” (arguments: action, contact_type, keys).'
    })
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 998 })
    expect(main.events.slice(events)).toContainEqual({
      name: 'creditsChanged',
      payload: expect.objectContaining({ connectionId: 'sandbox', available: 998 })
    })
    // a quote for them now: already bought, free — and their contacts are readable
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(quote).toMatchObject({ alreadyBought: people, creditsNeeded: 0 })
    expect(Object.keys(await main.ok('contactsFor', { keys: people })).sort()).toEqual([...people].sort())

    // a poll spends nothing and adds no row
    await main.ok('callTool', {
      name: 'contacts',
      arguments: { action: 'poll', keys: people },
      requestId: requestId()
    })
    expect((await main.ok('listLedger', {})).entries).toHaveLength(1)
  })

  it('explains an older credential, remembers what it is, and drops the token when the client secret is rotated', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain })
    const id = await addToolConnection(main, sandbox, {
      clientId: sandbox.legacyClientId,
      clientSecret: sandbox.legacyClientSecret
    })
    expect((await main.ok('listTools', {})).credential).toBe('unknown')
    const refused = await confirmedCall(main, 'contacts', { action: 'lookup', keys: ['p_anyone'] })
    expect(refused.isError).toBe(true)
    expect(refused.notice).toBe(legacyCredentialMessage)
    expect(refused.credential).toBe('legacy')
    expect((await main.ok('listTools', {})).credential).toBe('legacy')
    // search still works for it
    const search = await confirmedCall(main, 'search', { query: 'nurse' })
    expect(search.isError).toBe(false)

    // a rotated (here: wrong) secret is used at once: the cached token is gone
    await main.ok('setSecret', {
      connectionId: id,
      kind: 'clientSecret',
      value: 'rotated-but-wrong',
      sessionOnly: true
    })
    const rotated = await main.fail('listTools', {})
    expect(rotated.code).toBe('unauthorized')
    expect(rotated.message).toMatch(/client id or client secret/)
    const test = await main.ok('testConnection', { id })
    expect(test.parts.map((p) => [p.part, p.ok])).toEqual([
      ['baseUrl', true],
      ['apiKey', true],
      ['token', false],
      ['toolServer', null]
    ])

    // a user-bound credential (a new client id) starts unknown, and proves itself on contacts
    await main.ok('saveConnection', {
      id,
      name: 'Team tools',
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId
    })
    await main.ok('setSecret', {
      connectionId: id,
      kind: 'clientSecret',
      value: sandbox.clientSecret,
      sessionOnly: true
    })
    expect((await main.ok('listTools', {})).credential).toBe('unknown')
    const bought = await confirmedCall(main, 'workspaces', { action: 'list' })
    expect(bought.isError).toBe(false)
    expect(bought.credential).toBe('user')
  })

  it('says what is missing when a connection has no tool server set up', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain })
    const overview = await main.ok('saveConnection', { name: 'REST only', baseUrl: sandbox.baseUrl })
    const id = overview.connections.find((c) => c.name === 'REST only')!.id
    await main.ok('setActiveConnection', { id })
    const missing = await main.fail('listTools', {})
    expect(missing.code).toBe('invalid_input')
    expect(missing.message).toBe(
      '“REST only” has no tool server set up yet: add its Auth URL, MCP URL, client id and client secret in Settings → Connections.'
    )
    const test = await main.ok('testConnection', { id })
    expect(test.parts.slice(2).map((p) => [p.part, p.ok])).toEqual([
      ['token', null],
      ['toolServer', null]
    ])
  })
})
