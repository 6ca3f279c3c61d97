import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../sandbox/index'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { generateProfiles } from '../../../sandbox/data/generate'
import { call, nextLink } from './fake-http'

// The fake Greenhouse Harvest API over real HTTP (sandbox/ats/greenhouse/): its auth, Link-header
// paging, rolling rate window, error shape, duplicate rule and updated_after filter.
const clock = new ManualClock()
let fakes: RunningAtsFakes
let gh: RunningAtsFakes['greenhouse']

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 42, clock, fromProfiles: 600, greenhouseFiller: 1234, greenhouseRateLimit: 1000 })
  gh = fakes.greenhouse
})
afterAll(async () => fakes.close())

interface Candidate {
  id: number
  first_name: string
  updated_at: string
  can_email: boolean
  email_addresses: { value: string }[]
}

describe('fake Greenhouse Harvest', () => {
  it('refuses a request without a key, with a wrong key, and a key sent as a password', async () => {
    for (const answer of [
      await call(gh.baseUrl, '/v1/candidates'),
      await call(gh.baseUrl, '/v1/candidates', { key: 'not-the-key' }),
      await call(gh.baseUrl, '/v1/candidates', {
        headers: { authorization: `Basic ${Buffer.from(`:${gh.keys.full}`).toString('base64')}` }
      })
    ]) {
      expect(answer.status).toBe(401)
      expect(answer.body).toEqual({ message: 'Invalid Basic Auth credentials' })
    }
    expect((await call(gh.baseUrl, '/v1/candidates?per_page=1', { key: gh.keys.full })).status).toBe(200)
  })

  it('holds some of the Sandbox’s own people: every profile with ats_data among the first 600', async () => {
    const profiles = generateProfiles({ count: 600, seed: 42 })
    const withAts = profiles.filter((p) => p.ats_data !== undefined && p.email)
    expect(withAts.length).toBeGreaterThan(20)
    for (const profile of withAts.slice(0, 5)) {
      const answer = await call(gh.baseUrl, `/v1/candidates?email=${encodeURIComponent(profile.email!)}`, {
        key: gh.keys.full
      })
      expect(answer.status).toBe(200)
      const found = answer.body as Candidate[]
      expect(found).toHaveLength(1)
      expect(found[0]!.first_name).toBe(profile.first_name)
    }
  })

  it('walks every candidate exactly once by following the Link header', async () => {
    const seen = new Set<number>()
    let path: string | null = '/v1/candidates?per_page=500'
    let pages = 0
    while (path !== null) {
      const answer = await call(gh.baseUrl, path, { key: gh.keys.full })
      expect(answer.status).toBe(200)
      for (const c of answer.body as Candidate[]) {
        expect(seen.has(c.id), `candidate ${c.id} twice`).toBe(false)
        seen.add(c.id)
      }
      path = nextLink(answer.headers['link'])
      pages++
    }
    expect(seen.size).toBe(gh.store.candidates.length)
    expect(pages).toBe(Math.ceil(gh.store.candidates.length / 500))
    const last = await call(gh.baseUrl, `/v1/candidates?per_page=500&page=${pages}`, { key: gh.keys.full })
    expect(String(last.headers['link'])).toContain('rel="prev"')
    expect(String(last.headers['link'])).not.toContain('rel="next"')
    // a few candidates are recorded as not to be emailed
    expect(gh.store.candidates.some((c) => !c.can_email)).toBe(true)
  })

  it('refuses a per_page out of range with Harvest’s error shape', async () => {
    const answer = await call(gh.baseUrl, '/v1/candidates?per_page=501', { key: gh.keys.full })
    expect(answer.status).toBe(422)
    expect(answer.body).toEqual({
      message: 'Validation error',
      errors: [{ message: 'must be an integer from 1 to 500', field: 'per_page' }]
    })
  })

  it('refuses a candidate without its required fields, and a write without On-Behalf-Of', async () => {
    const headers = { 'on-behalf-of': String(gh.userId) }
    const missing = await call(gh.baseUrl, '/v1/candidates', {
      key: gh.keys.full,
      method: 'POST',
      body: { first_name: 'Ada' },
      headers
    })
    expect(missing.status).toBe(422)
    expect(missing.body).toEqual({
      message: 'Validation error',
      errors: [
        { message: 'Must be present', field: 'last_name' },
        { message: 'At least one application is required', field: 'applications' }
      ]
    })
    const body = { first_name: 'Ada', last_name: 'Lovelace', applications: [{ job_id: gh.store.jobs[0]!.id }] }
    const anonymous = await call(gh.baseUrl, '/v1/candidates', { key: gh.keys.full, method: 'POST', body })
    expect(anonymous.status).toBe(403)
    expect((anonymous.body as { message: string }).message).toMatch(/On-Behalf-Of/)
    const departed = await call(gh.baseUrl, '/v1/candidates', {
      key: gh.keys.full,
      method: 'POST',
      body,
      headers: { 'on-behalf-of': String(gh.disabledUserId) }
    })
    expect(departed.status).toBe(403)
    const readOnly = await call(gh.baseUrl, '/v1/candidates', { key: gh.keys.readOnly, method: 'POST', body, headers })
    expect(readOnly.status).toBe(403)
    expect((readOnly.body as { message: string }).message).toMatch(/permission/)
  })

  it('creates a second candidate for an email it already has (Harvest refuses no duplicate)', async () => {
    const existing = gh.store.candidates.find((c) => c.email_addresses.length > 0)!
    const email = existing.email_addresses[0]!.value
    const before = gh.store.candidates.length
    const created = await call(gh.baseUrl, '/v1/prospects', {
      key: gh.keys.full,
      method: 'POST',
      headers: { 'on-behalf-of': String(gh.userId) },
      body: { first_name: existing.first_name, last_name: 'Again', email_addresses: [{ value: email, type: 'work' }] }
    })
    expect(created.status).toBe(201)
    expect((created.body as Candidate).id).not.toBe(existing.id)
    expect(gh.store.candidates.length).toBe(before + 1)
    const both = await call(gh.baseUrl, `/v1/candidates?email=${encodeURIComponent(email)}`, { key: gh.keys.full })
    expect((both.body as Candidate[]).map((c) => c.id).sort()).toEqual(
      [existing.id, (created.body as Candidate).id].sort()
    )
  })

  it('answers only what changed at or after updated_after', async () => {
    clock.advance(60_000)
    const since = new Date(clock.now()).toISOString()
    clock.advance(1000)
    const touched = gh.store.candidates[3]!
    gh.store.touch(touched.id, new Date(clock.now()).toISOString(), { can_email: false })
    const created = await call(gh.baseUrl, '/v1/candidates', {
      key: gh.keys.full,
      method: 'POST',
      headers: { 'on-behalf-of': String(gh.userId) },
      body: { first_name: 'Grace', last_name: 'Hopper', applications: [{ job_id: gh.store.jobs[1]!.id }] }
    })
    expect(created.status).toBe(201)
    const answer = await call(gh.baseUrl, `/v1/candidates?updated_after=${encodeURIComponent(since)}`, {
      key: gh.keys.full
    })
    expect((answer.body as Candidate[]).map((c) => c.id)).toEqual([touched.id, (created.body as Candidate).id])
    const bad = await call(gh.baseUrl, '/v1/candidates?updated_after=yesterday', { key: gh.keys.full })
    expect(bad.status).toBe(422)
    expect((bad.body as { errors: { field: string }[] }).errors[0]!.field).toBe('updated_after')
  })
})

