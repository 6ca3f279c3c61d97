import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import {
  ARRIVALS_DEFAULT,
  arrivalOffsetMs,
  isPresentAtStart,
  ManualClock,
  startSandbox,
  type ArrivalOptions
} from '../../../sandbox/index'
import { profileKey } from '../../../sandbox/data/generate'
import { handlesOf } from '../../../sandbox/data/handles'
import type { StructuredQuery, WholePersonProfile } from '../../../shared/api'
import { call, post, startTestSandbox, testCatalog, testProfileCount, type Json } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const DAY = 86_400_000
const everyone = (): WholePersonProfile[] =>
  testCatalog()
    .search({}, { limit: testProfileCount, offset: 0 })
    .results.sort((a, b) => (a.key! < b.key! ? -1 : 1))

async function start(options: Parameters<typeof startTestSandbox>[0] = {}): Promise<Sandbox> {
  const sandbox = await startTestSandbox({ arrivals: ARRIVALS_DEFAULT, ...options })
  opened.push(sandbox)
  return sandbox
}

/** A late arrival (default options) with a title, a company and a handle, arriving after a few days. */
function lateArrival(): { person: WholePersonProfile; offset: number } {
  for (const person of everyone()) {
    const offset = arrivalOffsetMs(person.key!)
    if (offset === null || offset < 3 * DAY || offset > 50 * DAY) continue
    if (!person.cur_title || !person.cur_company || handlesOf(person).length === 0) continue
    return { person, offset }
  }
  throw new Error('no late arrival in the test catalog')
}

const keysOf = (results: Json[]): string[] => results.map((r: { key: string }) => r.key)

