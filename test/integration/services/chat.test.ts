import { afterEach, describe, expect, it } from 'vitest'
import { startLiberalServer } from '../api/liberal-server'
import { startTestSandbox } from '../sandbox/helpers'
import { ManualClock, startMain, tempDir, useMains, type TestMain } from './helpers'

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function connect(main: TestMain, server: { baseUrl: string; apiKey: string }, name = 'Chat service') {
  const overview = await main.ok('saveConnection', { name, baseUrl: server.baseUrl })
  const id = overview.connections.find((c) => c.name === name)!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: server.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

let request = 0
const requestId = () => `chat-${String(++request).padStart(6, '0')}`

describe('conversational search', () => {
  const start = useMains()

  it('narrows over three turns, widens when the recruiter removes part of the query, and resumes after a restart', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const main = await startMain({ loadKeytar: noKeychain })
    await connect(main, sandbox)

    const first = await main.ok('sendChat', { text: 'software engineers', requestId: requestId() })
    const id = first.conversation.id
    expect(first.conversation).toMatchObject({ title: 'software engineers', turnCount: 2 })
    expect(first.conversation.remoteId).toBeTruthy()
    const [asked, answered] = first.turns
    expect(asked).toMatchObject({ role: 'user', text: 'software engineers', sentQuery: null })
    expect(answered!.role).toBe('assistant')
    expect(answered!.text).not.toBe('')
    expect(answered!.hasRaw).toBe(true)
    expect(answered!.results.length).toBeGreaterThan(0)
    const wide = answered!.total!

    const second = await main.ok('sendChat', { conversationId: id, text: 'in Seattle', requestId: requestId() })
    const third = await main.ok('sendChat', { conversationId: id, text: 'only senior', requestId: requestId() })
    const narrowed = third.turns[1]!
    expect(second.turns[1]!.total!).toBeLessThan(wide)
    expect(narrowed.total!).toBeLessThanOrEqual(second.turns[1]!.total!)
    // the service's query came back whole; the app never reads it for particular keys
    expect(third.conversation.currentQuery).toEqual(narrowed.query)

    // The recruiter removes the place from the query: sent as current_query with the next turn.
    const edited = Object.fromEntries(
      Object.entries(third.conversation.currentQuery!).filter(([name]) => !/location/i.test(name))
    )
    const widened = await main.ok('sendChat', {
      conversationId: id,
      text: 'show me more',
      currentQuery: edited,
      requestId: requestId()
    })
    expect(widened.turns[0]!.sentQuery).toEqual(edited)
    expect(widened.turns[1]!.total!).toBeGreaterThan(narrowed.total!)

    const raw = await main.ok('getChatTurnRaw', { conversationId: id, turnId: widened.turns[1]!.id })
    expect(JSON.parse(raw.raw!)).toHaveProperty('conversation_id', first.conversation.remoteId)

    // A restart: the conversation is listed and reads whole, and goes on where it was.
    await main.close()
    const again = await start({ dataDir: main.dataDir, loadKeytar: noKeychain })
    await connect(again, sandbox, 'Chat service again')
    // conversations stay with the connection they were started on: this new one lists none
    expect(await again.ok('listConversations', {})).toEqual([])
    const stored = await again.ok('getConversation', { id })
    expect(stored.turns.map((turn) => turn.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant',
      'user',
      'assistant'
    ])
    expect(stored.turns[7]!.results.length).toBe(widened.turns[1]!.results.length)
  }, 60_000)

  it('reads a server that names everything differently, and keeps its query as it came', async () => {
    const query = { filters: [{ field: 'title', op: 'contains', value: 'nurse' }], near: { city: 'Lyon', km: 20 } }
    const server = await startLiberalServer((req) => {
      const body = JSON.parse(req.body) as { conversation_id?: string; current_query?: unknown }
      return {
        headers: { 'content-type': 'text/plain' },
        body: JSON.stringify({
          conversationId: 'remote-77',
          reply: {
            text: `Seen query: ${JSON.stringify(body.current_query ?? null)}`,
            profiles: [{ key: 'n-1', full_name: 'Chloé Martin' }]
          },
          query,
          totalResults: 12
        })
      }
    })
    opened.push(server)
    const main = await start({ loadKeytar: noKeychain })
    await connect(main, { baseUrl: server.baseUrl, apiKey: 'liberal-key' })
    const first = await main.ok('sendChat', { text: 'nurses near Lyon', requestId: requestId() })
    expect(first.conversation).toMatchObject({ remoteId: 'remote-77', currentQuery: query })
    expect(first.turns[1]).toMatchObject({ text: 'Seen query: null', total: 12 })
    expect(first.turns[1]!.results.map((r) => r.key)).toEqual(['n-1'])
    const next = await main.ok('sendChat', {
      conversationId: first.conversation.id,
      text: 'within 5 km',
      requestId: requestId()
    })
    expect(next.turns[1]!.text).toBe(`Seen query: ${JSON.stringify(query)}`)
    const sent = JSON.parse(server.seen.at(-1)!.body) as Record<string, unknown>
    expect(sent).toMatchObject({ conversation_id: 'remote-77', user_input: 'within 5 km', current_query: query })

    // delete with undo
    await main.ok('deleteConversation', { id: first.conversation.id })
    expect(await main.ok('listConversations', {})).toEqual([])
    expect(
      (await main.fail('sendChat', { conversationId: first.conversation.id, text: 'x', requestId: requestId() })).code
    ).toBe('not_found')
    await main.ok('restoreConversation', { id: first.conversation.id })
    expect((await main.ok('listConversations', {})).map((c) => c.id)).toEqual([first.conversation.id])
  }, 30_000)

  it('empties Recently deleted of conversations deleted 30 days before a start, and keeps younger ones', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    const dataDir = tempDir()
    const clock = new ManualClock()
    const first = await start({ dataDir, clock, loadKeytar: noKeychain })
    await connect(first, sandbox)
    const old = (await first.ok('sendChat', { text: 'software engineers', requestId: requestId() })).conversation
    const young = (await first.ok('sendChat', { text: 'nurses', requestId: requestId() })).conversation
    await first.ok('deleteConversation', { id: old.id })
    clock.advanceDays(2)
    await first.ok('deleteConversation', { id: young.id })
    await first.close()

    clock.advanceDays(29) // the first deleted 31 days ago, the second 29
    const again = await start({ dataDir, clock, loadKeytar: noKeychain })
    expect((await again.fail('restoreConversation', { id: old.id })).code).toBe('not_found')
    expect((await again.ok('restoreConversation', { id: young.id })).title).toBe('nurses')
  })
})
