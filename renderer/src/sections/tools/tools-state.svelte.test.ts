import { describe, expect, it } from 'vitest'
import type { ToolCallResult, ToolsOverview } from '../../../../shared/ipc/channels/tools'
import type { IpcResult } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { missingSettings, ToolsState } from './tools-state.svelte'

const overview: ToolsOverview = {
  connectionId: 'sandbox',
  connectionName: 'Sandbox',
  mcpUrl: 'http://127.0.0.1:1/mcp',
  server: { name: 'talent-sandbox', version: '1.0.0' },
  credential: 'unknown',
  durationMs: 5,
  tools: [
    {
      name: 'search',
      title: 'Search people',
      description: null,
      readOnly: null,
      destructive: null,
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string', minLength: 1 },
          limit: { type: 'integer', minimum: 1, maximum: 50, default: 10 }
        },
        required: ['query']
      }
    },
    {
      name: 'contacts',
      title: null,
      description: null,
      readOnly: null,
      destructive: null,
      inputSchema: {
        type: 'object',
        properties: { keys: { type: 'array', items: { type: 'string', minLength: 1 } } }
      }
    }
  ]
}

const answer = (over: Partial<ToolCallResult> = {}): ToolCallResult => ({
  name: 'search',
  isError: false,
  content: [{ type: 'text', text: 'ok' }],
  structuredContent: null,
  notice: null,
  credential: 'unknown',
  durationMs: 3,
  ...over
})

/** A client that answers listTools with the overview and callTool with what the test queues. */
function fakeClient(replies: Array<IpcResult<ToolCallResult>>) {
  const calls: Array<{
    name: string
    arguments: Record<string, unknown>
    quoteId?: string
    overBudget?: boolean
    alwaysAllow?: boolean
  }> = []
  const cancelled: string[] = []
  let release: (() => void) | null = null
  const client = {
    listTools: async () => ({ ok: true, data: overview }),
    callTool: async (input: {
      name: string
      arguments: Record<string, unknown>
      requestId: string
      quoteId?: string
      overBudget?: boolean
      alwaysAllow?: boolean
    }) => {
      calls.push({
        name: input.name,
        arguments: input.arguments,
        ...(input.quoteId === undefined ? {} : { quoteId: input.quoteId }),
        ...(input.overBudget === undefined ? {} : { overBudget: input.overBudget }),
        ...(input.alwaysAllow === undefined ? {} : { alwaysAllow: input.alwaysAllow })
      })
      const reply = replies.shift()
      if (reply) return reply
      // no reply queued: wait for a cancel
      await new Promise<void>((resolve) => (release = resolve))
      return { ok: false, error: { code: 'cancelled', message: 'stopped' } }
    },
    cancelRequest: async ({ requestId }: { requestId: string }) => {
      cancelled.push(requestId)
      release?.()
      return { ok: true, data: {} }
    }
  } as unknown as Client
  return { client, calls, cancelled }
}

