import { describe, expect, it } from 'vitest'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { generateProfiles } from '../../../sandbox/data/generate'
import { startTestSandbox, testSeed } from '../sandbox/helpers'
import { noKeychain, useMains, useOpened, type TestMain } from './helpers'

const opened = useOpened()

let request = 0
const requestId = () => `spend-${String(++request).padStart(6, '0')}`

/** The sandbox's own balance, read through its free `credits` action. */
async function serviceCredits(main: TestMain): Promise<number> {
  const answer = await main.ok('callTool', {
    name: 'contacts',
    arguments: { action: 'credits' },
    requestId: requestId()
  })
  return (answer.structuredContent as { credits: { available: number } }).credits.available
}

describe('every spend through the tool server asks first (#29 item 7)', () => {
  const start = useMains()

  it('a contacts lookup without a confirmed quote spends nothing and asks for the quote; with it, it spends once and lands in the ledger', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const people = generateProfiles({ count: 300, seed: testSeed })
      .slice(0, 3)
      .map((p) => p.key!)
    expect(await serviceCredits(main)).toBe(1000)
    const call = { name: 'contacts', arguments: { action: 'lookup', keys: people, contact_type: 'Phone' } }

    // Ctrl+Enter without a quote: refused before anything is sent, with the Contacts screen's quote
    const asked = await main.fail('callTool', { ...call, requestId: requestId() })
    expect(asked.code).toBe('conflict')
    expect(asked.message).toMatch(/^This call may spend credits, so it was not sent\. “contacts” buys phone numbers/)
    const { quote } = toolQuoteRequiredSchema.parse(asked.details)
    expect(quote.tool).toBe('contacts')
    expect(quote.contacts).toMatchObject({
      connectionId: 'sandbox',
      contactType: 'Phone',
      newKeys: people,
      alreadyBought: [],
      creditsNeeded: 3,
      available: 1000
    })
    expect(quote.quoteId).toBe(quote.contacts!.quoteId)
    expect(await serviceCredits(main)).toBe(1000)
    expect((await main.ok('listLedger', {})).entries).toEqual([])

    // a quote is for the call it priced: other people are refused, and the quote is spent with it
    const other = await main.fail('callTool', {
      name: 'contacts',
      arguments: { action: 'lookup', keys: people.slice(0, 1), contact_type: 'Phone' },
      requestId: requestId(),
      quoteId: quote.quoteId
    })
    expect(other.code).toBe('conflict')
    expect(other.message).toMatch(/not the one this quote was for/)
    expect(await serviceCredits(main)).toBe(1000)

    // confirmed: sent once, spent, in the ledger as the tool's purchase
    const again = toolQuoteRequiredSchema.parse(
      (await main.fail('callTool', { ...call, requestId: requestId() })).details
    )
    const lookup = await main.ok('callTool', { ...call, requestId: requestId(), quoteId: again.quote.quoteId })
    expect(lookup.isError).toBe(false)
    expect(await serviceCredits(main)).toBe(997)
    const { entries } = await main.ok('listLedger', {})
    expect(entries).toHaveLength(1)
    expect(entries[0]).toMatchObject({
      contactType: 'Phone',
      outcome: 'bought',
      creditsSpent: 3,
      keys: people,
      availableBefore: 1000,
      availableAfter: 997
    })
    // where each one's phone came from: the tool call (provenance)
    for (const key of people) {
      const { lines } = await main.ok('personProvenance', { key })
      expect(lines).toEqual([
        expect.objectContaining({
          kind: 'tool',
          what: 'contact',
          detail: 'Phone contact details bought through the tool “contacts”'
        })
      ])
    }
    // used once: the same quote cannot send a second purchase
    const twice = await main.fail('callTool', { ...call, requestId: requestId(), quoteId: again.quote.quoteId })
    expect(twice.code).toBe('conflict')
    expect(twice.message).toMatch(/already used or has expired/)
    // and a new quote for the same people is free: they are bought
    const free = toolQuoteRequiredSchema.parse(
      (await main.fail('callTool', { ...call, requestId: requestId() })).details
    )
    expect(free.quote.contacts).toMatchObject({ creditsNeeded: 0, alreadyBought: people })
    expect(await serviceCredits(main)).toBe(997)
  })

  it('the built-in Sandbox’s read-only tools go at once; another server’s “read-only” is a hint and asks, its cost unknown', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    // the built-in Sandbox is ours: its search is read-only, its workspaces' reading actions free
    const found = await main.ok('callTool', { name: 'search', arguments: { query: 'nurse' }, requestId: requestId() })
    expect(found.isError).toBe(false)
    await main.ok('callTool', { name: 'workspaces', arguments: { action: 'list' }, requestId: requestId() })
    // …and what changes its data asks
    const create = await main.fail('callTool', {
      name: 'workspaces',
      arguments: { action: 'create', name: 'Nurses' },
      requestId: requestId()
    })
    expect(create.code).toBe('conflict')
    expect(toolQuoteRequiredSchema.parse(create.details).quote).toMatchObject({ contacts: null })

    // the same tools on a server the recruiter added: every call asks, whatever it calls itself
    const overview = await main.ok('saveConnection', {
      name: 'Team tools',
      baseUrl: sandbox.baseUrl,
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId
    })
    const id = overview.connections.find((c) => c.name === 'Team tools')!.id
    await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    await main.ok('setSecret', {
      connectionId: id,
      kind: 'clientSecret',
      value: sandbox.clientSecret,
      sessionOnly: true
    })
    await main.ok('setActiveConnection', { id })
    expect((await main.ok('listTools', {})).tools.find((t) => t.name === 'search')?.readOnly).toBe(true)
    const search = { name: 'search', arguments: { query: 'nurse', limit: 2 } }
    const asked = await main.fail('callTool', { ...search, requestId: requestId() })
    expect(asked.code).toBe('conflict')
    const { quote } = toolQuoteRequiredSchema.parse(asked.details)
    expect(quote).toMatchObject({ tool: 'search', contacts: null })
    expect(quote.reason).toBe(
      '“search” says it only reads, but this tool server is not one Talent Desk can vouch for: it may spend credits, and does not say how many.'
    )
    // the quote is for these arguments only
    const changed = await main.fail('callTool', {
      name: 'search',
      arguments: { query: 'welder', limit: 2 },
      requestId: requestId(),
      quoteId: quote.quoteId
    })
    expect(changed.message).toMatch(/not the one this quote was for/)
    const again = toolQuoteRequiredSchema.parse(
      (await main.fail('callTool', { ...search, requestId: requestId() })).details
    )
    // the same arguments in another order are the same call
    const sent = await main.ok('callTool', {
      name: 'search',
      arguments: { limit: 2, query: 'nurse' },
      requestId: requestId(),
      quoteId: again.quote.quoteId
    })
    expect((sent.structuredContent as { results: unknown[] }).results).toHaveLength(2)
  })
})
