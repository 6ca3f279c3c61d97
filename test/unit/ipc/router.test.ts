import { describe, expect, it } from 'vitest'
import { channelNames, channels, ipcChannel, ipcEvent } from '../../../shared/ipc/contract'
import { AppError, errorCodes } from '../../../shared/ipc/errors'
import { createRouter, type Handlers } from '../../../electron/main/ipc/router'
import { EventHub } from '../../../electron/main/ipc/event-hub'
import { StoreError } from '../../../electron/main/store/store-error'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'

const origin = 'app://talent-desk'
const sender = { origin, isMainFrame: true }
const info = {
  name: 'Talent Desk',
  version: '1.2.3',
  platform: 'linux',
  arch: 'x64',
  shell: 'electron' as const,
  versions: { node: '20' }
}

function setup(getAppInfo: Handlers['getAppInfo'] = () => info) {
  const records: LogRecord[] = []
  const router = createRouter({
    // Only the channels these tests call; the router's mechanics do not depend on the rest.
    handlers: { getAppInfo } as Partial<Handlers> as Handlers,
    trustedOrigins: [origin],
    logger: createLogger((record) => records.push(record))
  })
  return { router, records }
}

describe('router.handle', () => {
  it('runs the handler and wraps its data', async () => {
    const { router } = setup()
    await expect(router.handle('getAppInfo', {}, sender)).resolves.toEqual({ ok: true, data: info })
  })

  it('refuses senders that are not the app’s own main frame and origin', async () => {
    const { router, records } = setup()
    for (const who of [
      { origin: 'https://evil.example', isMainFrame: true },
      { origin, isMainFrame: false },
      { origin: null, isMainFrame: true },
      { origin: 'app://talent-desk.evil', isMainFrame: true }
    ]) {
      const reply = await router.handle('getAppInfo', {}, who)
      expect(reply).toMatchObject({ ok: false, error: { code: 'forbidden' } })
    }
    expect(records.filter((record) => record.event === 'ipc.rejected_sender')).toHaveLength(4)
  })

  it('validates input strictly and names the offending path', async () => {
    const { router } = setup()
    const reply = await router.handle('getAppInfo', { extra: 1 }, sender)
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe('invalid_input')
    expect(JSON.stringify(reply.error.details)).toContain('extra')
    await expect(router.handle('getAppInfo', 'nonsense', sender)).resolves.toMatchObject({
      ok: false,
      error: { code: 'invalid_input' }
    })
  })

  it('answers unknown channels, including prototype names, with an error value', async () => {
    const { router } = setup()
    for (const name of ['nope', 'constructor', '__proto__', 'toString']) {
      await expect(router.handle(name, {}, sender)).resolves.toMatchObject({
        ok: false,
        error: { code: 'unknown_channel' }
      })
    }
  })

  it('turns AppError into its code and message, and anything else into internal', async () => {
    const failing = setup(() => {
      throw new AppError('not_found', 'That shortlist no longer exists.', { id: 'x' })
    })
    await expect(failing.router.handle('getAppInfo', {}, sender)).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That shortlist no longer exists.', details: { id: 'x' } }
    })
    const broken = setup(() => {
      throw new TypeError('boom')
    })
    const reply = await broken.router.handle('getAppInfo', {}, sender)
    expect(reply).toMatchObject({ ok: false, error: { code: 'internal' } })
    expect(broken.records.some((record) => record.event === 'ipc.handler_failed')).toBe(true)
  })

  it('turns a StoreError a service did not word into its own code, not internal', async () => {
    const gone = setup(() => {
      throw new StoreError('not_found', 'No conversation c-1.', { details: { id: 'c-1' } })
    })
    await expect(gone.router.handle('getAppInfo', {}, sender)).resolves.toEqual({
      ok: false,
      error: {
        code: 'not_found',
        message: 'No conversation c-1.',
        details: { storeCode: 'not_found', reason: { id: 'c-1' } }
      }
    })
    expect(gone.records.map((record) => record.event)).toEqual(['ipc.unworded_store_error'])
  })

  it('checks the handler’s own output against the contract', async () => {
    const { router, records } = setup(() => ({ ...info, shell: 'toaster' }) as never)
    await expect(router.handle('getAppInfo', {}, sender)).resolves.toMatchObject({
      ok: false,
      error: { code: 'internal' }
    })
    expect(records.some((record) => record.event === 'ipc.invalid_output')).toBe(true)
  })
})

describe('contract', () => {
  it('declares strict inputs for every channel and namespaced IPC names', () => {
    expect(channelNames.length).toBeGreaterThan(0)
    for (const name of channelNames) {
      expect(channels[name].input.safeParse({ surely_not_declared: true }).success, name).toBe(false)
      expect(ipcChannel(name)).toBe(`talent-desk:call:${name}`)
    }
    expect(ipcEvent('exportProgress')).toBe('talent-desk:event:exportProgress')
    // the bridge's own methods: on (events) and, in the browser host, download
    expect(channelNames).not.toContain('on')
    expect(channelNames).not.toContain('download')
  })

  it('has one shared list of error codes', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length)
  })
})

describe('EventHub', () => {
  it('delivers checked payloads and refuses ones that break the contract', () => {
    const hub = new EventHub()
    const seen: unknown[] = []
    const unsubscribe = hub.subscribe((name, payload) => seen.push([name, payload]))
    hub.emit('exportProgress', { exportId: 'e1', written: 5, total: 10, done: false })
    expect(seen).toEqual([['exportProgress', { exportId: 'e1', written: 5, total: 10, done: false }]])
    expect(() => hub.emit('exportProgress', { exportId: 'e1', written: -1, total: 10, done: false })).toThrow()
    unsubscribe()
    hub.emit('exportProgress', { exportId: 'e1', written: 6, total: 10, done: false })
    expect(seen).toHaveLength(1)
  })
})
