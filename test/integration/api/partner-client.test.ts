import { Agent } from 'undici'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../electron/main/api/api-error'
import { PartnerClient, type PartnerClientDeps } from '../../../electron/main/api/partner-client'
import type { ApiCallInput } from '../../../electron/main/api/api-call'
import { defaultQueryNames } from '../../../shared/ipc/channels/connections'
import { failureOf } from '../failure'
import { generateProfiles } from '../../../sandbox/data/generate'
import { startTestSandbox, testProfileCount, testSeed } from '../sandbox/helpers'
import { startLiberalServer } from './liberal-server'

const dispatcher = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 2_000 } })
afterAll(() => dispatcher.close())

const people = generateProfiles({ count: testProfileCount, seed: testSeed })
const somebody = people.find((p) => p.full_name && p.cur_company && p.city)!

function clientFor(baseUrl: string, apiKey: string | null, extra: Partial<PartnerClientDeps> = {}) {
  const calls: ApiCallInput[] = []
  const client = new PartnerClient({
    connectionId: 'test',
    baseUrl,
    apiKey: async () => apiKey,
    dispatcher,
    queryNames: defaultQueryNames,
    record: (call) => calls.push(call),
    retry: { minTimeoutMs: 20, maxTimeoutMs: 100, retries: 3 },
    timeouts: { headersMs: 2_000, bodyMs: 2_000 },
    ...extra
  })
  return { client, calls }
}

const failure = (promise: Promise<unknown>) => failureOf(ApiError, promise)

