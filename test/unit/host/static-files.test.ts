import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readRendererFile } from '../../../electron/main/window/renderer-files'
import { createBridgeGuard } from '../../../electron/host/guard'
import { createHostSessions } from '../../../electron/host/sessions'
import { defaultDataDir } from '../../../electron/host/default-data-dir'

const base = mkdtempSync(join(tmpdir(), 'td-static-'))
const dir = join(base, 'renderer')
mkdirSync(join(dir, 'assets'), { recursive: true })
writeFileSync(join(dir, 'index.html'), '<html></html>')
writeFileSync(join(dir, 'assets', 'app.js'), 'x')
writeFileSync(join(base, 'secret.txt'), 'secret')

describe('readRendererFile', () => {
  it('serves the index and assets with their types', async () => {
    await expect(readRendererFile(dir, '/')).resolves.toMatchObject({ mimeType: 'text/html; charset=utf-8' })
    await expect(readRendererFile(dir, '/assets/app.js')).resolves.toMatchObject({
      mimeType: 'text/javascript; charset=utf-8'
    })
    await expect(readRendererFile(dir, '/missing.js')).resolves.toEqual({ status: 404 })
  })

  it('never leaves the renderer folder', async () => {
    for (const path of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..\\secret.txt',
      '/%00',
      '/%E0%A4%A'
    ]) {
      const file = await readRendererFile(dir, path)
      expect('status' in file, path).toBe(true)
    }
  })
})

describe('createBridgeGuard', () => {
  const guard = createBridgeGuard(4321)
  it('allows only our loopback names and origins', () => {
    expect(guard.isAllowedHost('127.0.0.1:4321')).toBe(true)
    expect(guard.isAllowedHost('localhost:4321')).toBe(true)
    expect(guard.isAllowedHost('evil.example:4321')).toBe(false)
    expect(guard.isAllowedHost('127.0.0.1:1')).toBe(false)
    expect(guard.isAllowedHost(undefined)).toBe(false)
    expect(guard.isAllowedOrigin('http://127.0.0.1:4321')).toBe(true)
    expect(guard.isAllowedOrigin('http://evil.example')).toBe(false)
    expect(guard.isAllowedOrigin('null')).toBe(false)
  })
  it('refuses another port of the same host: origins include the port', () => {
    expect(guard.isAllowedOrigin('http://127.0.0.1:4322')).toBe(false)
    expect(guard.isAllowedOrigin('http://localhost:80')).toBe(false)
  })
})

describe('createHostSessions', () => {
  it('trades the current one-time secret once, for a session it then knows', () => {
    const sessions = createHostSessions()
    const secret = sessions.renewLogin()
    expect(sessions.login(`${secret}x`)).toBeNull()
    const session = sessions.login(secret)
    expect(session).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(sessions.has(session!)).toBe(true)
    expect(sessions.login(secret)).toBeNull()
    expect(sessions.has(`${session!.slice(0, -1)}x`)).toBe(false)
    expect(sessions.has(undefined)).toBe(false)
    expect(sessions.has('')).toBe(false)
  })
  it('has no secret before one is asked for, and a new one replaces an unused one', () => {
    const sessions = createHostSessions()
    expect(sessions.login('')).toBeNull()
    const first = sessions.renewLogin()
    const second = sessions.renewLogin()
    expect(sessions.login(first)).toBeNull()
    expect(sessions.login(second)).not.toBeNull()
  })
  it('keeps a bounded number of sessions, forgetting the oldest', () => {
    const sessions = createHostSessions()
    const first = sessions.create()
    const later = Array.from({ length: 64 }, () => sessions.create())
    expect(sessions.has(first)).toBe(false)
    expect(later.every((session) => sessions.has(session))).toBe(true)
  })
})

describe('defaultDataDir', () => {
  it('matches Electron’s userData folder per platform, or the environment override', () => {
    expect(defaultDataDir({ TALENT_DESK_DATA_DIR: '/x' }, 'linux')).toBe('/x')
    expect(defaultDataDir({ XDG_CONFIG_HOME: '/cfg' }, 'linux')).toBe(join('/cfg', 'Talent Desk'))
    expect(defaultDataDir({ APPDATA: 'C:/Users/a/AppData/Roaming' }, 'win32')).toContain('Talent Desk')
    expect(defaultDataDir({}, 'darwin')).toContain(join('Library', 'Application Support', 'Talent Desk'))
  })
})
