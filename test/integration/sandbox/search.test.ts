import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { conversationalSearchResponseSchema, wholePersonProfileSchema } from '../../../shared/api'
import { handlesOf } from '../../../sandbox/data/handles'
import { post, startTestSandbox, testCatalog } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

const match = (body: unknown, query: Record<string, string | number | boolean> = {}) =>
  post(sb, '/api/Search/MatchProfiles', body, { query })

describe('Match Profiles', () => {
  const someone = () => testCatalog().search({}, { limit: 1, offset: 7 }).results[0]!

  it('finds a person by key as a COMPLETE match', async () => {
    const p = someone()
    const res = await match({ key: p.key })
    expect(res.status).toBe(200)
    const results = res.json()
    expect(results[0].key).toBe(p.key)
    expect(results[0].match_type).toBe('COMPLETE')
    expect(wholePersonProfileSchema.parse(results[0])).toBeTruthy()
  })

  it('finds a person by an exact identifier (email, handle) as COMPLETE', async () => {
    const withEmail = testCatalog()
      .search({}, { limit: 200, offset: 0 })
      .results.find((p) => p.email && handlesOf(p).length > 0)!
    const byEmail = (await match({ emails: [withEmail.email!.toUpperCase()] })).json()
    expect(byEmail[0]).toMatchObject({ key: withEmail.key, match_type: 'COMPLETE' })
    const byHandle = (await match({ handles: [handlesOf(withEmail)[0]] })).json()
    expect(byHandle[0]).toMatchObject({ key: withEmail.key, match_type: 'COMPLETE' })
  })

  it('finds a person by name and company as a PARTIAL match, best first', async () => {
    const p = someone()
    const found = (await match({ name: p.full_name, company: p.cur_company, title: p.cur_title })).json()
    expect(found[0].key).toBe(p.key)
    expect(found[0].match_type).toBe('PARTIAL')
    expect(found[0].match_score).toBeGreaterThan(0)
    expect(found[0].match_score).toBeLessThan(100)
    const scores = found.map((r: { match_score: number }) => r.match_score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
  })

  it('honours maxNumberOfResults (default 5, cap 100)', async () => {
    // The most common first name in the catalog gives more than 12 candidates.
    const counts = new Map<string, number>()
    for (const p of testCatalog().search({}, { limit: 5000, offset: 0 }).results)
      counts.set(p.first_name!, (counts.get(p.first_name!) ?? 0) + 1)
    const [name, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!
    expect(n).toBeGreaterThan(12)
    expect((await match({ name })).json()).toHaveLength(5)
    expect((await match({ name }, { maxNumberOfResults: 12 })).json()).toHaveLength(12)
    // prefix and one-edit name matches come on top of the exact ones
    const many = (await match({ name }, { maxNumberOfResults: 100 })).json()
    expect(many.length).toBeGreaterThanOrEqual(Math.min(100, n))
    expect(many.length).toBeLessThanOrEqual(100)
  })

  it('fills email only with emailLookupEnabled', async () => {
    const p = someone()
    const without = (await match({ key: p.key })).json()[0]
    expect(without.email).toBeUndefined()
    const withEmail = (await match({ key: p.key }, { emailLookupEnabled: true })).json()[0]
    expect(withEmail.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/)
  })

  it('an empty request matches nobody', async () => {
    const res = await match({})
    expect(res.status).toBe(200)
    expect(res.json()).toEqual([])
  })
})

describe('Conversational Search', () => {
  const converse = async (body: unknown) => {
    const res = await post(sb, '/api/ConversationalSearch/Search', body)
    expect(res.status).toBe(200)
    return conversationalSearchResponseSchema.parse(res.json())
  }

  it('keeps the query across turns of one conversation', async () => {
    const p = testCatalog().search({}, { limit: 1, offset: 2 }).results[0]!
    const first = await converse({ user_input: `find ${p.cur_title}` })
    expect(first.conversation_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(first.message).toBeTruthy()
    expect(first.total).toBeGreaterThan(0)
    expect(first.results!.length).toBeLessThanOrEqual(25)
    const query1 = first.current_query!

    const second = await converse({ conversation_id: first.conversation_id, user_input: `in ${p.city ?? p.country}` })
    expect(second.conversation_id).toBe(first.conversation_id)
    // The second turn narrows the first: what was asked before stays in the query.
    for (const [field, values] of Object.entries(query1)) {
      if (Array.isArray(values) && values.length > 0)
        expect((second.current_query as Record<string, unknown>)[field]).toEqual(expect.arrayContaining(values))
    }
    expect(second.total!).toBeLessThanOrEqual(first.total!)

    // Another conversation starts from nothing.
    const other = await converse({ user_input: `in ${p.city ?? p.country}` })
    expect(other.conversation_id).not.toBe(first.conversation_id)
  })

  it('an unknown conversation_id starts a conversation under that id', async () => {
    const first = await converse({ conversation_id: 'client-chosen-1', user_input: 'python' })
    expect(first.conversation_id).toBe('client-chosen-1')
    const second = await converse({ conversation_id: 'client-chosen-1' })
    expect(second.current_query).toEqual(first.current_query)
    expect(second.total).toBe(first.total)
  })

  it('a client-sent current_query is used as the starting point', async () => {
    const res = await converse({ current_query: { skills: ['python'] }, user_input: '' })
    expect(res.current_query).toEqual({ skills: ['python'] })
  })

  it('unknown top-level properties are 400', async () => {
    const res = await post(sb, '/api/ConversationalSearch/Search', { user_input: 'x', limit: 3 })
    expect(res.status).toBe(400)
    expect(res.json().error.message).toContain('limit')
  })
})
