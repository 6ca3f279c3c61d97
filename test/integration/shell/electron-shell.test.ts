import { once } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type * as WorkerThreads from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { channelNames, ipcChannel } from '../../../shared/ipc/contract'
import { appEntryUrl, appOrigin, appScheme } from '../../../electron/main/window/app-protocol'
import { failurePageUrl } from '../../../electron/main/window/load-failure'
import { contentSecurityPolicy, secureWebPreferences } from '../../../electron/main/window/hardening'
import { FakeWebContents, recorded } from './fake-electron'

// The Electron shell (electron/main/index.ts) run in plain Node with a fake `electron` module:
// Electron cannot be launched on this machine or in CI, so mocking it is the only way to run
// the shell's own code. Everything behind it is real (composeMain: SQLite on disk, the router,
// the vault), only the sandbox's worker thread is a stand-in. The tested modules (router,
// hardening, app-protocol) have their own tests; this one proves index.ts wires them in.
vi.mock('electron', async () => (await import('./fake-electron')).electronModule)
vi.mock('node:worker_threads', async (importOriginal) => ({
  ...(await importOriginal<typeof WorkerThreads>()),
  Worker: (await import('./fake-electron')).FakeWorker
}))

const appMainFrame = { origin: 'app://talent-desk', parent: null }
/** Every sender the check must refuse: other origins, opaque ones, subframes, no frame at all. */
const foreignFrames = [
  { origin: 'https://evil.example', parent: null },
  { origin: 'app://talent-desk.evil', parent: null },
  { origin: 'app://other-app', parent: null },
  { origin: 'http://127.0.0.1:5173', parent: null },
  { origin: 'file://', parent: null },
  { origin: 'null', parent: null },
  { origin: '', parent: null },
  { origin: 'app://talent-desk', parent: appMainFrame },
  { origin: 'app://talent-desk', parent: null, detached: true },
  null
]
const undeclaredInput = { surely_not_declared: true }

const dirs: string[] = []
let window: (typeof recorded.windows)[number]

beforeAll(async () => {
  const appPath = mkdtempSync(join(tmpdir(), 'td-shell-app-'))
  const renderer = join(appPath, 'out', 'renderer')
  mkdirSync(join(renderer, 'assets'), { recursive: true })
  writeFileSync(join(renderer, 'index.html'), '<!doctype html><title>Talent Desk</title>')
  writeFileSync(join(renderer, 'assets', 'index.js'), 'console.log(1)')
  recorded.appPath = appPath
  recorded.userData = mkdtempSync(join(tmpdir(), 'td-shell-data-'))
  dirs.push(appPath, recorded.userData)

  await import('../../../electron/main/index')
  await vi.waitFor(
    () => {
      if (recorded.errors.length > 0) throw new Error(`the shell did not start: ${JSON.stringify(recorded.errors)}`)
      expect(recorded.windows).toHaveLength(1)
    },
    { timeout: 30_000, interval: 50 }
  )
  window = recorded.windows[0]!
})

