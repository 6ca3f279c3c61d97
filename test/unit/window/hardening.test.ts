import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import {
  browserHostCsp,
  contentSecurityPolicy,
  hardenWebContents,
  isSafeExternalUrl,
  limitPermissions,
  originOf,
  safeExternalUrl,
  secureWebPreferences,
  type PermissionSession
} from '../../../electron/main/window/hardening'
import { acceptedCspFindings, evaluateCsp } from './csp-evaluator'

// Electron cannot run on this machine, so this is the one place with a fake: a webContents
// made of Node's EventEmitter plus the two methods hardening calls. Events are emitted the way
// Electron emits them (an event object with `url` and preventDefault()).
class FakeWebContents extends EventEmitter {
  windowOpenHandler: ((details: { url: string }) => { action: string }) | undefined
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }) {
    this.windowOpenHandler = handler
  }
  /** Emits a cancellable event; true when a listener prevented it. */
  fire(name: 'will-navigate' | 'will-redirect' | 'will-attach-webview', url = ''): boolean {
    let prevented = false
    this.emit(name, {
      url,
      preventDefault: () => {
        prevented = true
      }
    })
    return prevented
  }
  open(url: string) {
    if (!this.windowOpenHandler) throw new Error('no window open handler was set')
    return this.windowOpenHandler({ url })
  }
}

function setup(openExternal?: (url: string) => Promise<void>) {
  const contents = new FakeWebContents()
  const opened: string[] = []
  const logs: LogRecord[] = []
  hardenWebContents(contents, {
    appOrigin: 'app://talent-desk',
    openExternal:
      openExternal ??
      (async (url) => {
        opened.push(url)
      }),
    logger: createLogger((record) => logs.push(record))
  })
  return { contents, opened, logs }
}

const notHttps = [
  'http://example.com/',
  'file:///etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<script>alert(1)</script>',
  'mailto:someone@example.com',
  'slack://open',
  'smb://server/share',
  'app://talent-desk-evil/index.html',
  'not a url'
]

describe('hardenWebContents: navigation', () => {
  it('lets the app reload its own origin', () => {
    const { contents, opened } = setup()
    expect(contents.fire('will-navigate', 'app://talent-desk/index.html')).toBe(false)
    expect(contents.fire('will-navigate', 'app://talent-desk/')).toBe(false)
    expect(opened).toEqual([])
  })

  it('blocks navigation to an https page and hands the link to the OS browser instead', () => {
    const { contents, opened } = setup()
    expect(contents.fire('will-navigate', 'https://www.linkedin.com/in/someone')).toBe(true)
    expect(opened).toEqual(['https://www.linkedin.com/in/someone'])
  })

  it.each(notHttps)('blocks navigation to %s and opens nothing', (url) => {
    const { contents, opened, logs } = setup()
    expect(contents.fire('will-navigate', url)).toBe(true)
    expect(opened).toEqual([])
    expect(logs.map((record) => record.event)).toContain('window.link_refused')
  })

  it('logs only the scheme of a refused link, never the rest of the URL', () => {
    const { contents, logs } = setup()
    contents.fire('will-navigate', 'http://example.com/people?email=jane@example.com')
    const text = JSON.stringify(logs)
    expect(text).toContain('"scheme":"http"')
    expect(text).not.toContain('jane@example.com')
  })

  it('refuses redirects away from the app without opening them', () => {
    const { contents, opened } = setup()
    expect(contents.fire('will-redirect', 'https://example.com/')).toBe(true)
    expect(contents.fire('will-redirect', 'app://talent-desk/index.html')).toBe(false)
    expect(opened).toEqual([])
  })

  it('refuses to attach a <webview>', () => {
    const { contents } = setup()
    expect(contents.fire('will-attach-webview')).toBe(true)
  })
})

describe('hardenWebContents: window.open', () => {
  it('denies every new window and opens https links in the OS browser', () => {
    const { contents, opened } = setup()
    expect(contents.open('https://example.com/jobs?id=1')).toEqual({ action: 'deny' })
    expect(opened).toEqual(['https://example.com/jobs?id=1'])
  })

  it.each(notHttps)('denies %s and opens nothing', (url) => {
    const { contents, opened } = setup()
    expect(contents.open(url)).toEqual({ action: 'deny' })
    expect(opened).toEqual([])
  })

  it('denies same-origin windows too: the app has one window', () => {
    const { contents, opened } = setup()
    expect(contents.open('app://talent-desk/index.html')).toEqual({ action: 'deny' })
    expect(opened).toEqual([])
  })

  it('keeps working when the OS browser cannot be opened, and logs it', async () => {
    const { contents, logs } = setup(() => Promise.reject(new Error('no browser')))
    expect(contents.open('https://example.com/')).toEqual({ action: 'deny' })
    await new Promise((resolve) => setImmediate(resolve))
    expect(logs.find((record) => record.event === 'window.open_external_failed')?.fields).toEqual({
      error: 'no browser'
    })
  })
})

