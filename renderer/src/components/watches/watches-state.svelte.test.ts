import { describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { SavedSearch, WatchesOverview } from '../../../../shared/ipc/channels/watches'
import { createClient } from '../../lib/client'
import { WatchesState } from './watches-state.svelte'

const overview = (jobsToday: number): WatchesOverview => ({
  connectionId: 'c-1',
  watches: [],
  settings: { jobsPerDay: 4, peoplePerJob: 100, pausedAll: false, pauseOnBatteryOrMetered: false },
  today: { jobs: jobsToday, people: 0 },
  power: { onBattery: null, metered: null },
  heldBecause: null
})
const saved = (id: string, name: string): SavedSearch => ({
  id,
  connectionId: 'c-1',
  name,
  query: { kind: 'chat', text: 'Rust engineers in Berlin', currentQuery: null },
  createdAt: '2026-11-28T10:00:00.000Z',
  seenCount: 0,
  watch: null
})

/** A main whose reads wait, per channel, for the test to let them go (as the browser host's may, behind events). */
function fakeMain() {
  const listeners = new Map<string, (payload: unknown) => void>()
  const held = new Map<string, Array<(data: unknown) => void>>()
  const asked = (channel: string) => () =>
    new Promise((resolve) => {
      const queue = held.get(channel) ?? []
      queue.push((data) => resolve({ ok: true, data }))
      held.set(channel, queue)
    })
  const bridge = {
    listWatches: asked('listWatches'),
    listSavedSearches: asked('listSavedSearches'),
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    tell: (event: string, payload: unknown) => listeners.get(event)!(payload),
    answer: (channel: string, data: unknown) => held.get(channel)!.shift()!(data),
    /** Lets the newest read waiting go first. */
    answerNewest: (channel: string, data: unknown) => held.get(channel)!.pop()!(data)
  }
}

describe('WatchesState: a read asked before an event never shows over what came after it', () => {
  it('keeps the watches told by watchesChanged over a list read that answers after it', async () => {
    const main = fakeMain()
    const watches = new WatchesState(main.client)
    const read = watches.loadWatches()
    main.tell('watchesChanged', overview(2))
    main.answer('listWatches', overview(1))
    await read
    expect(watches.overview).toMatchObject({ state: 'ready', value: { today: { jobs: 2 } } })

    const again = watches.loadWatches()
    main.answer('listWatches', overview(3))
    await again
    expect(watches.overview).toMatchObject({ value: { today: { jobs: 3 } } })
  })

  it('shows the saved searches read after savedSearchesChanged, not an older read that answers last', async () => {
    const main = fakeMain()
    const watches = new WatchesState(main.client)
    const first = watches.loadSaved()
    // a search renamed while the first read was on its way: the event asks again
    main.tell('savedSearchesChanged', { connectionId: 'c-1' })
    main.answerNewest('listSavedSearches', [saved('s-1', 'Rust, Berlin (renamed)')]) // the read the event asked
    await vi.waitFor(() => expect(watches.saved).toMatchObject({ value: [{ name: 'Rust, Berlin (renamed)' }] }))
    main.answer('listSavedSearches', [saved('s-1', 'Rust, Berlin')]) // the first, older read, last
    await first
    expect(watches.saved).toMatchObject({ state: 'ready', value: [{ name: 'Rust, Berlin (renamed)' }] })
  })
})