async function mcpClient(sb: Sandbox): Promise<Client> {
  const res = await request(`${sb.authUrl}/api/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: sb.clientId,
      client_secret: sb.clientSecret,
      scope: 'mcp:tools',
      resource: sb.mcpUrl
    }).toString()
  })
  const token = ((await res.body.json()) as { access_token: string }).access_token
  const client = new Client({ name: 'arrivals-test', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(sb.mcpUrl), {
      requestInit: { headers: { Authorization: `Bearer ${token}` } }
    })
  )
  opened.push(client)
  return client
}

/** Every way of finding one person, each answering whether it found them. */
async function findings(sb: Sandbox, person: WholePersonProfile): Promise<Record<string, boolean>> {
  const client = await mcpClient(sb) // a new token: the clock moves by days between calls
  const match = async (body: unknown) =>
    keysOf((await post(sb, '/api/Search/MatchProfiles', body, { query: { maxNumberOfResults: 100 } })).json())
  const query: StructuredQuery = { titles: [person.cur_title!], companies: [person.cur_company!] }
  const chat = (await post(sb, '/api/ConversationalSearch/Search', { current_query: query })).json()
  const indexSearch = (await client.callTool({
    name: 'index_search',
    arguments: { titles: query.titles, companies: query.companies, limit: 50 }
  })) as CallToolResult
  const toolSearch = (await client.callTool({
    name: 'search',
    arguments: { query: `${person.cur_title} at ${person.cur_company}`, limit: 50 }
  })) as CallToolResult
  return {
    key: (await match({ key: person.key })).includes(person.key!),
    handle: (await match({ handles: [handlesOf(person)[0]] })).includes(person.key!),
    name: (await match({ name: person.full_name, company: person.cur_company, title: person.cur_title })).includes(
      person.key!
    ),
    conversational: keysOf(chat.results).includes(person.key!),
    index_search: keysOf((indexSearch.structuredContent as Json).results).includes(person.key!),
    search_tool: keysOf((toolSearch.structuredContent as Json).results).includes(person.key!)
  }
}

describe('arrivals: the index grows over time', () => {
  it('a late arrival is found by nothing before its time, and by everything after it', async () => {
    const { person, offset } = lateArrival()
    const sb = await start()
    const nowhere = {
      key: false,
      handle: false,
      name: false,
      conversational: false,
      index_search: false,
      search_tool: false
    }
    expect(await findings(sb, person)).toEqual(nowhere)

    // a refresh fails its handle as an unknown one; a contact lookup is "not found" and free
    const handle = handlesOf(person)[0]!
    const job = (await post(sb, '/api/Refresh/RefreshProfiles', { profileHandles: [handle], jobId: 'early' })).json()
    sb.clock.advance(1000)
    const status = (await call(sb, `/api/Refresh/GetJobStatus/${job.jobId}`)).json()
    expect(status.status).toBe('Failed')
    expect(status.failedHandles).toEqual([{ handle, error: expect.stringMatching(/^No profile found for handle/) }])
    const contact = (
      await post(sb, '/api/Contacts/GetPremiumContacts', [person.key], { query: { requestType: 'New' } })
    ).json()
    expect(contact.results[0]).toMatchObject({ status: 'Failed', card: { found: false } })
    expect(contact.count.newRequestedCount).toBe(0)

    sb.clock.advance(offset - 1000 - 1) // a millisecond early
    expect(await findings(sb, person)).toEqual(nowhere)
    sb.clock.advance(1)
    expect(await findings(sb, person)).toEqual({
      key: true,
      handle: true,
      name: true,
      conversational: true,
      index_search: true,
      search_tool: true
    })
    const later = (await post(sb, '/api/Refresh/RefreshProfiles', { profileHandles: [handle] })).json()
    sb.clock.advance(1000)
    const refreshed = (await call(sb, `/api/Refresh/GetJobStatus/${later.jobId}`)).json()
    expect(refreshed).toMatchObject({ status: 'Completed', totalSuccessful: 1, totalFailed: 0 })
  })

  it('results fill up to the cap with people who have arrived (filtered before the cut)', async () => {
    const arrivals: ArrivalOptions = { share: 0.3, spreadDays: 56 }
    const present = (p: WholePersonProfile) => isPresentAtStart(p.key!, arrivals)
    const sb = await start({ arrivals })

    // Conversational Search: everyone of a common title, 25 a page, total counting only those there
    const titles = new Map<string, number>()
    for (const p of everyone()) titles.set(p.cur_title!, (titles.get(p.cur_title!) ?? 0) + 1)
    const [title] = [...titles].sort((a, b) => b[1] - a[1])[0]!
    const query: StructuredQuery = { titles: [title] }
    const whole = testCatalog().search(query, { limit: testProfileCount, offset: 0 }).results
    const expected = whole.filter(present)
    expect(expected.length).toBeGreaterThan(25)
    expect(whole.slice(0, 25).some((p) => !present(p))).toBe(true) // a cut before the filter would fall short
    const chat = (await post(sb, '/api/ConversationalSearch/Search', { current_query: query })).json()
    expect(chat.total).toBe(expected.length)
    expect(keysOf(chat.results)).toEqual(expected.slice(0, 25).map((p) => p.key))

    // Match Profiles by name: the full index's ranking with the absent left out, then the cap
    const firsts = new Map<string, number>()
    for (const p of everyone()) firsts.set(p.first_name!, (firsts.get(p.first_name!) ?? 0) + 1)
    const [name] = [...firsts].sort((a, b) => b[1] - a[1])[0]!
    const ranked = testCatalog().match({ name }, { max: 100 })
    const arrived = ranked.filter(present)
    const cap = Math.min(20, arrived.length - 1)
    expect(ranked.slice(0, cap).some((p) => !present(p))).toBe(true)
    const matched = (
      await post(sb, '/api/Search/MatchProfiles', { name }, { query: { maxNumberOfResults: cap } })
    ).json()
    expect(keysOf(matched)).toEqual(arrived.slice(0, cap).map((p) => p.key))

    // eight weeks on, everyone is there
    sb.clock.advance(56 * DAY)
    const all = (await post(sb, '/api/ConversationalSearch/Search', { current_query: query })).json()
    expect(all.total).toBe(whole.length)
  })

  it('answers name searches during a progressive build without the absent, as after it', async () => {
    const arrivals: ArrivalOptions = { share: 0.3, spreadDays: 56 }
    const clock = new ManualClock()
    // seed 1 has a built-in collision log: name searches are answered before anyone is generated
    const sb = await startSandbox({
      profiles: 2000,
      seed: 1,
      progressive: true,
      buildDelayMs: 60_000,
      clock,
      faults: ''
    })
    const early = await startSandbox({
      profiles: 2000,
      seed: 1,
      progressive: true,
      buildDelayMs: 60_000,
      clock,
      faults: '',
      arrivals
    })
    opened.push(sb, early)
    const keys = Array.from({ length: 2000 }, (_, id) => profileKey(1, id))
    const absent = keys.find((key) => !isPresentAtStart(key, arrivals))!
    const person = (await post(sb, '/api/Search/MatchProfiles', { key: absent })).json()[0] as WholePersonProfile
    const name = person.first_name!
    const byName = async (target: typeof sb) =>
      keysOf((await post(target, '/api/Search/MatchProfiles', { name }, { query: { maxNumberOfResults: 10 } })).json())
    const before = await byName(early)
    expect(early.catalog.source).toBe('generated')
    expect(before).not.toContain(absent)
    expect(before.every((key) => isPresentAtStart(key, arrivals))).toBe(true)
    const wholeRanking = keysOf(
      (await post(sb, '/api/Search/MatchProfiles', { name }, { query: { maxNumberOfResults: 100 } })).json()
    )
    expect(before).toEqual(wholeRanking.filter((key) => isPresentAtStart(key, arrivals)).slice(0, 10))
    clock.advance(56 * DAY)
    expect(await byName(early)).toEqual(wholeRanking.slice(0, 10))
  })

  it('counts arrivals from an epoch kept in the state file, across restarts', async () => {
    const { person, offset } = lateArrival()
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-arrivals-'))
    const file = join(dir, 'state.json')
    const began = Date.parse('2026-03-02T08:00:00.000Z')
    const byKey = async (sb: Sandbox) =>
      keysOf((await post(sb, '/api/Search/MatchProfiles', { key: person.key })).json()).includes(person.key!)

    const first = await start({ stateFile: file, clock: new ManualClock(began) })
    // written at start, before any call
    await expect.poll(() => existsSync(file)).toBe(true)
    await expect.poll(() => JSON.parse(readFileSync(file, 'utf8')).epoch).toBe(new Date(began).toISOString())
    expect(await byKey(first)).toBe(false)
    await first.close()
    opened.splice(opened.indexOf(first), 1)

    // "the app was closed" until the person's time: they are there at the next start
    const second = await start({ stateFile: file, clock: new ManualClock(began + offset) })
    expect(second.stateNote).toBeNull()
    expect(await byKey(second)).toBe(true)
    await second.close()
    opened.splice(opened.indexOf(second), 1)
    expect(JSON.parse(readFileSync(file, 'utf8')).epoch).toBe(new Date(began).toISOString())

    // a fresh state (another file) begins its own epoch: the person is not there yet
    const fresh = await start({ stateFile: join(dir, 'other.json'), clock: new ManualClock(began + offset) })
    expect(await byKey(fresh)).toBe(false)
  })

  it('an older state file without an epoch still loads, and begins the epoch at its load', async () => {
    const { person, offset } = lateArrival()
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-arrivals-'))
    const file = join(dir, 'state.json')
    const older = {
      version: 1,
      credits: { available: 4, used: 6 },
      purchases: [],
      jobs: [],
      transactions: [],
      conversations: [],
      workspaces: []
    }
    writeFileSync(file, JSON.stringify(older))
    const loadedAt = Date.parse('2026-04-01T12:00:00.000Z')
    const clock = new ManualClock(loadedAt)
    const sb = await start({ stateFile: file, clock })
    expect(sb.stateNote).toBeNull()
    const counts = (
      await post(sb, '/api/Contacts/GetPremiumContacts', [], { query: { requestType: 'Existing' } })
    ).json()
    expect(counts.count).toMatchObject({ available: 4, used: 6 })
    await expect.poll(() => JSON.parse(readFileSync(file, 'utf8')).epoch).toBe(new Date(loadedAt).toISOString())
    const byKey = async () =>
      keysOf((await post(sb, '/api/Search/MatchProfiles', { key: person.key })).json()).includes(person.key!)
    expect(await byKey()).toBe(false)
    clock.advance(offset)
    expect(await byKey()).toBe(true)
  })

  it('without the option (tests), everyone is there from the start', async () => {
    const { person } = lateArrival()
    const sb = await startTestSandbox()
    opened.push(sb)
    const found = (await post(sb, '/api/Search/MatchProfiles', { key: person.key })).json()
    expect(keysOf(found)).toEqual([person.key])
  })
})

describe('arrivalOffsetMs', () => {
  it('picks the share it is given by key, spread over (0, spreadDays]', () => {
    // the app's data set: seed 1, 20,000 people
    const offsets = Array.from({ length: 20_000 }, (_, id) => arrivalOffsetMs(profileKey(1, id)))
    const late = offsets.filter((o): o is number => o !== null)
    expect(late.length / offsets.length).toBeGreaterThan(0.034)
    expect(late.length / offsets.length).toBeLessThan(0.046)
    expect(Math.min(...late)).toBeGreaterThan(0)
    expect(Math.max(...late)).toBeLessThanOrEqual(56 * DAY)
    const meanDays = late.reduce((s, o) => s + o, 0) / late.length / DAY
    expect(meanDays).toBeGreaterThan(24)
    expect(meanDays).toBeLessThan(32)
    // a week in: about an eighth of them
    const week = late.filter((o) => o <= 7 * DAY).length / late.length
    expect(week).toBeGreaterThan(0.08)
    expect(week).toBeLessThan(0.17)

    // the test catalog, another share
    const keys = everyone().map((p) => p.key!)
    const share = keys.filter((key) => !isPresentAtStart(key, { share: 0.3, spreadDays: 10 })).length / keys.length
    expect(share).toBeGreaterThan(0.27)
    expect(share).toBeLessThan(0.33)
    expect(keys.every((key) => isPresentAtStart(key, { share: 0, spreadDays: 56 }))).toBe(true)
    expect(arrivalOffsetMs(keys[0]!)).toBe(arrivalOffsetMs(keys[0]!)) // pure
  })

  it('refuses a share outside 0..1', async () => {
    await expect(startTestSandbox({ arrivals: { share: 4, spreadDays: 56 } })).rejects.toThrow(/share/)
  })
})
