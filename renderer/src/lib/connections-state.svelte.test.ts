import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionsOverview } from '../../../shared/ipc/channels/connections'
import type { Client } from './client'
import { ConnectionsState } from './connections-state.svelte'

function overview(state: 'starting' | 'ready'): ConnectionsOverview {
  return {
    activeId: 'sandbox',
    keychain: { available: false, backend: null, message: 'none' },
    connections: [
      {
        id: 'sandbox',
        name: 'Sandbox',
        kind: 'sandbox',
        baseUrl: 'Built in (this computer)',
        authUrl: null,
        mcpUrl: null,
        clientId: null,
        queryNames: { from: 'from', to: 'to', type: 'type', limit: 'limit' },
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-01-01T00:00:00.000Z',
        secrets: {
          apiKey: { configured: true, hint: null, updatedAt: null, storage: null },
          clientSecret: { configured: true, hint: null, updatedAt: null, storage: null }
        },
        sandbox: { state, profileCount: state === 'ready' ? 100 : null, message: null }
      }
    ]
  } as unknown as ConnectionsOverview
}

afterEach(() => {
  vi.useRealTimers()
})

describe('ConnectionsState', () => {
  it('asks again while the sandbox is starting, so a missed push cannot leave it “starting…” for good', async () => {
    vi.useFakeTimers()
    const answers = [overview('starting'), overview('starting'), overview('ready')]
    let asked = 0
    const client = {
      on: () => () => undefined,
      listConnections: async () => ({ ok: true, data: answers[Math.min(asked++, answers.length - 1)] }),
      getCredits: async () => ({ ok: false, error: { code: 'network', message: 'offline' } }),
      refreshCredits: async () => ({ ok: false, error: { code: 'network', message: 'offline' } })
    } as unknown as Client
    const state = new ConnectionsState(client)
    await state.load()
    expect(state.active?.sandbox?.state).toBe('starting')
    await vi.advanceTimersByTimeAsync(1000)
    expect(asked).toBe(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(state.active?.sandbox?.state).toBe('ready')
    // ready: no more asking
    await vi.advanceTimersByTimeAsync(5000)
    expect(asked).toBe(3)
  })
})