describe('the Tools screen’s state', () => {
  it('lists the tools, opens the first with its defaults, and points the cursor without opening', async () => {
    const { client } = fakeClient([])
    const tools = new ToolsState(client)
    await tools.load()
    expect(tools.open?.name).toBe('search')
    expect(tools.formOf('search')).toMatchObject({ mode: 'form', values: { query: '', limit: '10' } })
    tools.point('contacts')
    expect(tools.cursor).toBe('contacts')
    expect(tools.open?.name).toBe('search')
    tools.point('no-such-tool')
    expect(tools.cursor).toBe('contacts')
    tools.point('search')
    expect(tools.cursor).toBe('search')
  })

  it('marks an empty required field here and sends nothing', async () => {
    const { client, calls } = fakeClient([])
    const tools = new ToolsState(client)
    await tools.load()
    await tools.call()
    expect(calls).toEqual([])
    expect(tools.formOf('search')?.errors).toEqual({ query: 'Required.' })
    tools.setValue('search', 'query', 'rust')
    expect(tools.formOf('search')?.errors).toEqual({})
  })

  it('sends the arguments, shows the result and learns the credential kind from it', async () => {
    const { client, calls } = fakeClient([{ ok: true, data: answer({ credential: 'user' }) }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.setValue('search', 'query', 'rust engineers')
    await tools.call()
    expect(calls).toEqual([{ name: 'search', arguments: { query: 'rust engineers', limit: 10 } }])
    expect(tools.outcomeOf('search')).toMatchObject({ state: 'ready', value: { isError: false } })
    expect(tools.credential).toBe('user')
  })

  it('marks the fields main refused, by their path', async () => {
    const refusal = {
      code: 'invalid_input' as const,
      message: 'The arguments do not fit “search”: limit must be <= 50.',
      details: [{ path: 'limit', message: 'must be <= 50' }]
    }
    const { client } = fakeClient([{ ok: false, error: refusal }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.setValue('search', 'query', 'x')
    tools.setValue('search', 'limit', '500')
    await tools.call()
    expect(tools.formOf('search')?.errors).toEqual({ limit: 'Must be at most 50.' })
    expect(tools.outcomeOf('search')).toMatchObject({ state: 'error', legacy: false, other: [] })
  })

  it('says so when the older credential is refused, and learns its kind', async () => {
    const refusal = {
      code: 'forbidden' as const,
      message: 'This connection’s tool-server credential is an older one…',
      details: { legacy: true }
    }
    const { client } = fakeClient([{ ok: false, error: refusal }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.openTool('contacts')
    await tools.call()
    expect(tools.outcomeOf('contacts')).toMatchObject({ state: 'error', legacy: true })
    expect(tools.credential).toBe('legacy')
  })

  it('a call main would not send before its quote is confirmed waits for the recruiter: sent with the quote once confirmed, never when dismissed', async () => {
    const quote = {
      quoteId: 'q-1',
      tool: 'contacts',
      contacts: null,
      reason: '“contacts” is not marked read-only: it may spend credits, and does not say how many.',
      available: 12,
      expiresAt: '2026-11-26T10:00:00.000Z'
    }
    const ask = { ok: false as const, error: { code: 'conflict' as const, message: 'may spend', details: { quote } } }
    const { client, calls } = fakeClient([ask, ask, { ok: true, data: answer({ name: 'contacts' }) }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.openTool('contacts')
    tools.setValue('contacts', 'keys', 'p_1')
    await tools.call()
    expect(tools.spend).toMatchObject({ name: 'contacts', quote })
    // nothing ran: no outcome, no error shown
    expect(tools.outcomeOf('contacts')).toBeNull()
    tools.dismissSpend()
    expect(tools.spend).toBeNull()
    await tools.confirmSpend()
    expect(calls).toHaveLength(1)

    await tools.call()
    await tools.confirmSpend()
    expect(calls).toHaveLength(3)
    expect(calls[2]).toEqual({ ...calls[1], quoteId: 'q-1' })
    expect(calls[1]).not.toHaveProperty('quoteId')
    expect(tools.spend).toBeNull()
    expect(tools.outcomeOf('contacts')?.state).toBe('ready')
  })

  it('a confirmed call refused over a budget asks again, and confirmed again goes with the budget lifted, once', async () => {
    const quote = {
      quoteId: 'q-2',
      tool: 'workspaces',
      contacts: null,
      reason: '“workspaces” is not marked read-only: it may spend credits, and does not say how many.',
      available: 12,
      expiresAt: '2026-11-26T10:00:00.000Z'
    }
    const ask = { ok: false as const, error: { code: 'conflict' as const, message: 'may spend', details: { quote } } }
    const over = {
      ok: false as const,
      error: {
        code: 'conflict' as const,
        message: 'Over budget: any credit would take Sandbox this month past its budget (5 of 5 credits spent).',
        details: { overBudget: [{ scope: 'connection', targetId: 'sandbox' }] }
      }
    }
    const { client, calls } = fakeClient([ask, over, { ok: true, data: answer({ name: 'contacts' }) }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.openTool('contacts')
    tools.setValue('contacts', 'keys', 'p_1')
    await tools.call()
    await tools.confirmSpend()
    // refused: nothing ran, the recruiter is asked again with main's words
    expect(tools.spend).toMatchObject({ quote, overBudget: over.error.message })
    expect(tools.outcomeOf('contacts')).toBeNull()
    await tools.confirmSpend()
    expect(calls.map((call) => [call.quoteId, call.overBudget])).toEqual([
      [undefined, undefined],
      ['q-2', undefined],
      ['q-2', true]
    ])
    expect(tools.spend).toBeNull()
    expect(tools.outcomeOf('contacts')?.state).toBe('ready')
  })

  it('a priced quote past a budget says so before the click, and its confirmation goes with the budget lifted, once', async () => {
    const line = {
      scope: 'connection' as const,
      targetId: 'sandbox',
      name: 'Sandbox this month',
      credits: 5,
      spent: 5,
      level: 'reached' as const,
      period: '2026-11',
      after: 6,
      levelAfter: 'reached' as const,
      crosses: true
    }
    const contacts = {
      quoteId: 'q-3',
      connectionId: 'sandbox',
      contactType: 'Email' as const,
      keys: ['p_1'],
      alreadyBought: [],
      inFlight: [],
      newKeys: ['p_1'],
      suppressed: [],
      creditsNeeded: 1,
      available: 12,
      availableSeenAt: null,
      expiresAt: '2026-11-26T10:00:00.000Z',
      budgets: [line]
    }
    const quote = {
      quoteId: 'q-3',
      tool: 'contacts',
      contacts,
      reason: 'buys',
      available: 12,
      expiresAt: contacts.expiresAt
    }
    const ask = { ok: false as const, error: { code: 'conflict' as const, message: 'may spend', details: { quote } } }
    const { client, calls } = fakeClient([ask, { ok: true, data: answer({ name: 'contacts' }) }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.openTool('contacts')
    tools.setValue('contacts', 'keys', 'p_1')
    await tools.call()
    // asked, and told before any click that it would pass the budget
    expect(tools.spend).toMatchObject({
      quote,
      overBudget: expect.stringMatching(/^Over budget: this would take Sandbox this month \(5 of 5 credits spent\)/)
    })
    await tools.confirmSpend()
    expect(calls.map((call) => [call.quoteId, call.overBudget])).toEqual([
      [undefined, undefined],
      ['q-3', true]
    ])
    expect(tools.outcomeOf('contacts')?.state).toBe('ready')
  })

  it('sends "always allow" with the confirmation only when the quote offers it', async () => {
    const quote = (quoteId: string, alwaysAllow: 'offered' | 'spentBefore') => ({
      quoteId,
      tool: 'search',
      contacts: null,
      reason: '“search” is not marked read-only: it may spend credits, and does not say how many.',
      available: 12,
      expiresAt: '2026-11-26T10:00:00.000Z',
      alwaysAllow
    })
    const ask = (q: ReturnType<typeof quote>) => ({
      ok: false as const,
      error: { code: 'conflict' as const, message: 'may spend', details: { quote: q } }
    })
    const done = { ok: true as const, data: answer() }
    const { client, calls } = fakeClient([ask(quote('q-4', 'offered')), done, ask(quote('q-5', 'spentBefore')), done])
    const tools = new ToolsState(client)
    await tools.load()
    tools.setValue('search', 'query', 'nurse')
    await tools.call()
    expect(tools.spend?.quote.alwaysAllow).toBe('offered')
    await tools.confirmSpend(true)
    // a tool that spent before is never allowed from here, whatever the dialog sent
    await tools.call()
    expect(tools.spend?.quote.alwaysAllow).toBe('spentBefore')
    await tools.confirmSpend(true)
    expect(calls.map((call) => [call.quoteId, call.alwaysAllow])).toEqual([
      [undefined, undefined],
      ['q-4', true],
      [undefined, undefined],
      ['q-5', undefined]
    ])
  })

  it('cancels a running call by its request id', async () => {
    const { client, cancelled } = fakeClient([])
    const tools = new ToolsState(client)
    await tools.load()
    tools.setValue('search', 'query', 'x')
    const calling = tools.call()
    expect(tools.running?.name).toBe('search')
    await tools.cancel()
    await calling
    expect(cancelled).toHaveLength(1)
    expect(tools.outcomeOf('search')?.state).toBe('cancelled')
    expect(tools.running).toBeNull()
  })

  it('switches to Raw JSON and back, and refuses to come back with what the form cannot show', async () => {
    const { client, calls } = fakeClient([{ ok: true, data: answer() }])
    const tools = new ToolsState(client)
    await tools.load()
    tools.setValue('search', 'query', 'x')
    expect(tools.setMode('search', 'raw')).toBe(true)
    expect(JSON.parse(tools.formOf('search')!.raw)).toEqual({ query: 'x', limit: 10 })
    tools.setRaw('search', '{"query": "y", "extra": 1}')
    expect(tools.setMode('search', 'form')).toBe(false)
    expect(tools.formOf('search')?.problem).toMatch(/“extra” has no field in the form/)
    await tools.call()
    expect(calls.at(-1)).toEqual({ name: 'search', arguments: { query: 'y', extra: 1 } })
    tools.setRaw('search', '{"query": "z"}')
    expect(tools.setMode('search', 'form')).toBe(true)
    expect(tools.formOf('search')?.values).toEqual({ query: 'z', limit: '' })
  })

  it('drops what belonged to the previous connection when the generation changes, and keeps it otherwise', async () => {
    const { client } = fakeClient([{ ok: true, data: answer() }])
    const tools = new ToolsState(client)
    tools.follow(0)
    await expect.poll(() => tools.overview.state).toBe('ready')
    tools.setValue('search', 'query', 'x')
    await tools.call()
    tools.follow(0)
    expect(tools.outcomeOf('search')?.state).toBe('ready')
    expect(tools.formOf('search')?.values.query).toBe('x')
    tools.follow(1)
    expect(tools.outcomeOf('search')).toBeNull()
    expect(tools.overview.state).toBe('loading')
    await expect.poll(() => tools.formOf('search')?.values.query).toBe('')
  })

  it('reads the missing tool-server settings from main’s refusal', () => {
    expect(missingSettings({ code: 'invalid_input', message: 'm', details: { missing: ['MCP URL'] } })).toEqual([
      'MCP URL'
    ])
    expect(missingSettings({ code: 'invalid_input', message: 'm', details: [] })).toBeNull()
    expect(missingSettings({ code: 'network', message: 'm' })).toBeNull()
  })
})