describe('Partner API client against the sandbox', () => {
  const running: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(running.splice(0).map((s) => s.close()))
  })
  async function sandbox(faults = '') {
    const s = await startTestSandbox({ faults })
    running.push(s)
    return s
  }

  it('matches by name and company, sends a transaction id, and logs the call without secrets', async () => {
    const s = await sandbox()
    const { client, calls } = clientFor(s.baseUrl, s.apiKey)
    const result = await client.matchProfiles(
      { name: somebody.full_name!, company: somebody.cur_company! },
      { maxNumberOfResults: 5 }
    )
    expect(result.records.length).toBeGreaterThan(0)
    expect(result.records[0]!.value).toMatchObject({ key: somebody.key })
    expect(result.records[0]!.issues).toEqual([])
    expect(result.transactionId).toMatch(/^[0-9a-f-]{36}$/)
    expect(calls).toHaveLength(1)
    expect(calls[0]).toMatchObject({
      method: 'POST',
      endpoint: '/api/Search/MatchProfiles',
      status: 200,
      ok: true,
      transactionId: result.transactionId
    })
    expect(JSON.stringify(calls)).not.toContain(s.apiKey)
  })

  it('reads every content type the spec allows as JSON', async () => {
    const s = await sandbox()
    for (const accept of ['text/plain', 'text/json', 'application/json']) {
      const server = await startLiberalServer(async () => ({
        headers: { 'content-type': accept },
        body: JSON.stringify([somebody])
      }))
      running.push(server)
      const { client } = clientFor(server.baseUrl, 'k')
      const result = await client.matchProfiles({ key: somebody.key! })
      expect(result.records[0]!.value).toMatchObject({ key: somebody.key })
    }
    expect(s.baseUrl).toBeTruthy()
  })

  it('refuses a wrong key as auth and says where to fix it', async () => {
    const s = await sandbox()
    const { client } = clientFor(s.baseUrl, 'sbx_wrong')
    const error = await failure(client.matchProfiles({ name: 'Ada' }))
    expect(error.kind).toBe('auth')
    expect(error.code).toBe('unauthorized')
    expect(error.message).toContain('Settings → Connections')
  })

  it('a missing key fails before anything is sent', async () => {
    const s = await sandbox()
    const { client, calls } = clientFor(s.baseUrl, null)
    const error = await failure(client.matchProfiles({ name: 'Ada' }))
    expect(error.kind).toBe('auth')
    expect(calls).toHaveLength(0)
  })

  it('retries 500 and 503 on a safe operation until it succeeds', async () => {
    const s = await sandbox('500=0.35,503=0.35,seed=7')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey, {
      retry: { retries: 8, minTimeoutMs: 5, maxTimeoutMs: 20 }
    })
    for (let i = 0; i < 5; i++) {
      const result = await client.matchProfiles({ key: somebody.key! })
      expect(result.records).toHaveLength(1)
    }
    expect(calls.some((c) => c.status === 500 || c.status === 503)).toBe(true)
    expect(calls.filter((c) => c.ok)).toHaveLength(5)
  })

  it('retries truncated bodies, malformed JSON and dropped sockets on a safe operation', async () => {
    const s = await sandbox('truncated=0.25,malformed=0.25,drop=0.25,seed=3')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey, {
      retry: { retries: 12, minTimeoutMs: 5, maxTimeoutMs: 20 }
    })
    for (let i = 0; i < 4; i++) {
      const result = await client.matchProfiles({ key: somebody.key! })
      expect(result.records[0]!.value).toMatchObject({ key: somebody.key })
    }
    const failedKinds = new Set(calls.filter((c) => !c.ok).map((c) => c.errorCode))
    expect(failedKinds.has('network')).toBe(true)
    expect(failedKinds.has('contract_mismatch')).toBe(true)
  })

  it('never retries Get Premium Contacts New, even on a 500', async () => {
    const s = await sandbox('500=1')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey)
    const error = await failure(client.getPremiumContacts([somebody.key!], 'Email', 'New'))
    expect(error.kind).toBe('server')
    expect(calls).toHaveLength(1)
    const polling = await failure(client.getPremiumContacts([somebody.key!], 'Email', 'Polling'))
    expect(polling.kind).toBe('server')
    expect(calls).toHaveLength(1 + 4)
  })

  it('retries Refresh Profiles only with a client-made jobId', async () => {
    const s = await sandbox('503=1')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey)
    await failure(client.refreshProfiles({ profileHandles: ['x'] }))
    expect(calls).toHaveLength(1)
    await failure(client.refreshProfiles({ profileHandles: ['x'], jobId: 'job-1' }))
    expect(calls).toHaveLength(1 + 4)
  })

  it('a 429 pauses the whole connection for Retry-After, then gives up with rate_limited', async () => {
    const s = await sandbox('429=1,retryAfter=1')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey, {
      retry: { retries: 1, minTimeoutMs: 5, maxTimeoutMs: 10 }
    })
    const started = Date.now()
    const error = await failure(client.matchProfiles({ key: somebody.key! }))
    expect(error.kind).toBe('rate_limited')
    expect(error.message).toMatch(/resume in \d+ s/)
    expect(calls).toHaveLength(2)
    // the second attempt waited for the service's Retry-After (1 s)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    // and another operation on the same connection waits too, though it never saw a 429 itself
    const left = client.gate.remaining()
    expect(left).toBeGreaterThan(500)
    const before = Date.now()
    await failure(client.getJobStatus('nope'))
    expect(Date.now() - before).toBeGreaterThanOrEqual(left - 50)
  })

  it('times out past the headers timeout and retries, then says so', async () => {
    // undici's timers are coarse (about half a second), so the latency is well past the timeout
    const s = await sandbox('latency=2500')
    const { client, calls } = clientFor(s.baseUrl, s.apiKey, {
      timeouts: { headersMs: 300, bodyMs: 300 },
      retry: { retries: 1, minTimeoutMs: 5, maxTimeoutMs: 10 }
    })
    const error = await failure(client.matchProfiles({ key: somebody.key! }))
    expect(error.kind).toBe('timeout')
    expect(error.code).toBe('timeout')
    expect(calls.map((c) => c.errorCode)).toEqual(['timeout', 'timeout'])
  })

  it('cancels a running request through its signal', async () => {
    const s = await sandbox('latency=2000')
    const { client } = clientFor(s.baseUrl, s.apiKey)
    const controller = new AbortController()
    const pending = failure(client.matchProfiles({ key: somebody.key! }, {}, controller.signal))
    setTimeout(() => controller.abort(), 50)
    const error = await pending
    expect(error.kind).toBe('cancelled')
    expect(error.code).toBe('cancelled')
  })

  it('out of credits is a 402 turned into out_of_credits, not retried', async () => {
    const s = await startTestSandbox({ credits: 0 })
    running.push(s)
    const { client, calls } = clientFor(s.baseUrl, s.apiKey)
    const error = await failure(client.getPremiumContacts([somebody.key!], 'Email', 'New'))
    expect(error.kind).toBe('out_of_credits')
    expect(error.code).toBe('payment_required')
    expect(calls).toHaveLength(1)
  })

  it('uses the connection’s parameter names for the unnamed query parameters', async () => {
    const server = await startLiberalServer(() => ({
      body: '{"results":[],"count":{"available":3,"used":0,"newRequestedCount":0}}'
    }))
    running.push(server)
    const { client } = clientFor(server.baseUrl, 'k', {
      queryNames: { ...defaultQueryNames, contactType: 'type', requestType: 'mode', from: 'start' }
    })
    await client.getPremiumContacts(['a'], 'Phone', 'Existing')
    await client.getApiTransactionData({ from: '2026-01-01', limit: 10 })
    expect(Object.fromEntries(server.seen[0]!.query)).toEqual({ type: 'Phone', mode: 'Existing' })
    expect(Object.fromEntries(server.seen[1]!.query)).toEqual({ start: '2026-01-01', limit: '10' })
  })
})