afterAll(async () => {
  // Quit as Electron would: will-quit, which the shell holds until its services are closed.
  const { app } = await import('./fake-electron')
  const quitsBefore = recorded.quits
  app.emit('will-quit', { preventDefault: () => {} })
  await vi.waitFor(() => expect(recorded.quits).toBeGreaterThan(quitsBefore), { timeout: 30_000 })
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('the Electron shell: IPC', () => {
  it('registers one handler per contract channel, and nothing else', () => {
    expect([...recorded.ipcHandlers.keys()].sort()).toEqual(channelNames.map(ipcChannel).sort())
  })

  it.each(channelNames)('refuses %s from every sender that is not the app’s main frame', async (name) => {
    const handler = recorded.ipcHandlers.get(ipcChannel(name))!
    for (const senderFrame of foreignFrames) {
      const reply = await handler({ senderFrame }, undeclaredInput)
      expect(reply, `${name} from ${JSON.stringify(senderFrame)}`).toMatchObject({
        ok: false,
        error: { code: 'forbidden' }
      })
    }
    // The same call from the app's own main frame passes the check (and stops at the strict
    // input check, so no service runs): the refusals above are the sender check's doing.
    await expect(handler({ senderFrame: appMainFrame }, undeclaredInput)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })

  it('answers the app’s own main frame', async () => {
    const handler = recorded.ipcHandlers.get(ipcChannel('getAppInfo'))!
    await expect(handler({ senderFrame: appMainFrame }, {})).resolves.toMatchObject({
      ok: true,
      data: { name: 'Talent Desk', version: '0.0.0-shell-test', shell: 'electron' }
    })
  })
})

describe('the Electron shell: the page and its CSP', () => {
  it('opens one window with the secure webPreferences and the app:// page, never file://', () => {
    expect(window.options.webPreferences).toEqual(
      secureWebPreferences(join(recorded.appPath, 'out', 'preload', 'index.cjs'), { devTools: false })
    )
    expect(window.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false
    })
    expect(window.loaded).toEqual([appEntryUrl])
  })

  it('registers app:// as a standard, secure scheme that does not bypass the CSP', () => {
    expect(recorded.privilegedSchemes).toEqual([
      expect.objectContaining({ scheme: appScheme, privileges: expect.objectContaining({ bypassCSP: false }) })
    ])
  })

  it.each(['app://talent-desk/index.html', 'app://talent-desk/', 'app://talent-desk/assets/index.js'])(
    'sends the CSP with %s',
    async (url) => {
      const response = await recorded.protocolHandlers.get(appScheme)!({ url, method: 'GET' })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  )

  it('sends the CSP with refusals too', async () => {
    for (const url of ['app://talent-desk/missing.js', 'app://elsewhere/index.html']) {
      const response = await recorded.protocolHandlers.get(appScheme)!({ url, method: 'GET' })
      expect(response.status).toBe(404)
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
    }
  })
})

describe('the Electron shell: the network', () => {
  it('asks the system for the proxy of each remote origin (session.resolveProxy) and goes through it', async () => {
    // a proxy that records the tunnel asked for and refuses it
    const tunnels: string[] = []
    const proxy = createServer((_req, res) => res.writeHead(405).end())
    proxy.on('connect', (req, socket: Socket) => {
      tunnels.push(req.url ?? '')
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n')
    })
    proxy.listen(0, '127.0.0.1')
    await once(proxy, 'listening')
    recorded.proxyAnswer = `PROXY 127.0.0.1:${(proxy.address() as AddressInfo).port}; DIRECT`
    try {
      const handler = (name: string) => (input: unknown) =>
        recorded.ipcHandlers.get(ipcChannel(name as never))!({ senderFrame: appMainFrame }, input) as Promise<{
          ok: boolean
          data: { connections: { id: string; name: string }[]; parts: { part: string; message: string }[] }
        }>
      const saved = await handler('saveConnection')({ name: 'Behind a proxy', baseUrl: 'https://partner.test' })
      const id = saved.data.connections.find((c) => c.name === 'Behind a proxy')!.id
      await handler('setSecret')({ connectionId: id, kind: 'apiKey', value: 'key-0123456789', sessionOnly: true })
      const test = await handler('testConnection')({ id })
      expect(recorded.proxyQuestions).toEqual(['https://partner.test/'])
      expect(tunnels[0]).toBe('partner.test:443')
      expect(test.data.parts[0]!.message).toContain('The proxy refused to connect to the service (HTTP 403)')
    } finally {
      proxy.close()
    }
  }, 30_000)
})

describe('the Electron shell: a page that fails', () => {
  it('shows the hidden window with the failure page when the app’s page fails to load, and ignores aborts', () => {
    const contents = window.webContents
    // created hidden (show: false); ready-to-show never comes for a failed load
    expect(window.options.show).toBe(false)
    contents.emit('did-fail-load', {}, -3, 'ERR_ABORTED', appEntryUrl, true, 1, 1)
    expect(contents.loaded).toEqual([])
    contents.emit('did-fail-load', {}, -6, 'ERR_FILE_NOT_FOUND', appEntryUrl, true, 1, 1)
    expect(contents.loaded).toEqual([
      failurePageUrl(appOrigin, { kind: 'load', code: -6, description: 'ERR_FILE_NOT_FOUND' })
    ])
    expect(window.shows).toBe(1)
  })

  it('serves that page through app:// with the CSP, and loads it again when the renderer dies', async () => {
    const response = await recorded.protocolHandlers.get(appScheme)!({
      url: window.webContents.loaded[0]!,
      method: 'GET'
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
    expect(await response.text()).toContain('>Reload</a>')
    // Reload: the link goes back to the app (hardening lets a same-origin navigation through)
    window.webContents.url = appEntryUrl
    expect(window.webContents.fire('will-navigate', appEntryUrl)).toBe(false)
    window.webContents.emit('render-process-gone', {}, { reason: 'crashed', exitCode: 139 })
    expect(window.webContents.loaded.at(-1)).toBe(
      failurePageUrl(appOrigin, { kind: 'gone', reason: 'crashed', exitCode: 139 })
    )
  })
})

describe('the Electron shell: navigation, window.open and permissions', () => {
  it('hardens the window’s webContents: navigation away refused, https handed to the OS browser', () => {
    const contents = window.webContents
    expect(contents.fire('will-navigate', 'app://talent-desk/index.html')).toBe(false)
    expect(contents.fire('will-navigate', 'https://evil.example/login')).toBe(true)
    expect(contents.fire('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(contents.fire('will-redirect', 'https://evil.example/')).toBe(true)
    expect(contents.fire('will-attach-webview')).toBe(true)
    expect(recorded.openedExternally).toEqual(['https://evil.example/login'])
  })

  it('denies every window.open, opening only https links in the OS browser', () => {
    const handler = window.webContents.windowOpenHandler!
    const before = recorded.openedExternally.length
    expect(handler({ url: 'https://example.com/jobs' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'app://talent-desk/index.html' })).toEqual({ action: 'deny' })
    expect(handler({ url: 'javascript:alert(1)' })).toEqual({ action: 'deny' })
    expect(recorded.openedExternally.slice(before)).toEqual(['https://example.com/jobs'])
  })

  it('hardens every webContents Electron creates, not only the window’s', async () => {
    const { app } = await import('./fake-electron')
    const other = new FakeWebContents()
    app.emit('web-contents-created', {}, other)
    expect(other.fire('will-navigate', 'https://evil.example/')).toBe(true)
    expect(other.windowOpenHandler?.({ url: 'http://evil.example/' })).toEqual({ action: 'deny' })
  })

  it('grants the app’s main frame the clipboard write (Copy buttons) and refuses every other permission', () => {
    const request = (permission: string, details: { requestingUrl: string; isMainFrame: boolean }) => {
      const answers: boolean[] = []
      recorded.permission.request?.({}, permission, (granted) => answers.push(granted), details)
      return answers
    }
    const app = { requestingUrl: appEntryUrl, isMainFrame: true }
    expect(request('clipboard-sanitized-write', app)).toEqual([true])
    expect(recorded.permission.check?.(null, 'clipboard-sanitized-write', 'app://talent-desk', app)).toBe(true)
    expect(request('clipboard-sanitized-write', { ...app, isMainFrame: false })).toEqual([false])
    expect(request('clipboard-sanitized-write', { requestingUrl: 'https://evil.example/', isMainFrame: true })).toEqual(
      [false]
    )
    expect(request('media', app)).toEqual([false])
    expect(recorded.permission.check?.(null, 'clipboard-read', 'app://talent-desk', app)).toBe(false)
    expect(recorded.permission.device?.({ deviceType: 'usb' })).toBe(false)
  })
})
