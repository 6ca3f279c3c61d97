import { afterEach, describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { BoughtPerson } from '../../../../shared/ipc/channels/contacts'
import type { EventName } from '../../../../shared/ipc/contract'
import { createClient } from '../../lib/client'
import { BoughtContactsState } from './bought-contacts-state.svelte'

afterEach(() => {
  vi.useRealTimers()
})

const person = (key: string, headline: string): BoughtPerson => ({
  key,
  name: `Person ${key}`,
  headline,
  types: [
    {
      contactType: 'Email',
      status: 'Completed',
      fetchedAt: '2026-11-01T09:00:00.000Z',
      failure: null,
      emails: 1,
      phones: 0,
      running: null
    }
  ],
  lastAt: '2026-11-01T09:00:00.000Z'
})

describe('BoughtContactsState after a refresh job changed saved people', () => {
  it('reads the list again when someone on it changed, and only then', async () => {
    vi.useFakeTimers()
    let headline = 'Data Engineer at Juniper Row Media'
    let lists = 0
    const listeners = new Set<(payload: unknown) => void>()
    const bridge = {
      listBoughtContacts: () => {
        lists += 1
        return Promise.resolve({
          ok: true,
          data: { connectionId: 'c1', people: [person('key-1', headline)], total: 1 }
        })
      },
      on: (event: EventName, listener: (payload: unknown) => void) => {
        if (event !== 'membersChanged') return () => undefined
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    } as unknown as TalentDeskBridge
    const changed = (profileKeys: string[]) => {
      for (const listener of listeners)
        listener({ reason: 'refresh', memberIds: [7], shortlistIds: ['a'], profileKeys })
    }
    const state = new BoughtContactsState(createClient(bridge))
    const stop = state.follow()
    await state.load()
    expect(state.people[0]?.headline).toBe('Data Engineer at Juniper Row Media')

    changed(['someone-else'])
    await vi.runAllTimersAsync()
    expect(lists).toBe(1)

    headline = 'Data Engineer at Brightline Data'
    changed(['key-1'])
    await vi.runAllTimersAsync()
    expect(lists).toBe(2)
    expect(state.people[0]?.headline).toBe('Data Engineer at Brightline Data')

    stop()
    changed(['key-1'])
    await vi.runAllTimersAsync()
    expect(lists).toBe(2)
  })
})

describe('BoughtContactsState after people were forgotten', () => {
  it('closes the open person forgotten and reads the list again without them', async () => {
    let people = [person('key-1', 'a'), person('key-2', 'b')]
    let forgotten: ((payload: unknown) => void) | null = null
    const bridge = {
      listBoughtContacts: () =>
        Promise.resolve({ ok: true, data: { connectionId: 'c1', people, total: people.length } }),
      contactsFor: () => Promise.resolve({ ok: true, data: [] }),
      on: (event: EventName, listener: (payload: unknown) => void) => {
        if (event === 'peopleForgotten') forgotten = listener
        return () => undefined
      }
    } as unknown as TalentDeskBridge
    const state = new BoughtContactsState(createClient(bridge))
    state.follow()
    await state.load()
    state.openAt(0)
    expect(state.openKey).toBe('key-1')

    people = [person('key-2', 'b')]
    forgotten!({ keys: ['key-1'] })
    expect(state.openKey).toBeNull()
    await vi.waitFor(() => expect(state.people.map((p) => p.key)).toEqual(['key-2']))
  })
})

describe('BoughtContactsState while a purchase runs', () => {
  it('keeps the statuses contactsProgress told over a list read before them that answers after', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(status: string) => void> = []
    const buying = (status: string): BoughtPerson => ({
      ...person('key-1', 'Data Engineer'),
      types: [
        {
          contactType: 'Email',
          status,
          fetchedAt: null,
          failure: null,
          emails: 0,
          phones: 0,
          running: { purchaseId: 'p-1', requestId: 'r-1' }
        }
      ]
    })
    const bridge = {
      listBoughtContacts: () =>
        new Promise((resolve) =>
          reads.push((status) =>
            resolve({ ok: true, data: { connectionId: 'c1', people: [buying(status)], total: 1 } })
          )
        ),
      on: (event: EventName, listener: (payload: unknown) => void) => {
        listeners.set(event, listener)
        return () => listeners.delete(event)
      }
    } as unknown as TalentDeskBridge
    const state = new BoughtContactsState(createClient(bridge))
    const stop = state.follow()
    const first = state.load()
    reads.shift()!('Queued')
    await first
    // read again (the filter typed); the purchase moves on while that read is on its way
    const again = state.load()
    listeners.get('contactsProgress')!({
      purchaseId: 'p-1',
      requestId: 'r-1',
      statuses: [{ key: 'key-1', status: 'InProgress' }],
      done: false
    })
    expect(state.people[0]?.types[0]?.status).toBe('InProgress')
    reads.shift()!('Queued')
    await again
    expect(state.people[0]?.types[0]?.status).toBe('InProgress')
    stop()
  })
})
