import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { SESSION_HEADER, type BrowserHost } from '../../../electron/host/server'
import { channelNames } from '../../../shared/ipc/contract'
import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
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
      [SESSION_HEADER]: host.newSession(),
      ...headers
    },
    body: JSON.stringify(body)
  })

describe('browser host', () => {
  it('listens on loopback only and serves the page as built: code, with no secret in it', async () => {
    expect(new URL(host.url).hostname).toBe('127.0.0.1')
    const page = await request(host.url)
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-security-policy']).toContain("connect-src 'self'")
    expect(page.headers['content-security-policy']).not.toContain('unsafe-eval')
    expect(page.headers['set-cookie']).toBeUndefined()
    expect(await page.body.text()).toBe('<!doctype html><html><head><title>t</title></head><body></body></html>')
  })

  it('sends its CSP with the page and its scripts: only its own files, network only to itself', async () => {
    const policies = new Set<string>()
    for (const path of ['/', '/index.html', '/assets/index.js']) {
      const response = await request(`${host.origin}${path}`)
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

  it.each(channelNames)('refuses %s to a foreign page, a forged session and a cookie', async (name) => {
    const port = new URL(host.origin).port
    const refusals: [Record<string, string>, number][] = [
      [{ origin: 'http://evil.example' }, 403],
      [{ origin: 'null' }, 403],
      [{ origin: `http://localhost.evil.example:${port}` }, 403],
      // another port of this computer is another origin: refused even with a live session
      [{ origin: `http://127.0.0.1:${Number(port) === 65_535 ? 1 : Number(port) + 1}` }, 403],
      [{ [SESSION_HEADER]: 'x'.repeat(43) }, 401],
      [{ [SESSION_HEADER]: '' }, 401]
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

  it('refuses a wrong or missing session, and a session offered as a cookie', async () => {
    const session = host.newSession()
    const wrong = await call('getAppInfo', {}, { [SESSION_HEADER]: `${session.slice(0, -1)}x` })
    expect(wrong.statusCode).toBe(401)
    expect(await wrong.body.json()).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    for (const headers of [{}, { cookie: `session=${session}; ${SESSION_HEADER}=${session}` }]) {
      const refused = await request(`${host.origin}/bridge/getAppInfo`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: '{}'
      })
      expect(refused.statusCode).toBe(401)
      expect(await refused.body.json()).toMatchObject({
        ok: false,
        error: { code: 'forbidden', message: expect.stringContaining('press Enter in the terminal') }
      })
    }
  })

  it('reads application/json in any letter case', async () => {
    const response = await call('getAppInfo', {}, { 'content-type': 'Application/JSON; Charset=UTF-8' })
    expect(response.statusCode).toBe(200)
    expect(await response.body.json()).toMatchObject({ ok: true })
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
    await page.body.dump()
  })

  it('returns malformed input as an error value naming the problem', async () => {
    const extra = await call('getAppInfo', { surplus: true })
    expect(await extra.body.json()).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ message: expect.stringContaining('surplus') }] }
    })
    const notJson = await request(`${host.origin}/bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [SESSION_HEADER]: host.newSession() },
      body: '{not json'
    })
    expect(notJson.statusCode).toBe(400)
    expect(await notJson.body.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    const unknown = await call('deleteEverything', {})
    expect(await unknown.body.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
  })

  it('lists every channel with its input and output JSON Schema', async () => {
    const response = await request(`${host.origin}/bridge/channels`, {
      headers: { [SESSION_HEADER]: host.newSession() }
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

  it('holds a job’s end told while no tab listens for the next tab that opens, once; progress is not held', async () => {
    const job = (jobId: string, status: string, watchId: string | null = null): RefreshJobSummary => ({
      jobId,
      connectionId: 'sandbox',
      connectionName: 'Sandbox',
      label: '3 pasted handles',
      shortlistId: null,
      watchId,
      status,
      tracking: status === 'Completed' ? 'finished' : 'following',
      totalRequested: 3,
      totalProcessed: 3,
      totalSuccessful: 3,
      totalFailed: 0,
      progressPercentage: 100,
      startTime: null,
      endTime: null,
      duration: null,
      createdAt: '2026-11-28T00:00:00.000Z',
      updatedAt: '2026-11-28T00:00:00.000Z',
      finishedAt: null,
      message: null,
      outcome: null
    })
    // no stream is open yet (the first of this file's; as after a host restart, or with every tab closed)
    host.services.events.emit('refreshJobChanged', { job: job('j-progress', 'InProgress'), finishedNow: false })
    host.services.events.emit('refreshJobChanged', { job: job('j-watch', 'Completed', 'w1'), finishedNow: true })
    host.services.events.emit('refreshJobChanged', { job: job('j-ended', 'Completed'), finishedNow: true })
    const open = async () => {
      const stream = await request(`${host.origin}/bridge/events`, { headers: { [SESSION_HEADER]: host.newSession() } })
      let text = ''
      const connected = new Promise<void>((resolve) =>
        stream.body.on('data', (chunk: Buffer) => {
          text += chunk.toString('utf8')
          if (text.includes(': connected\n\n')) resolve()
        })
      )
      await connected
      return { stream, text: () => text }
    }
    const first = await open()
    // a later event on the same stream: everything held was written before it
    host.services.events.emit('exportProgress', { exportId: 'x2', written: 1, total: 1, done: true })
    await expect.poll(() => first.text()).toContain('event: exportProgress')
    const told = [...first.text().matchAll(/"jobId":"([^"]+)"/g)].map((match) => match[1])
    expect(told).toEqual(['j-ended'])
    const second = await open()
    host.services.events.emit('exportProgress', { exportId: 'x3', written: 1, total: 1, done: true })
    await expect.poll(() => second.text()).toContain('event: exportProgress')
    expect(second.text()).not.toContain('refreshJobChanged')
    first.stream.body.destroy()
    second.stream.body.destroy()
  })

  it('streams push events as Server-Sent Events', async () => {
    const stream = await request(`${host.origin}/bridge/events`, {
      headers: { [SESSION_HEADER]: host.newSession() }
    })
    expect(stream.headers['content-type']).toContain('text/event-stream')
    let connected: () => void = () => {}
    const registered = new Promise<void>((resolve) => (connected = resolve))
    const received = new Promise<string>((resolve) => {
      let text = ''
      stream.body.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8')
        if (text.includes(': connected\n\n')) connected()
        if (text.includes('\n\n') && text.includes('event: exportProgress')) resolve(text)
      })
    })
    // The host writes ': connected' once the stream is registered: emit after that.
    await registered
    host.services.events.emit('exportProgress', { exportId: 'x1', written: 3, total: 9, done: false })
    const text = await received
    expect(text).toContain('event: exportProgress\ndata: {"exportId":"x1","written":3,"total":9,"done":false}')
    stream.body.destroy()
  })

  it('opens the bridge only to the page that traded the link’s one-time secret, once', async () => {
    // The link's secret is in the fragment: a browser never sends it to a server in a URL.
    const link = new URL(host.loginUrl)
    expect(link.origin + link.pathname).toBe(host.url)
    expect(link.search).toBe('')
    const secret = new URLSearchParams(link.hash.slice(1)).get('login')!
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // Any local process can connect to the port: without a session no channel, stream or file.
    for (const path of ['/bridge/listShortlists', '/bridge/events', '/bridge/channels', '/bridge/download/x']) {
      const refused = await request(`${host.origin}${path}`)
      expect(refused.statusCode, path).toBe(401)
      expect(await refused.body.text()).not.toContain(secret)
    }
    const logIn = (login: unknown, headers: Record<string, string> = {}) =>
      request(`${host.origin}/bridge/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: host.origin, ...headers },
        body: JSON.stringify({ login })
      })
    // A page of another origin (another port included) cannot trade it, even knowing it.
    const foreign = await logIn(secret, { origin: `http://127.0.0.1:${Number(link.port) + 1}` })
    expect(foreign.statusCode).toBe(403)
    await foreign.body.dump()
    const wrong = await logIn(`${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`)
    expect(wrong.statusCode).toBe(403)
    await wrong.body.dump()
    for (const bad of [42, null, 'x'.repeat(200)]) {
      const refused = await logIn(bad)
      expect(refused.statusCode).toBeGreaterThanOrEqual(400)
      await refused.body.dump()
    }

    const login = await logIn(secret)
    expect(login.statusCode).toBe(200)
    expect(login.headers['set-cookie']).toBeUndefined()
    const { data } = (await login.body.json()) as { data: { session: string } }
    expect(data.session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const answered = await call('getAppInfo', {}, { [SESSION_HEADER]: data.session })
    expect(answered.statusCode).toBe(200)
    await answered.body.dump()

    const replay = await logIn(secret)
    expect(replay.statusCode).toBe(403)
    expect(await replay.body.json()).toMatchObject({
      ok: false,
      error: { code: 'forbidden', message: expect.stringContaining('has been used already') }
    })

    // A new link on request (the terminal's Enter): it works once too, and replaces an unused one.
    const unused = new URLSearchParams(new URL(host.newLoginUrl()).hash.slice(1)).get('login')!
    const fresh = new URLSearchParams(new URL(host.newLoginUrl()).hash.slice(1)).get('login')!
    const stale = await logIn(unused)
    expect(stale.statusCode).toBe(403)
    await stale.body.dump()
    const again = await logIn(fresh)
    expect(again.statusCode).toBe(200)
    await again.body.dump()
  })

  it('never logs a session or a login secret', () => {
    const secret = new URLSearchParams(new URL(host.loginUrl).hash.slice(1)).get('login')!
    expect(JSON.stringify(records)).not.toContain(secret)
    const session = host.newSession()
    expect(JSON.stringify(records)).not.toContain(session)
  })
})
