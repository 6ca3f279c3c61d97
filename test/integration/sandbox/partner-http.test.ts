import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiErrorBodySchema } from '../../../shared/api'
import { call, errorOf, post, startTestSandbox } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox
beforeAll(async () => {
  sb = await startTestSandbox()
})
afterAll(() => sb.close())

const match = '/api/Search/MatchProfiles'

describe('Partner API: authentication', () => {
  const operations: [string, string, unknown][] = [
    ['POST', match, {}],
    ['POST', '/api/ConversationalSearch/Search', { user_input: 'engineers' }],
    ['POST', '/api/Contacts/GetPremiumContacts', []],
    ['POST', '/api/Refresh/RefreshProfiles', { profileHandles: ['x'] }],
    ['GET', '/api/Refresh/GetJobStatus/some-job', undefined],
    ['GET', '/api/Analytics/GetApiTransactionData', undefined]
  ]
  it.each(operations)('%s %s without Api-Key is 401 with the error body', async (method, path, body) => {
    const res = await call(sb, path, { method: method as 'GET' | 'POST', body, apiKey: null })
    expect(res.status).toBe(401)
    expect(apiErrorBodySchema.parse(res.json()).error.code).toBe('unauthorized')
    expect(errorOf(res).message).toMatch(/Api-Key/)
  })
  it.each(operations)('%s %s with a wrong Api-Key is 401', async (method, path, body) => {
    const res = await call(sb, path, { method: method as 'GET' | 'POST', body, apiKey: `${sb.apiKey}x` })
    expect(res.status).toBe(401)
    expect(errorOf(res).code).toBe('unauthorized')
  })
})

describe('Partner API: paths and methods', () => {
  it('paths are case-sensitive: a lower-case path is 404', async () => {
    const res = await post(sb, '/api/search/matchprofiles', {})
    expect(res.status).toBe(404)
    expect(errorOf(res).code).toBe('not_found')
  })
  it('a known path with the wrong method is 405', async () => {
    const res = await call(sb, match, { method: 'GET' })
    expect(res.status).toBe(405)
    expect(errorOf(res).code).toBe('invalid_request')
  })
})

describe('Partner API: request media types', () => {
  it.each([
    'application/json',
    'text/json',
    'application/json-patch+json',
    'application/vnd.talent+json',
    'application/json; charset=utf-8'
  ])('accepts %s', async (contentType) => {
    const res = await call(sb, match, { method: 'POST', rawBody: '{"name":"a"}', contentType })
    expect(res.status).toBe(200)
    expect(Array.isArray(res.json())).toBe(true)
  })
  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded', 'application/json; charset=latin1'])(
    'refuses %s with 415',
    async (contentType) => {
      const res = await call(sb, match, { method: 'POST', rawBody: '{"name":"a"}', contentType })
      expect(res.status).toBe(415)
      expect(errorOf(res).code).toBe('unsupported_media_type')
    }
  )
  it('refuses a POST without Content-Type with 415', async () => {
    const res = await call(sb, '/api/Contacts/GetPremiumContacts', { method: 'POST' })
    expect(res.status).toBe(415)
  })
  it('every POST checks the media type', async () => {
    for (const path of [
      '/api/ConversationalSearch/Search',
      '/api/Contacts/GetPremiumContacts',
      '/api/Refresh/RefreshProfiles'
    ]) {
      const res = await call(sb, path, { method: 'POST', rawBody: '{}', contentType: 'text/csv' })
      expect(res.status, path).toBe(415)
    }
  })
})

describe('Partner API: invalid input', () => {
  it('malformed JSON is 400', async () => {
    const res = await call(sb, match, { method: 'POST', rawBody: '{"name": ', contentType: 'application/json' })
    expect(res.status).toBe(400)
    expect(errorOf(res).message).toMatch(/Malformed JSON/)
  })
  it('an empty body is 400', async () => {
    const res = await call(sb, match, { method: 'POST', rawBody: '', contentType: 'application/json' })
    expect(res.status).toBe(400)
  })
  it('an unknown MatchProfiles property is 400 naming it', async () => {
    const res = await post(sb, match, { name: 'Ada', nickname: 'ace' })
    expect(res.status).toBe(400)
    const error = errorOf(res)
    expect(error.code).toBe('invalid_request')
    expect(error.message).toContain('nickname')
    expect(error.details).toContainEqual(expect.objectContaining({ path: 'nickname' }))
  })
  it('a wrongly typed field is 400 naming its path', async () => {
    const res = await post(sb, match, { emails: ['a@b.c', 7] })
    expect(res.status).toBe(400)
    expect(errorOf(res).message).toContain('emails.1')
    expect(errorOf(res).details[0].path).toBe('emails.1')
  })
  it('a bad query parameter is 400 naming it', async () => {
    for (const value of ['0', '101', 'ten']) {
      const res = await post(sb, match, { name: 'a' }, { query: { maxNumberOfResults: value } })
      expect(res.status, value).toBe(400)
      expect(errorOf(res).message).toContain('maxNumberOfResults')
    }
    const bad = await post(sb, match, { name: 'a' }, { query: { emailLookupEnabled: 'yes' } })
    expect(errorOf(bad).message).toContain('emailLookupEnabled')
  })
})

describe('Partner API: response media types', () => {
  it('answers JSON by default', async () => {
    const res = await post(sb, match, { name: 'a' })
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })
  it('answers text/plain (the same JSON text) when Accept prefers it', async () => {
    const json = await post(sb, match, { name: 'a' })
    const plain = await post(sb, match, { name: 'a' }, { accept: 'text/plain' })
    expect(plain.headers['content-type']).toMatch(/^text\/plain/)
    expect(plain.text).toBe(json.text)
  })
  it('honours q-values', async () => {
    const res1 = await post(sb, match, { name: 'a' }, { accept: 'application/json;q=0.5, text/plain;q=0.9' })
    expect(res1.headers['content-type']).toMatch(/^text\/plain/)
    const res2 = await post(sb, match, { name: 'a' }, { accept: 'text/plain;q=0.2, application/json' })
    expect(res2.headers['content-type']).toMatch(/^application\/json/)
    const res3 = await post(sb, match, { name: 'a' }, { accept: 'text/json' })
    expect(res3.headers['content-type']).toMatch(/^text\/json/)
  })
  it('falls back to JSON when Accept matches nothing', async () => {
    const res = await post(sb, match, { name: 'a' }, { accept: 'application/xml' })
    expect(res.status).toBe(200)
    expect(res.headers['content-type']).toMatch(/^application\/json/)
  })
})
