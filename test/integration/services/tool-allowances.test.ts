import { describe, expect, it } from 'vitest'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { noKeychain, useMains, useOpened, type TestMain } from './helpers'

/*
 * Issue #36 item 10: on a tool server Talent Desk cannot vouch for, every call that may spend asks
 * first. A tool whose calls have never moved the balance on the connection may be confirmed once
 * with "Always allow this tool on this connection": its next calls are not asked (still checked
 * against the budgets), Settings lists it, and Revoke takes it back. A tool whose calls moved the
 * balance asks every time and cannot be allowed, an allowed one that spends loses it, and a
 * contact lookup keeps its priced quote. Over the composed main and the Sandbox over HTTP.
 */

const opened = useOpened()
const start = useMains()

let request = 0
const requestId = () => `allow-${String(++request).padStart(6, '0')}`

/** A connection to `sandbox` with its tool server, active. */
async function toolConnection(main: TestMain, sandbox: Awaited<ReturnType<typeof startTestSandbox>>) {
  const overview = await main.ok('saveConnection', {
    name: 'Team tools',
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    mcpUrl: sandbox.mcpUrl,
    clientId: sandbox.clientId
  })
  const id = overview.connections.find((c) => c.name === 'Team tools')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setSecret', { connectionId: id, kind: 'clientSecret', value: sandbox.clientSecret, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

/** The call, refused before it is sent with the quote to confirm. */
async function asked(main: TestMain, name: string, args: Record<string, unknown>) {
  const refused = await main.fail('callTool', { name, arguments: args, requestId: requestId() })
  expect(refused.code).toBe('conflict')
  expect(refused.message).toMatch(/^This call may spend credits, so it was not sent\./)
  return toolQuoteRequiredSchema.parse(refused.details).quote
}

describe('always allow a tool on a connection', () => {
  it('asks once for a tool that never spent, lists it in Settings until revoked; a tool that spent asks every time; a contact lookup keeps its quote', async () => {
    const sandbox = await startTestSandbox({ credits: 100 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain })
    const connectionId = await toolConnection(main, sandbox)
    const search = { query: 'nurse' }

    // asked, offered; confirmed with "always allow"
    const first = await asked(main, 'search', search)
    expect(first.alwaysAllow).toBe('offered')
    expect(first.contacts).toBeNull()
    const sent = await main.ok('callTool', {
      name: 'search',
      arguments: search,
      requestId: requestId(),
      quoteId: first.quoteId,
      alwaysAllow: true
    })
    expect(sent.isError).toBe(false)
    expect((await main.ok('listToolAllowances', { connectionId })).allowances).toEqual([
      { tool: 'search', allowedAt: expect.any(String) }
    ])
    // not asked again, with other arguments too
    for (const query of ['nurse', 'welder']) {
      const again = await main.ok('callTool', { name: 'search', arguments: { query }, requestId: requestId() })
      expect(again.isError).toBe(false)
    }
    // the built-in Sandbox's connection is another connection: nothing allowed there
    expect((await main.ok('listToolAllowances', { connectionId: 'sandbox' })).allowances).toEqual([])

    // Settings → Revoke: asked again
    expect((await main.ok('revokeToolAllowance', { connectionId, tool: 'search' })).allowances).toEqual([])
    expect((await asked(main, 'search', search)).alwaysAllow).toBe('offered')

    // `contacts` reading the balance has never spent here: allowed
    const credits = { action: 'credits' }
    const balance = await asked(main, 'contacts', credits)
    expect(balance.alwaysAllow).toBe('offered')
    await main.ok('callTool', {
      name: 'contacts',
      arguments: credits,
      requestId: requestId(),
      quoteId: balance.quoteId,
      alwaysAllow: true
    })
    await main.ok('callTool', { name: 'contacts', arguments: credits, requestId: requestId() })

    // a contact lookup keeps its priced quote: never allowed, even through an allowed tool
    const key = testCatalog().search({}, { limit: 1, offset: 0 }).results[0]!.key!
    const lookup = { action: 'lookup', keys: [key], contact_type: 'Email' }
    const priced = await asked(main, 'contacts', lookup)
    expect(priced.contacts).toMatchObject({ creditsNeeded: 1 })
    expect(priced.alwaysAllow).toBeNull()
    const refused = await main.fail('callTool', {
      name: 'contacts',
      arguments: lookup,
      requestId: requestId(),
      quoteId: priced.quoteId,
      alwaysAllow: true
    })
    expect(refused.code).toBe('conflict')
    expect(refused.message).toMatch(/^A contact lookup keeps its priced quote/)
    expect((await main.ok('listLedger', {})).entries).toEqual([])
    // confirmed as priced (the same quote, still good), it spends: `contacts` moved the balance
    await main.ok('callTool', { name: 'contacts', arguments: lookup, requestId: requestId(), quoteId: priced.quoteId })
    expect((await main.ok('listLedger', {})).entries).toEqual([expect.objectContaining({ creditsSpent: 1 })])

    // so it lost its allowance and asks again, and can no longer be allowed
    expect((await main.ok('listToolAllowances', { connectionId })).allowances).toEqual([])
    const afterSpend = await asked(main, 'contacts', credits)
    expect(afterSpend.alwaysAllow).toBe('spentBefore')
    const notAllowed = await main.fail('callTool', {
      name: 'contacts',
      arguments: credits,
      requestId: requestId(),
      quoteId: afterSpend.quoteId,
      alwaysAllow: true
    })
    expect(notAllowed.code).toBe('conflict')
    expect(notAllowed.message).toMatch(/^“contacts” has spent credits on this connection before, so it asks every time/)
    // confirmed once without it, it goes, and still asks the next time
    await main.ok('callTool', {
      name: 'contacts',
      arguments: credits,
      requestId: requestId(),
      quoteId: afterSpend.quoteId
    })
    expect((await asked(main, 'contacts', credits)).alwaysAllow).toBe('spentBefore')
    expect((await main.ok('listToolAllowances', { connectionId })).allowances).toEqual([])
  }, 60_000)
})
