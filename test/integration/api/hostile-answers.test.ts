import { Agent } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { ApiError } from '../../../electron/main/api/api-error'
import { PartnerClient, type PartnerClientDeps } from '../../../electron/main/api/partner-client'
import type { ApiCallInput } from '../../../electron/main/api/api-call'
import { defaultQueryNames } from '../../../shared/ipc/channels/connections'
import { failureOf } from '../failure'
import { endlessBody, useHostileServers } from '../hostile-server'

// A hostile Partner API on loopback: each test says how it answers.
const dispatcher = new Agent({ keepAliveTimeout: 10_000, connect: { timeout: 2_000 } })
afterAll(() => dispatcher.close())

const hostile = useHostileServers()

function clientFor(baseUrl: string, extra: Partial<PartnerClientDeps> = {}) {
  const calls: ApiCallInput[] = []
  const client = new PartnerClient({
    connectionId: 'hostile',
    baseUrl,
    apiKey: async () => 'test-key-0123456789',
    dispatcher,
    queryNames: defaultQueryNames,
    record: (call) => calls.push(call),
    retry: { minTimeoutMs: 10, maxTimeoutMs: 20, retries: 2 },
    timeouts: { headersMs: 2_000, bodyMs: 2_000 },
    ...extra
  })
  return { client, calls }
}

const failure = (promise: Promise<unknown>) => failureOf(ApiError, promise)

const json = { 'content-type': 'application/json' }

describe('answers that cannot hurt the host', () => {
  it('refuses a body nested 200,000 deep before parsing it, as an answer that could not be read', async () => {
    const depth = 200_000
    const server = await hostile((_req, res) => {
      res.writeHead(200, json)
      res.end('['.repeat(depth) + ']'.repeat(depth))
    })
    const { client, calls } = clientFor(server.baseUrl)
    const error = await failure(client.matchProfiles({ name: 'Anna Fischer' }, { maxNumberOfResults: 5 }))
    expect(error.kind).toBe('unreadable')
    expect(error.code).toBe('invalid_response')
    expect(error.message).toMatch(
      /^The service’s answer to Match Profiles could not be read: it nests more than 512 levels/
    )
    expect(error.message).not.toMatch(/host/i)
    // refused, not retried: the same answer would come back
    expect(server.requests()).toBe(1)
    expect(calls).toMatchObject([{ ok: false, errorCode: 'unreadable', status: 200 }])
  })

  it('stops reading a body past the size allowed: the rest is never taken in', async () => {
    const cap = 4 * 1024 * 1024
    // an endless body, written as fast as the connection takes it, until the client lets go
    const body = endlessBody('[', 0x20)
    const server = await hostile(body.answer)
    const { client } = clientFor(server.baseUrl, { limits: { maxBodyBytes: cap } })
    const error = await failure(client.getApiTransactionData({ limit: 25 }))
    await body.cut
    expect(error.kind).toBe('unreadable')
    expect(error.message).toContain('it is larger than 4 MB, the most Talent Desk reads in one answer')
    // what the server got out before the connection closed: the cap and the sockets' buffers, no more
    expect(body.written()).toBeLessThan(cap + 16 * 1024 * 1024)
    expect(server.requests()).toBe(1)
  })

  it('gives up on a body sent a byte at a time at the call’s deadline, and says so', async () => {
    const timers: NodeJS.Timeout[] = []
    const server = await hostile((_req, res) => {
      res.writeHead(200, json)
      res.write('[')
      // a byte every 20 ms: the per-read body timeout (2 s here) never trips
      const timer = setInterval(() => res.write(' '), 20)
      timers.push(timer)
      res.on('close', () => clearInterval(timer))
    })
    const { client, calls } = clientFor(server.baseUrl, {
      timeouts: { headersMs: 2_000, bodyMs: 2_000, deadlineMs: 300 }
    })
    const started = performance.now()
    const error = await failure(client.matchProfiles({ name: 'Anna Fischer' }, { maxNumberOfResults: 5 }))
    const took = performance.now() - started
    timers.forEach(clearInterval)
    expect(error.kind).toBe('timeout')
    expect(error.code).toBe('timeout')
    expect(error.message).toBe(
      'The service did not finish answering Match Profiles within 0.3 s, so Talent Desk stopped waiting. Try again, or ask for fewer results.'
    )
    expect(took).toBeLessThan(1_500)
    expect(calls.at(-1)).toMatchObject({ ok: false, errorCode: 'timeout' })
  })

  it('hands over no more records than were asked for, and says the service sent more', async () => {
    const record = (i: number) => ({ key: `k${i}`, full_name: `Person ${i}`, id: `t${i}` })
    const server = await hostile((_req, res) => {
      res.writeHead(200, json)
      res.end(JSON.stringify(Array.from({ length: 10_000 }, (_, i) => record(i))))
    })
    const { client } = clientFor(server.baseUrl)
    const found = await client.matchProfiles({ name: 'Person' }, { maxNumberOfResults: 25 })
    expect(found.records).toHaveLength(25)
    expect(found.records.map((r) => (r.value as { key: string }).key)).toEqual(
      Array.from({ length: 25 }, (_, i) => `k${i}`)
    )
    expect(found.shapeNote).toBe(
      'The service sent 10,000 profiles where 25 were asked for; only the first 25 are shown.'
    )
    const usage = await client.getApiTransactionData({ limit: 25 })
    expect(usage.records).toHaveLength(25)
    expect(usage.shapeNote).toBe(
      'The service sent 10,000 transaction records where 25 were asked for; only the first 25 are shown.'
    )
    // Match Profiles without a count is asked for the spec's default, five
    expect((await client.matchProfiles({ name: 'Person' })).records).toHaveLength(5)
  })

  it('hands over one contact result per person asked about', async () => {
    const server = await hostile((_req, res) => {
      res.writeHead(200, json)
      const results = Array.from({ length: 10_000 }, (_, i) => ({ key: `k${i}`, status: 'Completed' }))
      res.end(JSON.stringify({ results, count: { available: 10 } }))
    })
    const { client } = clientFor(server.baseUrl)
    const answer = await client.getPremiumContacts(['k0', 'k1', 'k2'], 'Email', 'Polling')
    expect(answer.results.map((r) => (r.value as { key: string }).key)).toEqual(['k0', 'k1', 'k2'])
    expect(answer.shapeNote).toBe(
      'The service sent 10,000 contact results where 3 were asked for; only the first 3 are shown.'
    )
  })
})
