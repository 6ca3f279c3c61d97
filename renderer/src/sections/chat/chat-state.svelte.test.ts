import { describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { ChatTurn, Conversation, ConversationSummary } from '../../../../shared/ipc/channels/chat'
import { ChatState, type ChatPlace, type ChatPlaces } from './chat-state.svelte'
import { createClient } from '../../lib/client'
import { heldMain } from '../../lib/held-main'

const summary = (
  id: string,
  title: string,
  updatedAt: string,
  query: Record<string, unknown>
): ConversationSummary => ({
  id,
  remoteId: null,
  connectionId: 'c1',
  title,
  currentQuery: query,
  createdAt: updatedAt,
  updatedAt,
  turnCount: 2
})

const turn = (id: number, role: 'user' | 'assistant', text: string): ChatTurn => ({
  id,
  role,
  text,
  query: null,
  sentQuery: null,
  total: role === 'assistant' ? 52 : null,
  results: [],
  transactionId: null,
  hasRaw: false,
  createdAt: '2026-11-22T09:00:00.000Z'
})

/**
 * Main as the page sees it: two conversations on the connection, the newest first, and every
 * sendChat recorded (which conversation it continued, with which query).
 */
function fakeMain() {
  const conversations = [
    summary('new-york', 'engineers', '2026-11-22T10:00:00.000Z', { title: 'engineer', location: 'New York' }),
    summary('older', 'designers', '2026-11-20T10:00:00.000Z', { title: 'designer' })
  ]
  const sent: Array<{ conversationId?: string; currentQuery?: unknown; text: string }> = []
  const listeners: Array<{ event: string; listener: (payload: unknown) => void }> = []
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data })
  const bridge = {
    listConversations: () => ok(conversations),
    getConversation: ({ id }: { id: string }) => {
      const found = conversations.find((c) => c.id === id)
      return found
        ? ok<Conversation>({ ...found, turns: [turn(1, 'user', found.title), turn(2, 'assistant', 'Found 52')] })
        : Promise.resolve({ ok: false, error: { code: 'not_found', message: 'gone' } })
    },
    sendChat: (input: { conversationId?: string; currentQuery?: unknown; text: string }) => {
      sent.push(input)
      const id = input.conversationId ?? 'started-now'
      const conversation = summary(id, input.text, '2026-11-22T11:00:00.000Z', { title: 'x' })
      return ok({ conversation, turns: [turn(3, 'user', input.text), turn(4, 'assistant', 'Found 1')] })
    },
    on: (event: string, listener: (payload: unknown) => void) => {
      listeners.push({ event, listener })
      return () => undefined
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    sent,
    /** People were forgotten: their words leave the chats' titles, and main says so. */
    forget(keys: string[], title: string) {
      conversations[0] = { ...conversations[0]!, title }
      for (const { event, listener } of listeners) if (event === 'peopleForgotten') listener({ keys })
    }
  }
}

/** The page's storage, shared by the "before" and "after" pages of a reload. */
function memoryPlaces(): ChatPlaces & { kept: Map<string, ChatPlace> } {
  const kept = new Map<string, ChatPlace>()
  return {
    kept,
    read: (id) => structuredClone(kept.get(id) ?? null),
    write: (id, place) => void kept.set(id, structuredClone(place))
  }
}

describe('words carried over from Search (issue 36: finding people by role is Chat’s job)', () => {
  it('starts a new conversation with the words typed in, whether Chat had resumed yet or not', async () => {
    // before Chat ever opened: its place on the connection is read first, then the words win
    const main = fakeMain()
    const fresh = new ChatState(main.client, memoryPlaces())
    fresh.carryOver('Backend engineer in Berlin')
    const resuming = fresh.resume('c1')
    // words carried while it resumes wait for it too
    fresh.carryOver('Backend engineer in Lisbon')
    await resuming
    expect(fresh.startsNew).toBe(true)
    expect(fresh.draft).toBe('Backend engineer in Lisbon')
    expect(fresh.wantsFocus).toBe(true)
    fresh.focusTaken()
    expect(fresh.wantsFocus).toBe(false)
    expect(main.sent).toEqual([])

    // with a conversation open: a new one, the open one's chips left behind
    const open = new ChatState(fakeMain().client, memoryPlaces())
    await open.resume('c1')
    expect(open.openId).toBe('new-york')
    open.carryOver('Nurse in Porto')
    expect(open.startsNew).toBe(true)
    expect(open.query).toBeNull()
    expect(open.draft).toBe('Nurse in Porto')
  })
})