describe('Partner API client against a server taking the spec’s liberties', () => {
  let server: Awaited<ReturnType<typeof startLiberalServer>>
  let reply: () => string = () => '[]'
  beforeAll(async () => {
    server = await startLiberalServer(() => ({ headers: { 'content-type': 'text/plain' }, body: reply() }))
  })
  afterAll(() => server.close())

  it('sends the Api-Key header, the spec’s path and its query parameters', async () => {
    reply = () => '[]'
    const { client } = clientFor(`${server.baseUrl}/`, 'the-key-1234')
    await client.matchProfiles(
      { name: 'Ada' },
      { maxNumberOfResults: 7, emailLookupEnabled: true, transactionId: 't-1' }
    )
    const seen = server.seen.at(-1)!
    expect(seen.path).toBe('/api/Search/MatchProfiles')
    expect(seen.headers['api-key']).toBe('the-key-1234')
    expect(Object.fromEntries(seen.query)).toEqual({
      transactionId: 't-1',
      maxNumberOfResults: '7',
      emailLookupEnabled: 'true'
    })
    expect(JSON.parse(seen.body)).toEqual({ name: 'Ada' })
  })

  it('keeps undeclared fields, accepts nulls and offset-less or 7-digit date-times without an issue', async () => {
    reply = () =>
      JSON.stringify([
        {
          key: 'k1',
          full_name: 'Ada Lovelace',
          cur_title: null,
          positions: null,
          last_updated: '2024-05-01T10:00:00',
          last_refreshed: '2024-05-01T10:00:00.1234567',
          start_date_in_role: '2024-05-01T10:00:00.1234567+02:00',
          favourite_colour: 'teal'
        }
      ])
    const { client } = clientFor(server.baseUrl, 'k')
    const result = await client.matchProfiles({ name: 'Ada' })
    expect(result.records[0]!.issues).toEqual([])
    expect(result.records[0]!.value).toMatchObject({ favourite_colour: 'teal', cur_title: null })
  })

  it('keeps a record that does not match, with its mismatches, and never drops it', async () => {
    reply = () => JSON.stringify([{ key: 'k1', grad_year: 'nineteen' }, 'not a profile', { key: 'k3' }])
    const { client } = clientFor(server.baseUrl, 'k')
    const result = await client.matchProfiles({ name: 'Ada' })
    expect(result.records).toHaveLength(3)
    expect(result.records[0]!.value).toEqual({ key: 'k1', grad_year: 'nineteen' })
    expect(result.records[0]!.issues.map((i) => i.path)).toEqual(['grad_year'])
    expect(result.records[1]!.issues.length).toBeGreaterThan(0)
    expect(result.records[2]!.issues).toEqual([])
  })

  it('reads one object where the spec says array, and an array where it documents one record', async () => {
    reply = () => JSON.stringify({ key: 'solo', full_name: 'Only One' })
    const { client } = clientFor(server.baseUrl, 'k')
    const single = await client.matchProfiles({ name: 'Only' })
    expect(single.records.map((r) => r.value)).toEqual([{ key: 'solo', full_name: 'Only One' }])
    expect(single.shapeNote).toMatch(/one object/)

    reply = () => JSON.stringify({ id: 't1', request_type: 'SearchPeople', request_date: '2026-01-01T00:00:00' })
    const one = await client.getApiTransactionData({})
    expect(one.records.map((r) => r.value)).toEqual([
      { id: 't1', request_type: 'SearchPeople', request_date: '2026-01-01T00:00:00' }
    ])
    reply = () => JSON.stringify([{ id: 't1' }, { id: 't2' }])
    const many = await client.getApiTransactionData({})
    expect(many.records).toHaveLength(2)
  })

  it('keeps big integers exact', async () => {
    reply = () => '[{"key":"k","cur_company_id":12345678901234567890}]'
    const { client } = clientFor(server.baseUrl, 'k')
    const result = await client.matchProfiles({ name: 'x' })
    expect((result.records[0]!.value as { cur_company_id: unknown }).cur_company_id).toBe(12345678901234567890n)
  })

  it('shows the service’s own words from whatever error body it sends', async () => {
    const errors = await startLiberalServer(() => ({
      status: 400,
      headers: { 'content-type': 'application/problem+json' },
      body: JSON.stringify({ title: 'One or more validation errors occurred.', status: 400 })
    }))
    const { client } = clientFor(errors.baseUrl, 'k')
    const error = await failure(client.matchProfiles({ name: 'x' }))
    await errors.close()
    expect(error.kind).toBe('invalid_request')
    expect(error.message).toContain('One or more validation errors occurred.')
  })

  it('honours a 503’s Retry-After before trying a safe operation again', async () => {
    let calls = 0
    const busy = await startLiberalServer(() =>
      ++calls === 1
        ? {
            status: 503,
            headers: { 'retry-after': '1', 'content-type': 'application/json' },
            body: '{"message":"maintenance"}'
          }
        : { body: '[]' }
    )
    const { client } = clientFor(busy.baseUrl, 'k')
    const started = Date.now()
    const result = await client.matchProfiles({ name: 'x' })
    await busy.close()
    expect(result.records).toEqual([])
    expect(calls).toBe(2)
    expect(Date.now() - started).toBeGreaterThanOrEqual(950)
    // a 503 waits for that call only: the connection is not paused
    expect(client.gate.remaining()).toBe(0)
  })

  it('a dropped socket on an operation that spends credits is not retried', async () => {
    const dropping = await startLiberalServer(() => 'drop')
    const { client, calls } = clientFor(dropping.baseUrl, 'k')
    const error = await failure(client.getPremiumContacts(['a'], 'Email', 'New'))
    await dropping.close()
    expect(error.kind).toBe('network')
    expect(calls).toHaveLength(1)
    expect(dropping.seen).toHaveLength(1)
  })
})
