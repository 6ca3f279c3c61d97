import { describe, expect, it } from 'vitest'
import { readConversationReply } from '../../../electron/main/api/conversation-reply'

const ana = { key: 'k-1', full_name: 'Ana Silva', cur_title: 'Engineer' }
const bo = { key: 'k-2', full_name: 'Bo Chen', first_name: 7 }

describe('reading a Conversational Search answer', () => {
  it('reads the sandbox’s names', () => {
    const reply = readConversationReply({
      conversation_id: 'c-1',
      message: 'Found 2 engineers.',
      current_query: { titles: ['Engineer'] },
      total: 40,
      results: [ana, bo]
    })
    expect(reply).toMatchObject({ conversationId: 'c-1', text: 'Found 2 engineers.', total: 40 })
    expect(reply.query).toEqual({ titles: ['Engineer'] })
    expect(reply.profiles.map((p) => p.value)).toEqual([ana, bo])
    // a field of the wrong type is listed, and the profile is kept whole
    expect(reply.profiles[1]!.issues.map((i) => i.path)).toEqual(['first_name'])
  })

  it('reads another server’s names and nesting, and keeps an unknown query shape as it is', () => {
    const query = { filters: [{ field: 'title', op: 'eq', value: 'Nurse' }], near: { city: 'Lyon' } }
    const reply = readConversationReply({
      conversationId: 42,
      reply: { text: 'Here are nurses near Lyon.', profiles: [ana] },
      query,
      totalResults: 7
    })
    expect(reply).toMatchObject({ conversationId: '42', text: 'Here are nurses near Lyon.', total: 7, query })
    expect(reply.profiles).toHaveLength(1)
    expect(reply.foundAt).toEqual({
      conversationId: 'conversationId',
      text: 'reply.text',
      query: 'query',
      profiles: 'reply.profiles'
    })
  })

  it('reads a bare list of profiles, and says what it could not find', () => {
    expect(readConversationReply([ana])).toMatchObject({ conversationId: null, text: null, total: 1 })
    const empty = readConversationReply({ status: 'ok' })
    expect(empty).toMatchObject({ conversationId: null, text: null, query: null, total: null, profiles: [] })
    expect(readConversationReply('plain text').profiles).toEqual([])
    // a list that is not of objects is not taken for profiles
    expect(readConversationReply({ results: ['a', 'b'], data: [ana] }).foundAt.profiles).toBe('data')
  })
})