describe('ChatState after a reload', () => {
  it('reopens the newest conversation when none was kept, and the next message continues it with its chips', async () => {
    const main = fakeMain()
    const chat = new ChatState(main.client, memoryPlaces())
    await chat.resume('c1')
    expect(chat.openId).toBe('new-york')
    expect(chat.startsNew).toBe(false)
    expect(chat.query).toEqual({ title: 'engineer', location: 'New York' })
    await chat.send('only senior')
    expect(main.sent).toEqual([{ text: 'only senior', requestId: expect.any(String), conversationId: 'new-york' }])
  })

  it('reopens the conversation that was open, with the chips as edited and the message as typed', async () => {
    const places = memoryPlaces()
    const before = new ChatState(fakeMain().client, places)
    await before.resume('c1')
    await before.open('older')
    before.editQuery({ title: 'designer', seniority: 'senior' })
    before.draft = 'in Lisbon'

    const main = fakeMain()
    const after = new ChatState(main.client, places) // the page loaded again
    await after.resume('c1')
    expect(after.openId).toBe('older')
    expect(after.query).toEqual({ title: 'designer', seniority: 'senior' })
    expect(after.queryEdited).toBe(true)
    expect(after.draft).toBe('in Lisbon')
    await after.send()
    expect(main.sent).toEqual([
      {
        text: 'in Lisbon',
        requestId: expect.any(String),
        conversationId: 'older',
        currentQuery: { title: 'designer', seniority: 'senior' }
      }
    ])
  })

  it('stays on a new conversation the recruiter chose, saying so, and a kept one that is gone falls back to the newest', async () => {
    const places = memoryPlaces()
    const before = new ChatState(fakeMain().client, places)
    await before.resume('c1')
    before.startNew()
    const after = new ChatState(fakeMain().client, places)
    await after.resume('c1')
    expect(after.openId).toBeNull()
    expect(after.startsNew).toBe(true)

    places.kept.set('c1', { openId: 'deleted-meanwhile' })
    const again = new ChatState(fakeMain().client, places)
    await again.resume('c1')
    expect(again.openId).toBe('new-york')
  })

  it('keeps each connection’s place apart, and coming back to the screen changes nothing', async () => {
    const places = memoryPlaces()
    const chat = new ChatState(fakeMain().client, places)
    await chat.resume('c1')
    await chat.open('older')
    await chat.resume('c1')
    expect(chat.openId).toBe('older')
    await chat.resume('c2') // another connection: its own (none kept: the newest)
    expect(chat.openId).toBe('new-york')
    expect(places.kept.get('c1')?.openId).toBe('older')
  })
})

// Issue 29, item 9: chips edited with an empty message box could not be sent (Send stayed
// disabled, Enter did nothing, and the channel refused an empty text).
describe('ChatState sending edited chips with no words', () => {
  it('sends the query as edited with an empty message, and nothing when nothing changed', async () => {
    const main = fakeMain()
    const chat = new ChatState(main.client, memoryPlaces())
    await chat.resume('c1')
    expect(chat.canSend).toBe(false)
    expect(await chat.send()).toBe(false)
    expect(main.sent).toEqual([])

    chat.editQuery({ title: 'engineer' })
    expect(chat.canSend).toBe(true)
    expect(await chat.send()).toBe(true)
    expect(main.sent).toEqual([
      { text: '', requestId: expect.any(String), conversationId: 'new-york', currentQuery: { title: 'engineer' } }
    ])
    // the edit went with it: the box is empty and there is nothing left to send
    expect(chat.queryEdited).toBe(false)
    expect(chat.canSend).toBe(false)
  })

  it('is a message the channel takes only with a query: words or chips, never neither', async () => {
    const { chatChannels } = await import('../../../../shared/ipc/channels/chat')
    const input = chatChannels.sendChat.input
    expect(
      input.safeParse({ text: '', requestId: 'chat-request-1', currentQuery: { title: 'engineer' } }).success
    ).toBe(true)
    expect(input.safeParse({ text: '  ', requestId: 'chat-request-1', currentQuery: null }).success).toBe(true)
    const refused = input.safeParse({ text: '', requestId: 'chat-request-1' })
    expect(refused.success).toBe(false)
    expect(refused.error?.issues[0]?.path).toEqual(['text'])
  })
})

