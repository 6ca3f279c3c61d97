import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appEntryUrl,
  appOrigin,
  appRequestPath,
  appSchemePrivileges,
  serveAppRequest
} from '../../../electron/main/window/app-protocol'
import { contentSecurityPolicy } from '../../../electron/main/window/hardening'

// A real renderer folder on disk, with a secret beside it that no app:// URL may reach.
// Created at load time: the traversal cases below name the secret's absolute path.
const base = mkdtempSync(join(tmpdir(), 'td-app-protocol-'))
const rendererDir = join(base, 'renderer')
const SECRET = 'secret-outside-the-renderer'

beforeAll(() => {
  mkdirSync(join(rendererDir, 'assets'), { recursive: true })
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><title>Talent Desk</title>')
  writeFileSync(join(rendererDir, 'assets', 'index-abc.js'), 'console.log("app")')
  writeFileSync(join(rendererDir, 'assets', 'index-abc.css'), 'body{margin:0}')
  writeFileSync(join(base, 'secret.txt'), SECRET)
  mkdirSync(join(base, 'renderer-sibling'))
  writeFileSync(join(base, 'renderer-sibling', 'index.html'), SECRET)
})
afterAll(() => rmSync(base, { recursive: true, force: true }))

const get = (url: string, method = 'GET') => serveAppRequest({ url, method }, rendererDir)

describe('serveAppRequest', () => {
  it('serves / and /index.html as the page, with the CSP and nosniff headers', async () => {
    for (const url of ['app://talent-desk/', 'app://talent-desk', appEntryUrl]) {
      const response = await get(url)
      expect(response.status, url).toBe(200)
      expect(await response.text()).toContain('<title>Talent Desk</title>')
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })

  it('serves built assets with their types', async () => {
    const script = await get('app://talent-desk/assets/index-abc.js')
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(await script.text()).toBe('console.log("app")')
    const style = await get('app://talent-desk/assets/index-abc.css?v=1#x')
    expect(style.headers.get('content-type')).toBe('text/css; charset=utf-8')
  })

  it('accepts the host in any case, as Chromium lower-cases it anyway', async () => {
    expect((await get('app://TALENT-DESK/index.html')).status).toBe(200)
  })

  it('answers HEAD without a body and refuses other methods', async () => {
    const head = await get(appEntryUrl, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) {
      expect((await get(appEntryUrl, method)).status, method).toBe(405)
    }
  })

  it('answers 404 for a file that is not there', async () => {
    const response = await get('app://talent-desk/assets/missing.js')
    expect(response.status).toBe(404)
    expect(response.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
  })

  it.each([
    'app://talent-desk/../secret.txt',
    'app://talent-desk/assets/../../secret.txt',
    'app://talent-desk/%2e%2e/secret.txt',
    'app://talent-desk/%2E%2E/%2e%2e/secret.txt',
    'app://talent-desk/.%2e/renderer-sibling/index.html',
    'app://talent-desk/..%2fsecret.txt',
    'app://talent-desk/assets/..%2f..%2fsecret.txt',
    'app://talent-desk/..%5csecret.txt',
    'app://talent-desk/%2e%2e%5c%2e%2e%5csecret.txt',
    'app://talent-desk/index.html%00.js',
    'app://talent-desk/%E0%A4%A',
    `app://talent-desk/${join(base, 'secret.txt')}`,
    `app://talent-desk//${join(base, 'secret.txt')}`,
    'app://talent-desk/C:/Windows/win.ini'
  ])('never leaves the renderer folder: %s', async (url) => {
    const response = await get(url)
    expect([403, 404]).toContain(response.status)
    expect(await response.text()).not.toContain(SECRET)
  })

  it.each([
    'app://evil/index.html',
    'app://talent-desk.evil/index.html',
    'app://talent-desk:8080/index.html',
    'app://user:pass@talent-desk/index.html',
    'app:index.html',
    'file:///index.html',
    'https://talent-desk/index.html',
    'not a url'
  ])('serves nothing for another scheme, host, port or credentials: %s', async (url) => {
    expect((await get(url)).status).toBe(404)
  })
})

describe('appRequestPath', () => {
  it('resolves dot segments before the path is used', () => {
    expect(appRequestPath('app://talent-desk/a/b/../../../x')).toBe('/x')
    expect(appRequestPath('app://talent-desk/%2e%2e/x')).toBe('/x')
  })
})

describe('app scheme', () => {
  it('is a standard, secure scheme without CSP bypass, CORS, fetch or service workers', () => {
    expect(appOrigin).toBe('app://talent-desk')
    expect(appSchemePrivileges).toMatchObject({
      standard: true,
      secure: true,
      bypassCSP: false,
      corsEnabled: false,
      supportFetchAPI: false,
      allowServiceWorkers: false
    })
  })
})
