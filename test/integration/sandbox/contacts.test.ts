import { afterEach, describe, expect, it } from 'vitest'
import { contactResultSchema, premiumContactsResponseSchema } from '../../../shared/api'
import { errorOf, post, type Json, startTestSandbox, testCatalog } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox | undefined
afterEach(async () => {
  await sb?.close()
  sb = undefined
})

const path = '/api/Contacts/GetPremiumContacts'
const timing = { startAfterMs: 500, completeAfterMs: 3000 }
const keysAt = (offset: number, n: number): string[] =>
  testCatalog()
    .search({}, { limit: n, offset })
    .results.map((p) => p.key!)

async function contacts(keys: unknown, query: Record<string, string> = {}) {
  const res = await post(sb!, path, keys, { query })
  return res
}
const parsed = (res: { json: () => Json }) => premiumContactsResponseSchema.parse(res.json())

describe('Get Premium Contacts', () => {
  it('New buys each key once, moves NotStarted -> InProgress -> Completed on the clock', async () => {
    sb = await startTestSandbox({ credits: 10, contactTiming: { ...timing, failureShare: 0 } })
    const keys = keysAt(0, 3)
    const first = await contacts(keys, { requestType: 'New', contactType: 'Email' })
    expect(first.status).toBe(200)
    const body = parsed(first)
    expect(body.count).toEqual({ available: 7, used: 3, newRequestedCount: 3 })
    expect(body.results!.map((r) => r.status)).toEqual(['NotStarted', 'NotStarted', 'NotStarted'])
    expect(body.results!.map((r) => r.request?.key)).toEqual(keys)
    expect(body.results![0]!.emails).toEqual([])

    sb.clock.advance(600)
    const polling = parsed(await contacts(keys, { requestType: 'Polling' }))
    expect(polling.results!.every((r) => r.status === 'InProgress')).toBe(true)
    expect(polling.count).toEqual({ available: 7, used: 3, newRequestedCount: 0 })

    // Existing answers only what was bought and has completed.
    expect(parsed(await contacts(keys, { requestType: 'Existing' })).results).toEqual([])

    sb.clock.advance(2400)
    const done = parsed(await contacts(keys, { requestType: 'Polling' }))
    for (const r of done.results!) {
      expect(contactResultSchema.parse(r)).toBeTruthy()
      expect(r.status).toBe('Completed')
      expect(r.emails!.length).toBeGreaterThan(0)
      expect(r.emails![0]).toMatchObject({ validation: expect.any(String), confidence: expect.any(String) })
      expect(r.has_good_email).toBe(true)
      expect(Object.keys(r.provider_completion_data_dictionary!)).toContain('LocalEmailProviderVerifier')
      expect(r.request_completion_data?.isEmailRequest).toBe(true)
      expect(r.card?.found).toBe(true)
    }
    expect(parsed(await contacts(keys, { requestType: 'Existing' })).results).toHaveLength(3)

    // Buying again spends nothing and answers the current state.
    const again = parsed(await contacts([...keys, ...keysAt(3, 1)], { requestType: 'New' }))
    expect(again.count).toEqual({ available: 6, used: 4, newRequestedCount: 1 })
    expect(again.results!.map((r) => r.status)).toEqual(['Completed', 'Completed', 'Completed', 'NotStarted'])
  })

  it('Polling with an empty body answers every bought lookup; unbought keys are left out', async () => {
    sb = await startTestSandbox({ credits: 10, contactTiming: { ...timing, failureShare: 0 } })
    await contacts(keysAt(0, 2))
    expect(parsed(await contacts([], { requestType: 'Polling' })).results).toHaveLength(2)
    expect(parsed(await contacts(keysAt(5, 2), { requestType: 'Polling' })).results).toEqual([])
  })

  it('Email and Phone are bought separately; Phone carries phone numbers', async () => {
    sb = await startTestSandbox({ credits: 10, contactTiming: { ...timing, failureShare: 0 } })
    const [key] = keysAt(0, 1)
    await contacts([key])
    const phone = parsed(await contacts([key], { contactType: 'Phone' }))
    expect(phone.count?.newRequestedCount).toBe(1)
    sb.clock.advance(3000)
    const done = parsed(await contacts([key], { contactType: 'Phone', requestType: 'Polling' })).results![0]!
    expect(done.phone_numbers!.length).toBeGreaterThan(0)
    expect(done.emails).toEqual([])
    expect(done.request?.contact_type).toBe('Phone')
  })

  it('a deterministic share of lookups fails, with a trace and provider status', async () => {
    sb = await startTestSandbox({ credits: 100, contactTiming: { ...timing, failureShare: 0.3 } })
    const keys = keysAt(0, 40)
    await contacts(keys)
    sb.clock.advance(3000)
    const results = parsed(await contacts(keys, { requestType: 'Polling' })).results!
    const failed = results.filter((r) => r.status === 'Failed')
    expect(failed.length).toBeGreaterThan(3)
    expect(failed.length).toBeLessThan(25)
    for (const r of failed) {
      expect(r.execution_trace?.error).toBeTruthy()
      expect(r.execution_trace?.provider_results?.[0]?.status?.exception).toBeTruthy()
      expect(r.emails).toEqual([])
    }
    // Same seed, same keys: the same ones fail in a fresh sandbox.
    const firstRun = failed.map((r) => r.request?.key)
    await sb.close()
    sb = await startTestSandbox({ credits: 100, contactTiming: { ...timing, failureShare: 0.3 } })
    await contacts(keys)
    sb.clock.advance(3000)
    const again = parsed(await contacts(keys, { requestType: 'Polling' })).results!.filter((r) => r.status === 'Failed')
    expect(again.map((r) => r.request?.key)).toEqual(firstRun)
  })

  it('running out of credits is 402 and spends nothing', async () => {
    sb = await startTestSandbox({ credits: 2 })
    const res = await contacts(keysAt(0, 3))
    expect(res.status).toBe(402)
    const error = errorOf(res)
    expect(error.code).toBe('payment_required')
    expect(error.message).toMatch(/credits/i)
    expect(error.details).toMatchObject({ needed: 3, available: 2 })
    const ok = parsed(await contacts(keysAt(0, 2)))
    expect(ok.count).toEqual({ available: 0, used: 2, newRequestedCount: 2 })
    // Already-bought keys still answer with no credits left.
    expect((await contacts(keysAt(0, 2))).status).toBe(200)
  })

  it('unknown keys fail at once and cost nothing', async () => {
    sb = await startTestSandbox({ credits: 5 })
    const body = parsed(await contacts(['no-such-key', keysAt(0, 1)[0]]))
    expect(body.count).toEqual({ available: 4, used: 1, newRequestedCount: 1 })
    const unknown = body.results![0]!
    expect(unknown.status).toBe('Failed')
    expect(unknown.execution_trace?.error).toMatch(/not found/i)
    expect(contactResultSchema.parse(unknown)).toBeTruthy()
  })

  it('validates parameters and body', async () => {
    sb = await startTestSandbox()
    const badType = await contacts([], { contactType: 'Fax' })
    expect(badType.status).toBe(400)
    expect(errorOf(badType).message).toContain('contactType')
    const badRequest = await contacts([], { requestType: 'Later' })
    expect(errorOf(badRequest).message).toContain('requestType')
    const notArray = await contacts({ keys: [] })
    expect(notArray.status).toBe(400)
    const badItem = await contacts(['a', 3])
    expect(errorOf(badItem).details[0].path).toBe('1')
    const tooMany = await contacts(Array.from({ length: 101 }, (_, i) => `k${i}`))
    expect(tooMany.status).toBe(400)
  })
})
