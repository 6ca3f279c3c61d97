import { beforeAll, describe, expect, it, vi } from 'vitest'
import { channelNames, eventNames, ipcChannel, ipcEvent } from '../../../shared/ipc/contract'

// The preload, from source, with a fake `electron` module: Electron cannot run on this machine
// or in CI, so mocking its two preload objects (contextBridge, ipcRenderer) is the only way to
// run the preload's own code. What the page gets is whatever it hands to exposeInMainWorld.
// test/e2e/preload-bundle.e2e.ts checks the built bundle the same way.
const electron = vi.hoisted(() => {
  const exposed: { key: string; api: unknown }[] = []
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const ipcRenderer = {
    invoke: vi.fn((..._args: unknown[]) => Promise.resolve({ ok: true, data: 'reply' })),
    on: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)!.add(listener)
    }),
    removeListener: vi.fn((channel: string, listener: (...args: unknown[]) => void) => {
      listeners.get(channel)?.delete(listener)
    }),
    send: vi.fn(),
    sendSync: vi.fn(),
    postMessage: vi.fn()
  }
  const contextBridge = {
    exposeInMainWorld: vi.fn((key: string, api: unknown) => void exposed.push({ key, api }))
  }
  return { exposed, listeners, ipcRenderer, contextBridge }
})
vi.mock('electron', () => ({ contextBridge: electron.contextBridge, ipcRenderer: electron.ipcRenderer }))

type Bridge = Record<string, (...args: unknown[]) => unknown>
let bridge: Bridge

beforeAll(async () => {
  await import('../../../electron/preload/index')
  bridge = electron.exposed[0]!.api as Bridge
})

describe('the preload exposes only the typed bridge', () => {
  it('exposes one object, window.talentDesk, and nothing else', () => {
    expect(electron.exposed.map((entry) => entry.key)).toEqual(['talentDesk'])
  })

  it('has exactly one function per contract channel, plus `on`', () => {
    expect(Object.keys(bridge).sort()).toEqual([...channelNames, 'on'].sort())
    for (const [key, value] of Object.entries(bridge)) expect(typeof value, key).toBe('function')
  })

  it('hands out neither ipcRenderer nor any of its methods', () => {
    const raw = new Set<unknown>([electron.ipcRenderer, ...Object.values(electron.ipcRenderer)])
    for (const [key, value] of Object.entries(bridge)) expect(raw.has(value), key).toBe(false)
    expect(JSON.stringify(Object.keys(bridge))).not.toMatch(/ipcRenderer|invoke|sendSync|"send"|postMessage/)
  })

  it.each(channelNames)('%s invokes its own namespaced channel with the input only', async (name) => {
    electron.ipcRenderer.invoke.mockClear()
    // Extra arguments (a channel name, say) go nowhere: the page cannot pick the IPC channel.
    await expect(bridge[name]!({ a: 1 }, 'talent-desk:call:deleteEverything', 'more')).resolves.toEqual({
      ok: true,
      data: 'reply'
    })
    expect(electron.ipcRenderer.invoke.mock.calls).toEqual([[ipcChannel(name), { a: 1 }]])
  })

  it('subscribes to declared events only, and passes the payload without Electron’s event', () => {
    expect(() => bridge.on!('talent-desk:call:getAppInfo', () => {})).toThrow(/Unknown event/)
    expect(() => bridge.on!('__proto__', () => {})).toThrow(/Unknown event/)
    expect(electron.ipcRenderer.on).not.toHaveBeenCalled()

    const name = eventNames[0]!
    const received: unknown[][] = []
    const unsubscribe = bridge.on!(name, (...args: unknown[]) => received.push(args)) as () => void
    const listeners = [...(electron.listeners.get(ipcEvent(name)) ?? [])]
    expect(listeners).toHaveLength(1)
    // Electron calls listeners with its event object first; it exposes `sender` (the webContents).
    listeners[0]!({ sender: { send: () => {} }, senderId: 0 }, { exportId: 'e1' })
    expect(received).toEqual([[{ exportId: 'e1' }]])

    unsubscribe()
    expect(electron.listeners.get(ipcEvent(name))?.size).toBe(0)
  })
})
