import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { FaultInjector } from '../../../sandbox/faults/injector'
import { parseFaultSpec } from '../../../sandbox/faults/spec'
import { startTestSandbox, testCatalog } from './helpers'
import { until } from '../until'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
const running: Sandbox[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

/**
 * One request's observable outcome: status and whether the body parsed; `cut` when the
 * connection closed mid-body; `dropped` when no answer came at all.
 */
async function outcome(sb: Sandbox): Promise<string> {
  try {
    const res = await request(`${sb.baseUrl}/api/Search/MatchProfiles`, {
      method: 'POST',
      headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'a' })
    })
    let text: string
    try {
      text = await res.body.text()
    } catch {
      return `${res.statusCode} cut`
    }
    let parsed = 'json'
    try {
      JSON.parse(text)
    } catch {
      parsed = 'bad-json'
    }
    const retry = res.headers['retry-after'] ? ` retry-after=${res.headers['retry-after']}` : ''
    return `${res.statusCode} ${parsed}${retry}`
  } catch {
    return 'dropped'
  }
}

async function run(spec: string, n: number): Promise<string[]> {
  const sb = await startTestSandbox({ faults: spec })
  running.push(sb)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(await outcome(sb)) // sequential: the n-th request gets the n-th draw
  return out
}

const spec = '500=0.1,503=0.1,429=0.1,malformed=0.1,truncated=0.1,drop=0.1,retryAfter=3,seed=7'

describe('Faults', () => {
  it('produce every kind, deterministically by seed', async () => {
    const a = await run(spec, 60)
    const b = await run(spec, 60)
    expect(a).toEqual(b)
    const kinds = new Set(a)
    for (const k of [
      '200 json',
      '500 json',
      '503 json',
      '429 json retry-after=3',
      '200 bad-json',
      '200 cut',
      'dropped'
    ])
      expect(kinds).toContain(k)
    const c = await run(spec.replace('seed=7', 'seed=8'), 60)
    expect(c).not.toEqual(a)
  })

  it('add latency within the configured range', async () => {
    const sb = await startTestSandbox({ faults: 'latency=80-120,seed=1' })
    running.push(sb)
    const started = performance.now()
    await outcome(sb)
    expect(performance.now() - started).toBeGreaterThanOrEqual(79)
  })

  it('stall: the answer comes after the client’s time limit, the work is done all the same', async () => {
    const sb = await startTestSandbox({ faults: 'stall=1,stallMs=150,seed=1', credits: 5 })
    running.push(sb)
    const started = performance.now()
    expect(await outcome(sb)).toBe('200 json')
    expect(performance.now() - started).toBeGreaterThanOrEqual(149)

    // A purchase whose client gives up after 30 ms is made all the same.
    const key = testCatalog().search({}, { limit: 1, offset: 0 }).results[0]!.key!
    const gaveUp = await request(`${sb.baseUrl}/api/Contacts/GetPremiumContacts?requestType=New`, {
      method: 'POST',
      headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
      body: JSON.stringify([key]),
      signal: AbortSignal.timeout(30)
    }).then(
      () => 'answered',
      () => 'gave up'
    )
    expect(gaveUp).toBe('gave up')
    // the service finishes the purchase on its own time, answered or not: Polling (free) shows it
    const poll = async () => {
      const polled = await request(`${sb.baseUrl}/api/Contacts/GetPremiumContacts?requestType=Polling`, {
        method: 'POST',
        headers: { 'api-key': sb.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify([key])
      })
      return (await polled.body.json()) as { results: unknown[]; count: { available: number; used: number } }
    }
    const body = await until(poll, (answer) => answer.results.length > 0, 5_000)
    expect(body.results).toHaveLength(1)
    expect(body.count).toMatchObject({ available: 4, used: 1 })
  })

  it('draw latencies across the whole range, the same sequence for the same seed', () => {
    const draw = (seed: number) => {
      const injector = new FaultInjector(parseFaultSpec(`latency=20-200,500=0.2,seed=${seed}`))
      return Array.from({ length: 500 }, () => injector.decide())
    }
    const a = draw(5)
    expect(draw(5)).toEqual(a)
    expect(draw(6)).not.toEqual(a)
    const latencies = a.map((decision) => decision.latencyMs)
    expect(Math.min(...latencies)).toBeGreaterThanOrEqual(20)
    expect(Math.max(...latencies)).toBeLessThanOrEqual(200)
    // Uniform over [20, 200]: both ends of the range are reached and the mean sits near 110.
    expect(Math.min(...latencies)).toBeLessThan(30)
    expect(Math.max(...latencies)).toBeGreaterThan(190)
    const mean = latencies.reduce((sum, ms) => sum + ms, 0) / latencies.length
    expect(mean).toBeGreaterThan(95)
    expect(mean).toBeLessThan(125)
    const failures = a.filter((decision) => decision.kind === '500').length
    expect(failures).toBeGreaterThan(60)
    expect(failures).toBeLessThan(140)
  })

  it('leave the token endpoint alone unless asked', async () => {
    const sb = await startTestSandbox({ faults: '503=1' })
    running.push(sb)
    expect(await outcome(sb)).toBe('503 json')
    const res = await request(`${sb.authUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: sb.clientId,
        client_secret: sb.clientSecret
      }).toString()
    })
    expect(res.statusCode).toBe(200)
    await res.body.text()
  })

  it('apply to the token endpoint and /mcp when asked (oauth=1, mcp=1)', async () => {
    const sb = await startTestSandbox({ faults: '503=1,oauth=1,mcp=1' })
    running.push(sb)
    for (const url of [`${sb.authUrl}/api/oauth/token`, sb.mcpUrl]) {
      const res = await request(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
      expect(res.statusCode, url).toBe(503)
      await res.body.text()
    }
  })

  it('reject a bad SPEC with a message naming the item', () => {
    expect(() => parseFaultSpec('500=2')).toThrow(/500/)
    expect(() => parseFaultSpec('latency=9-3')).toThrow(/latency/)
    expect(() => parseFaultSpec('teapot=0.1')).toThrow(/teapot/)
    expect(() => parseFaultSpec('500=0.6,503=0.6')).toThrow(/more than 1/)
    expect(parseFaultSpec('latency=20-200,500=0.05,seed=7')).toMatchObject({ latencyMin: 20, latencyMax: 200, seed: 7 })
    expect(parseFaultSpec('stall=0.1,stallMs=1200')).toMatchObject({ shares: { stall: 0.1 }, stallMs: 1200 })
    expect(parseFaultSpec('').stallMs).toBe(30_000)
    expect(() => parseFaultSpec('stallMs=soon')).toThrow(/stallMs/)
  })
})
