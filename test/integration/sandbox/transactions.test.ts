import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiTransactionRecordSchema } from '../../../shared/api'
import { call, post, startTestSandbox } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox
let t0: number
beforeAll(async () => {
  sb = await startTestSandbox({ credits: 5 })
  t0 = sb.clock.now()
  await post(sb, '/api/Search/MatchProfiles', { name: 'x' }, { query: { transactionId: 'tx-1' } })
  sb.clock.advance(60_000)
  await post(sb, '/api/ConversationalSearch/Search', { user_input: 'engineers' })
  sb.clock.advance(60_000)
  await post(sb, '/api/Contacts/GetPremiumContacts', ['nobody'])
  await post(sb, '/api/Refresh/RefreshProfiles', {
    profileHandles: ['nobody'],
    jobId: 'j1',
    apiKey: 'SECRET-IN-BODY-123'
  })
  await call(sb, '/api/Refresh/GetJobStatus/j1')
  await post(sb, '/api/Search/MatchProfiles', { bogus: 1 }) // a 400 is recorded too
  await call(sb, '/api/Search/MatchProfiles', { method: 'POST', body: {}, apiKey: 'wrong' }) // not: no organisation
})
afterAll(() => sb.close())

const records = async (query: Record<string, string | number> = {}) => {
  const res = await call(sb, '/api/Analytics/GetApiTransactionData', { query })
  expect(res.status).toBe(200)
  return (res.json() as unknown[]).map((r) => apiTransactionRecordSchema.parse(r))
}

describe('Get Api Transaction Data', () => {
  it('records every authenticated call, newest first', async () => {
    const all = await records()
    expect(all.map((r) => r.request_type)).toEqual([
      'MatchProfiles',
      'GetJobStatus',
      'RefreshProfiles',
      'GetPremiumContacts',
      'ConversationalSearch',
      'MatchProfiles'
    ])
    const first = all[all.length - 1]!
    expect(first.request).toContain('/api/Search/MatchProfiles?transactionId=tx-1')
    expect(first.request).toContain('"name":"x"')
    expect(first.response).toMatch(/^200 /)
    expect(first.partner_name).toBeTruthy()
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(Date.parse(first.request_date!)).toBe(t0)
    expect(all[0]!.response).toMatch(/^400 invalid_request/)
    expect(new Set(all.map((r) => r.id)).size).toBe(all.length)
  })
  it('never records a credential sent in a request body', async () => {
    const refresh = (await records({ type: 'RefreshProfiles' }))[0]!
    expect(refresh.request).toContain('"profileHandles":["nobody"]')
    expect(refresh.request).toContain('"apiKey":"[redacted]"')
    expect(JSON.stringify(await records())).not.toContain('SECRET-IN-BODY-123')
  })
  it('filters by type (case-insensitive), date range and limit', async () => {
    expect((await records({ type: 'matchprofiles' })).map((r) => r.request_type)).toEqual([
      'MatchProfiles',
      'MatchProfiles'
    ])
    const from = new Date(t0 + 30_000).toISOString()
    const to = new Date(t0 + 90_000).toISOString()
    expect((await records({ from, to })).map((r) => r.request_type)).toEqual(['ConversationalSearch'])
    expect((await records({ from })).length).toBe(5)
    expect((await records({ to })).length).toBe(2)
    expect(await records({ limit: 2 })).toHaveLength(2)
  })
  it('reading the log is not itself recorded', async () => {
    const a = await records()
    const b = await records()
    expect(b.length).toBe(a.length)
  })
  it('rejects bad filters naming the parameter', async () => {
    for (const [name, value] of [
      ['from', 'yesterday'],
      ['limit', '0'],
      ['limit', '5000']
    ]) {
      const res = await call(sb, '/api/Analytics/GetApiTransactionData', { query: { [name!]: value! } })
      expect(res.status).toBe(400)
      expect(res.json().error.message).toContain(name)
    }
  })
})