describe('ChatState after people were forgotten', () => {
  it('reads the list and the open conversation again, keeping them on screen meanwhile', async () => {
    const main = fakeMain()
    const chat = new ChatState(main.client, memoryPlaces())
    await chat.resume('c1')
    expect(chat.conversation.state === 'ready' && chat.conversation.value.title).toBe('engineers')

    main.forget(['k'], '[erased]')
    expect(chat.conversation.state).toBe('ready')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(chat.list.state === 'ready' && chat.list.value[0]!.title).toBe('[erased]')
    expect(chat.conversation.state === 'ready' && chat.conversation.value.title).toBe('[erased]')
    expect(chat.turns[0]!.text).toBe('[erased]')
  })

  it('shows the list read after peopleForgotten, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(list: ConversationSummary[]) => void> = []
    const bridge = {
      listConversations: () => new Promise((resolve) => reads.push((data) => resolve({ ok: true, data }))),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const chat = new ChatState(createClient(bridge), { read: () => null, write: () => undefined })
    const titles = () => (chat.list.state === 'ready' ? chat.list.value.map((c) => c.title) : chat.list.state)
    const shown = chat.load()
    reads.shift()!([summary('a', 'Rust engineers like Ana Lima', '2026-11-22T10:00:00.000Z', {})])
    await shown
    const older = chat.load()
    listeners.get('peopleForgotten')!({ keys: ['ana'] })
    reads.pop()!([summary('a', 'Rust engineers like [forgotten]', '2026-11-22T10:00:00.000Z', {})])
    await vi.waitFor(() => expect(titles()).toEqual(['Rust engineers like [forgotten]']))
    reads.shift()!([summary('a', 'Rust engineers like Ana Lima', '2026-11-22T10:00:00.000Z', {})])
    await older
    expect(titles()).toEqual(['Rust engineers like [forgotten]'])
  })

  it('shows a message’s answer as main keeps it when people were forgotten while it was out', async () => {
    const main = heldMain(['sendChat'], {
      listConversations: [summary('a', 'Rust engineers like [forgotten]', '2026-11-22T10:00:00.000Z', {})],
      getConversation: {
        ...summary('a', 'Rust engineers like [forgotten]', '2026-11-22T10:00:00.000Z', {}),
        turns: [turn(1, 'user', 'Rust engineers like [forgotten]'), turn(2, 'assistant', 'Found 52')]
      }
    })
    const chat = new ChatState(main.client, { read: () => null, write: () => undefined })
    await chat.load()
    const sending = chat.send('Rust engineers like Ana Lima')
    await vi.waitFor(() => expect(main.waiting('sendChat')).toBe(1))
    main.tell('peopleForgotten', { keys: ['ana'] })
    main.answer('sendChat', {
      conversation: summary('a', 'Rust engineers like Ana Lima', '2026-11-22T10:00:00.000Z', {}),
      turns: [turn(1, 'user', 'Rust engineers like Ana Lima'), turn(2, 'assistant', 'Found 52')]
    })
    expect(await sending).toBe(true)
    expect(chat.turns.map((one) => one.text)).toEqual(['Rust engineers like [forgotten]', 'Found 52'])
    expect(chat.list.state === 'ready' && chat.list.value.map((c) => c.title)).toEqual([
      'Rust engineers like [forgotten]'
    ])
    expect(chat.draft).toBe('')
  })
})
