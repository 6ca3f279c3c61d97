import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ConnectionsOverview } from '../../../shared/ipc/channels/connections'
import type { Client } from './client'
import { ConnectionsState } from './connections-state.svelte'
import { heldMain } from './held-main'

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

  it('keeps the list and the balance told by events over replies taken before them that answer after', async () => {
    const main = heldMain(['listConnections', 'setActiveConnection', 'getCredits', 'refreshCredits'])
    const client = main.bare
    const { answer, waiting } = main
    const named = (name: string): ConnectionsOverview => {
      const ready = overview('ready')
      return { ...ready, connections: ready.connections.map((c) => ({ ...c, name })) }
    }
    const credits = (available: number) => ({ connectionId: 'sandbox', available, used: 0, seenAt: null })
    const state = new ConnectionsState(client)

    // renamed while the first read was on its way: the event's list stays
    const read = state.load()
    main.tell('connectionsChanged', named('Sandbox (renamed)'))
    answer('listConnections', named('Sandbox'))
    await read
    expect(state.active?.name).toBe('Sandbox (renamed)')

    // a purchase told its balance while the stored one was on its way
    expect(waiting('getCredits')).toBe(1)
    main.tell('creditsChanged', credits(5))
    answer('getCredits', credits(9))
    await vi.waitFor(() => expect(waiting('refreshCredits')).toBe(1))
    expect(state.credits?.available).toBe(5)
    // the service's answer with no event meanwhile is shown
    answer('refreshCredits', credits(4))
    await vi.waitFor(() => expect(state.credits?.available).toBe(4))

    // an action's list, answered after an event, is not shown either
    const activated = state.activate('sandbox')
    main.tell('connectionsChanged', named('Sandbox (again)'))
    answer('setActiveConnection', named('Sandbox (renamed)'))
    expect(await activated).toBeNull()
    expect(state.active?.name).toBe('Sandbox (again)')
  })
})