describe('fake Greenhouse Harvest: its rolling 10-second window', () => {
  it('says its limit, counts down, answers 429 with Retry-After past it, and lets requests in as the window rolls', async () => {
    const windowClock = new ManualClock()
    const small = await startAtsFakes({ seed: 42, clock: windowClock, fromProfiles: 50, greenhouseRateLimit: 5 })
    try {
      const { baseUrl, keys } = small.greenhouse
      for (let i = 0; i < 5; i++) {
        const answer = await call(baseUrl, '/v1/candidates?per_page=1', { key: keys.full })
        expect(answer.status).toBe(200)
        expect(answer.headers['x-ratelimit-limit']).toBe('5')
        expect(answer.headers['x-ratelimit-remaining']).toBe(String(4 - i))
        windowClock.advance(1000)
      }
      // the first request was 5 s ago: it leaves the window in 5 s more
      const refused = await call(baseUrl, '/v1/candidates?per_page=1', { key: keys.full })
      expect(refused.status).toBe(429)
      expect(refused.headers['retry-after']).toBe('5')
      expect(refused.headers['x-ratelimit-remaining']).toBe('0')
      expect(refused.body).toEqual({ message: 'Too Many Requests' })
      // the other key has its own window
      expect((await call(baseUrl, '/v1/candidates?per_page=1', { key: keys.readOnly })).status).toBe(200)
      windowClock.advance(5000)
      const again = await call(baseUrl, '/v1/candidates?per_page=1', { key: keys.full })
      expect(again.status).toBe(200)
      expect(again.headers['x-ratelimit-remaining']).toBe('0')
    } finally {
      await small.close()
    }
  })
})
