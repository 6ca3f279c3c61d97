import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../sandbox/index'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { call } from './fake-http'

// The fake Lever API over real HTTP (sandbox/ats/lever/): auth, limit/offset cursors with next
// and hasNext, the rate window, { code, message } errors, perform_as, contacts by email, filters.
const clock = new ManualClock()
let fakes: RunningAtsFakes
let lever: RunningAtsFakes['lever']

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 42, clock, fromProfiles: 1500, leverRateLimit: 1000 })
  lever = fakes.lever
})
afterAll(async () => fakes.close())

interface Opportunity {
  id: string
  contact: string
  name: string
  emails: string[]
  updatedAt: number
}
interface Page {
  data: Opportunity[]
  hasNext: boolean
  next?: string
}

describe('fake Lever', () => {
  it('refuses a request without a key and with a wrong key, in Lever’s error shape', async () => {
    for (const answer of [
      await call(lever.baseUrl, '/v1/opportunities'),
      await call(lever.baseUrl, '/v1/opportunities', { key: 'wrong' })
    ]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ code: 'UnauthorizedError', message: 'Invalid API key' })
    }
    const me = await call(lever.baseUrl, `/v1/users/${lever.userId}`, { key: lever.keys.full })
    expect(me.status).toBe(200)
    expect((me.body as { data: { accessRole: string } }).data.accessRole).toBe('super admin')
  })

  it('walks every opportunity exactly once by following next while hasNext', async () => {
    const seen = new Set<string>()
    let offset: string | undefined
    let pages = 0
    for (;;) {
      const answer = await call(lever.baseUrl, `/v1/opportunities?limit=37${offset ? `&offset=${offset}` : ''}`, {
        key: lever.keys.full
      })
      expect(answer.status).toBe(200)
      const page = answer.body as Page
      for (const o of page.data) {
        expect(seen.has(o.id)).toBe(false)
        seen.add(o.id)
      }
      pages++
      if (!page.hasNext) {
        expect(page.next).toBeUndefined()
        break
      }
      offset = page.next
    }
    expect(seen.size).toBe(lever.store.opportunities.length)
    expect(seen.size).toBeGreaterThan(100)
    expect(pages).toBe(Math.ceil(seen.size / 37))
    const bad = await call(lever.baseUrl, '/v1/opportunities?limit=101', { key: lever.keys.full })
    expect(bad.status).toBe(400)
    expect(bad.body).toEqual({ code: 'BadRequestError', message: 'limit must be an integer from 1 to 100' })
  })

  it('needs perform_as and a name to create, and joins a known email to its contact', async () => {
    const anonymous = await call(lever.baseUrl, '/v1/opportunities', {
      key: lever.keys.full,
      method: 'POST',
      body: { name: 'Ada Lovelace' }
    })
    expect(anonymous.status).toBe(400)
    expect((anonymous.body as { code: string; message: string }).message).toMatch(/perform_as/)
    const gone = await call(lever.baseUrl, `/v1/opportunities?perform_as=${lever.deactivatedUserId}`, {
      key: lever.keys.full,
      method: 'POST',
      body: { name: 'Ada Lovelace' }
    })
    expect(gone.status).toBe(400)
    const nameless = await call(lever.baseUrl, `/v1/opportunities?perform_as=${lever.userId}`, {
      key: lever.keys.full,
      method: 'POST',
      body: { emails: ['ada@example.com'] }
    })
    expect(nameless.status).toBe(400)
    expect(nameless.body).toEqual({ code: 'BadRequestError', message: 'name is required' })
    const readOnly = await call(lever.baseUrl, `/v1/opportunities?perform_as=${lever.userId}`, {
      key: lever.keys.readOnly,
      method: 'POST',
      body: { name: 'Ada Lovelace' }
    })
    expect(readOnly.status).toBe(403)

    const existing = lever.store.opportunities.find((o) => o.emails.length > 0)!
    const created = await call(lever.baseUrl, `/v1/opportunities?perform_as=${lever.userId}`, {
      key: lever.keys.full,
      method: 'POST',
      body: { name: existing.name, emails: [existing.emails[0]!.toUpperCase()], sources: ['Talent Desk'] }
    })
    expect(created.status).toBe(201)
    const made = (created.body as { data: Opportunity }).data
    expect(made.id).not.toBe(existing.id)
    expect(made.contact).toBe(existing.contact)
    const fresh = await call(lever.baseUrl, `/v1/opportunities?perform_as=${lever.userId}`, {
      key: lever.keys.full,
      method: 'POST',
      body: { name: 'Nobody Known', emails: ['nobody.known@example.com'] }
    })
    expect((fresh.body as { data: Opportunity }).data.contact).not.toBe(existing.contact)
  })

  it('answers only what changed from updated_at_start, through the cursor too', async () => {
    clock.advance(60_000)
    const since = clock.now()
    clock.advance(1000)
    const touched = lever.store.opportunities.slice(5, 8)
    for (const o of touched) lever.store.touch(o.id, clock.now(), { headline: 'Moved on' })
    const first = await call(lever.baseUrl, `/v1/opportunities?limit=2&updated_at_start=${since}`, {
      key: lever.keys.full
    })
    const page = first.body as Page
    expect(page.data.map((o) => o.id)).toEqual(touched.slice(0, 2).map((o) => o.id))
    expect(page.hasNext).toBe(true)
    const second = await call(
      lever.baseUrl,
      `/v1/opportunities?limit=2&updated_at_start=${since}&offset=${page.next}`,
      {
        key: lever.keys.full
      }
    )
    expect(second.body).toMatchObject({ hasNext: false })
    expect((second.body as Page).data.map((o) => o.id)).toEqual([touched[2]!.id])
  })
})

describe('fake Lever: its rate window', () => {
  it('answers 429 with Retry-After past its limit, and lets requests in again when the window has passed', async () => {
    const windowClock = new ManualClock()
    const small = await startAtsFakes({ seed: 42, clock: windowClock, fromProfiles: 50, leverRateLimit: 3 })
    try {
      const { baseUrl, keys } = small.lever
      for (let i = 0; i < 3; i++)
        expect((await call(baseUrl, '/v1/opportunities?limit=1', { key: keys.full })).status).toBe(200)
      const refused = await call(baseUrl, '/v1/opportunities?limit=1', { key: keys.full })
      expect(refused.status).toBe(429)
      expect(refused.headers['retry-after']).toBe('1')
      expect(refused.body).toEqual({ code: 'TooManyRequestsError', message: 'Too many requests' })
      windowClock.advance(1000)
      expect((await call(baseUrl, '/v1/opportunities?limit=1', { key: keys.full })).status).toBe(200)
    } finally {
      await small.close()
    }
  })
})