describe('safeExternalUrl', () => {
  it('accepts https with a host and returns the normalised URL', () => {
    expect(safeExternalUrl('HTTPS://Example.COM/a b')).toBe('https://example.com/a%20b')
    expect(isSafeExternalUrl('https://example.com')).toBe(true)
  })

  it.each([
    'https://user:secret@example.com/',
    'https://user@example.com/',
    'https://:secret@example.com/',
    `https://example.com/${'a'.repeat(5000)}`,
    'https:',
    '',
    ...notHttps
  ])('refuses %s', (url) => {
    expect(safeExternalUrl(url)).toBeNull()
    expect(isSafeExternalUrl(url)).toBe(false)
  })
})

describe('originOf', () => {
  it('gives the app scheme a tuple origin, as Chromium does for a standard scheme', () => {
    expect(originOf('app://talent-desk/index.html?x=1#y')).toBe('app://talent-desk')
    expect(originOf('app://TALENT-DESK/')).toBe('app://talent-desk')
    expect(originOf('https://example.com:8443/a')).toBe('https://example.com:8443')
  })

  it('has no origin for opaque or broken URLs', () => {
    expect(originOf('data:text/html,hi')).toBeNull()
    expect(originOf('javascript:alert(1)')).toBeNull()
    expect(originOf('')).toBeNull()
    expect(originOf(undefined)).toBeNull()
    expect(originOf('::::')).toBeNull()
  })
})

describe('limitPermissions', () => {
  const appOrigin = 'app://talent-desk'
  function setup() {
    const handlers: {
      request?: Parameters<PermissionSession['setPermissionRequestHandler']>[0]
      check?: Parameters<PermissionSession['setPermissionCheckHandler']>[0]
      device?: Parameters<PermissionSession['setDevicePermissionHandler']>[0]
    } = {}
    const session: PermissionSession = {
      setPermissionRequestHandler: (handler) => void (handlers.request = handler),
      setPermissionCheckHandler: (handler) => void (handlers.check = handler),
      setDevicePermissionHandler: (handler) => void (handlers.device = handler)
    }
    const logs: LogRecord[] = []
    limitPermissions(session, { appOrigin, logger: createLogger((record) => logs.push(record)) })
    /** Asks as Electron asks: (webContents, permission, callback, details: PermissionRequest). */
    const request = (permission: string, details: { requestingUrl?: string; isMainFrame?: boolean }) => {
      const answers: boolean[] = []
      handlers.request!({}, permission, (granted) => answers.push(granted), details)
      expect(answers).toHaveLength(1)
      return answers[0]
    }
    /** (webContents | null, permission, requestingOrigin, details: PermissionCheckHandlerHandlerDetails) */
    const check = (
      permission: string,
      requestingOrigin: string,
      details: { requestingUrl?: string; isMainFrame: boolean; embeddingOrigin?: string }
    ) => handlers.check!(null, permission, requestingOrigin, details)
    return { handlers, logs, request, check }
  }

  const appMainFrame = { requestingUrl: 'app://talent-desk/index.html', isMainFrame: true }

  it('grants clipboard-sanitized-write (navigator.clipboard.writeText) to the app’s own main frame', () => {
    const { request, check, logs } = setup()
    expect(request('clipboard-sanitized-write', appMainFrame)).toBe(true)
    expect(
      request('clipboard-sanitized-write', { requestingUrl: 'app://talent-desk/#/search', isMainFrame: true })
    ).toBe(true)
    // Chromium may give the origin with or without a trailing slash
    expect(check('clipboard-sanitized-write', 'app://talent-desk', appMainFrame)).toBe(true)
    expect(check('clipboard-sanitized-write', 'app://talent-desk/', appMainFrame)).toBe(true)
    expect(check('clipboard-sanitized-write', 'app://talent-desk', { isMainFrame: true })).toBe(true)
    expect(logs).toEqual([])
  })

  it('grants notifications (Activity’s notice) to the app’s own main frame only', () => {
    const { request, check } = setup()
    expect(request('notifications', appMainFrame)).toBe(true)
    expect(check('notifications', 'app://talent-desk', appMainFrame)).toBe(true)
    expect(request('notifications', { ...appMainFrame, isMainFrame: false })).toBe(false)
    expect(request('notifications', { requestingUrl: 'https://evil.example/', isMainFrame: true })).toBe(false)
    expect(check('notifications', 'https://evil.example', { isMainFrame: true })).toBe(false)
  })

  const refusedFrames: { requestingUrl?: string; isMainFrame?: boolean }[] = [
    { requestingUrl: 'app://talent-desk/index.html', isMainFrame: false },
    { requestingUrl: 'app://talent-desk/index.html' },
    { requestingUrl: 'https://evil.example/', isMainFrame: true },
    { requestingUrl: 'app://talent-desk.evil/index.html', isMainFrame: true },
    { requestingUrl: 'http://127.0.0.1:5173/', isMainFrame: true },
    { requestingUrl: 'file:///etc/passwd', isMainFrame: true },
    { requestingUrl: 'about:blank', isMainFrame: true },
    { requestingUrl: '', isMainFrame: true },
    { isMainFrame: true },
    {}
  ]
  it.each(refusedFrames)('refuses clipboard-sanitized-write to any other frame: %o', (details) => {
    const { request, logs } = setup()
    expect(request('clipboard-sanitized-write', details)).toBe(false)
    expect(logs[0]?.fields).toEqual({ permission: 'clipboard-sanitized-write' })
  })

  it('refuses the clipboard check for other origins, subframes and cross-origin embeds', () => {
    const { check } = setup()
    expect(check('clipboard-sanitized-write', 'https://evil.example', { isMainFrame: true })).toBe(false)
    expect(check('clipboard-sanitized-write', 'app://talent-desk', { ...appMainFrame, isMainFrame: false })).toBe(false)
    expect(
      check('clipboard-sanitized-write', 'app://talent-desk', {
        ...appMainFrame,
        embeddingOrigin: 'https://evil.example'
      })
    ).toBe(false)
    // the URL Electron gives must agree with the origin it names
    expect(
      check('clipboard-sanitized-write', 'app://talent-desk', {
        requestingUrl: 'https://evil.example/',
        isMainFrame: true
      })
    ).toBe(false)
    expect(check('clipboard-sanitized-write', '', { isMainFrame: true })).toBe(false)
  })

  const refused = [
    'media',
    'geolocation',
    'clipboard-read',
    'deprecated-sync-clipboard-read',
    'display-capture',
    'openExternal',
    'fullscreen',
    'pointerLock',
    'keyboardLock',
    'fileSystem',
    'hid',
    'usb',
    'serial',
    'storage-access',
    'window-management',
    'unknown'
  ]
  it.each(refused)('refuses %s, even to the app’s own main frame', (permission) => {
    const { request, check, logs } = setup()
    expect(request(permission, appMainFrame)).toBe(false)
    expect(check(permission, appOrigin, appMainFrame)).toBe(false)
    expect(logs[0]?.fields).toEqual({ permission })
  })

  it('refuses device access (HID, USB, serial)', () => {
    const { handlers } = setup()
    expect(handlers.device?.({ deviceType: 'usb', origin: appOrigin })).toBe(false)
  })
})

