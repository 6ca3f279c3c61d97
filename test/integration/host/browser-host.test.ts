import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import { createLogger, type LogRecord } from '../../../electron/main/logger'
import { TOKEN_HEADER, TOKEN_META, type BrowserHost } from '../../../electron/host/server'
import { channelNames } from '../../../shared/ipc/contract'
import { acceptedCspFindings, evaluateCsp } from '../../unit/window/csp-evaluator'

const records: LogRecord[] = []
const logger = createLogger((record) => records.push(record))
let host: BrowserHost

beforeAll(async () => {
  const rendererDir = mkdtempSync(join(tmpdir(), 'td-host-renderer-'))
  writeFileSync(
    join(rendererDir, 'index.html'),
    '<!doctype html><html><head><title>t</title></head><body></body></html>'
  )
  mkdirSync(join(rendererDir, 'assets'))
  writeFileSync(join(rendererDir, 'assets', 'index.js'), 'console.log(1)')
  const dataDir = mkdtempSync(join(tmpdir(), 'td-host-data-'))
  host = await startBrowserHostApp({
    rendererDir,
    dataDir,
    appName: 'Talent Desk',
    appVersion: '9.9.9',
    logger,
    versions: { node: process.versions.node }
  })
})
afterAll(() => host.close())

const call = (channel: string, body: unknown, headers: Record<string, string> = {}) =>
  request(`${host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [TOKEN_HEADER]: host.token,
      cookie: host.newSessionCookie(),
      ...headers
    },
    body: JSON.stringify(body)
  })

describe('browser host', () => {
  it('listens on loopback only and gives the token to the page once, in its HTML', async () => {
    expect(new URL(host.url).hostname).toBe('127.0.0.1')
    const page = await request(host.url, { headers: { cookie: host.newSessionCookie() } })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'")
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval')
    const html = await page.body.text()
    expect(html).toContain(`<meta name="${TOKEN_META}" content="${host.token}">`)
  })

  it('sends its CSP with the page and its scripts: only its own files, network only to itself', async () => {
    const policies = new Set<string>()
    for (const path of ['/', '/index.html', '/assets/index.js']) {
      const response = await request(`${host.origin}${path}`, { headers: { cookie: host.newSessionCookie() } })
      expect(response.statusCode, path).toBe(200)
      await response.body.dump()
      policies.add(String(response.headers['content-security-policy']))
    }
    expect([...policies]).toEqual([
      "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; " +
        "connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'; object-src 'none'"
    ])
    expect(evaluateCsp([...policies][0]!)).toEqual(acceptedCspFindings)
  })

  it.each(channelNames)('refuses %s to a foreign page, a wrong token and a missing session', async (name) => {
    const refusals: [Record<string, string>, number][] = [
      [{ origin: 'http://evil.example' }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: `http://localhost.evil.example:${new URL(host.origin).port}` }, 403],
      [{ [TOKEN_HEADER]: 'x'.repeat(host.token.length) }, 403],
      [{ cookie: 'td_session=forged' }, 401]
    ]
    for (const [headers, status] of refusals) {
      const response = await call(name, {}, headers)
      expect(response.statusCode, `${name} ${JSON.stringify(headers)}`).toBe(status)
      expect(await response.body.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
  })

  it('answers a channel through the same router as Electron', async () => {
    const response = await call('getAppInfo', {})
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toMatchObject({ ok: true, data: { version: '9.9.9', shell: 'browser-host' } })
  })

  it('refuses a wrong or missing token', async () => {
    const wrong = await call('getAppInfo', {}, { [TOKEN_HEADER]: 'x'.repeat(host.token.length) })
    expect(wrong.statusCode).toBe(403)
    expect(await wrong.body.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    const missing = await request(`${host.origin}/bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}'
    })
    expect(missing.statusCode).toBe(401)
    await missing.body.dump()
    const withSessionOnly = await request(`${host.origin}/bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: host.newSessionCookie() },
      body: '{}'
    })
    expect(withSessionOnly.statusCode).toBe(403)
    await withSessionOnly.body.dump()
  })

  it('refuses a foreign Origin and a foreign Host (DNS rebinding), even with the token', async () => {
    const foreign = await call('getAppInfo', {}, { origin: 'http://evil.example' })
    expect(foreign.statusCode).toBe(403)
    await foreign.body.dump()
    const rebinding = await call('getAppInfo', {}, { host: `evil.example:${new URL(host.origin).port}` })
    expect(rebinding.statusCode).toBe(403)
    await rebinding.body.dump()
    const page = await request(host.url, { headers: { host: 'evil.example' } })
    expect(page.statusCode).toBe(403)
    expect(await page.body.text()).not.toContain(host.token)
  })

  it('returns malformed input as an error value naming the problem', async () => {
    const extra = await call('getAppInfo', { surplus: true })
    expect(await extra.body.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ message: expect.stringContaining('surplus') }] }
    })
    const notJson = await request(`${host.origin}/bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [TOKEN_HEADER]: host.token, cookie: host.newSessionCookie() },
      body: '{not json'
    })
    expect(notJson.statusCode).toBe(400)
    expect(await notJson.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const unknown = await call('deleteEverything', {})
    expect(await unknown.body.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
  })

  it('lists every channel with its input and output JSON Schema', async () => {
    const response = await request(`${host.origin}/bridge/channels`, {
      headers: { [TOKEN_HEADER]: host.token, cookie: host.newSessionCookie() }
    })
    const list = (await response.body.json()) as {
      name: string
      input: { type: string; additionalProperties?: boolean }
      output: object
    }[]
    expect(list.map((entry) => entry.name)).toEqual(channelNames)
    const info = list.find((entry) => entry.name === 'getAppInfo')
    expect(info?.input).toMatchObject({ type: 'object', additionalProperties: false })
    expect(info?.output).toMatchObject({ type: 'object', properties: { version: { type: 'string' } } })
  })

  it('streams push events as Server-Sent Events', async () => {
    const stream = await request(`${host.origin}/bridge/events`, {
      headers: { [TOKEN_HEADER]: host.token, cookie: host.newSessionCookie() }
    })
    expect(stream.headers['content-type']).toContain('text/event-stream')
    const received = new Promise<string>((resolve) => {
      let text = ''
      stream.body.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes('\n\n') && text.includes('event: exportProgress')) resolve(text)
      })
    })
    // Wait for the stream to be registered before emitting.
    await new Promise((resolve) => setTimeout(resolve, 50))
    host.services.events.emit('exportProgress', { exportId: 'x1', written: 3, total: 9, done: false })
    const text = await received
    expect(text).toContain('event: exportProgress\ndata: {"exportId":"x1","written":3,"total":9,"done":false}')
    stream.body.destroy()
  })

  it('serves nothing of the app without the session the printed link gives, and the link works once', async () => {
    // Any local process can connect to the port: without the cookie it gets a short page, no token.
    const bare = await request(host.url)
    expect(bare.statusCode).toBe(401)
    const page = await bare.body.text()
    expect(page).toContain('Open the link printed in the terminal where you started Talent Desk.')
    expect(page).not.toContain(host.token)
    expect(page).not.toContain(TOKEN_META)
    for (const path of ['/bridge/listShortlists', '/bridge/events', '/bridge/channels', '/assets/index.js']) {
      const refused = await request(`${host.origin}${path}`, { headers: { [TOKEN_HEADER]: host.token } })
      expect(refused.statusCode, path).toBe(401)
      expect(await refused.body.text()).not.toContain(host.token)
    }
    const forged = await request(host.url, { headers: { cookie: `talent_desk_${new URL(host.origin).port}=forged` } })
    expect(forged.statusCode).toBe(401)
    await forged.body.dump()

    // The link: a cookie that scripts cannot read and other sites cannot send, then the clean address.
    const login = await request(host.loginUrl)
    expect(login.statusCode).toBe(303)
    expect(login.headers.location).toBe('/')
    const cookie = String(login.headers['set-cookie'])
    expect(cookie).toMatch(new RegExp(`^talent_desk_${new URL(host.origin).port}=[A-Za-z0-9_-]{43}; `))
    expect(cookie).toContain('HttpOnly')
    expect(cookie).toContain('SameSite=Strict')
    expect(cookie).toContain('Path=/')
    expect(cookie).not.toMatch(/Domain=|Expires=|Max-Age=/)
    await login.body.dump()
    const app = await request(host.url, { headers: { cookie: cookie.split(';')[0]! } })
    expect(app.statusCode).toBe(200)
    expect(await app.body.text()).toContain(host.token)

    const replay = await request(host.loginUrl)
    expect(replay.statusCode).toBe(403)
    expect(replay.headers['set-cookie']).toBeUndefined()
    expect(await replay.body.text()).toContain('has been used already')
  })

  it('never logs the token', () => {
    expect(JSON.stringify(records)).not.toContain(host.token)
  })
})
