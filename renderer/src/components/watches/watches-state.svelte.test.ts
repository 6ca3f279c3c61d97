import { describe, expect, it, vi } from 'vitest'
import type { SavedSearch, WatchesOverview } from '../../../../shared/ipc/channels/watches'
import { heldMain } from '../../lib/held-main'
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

/** A main whose reads wait for the test to let them go (as the browser host's may, behind events). */
const fakeMain = () => heldMain(['listWatches', 'listSavedSearches'])

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