describe('secureWebPreferences', () => {
  it('turns every isolation on and every Node and legacy feature off', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs')
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      enableWebSQL: false,
      navigateOnDragDrop: false,
      devTools: false
    })
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true)
  })
})

describe('contentSecurityPolicy', () => {
  const directives = new Map(
    contentSecurityPolicy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    })
  )

  it('allows scripts and styles from the app only, with no eval and no inline code', () => {
    expect(directives.get('default-src')).toEqual(["'none'"])
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('style-src')).toEqual(["'self'"])
    expect(contentSecurityPolicy).not.toMatch(/unsafe-(eval|inline|hashes)|wasm-unsafe-eval/)
  })

  it('lets the page make no network calls and load nothing remote', () => {
    expect(directives.get('connect-src')).toEqual(["'none'"])
    for (const [name, sources] of directives) {
      for (const source of sources) {
        expect(["'self'", "'none'", 'data:'], `${name} ${source}`).toContain(source)
      }
    }
  })

  it('closes the remaining doors: base, forms, framing, plugins', () => {
    for (const name of ['base-uri', 'form-action', 'frame-ancestors', 'object-src']) {
      expect(directives.get(name), name).toEqual(["'none'"])
    }
  })

  it('passes the CSP Evaluator electronegativity uses, but for the known remark on script-src self', () => {
    expect(evaluateCsp(contentSecurityPolicy)).toEqual(acceptedCspFindings)
    // …and the evaluator does object to a weaker policy, so the line above means something.
    expect(
      evaluateCsp(`${contentSecurityPolicy.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'")}`)
    ).not.toEqual(acceptedCspFindings)
  })

  it('is the browser host’s policy too, but for connect-src: its page talks to its own origin (the bridge)', () => {
    expect(browserHostCsp.replace("connect-src 'self'", "connect-src 'none'")).toBe(contentSecurityPolicy)
    expect(browserHostCsp).not.toBe(contentSecurityPolicy)
  })
})
