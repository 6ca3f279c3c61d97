import { describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { createRouter, type Handlers } from '../../../electron/main/ipc/router'
import { AppInfoService } from '../../../electron/main/app-info/app-info'
import { senderFromFrame } from '../../../electron/main/window/sender'

const mainFrame = { origin: 'app://talent-desk', parent: null }

describe('senderFromFrame', () => {
  it('reports the main frame of the app with its origin', () => {
    expect(senderFromFrame(mainFrame)).toEqual({ origin: 'app://talent-desk', isMainFrame: true })
  })

  it('never counts a subframe, a detached frame or a missing frame as the main frame', () => {
    expect(senderFromFrame({ origin: 'app://talent-desk', parent: mainFrame })).toEqual({
      origin: 'app://talent-desk',
      isMainFrame: false
    })
    expect(senderFromFrame({ ...mainFrame, detached: true }).isMainFrame).toBe(false)
    expect(senderFromFrame(null)).toEqual({ origin: null, isMainFrame: false })
    expect(senderFromFrame(undefined)).toEqual({ origin: null, isMainFrame: false })
  })

  it('gives opaque origins (data:, sandboxed frames) no origin at all', () => {
    expect(senderFromFrame({ origin: 'null', parent: null }).origin).toBeNull()
    expect(senderFromFrame({ origin: '', parent: null }).origin).toBeNull()
  })
})

describe('senderFromFrame with the real router', () => {
  const logs: LogRecord[] = []
  const appInfo = new AppInfoService({
    name: 'Talent Desk',
    version: '0.1.0',
    shell: 'electron',
    versions: {},
    platform: 'linux',
    arch: 'x64'
  })
  // Only getAppInfo is called; the other channels refuse loudly if they ever are.
  const handlers = new Proxy({ getAppInfo: () => appInfo.getInfo() } as Partial<Handlers>, {
    get: (target, name) =>
      Reflect.get(target, name) ??
      (() => {
        throw new Error(`unexpected call to ${String(name)}`)
      })
  }) as Handlers
  const router = createRouter({
    handlers,
    trustedOrigins: ['app://talent-desk'],
    logger: createLogger((record) => logs.push(record))
  })

  it('lets the app main frame through and refuses every other sender', async () => {
    const ok = await router.handle('getAppInfo', {}, senderFromFrame(mainFrame))
    expect(ok).toMatchObject({ ok: true, data: { name: 'Talent Desk', shell: 'electron' } })
    for (const frame of [
      { origin: 'app://talent-desk', parent: mainFrame },
      { origin: 'https://evil.example', parent: null },
      { origin: 'null', parent: null },
      null
    ]) {
      const refused = await router.handle('getAppInfo', {}, senderFromFrame(frame))
      expect(refused).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(logs.filter((record) => record.event === 'ipc.rejected_sender')).toHaveLength(4)
  })
})
