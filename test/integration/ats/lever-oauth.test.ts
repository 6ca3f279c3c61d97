import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock as FakeClock } from '../../../sandbox/index'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { generateProfiles } from '../../../sandbox/data/generate'
import { emailsOf } from '../../../sandbox/data/handles'
import { AtsKeys } from '../../../electron/main/ats/ats-keys'
import { createLogger } from '../../../electron/main/logging/logger'
import { openVault } from '../../../electron/main/vault/open-vault'
import type { AtsPullStatus } from '../../../shared/ipc/channels/ats-pull'
import { ManualClock, useMains, type TestMain, keychainOfDataDir } from '../services/helpers'
import { until } from '../until'

// "Connect Lever with OAuth" (issue #39 item 1) through the router, as the page calls it: the
// desk's loopback redirect, the fake Lever's consent page driven by an HTTP client standing in for
// the system browser, the code exchanged (oauth4webapi), the tokens in the real OS keychain (run
// under dbus-run-session with gnome-keyring unlocked), refreshed by the injected clocks, revoked.
const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
const start = useMains()
const fakeClock = new FakeClock(Date.parse('2026-03-02T10:00:00.000Z'))
let fakes: RunningAtsFakes

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 9, clock: fakeClock, fromProfiles: 200, leverRateLimit: 1000 })
})
afterAll(async () => fakes.close())

/** The system browser, as far as the flow needs one: the consent page, its form posted, the redirect followed. */
async function browse(authorizeUrl: string, decision: 'allow' | 'deny'): Promise<{ status: number; page: string }> {
  const consent = await request(authorizeUrl)
  const html = await consent.body.text()
  expect(consent.statusCode).toBe(200)
  const form = new URLSearchParams(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      (m) => [m[1]!, m[2]!.replaceAll('&amp;', '&')] as [string, string]
    )
  )
  form.set('decision', decision)
  const posted = await request(new URL('/authorize', authorizeUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString()
  })
  await posted.body.dump()
  expect(posted.statusCode).toBe(302)
  const back = await request(String(posted.headers.location))
  return { status: back.statusCode, page: await back.body.text() }
}

async function keychainEntry(main: { dataDir: string }, id: string): Promise<Record<string, unknown> | null> {
  const vault = await openVault(
    keychainOfDataDir(main.dataDir),
    createLogger(() => undefined)
  )
  const text = await vault.get(AtsKeys.oauthAccount(id))
  return text === null ? null : (JSON.parse(text) as Record<string, unknown>)
}

const input = () => ({
  name: 'Our Lever (OAuth)',
  baseUrl: fakes.lever.baseUrl,
  authUrl: fakes.lever.oauth.authUrl,
  clientId: fakes.lever.oauth.clientId,
  clientSecret: fakes.lever.oauth.clientSecret,
  performAs: fakes.lever.userId
})

/** Connects through the whole flow; the browser step is whatever `openInBrowser` was asked to open. */
async function connect(main: TestMain, opened: string[]): Promise<string> {
  const started = await main.ok('startLeverOAuth', input())
  expect(started.opened).toBe(true)
  expect(opened).toEqual([started.authorizeUrl])
  const browser = await browse(started.authorizeUrl, 'allow')
  expect(browser.status).toBe(200)
  expect(browser.page).toContain('You can close this tab')
  const overview = await main.ok('finishLeverOAuth', { flowId: started.flowId })
  return overview.connections.find((c) => c.name === 'Our Lever (OAuth)')!.id
}

const pullsEnded = (main: TestMain, id: string) =>
  until(
    () =>
      main.events
        .filter((e) => e.name === 'atsPullProgress')
        .map((e) => e.payload as AtsPullStatus)
        .filter((s) => s.connectionId === id && s.state !== 'pulling'),
    (ended) => ended.length >= 1,
    60_000
  )

