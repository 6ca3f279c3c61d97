import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Script, createContext } from 'node:vm'
import { describe, expect, it } from 'vitest'
import { channelNames, ipcChannel } from '../../shared/ipc/contract'
import { root } from './support'

// The built preload (out/preload/index.cjs, what Electron loads), run in a bare V8 context with
// a fake `electron` module: Electron cannot run on this machine or in CI, so its two preload
// objects are stand-ins that record what the bundle does with them. The context has no Node
// globals (no process, no Buffer), as little as a sandboxed preload can count on; the bundle may
// require `electron` and nothing else. test/unit/window/preload.test.ts checks the source.
const bundle = readFileSync(join(root, 'out/preload/index.cjs'), 'utf8')

function runBundle() {
  const required: string[] = []
  const exposed: { key: string; api: Record<string, unknown> }[] = []
  const invoked: unknown[][] = []
  const ipcRenderer = {
    invoke: (...args: unknown[]) => {
      invoked.push(args)
      return Promise.resolve(null)
    },
    on: () => {},
    removeListener: () => {},
    send: () => {},
    sendSync: () => {}
  }
  const electron = {
    contextBridge: {
      exposeInMainWorld: (key: string, api: Record<string, unknown>) => void exposed.push({ key, api })
    },
    ipcRenderer
  }
  const require = (name: string) => {
    required.push(name)
    if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`)
    return electron
  }
  const module = { exports: {} }
  const wrapper = new Script(`(function (exports, require, module) {${bundle}\n})`, {
    filename: 'out/preload/index.cjs'
  }).runInContext(createContext({ console })) as (e: unknown, r: unknown, m: unknown) => void
  wrapper(module.exports, require, module)
  return { required, exposed, invoked, ipcRenderer }
}

describe('the built preload bundle', () => {
  it('requires electron and nothing else', () => {
    expect(runBundle().required).toEqual(['electron'])
  })

  it('carries the channel names only: no zod, no schema (114 KB when it bundled the contract)', () => {
    expect(bundle).not.toMatch(/_zod|ZodError|safeParse/)
    expect(Buffer.byteLength(bundle)).toBeLessThan(8_000)
  })

  it('exposes only window.talentDesk: one function per channel, plus on, and no ipcRenderer', () => {
    const { exposed, ipcRenderer } = runBundle()
    expect(exposed.map((entry) => entry.key)).toEqual(['talentDesk'])
    const bridge = exposed[0]!.api
    expect(Object.keys(bridge).sort()).toEqual([...channelNames, 'on'].sort())
    const raw = new Set<unknown>([ipcRenderer, ...Object.values(ipcRenderer)])
    for (const [key, value] of Object.entries(bridge)) {
      expect(typeof value, key).toBe('function')
      expect(raw.has(value), key).toBe(false)
    }
  })

  it('sends each call to its own namespaced channel, with the input only', async () => {
    const { exposed, invoked } = runBundle()
    const bridge = exposed[0]!.api as Record<string, (...args: unknown[]) => Promise<unknown>>
    for (const name of channelNames) await bridge[name]!({ n: 1 }, 'talent-desk:call:other')
    expect(invoked).toEqual(channelNames.map((name) => [ipcChannel(name), { n: 1 }]))
  })
})