describe.runIf(keychainHere)('Lever OAuth (the fake Lever over HTTP, the real keychain)', () => {
  it('connects through the browser and the loopback redirect; tests, pulls and sends; tokens only in the keychain', async () => {
    const opened: string[] = []
    const main = await start({ openInBrowser: async (url) => void opened.push(url) })
    const id = await connect(main, opened)
    const authorize = new URL(opened[0]!)
    // as Lever documents it, with state and PKCE, and a one-shot loopback redirect
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      client_id: fakes.lever.oauth.clientId,
      response_type: 'code',
      prompt: 'consent',
      audience: `${fakes.lever.baseUrl}/v1/`,
      code_challenge_method: 'S256'
    })
    expect(authorize.searchParams.get('scope')!.split(' ')).toContain('offline_access')
    expect(authorize.searchParams.get('redirect_uri')).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/callback$/)
    await expect(request(authorize.searchParams.get('redirect_uri')!)).rejects.toThrow()

    const listed = (await main.ok('listAtsConnections', {})).connections.find((c) => c.id === id)!
    expect(listed).toMatchObject({ kind: 'lever', auth: 'oauth', actingUser: fakes.lever.userId, sandbox: false })
    const kept = (await keychainEntry(main, id))!
    expect(kept).toMatchObject({
      auth: 'oauth',
      clientId: fakes.lever.oauth.clientId,
      clientSecret: fakes.lever.oauth.clientSecret,
      origin: new URL(fakes.lever.baseUrl).origin
    })
    expect(String(kept['accessToken'])).toMatch(/^access_/)
    expect(String(kept['refreshToken'])).toMatch(/^refresh_/)

    // everything that uses a Lever connection works the same: the test, the pull
    const check = await main.ok('testAtsConnection', { id })
    expect(check).toMatchObject({ kind: 'lever', mayReadCandidates: true, mayCreateCandidates: true })
    expect(check.summary).toBe(
      `Connected to Lever as ${check.actingUser} with OAuth. This authorization may read candidates and create opportunities.`
    )
    const [pulled] = await pullsEnded(main, id)
    expect(pulled).toMatchObject({ state: 'done', error: null })
    expect(pulled!.people).toBeGreaterThan(0)

    // and the send: two of the Sandbox's people Lever does not have become opportunities, made as the acting user
    const two = generateProfiles({ count: 200, seed: 9 })
      .filter(
        (p) =>
          emailsOf(p).length > 0 &&
          p.cur_company &&
          !emailsOf(p).some((e) => fakes.lever.store.opportunities.some((o) => o.emails.includes(e)))
      )
      .slice(0, 2)
    expect(two).toHaveLength(2)
    const shortlist = await main.ok('createShortlist', { name: 'For Lever, by OAuth' })
    await main.ok('addMembers', { shortlistId: shortlist.id, profiles: two })
    const source = { kind: 'shortlist' as const, shortlistId: shortlist.id }
    expect((await main.ok('previewAtsSend', { connectionId: id, source })).counts).toMatchObject({ new: 2 })
    const before = fakes.lever.store.opportunities.length
    const sent = await main.ok('sendToAts', {
      sendId: 'oauth-send-1',
      connectionId: id,
      source,
      jobId: null,
      stageId: null
    })
    expect(sent).toMatchObject({ created: 2, failed: 0 })
    const made = fakes.lever.store.opportunities.slice(before)
    expect(made.map((o) => o.owner)).toEqual([fakes.lever.userId, fakes.lever.userId])

    // never in SQLite (the database and its journal), never in the log
    const secrets = [String(kept['accessToken']), String(kept['refreshToken']), fakes.lever.oauth.clientSecret]
    const files = readdirSync(main.dataDir).filter((f) => /\.(db|sqlite)(-wal|-shm)?$|\.db/.test(f))
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const bytes = readFileSync(join(main.dataDir, file)).toString('latin1')
      for (const secret of secrets) expect(bytes).not.toContain(secret)
    }
    const logged = JSON.stringify(main.logs)
    expect(logged).toContain('ats.connection_added')
    for (const secret of secrets) expect(logged).not.toContain(secret)
    expect(JSON.stringify(main.events)).not.toContain(fakes.lever.oauth.clientSecret)
    await main.ok('removeAtsConnection', { id })
  })

  it('refuses an answer with another state, closes the listener, and keeps nothing; Deny is said too', async () => {
    const main = await start()
    const codes = fakes.lever.oauth.server.counts.codes
    const started = await main.ok('startLeverOAuth', input())
    expect(started.opened).toBe(false)
    const redirect = new URL(new URL(started.authorizeUrl).searchParams.get('redirect_uri')!)
    const forged = await request(`${redirect.href}?code=stolen&state=not-the-one`)
    expect(forged.statusCode).toBe(400)
    expect(await forged.body.text()).toContain('not for the sign-in it started')
    const error = await main.fail('finishLeverOAuth', { flowId: started.flowId })
    expect(error.code).toBe('forbidden')
    expect(error.message).toContain('its state did not match')
    await expect(request(redirect.href)).rejects.toThrow()
    expect(fakes.lever.oauth.server.counts.codes).toBe(codes)
    expect((await main.ok('listAtsConnections', {})).connections).toEqual([])

    const denied = await main.ok('startLeverOAuth', input())
    expect((await browse(denied.authorizeUrl, 'deny')).status).toBe(400)
    expect(await main.fail('finishLeverOAuth', { flowId: denied.flowId })).toMatchObject({
      code: 'cancelled',
      message: 'Lever was not allowed to connect (Deny was chosen on Lever’s page). Nothing was connected.'
    })
    expect((await main.ok('listAtsConnections', {})).connections).toEqual([])
  })

  it('refreshes before the hour is up by the clock, once on a 401, and says a revoked authorization clearly', async () => {
    const clock = new ManualClock()
    const opened: string[] = []
    const main = await start({ clock, openInBrowser: async (url) => void opened.push(url) })
    const id = await connect(main, opened)
    await main.ok('testAtsConnection', { id })
    const first = (await keychainEntry(main, id))!
    const before = fakes.lever.oauth.server.counts.refreshes

    // 59 minutes 30 s on: inside the margin, so the token is renewed before the call
    clock.advance(59 * 60_000 + 30_000)
    fakeClock.advance(59 * 60_000 + 30_000)
    await main.ok('testAtsConnection', { id })
    expect(fakes.lever.oauth.server.counts.refreshes).toBeGreaterThan(before)
    const second = (await keychainEntry(main, id))!
    expect(second['accessToken']).not.toBe(first['accessToken'])
    expect(second['refreshToken']).toBe(first['refreshToken'])

    // Lever's clock runs ahead of the desk's: its 401 makes the desk refresh once and call again
    const beforeExpiry = fakes.lever.oauth.server.counts.refreshes
    fakeClock.advance(3600 * 1000)
    await main.ok('testAtsConnection', { id })
    expect(fakes.lever.oauth.server.counts.refreshes).toBe(beforeExpiry + 1)
    // two tests at once meet the refused token together: one refresh serves both
    fakeClock.advance(3600 * 1000)
    await Promise.all([main.ok('testAtsConnection', { id }), main.ok('testAtsConnection', { id })])
    expect(fakes.lever.oauth.server.counts.refreshes).toBe(beforeExpiry + 2)

    // the Super Admin revoked the app in Lever
    fakes.lever.oauth.server.revokeAll()
    const error = await main.fail('testAtsConnection', { id })
    expect(error.code).toBe('unauthorized')
    expect(error.message).toContain('Lever said the authorization was revoked — connect again')
    await main.ok('removeAtsConnection', { id })
  })
})
