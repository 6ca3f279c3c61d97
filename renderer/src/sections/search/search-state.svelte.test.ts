import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Client } from '../../lib/client'
import { SearchState } from './search-state.svelte'

const result = (key: string) => ({
  key,
  profile: { first_name: key, cur_company: 'Acme' },
  issues: [],
  shortlistedIn: [{ id: 'sl-1', name: 'Backend' }]
})

describe('SearchState and peopleForgotten', () => {
  it('drops the shortlists of people forgotten while the search ran from the rows it answers after that', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const answers: Array<(data: unknown) => void> = []
    const client = {
      searchProfiles: () => new Promise((resolve) => answers.push((data) => resolve({ ok: true, data }))),
      listRecentSearches: () => new Promise(() => undefined),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as Client
    const search = new SearchState(client)
    search.form = { ...search.form, name: 'Ana' }
    const running = search.search()
    // Ana is forgotten (Settings → Personal data) while the search runs; its answer was made before
    listeners.get('peopleForgotten')!({ keys: ['ana'] })
    answers.shift()!({ results: [result('ana'), result('ben')] })
    await running
    expect(search.rows.map((row) => [row.key, row.shortlistedIn.length])).toEqual([
      ['ana', 0],
      ['ben', 1]
    ])

    // a search asked after the forgetting is shown as answered
    const again = search.search()
    answers.shift()!({ results: [result('ben')] })
    await again
    expect(search.rows.map((row) => row.shortlistedIn.length)).toEqual([1])
  })

  it('shows the recent searches read after peopleForgotten, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(names: string[]) => void> = []
    const client = {
      listRecentSearches: () =>
        new Promise((resolve) =>
          reads.push((names) => resolve({ ok: true, data: names.map((name, id) => ({ id, request: { name } })) }))
        ),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as Client
    const search = new SearchState(client)
    const names = () =>
      search.recent.state === 'ready' ? search.recent.value.map((recent) => recent.request.name) : []
    const shown = search.loadRecent()
    reads.shift()!(['Ana Lima'])
    await shown
    const older = search.loadRecent()
    listeners.get('peopleForgotten')!({ keys: ['ana'] })
    reads.pop()!(['[forgotten]']) // the read the forgetting asked
    await vi.waitFor(() => expect(names()).toEqual(['[forgotten]']))
    reads.shift()!(['Ana Lima']) // the older read, last
    await older
    expect(names()).toEqual(['[forgotten]'])
  })
})

describe('SearchState when results come', () => {
  const searching = () => {
    const answers: Array<(data: unknown) => void> = []
    const client = {
      searchProfiles: () => new Promise((resolve) => answers.push((data) => resolve({ ok: true, data }))),
      listRecentSearches: () => new Promise(() => undefined),
      on: () => () => undefined
    } as unknown as Client
    const search = new SearchState(client)
    search.form = { ...search.form, name: 'Ana' }
    return { search, answer: (keys: string[]) => answers.shift()!({ results: keys.map(result) }) }
  }
  /** The reply's promises run; no timer does (the clock is held). */
  const repliesRun = async () => {
    for (let turn = 0; turn < 50; turn += 1) await Promise.resolve()
  }

  // the clock is held: the rows come with the reply's promises, the profile with a timer
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows the rows first and opens the first profile after them, in a task of its own', async () => {
    const { search, answer } = searching()
    const running = search.search()
    answer(['ana', 'ben'])
    await repliesRun()
    expect(search.rows.map((row) => row.key)).toEqual(['ana', 'ben'])
    expect(search.open).toBeNull()
    expect(search.opening).toBe(true) // its column is kept meanwhile
    await vi.runAllTimersAsync()
    await running
    expect(search.open?.key).toBe('ana')
    expect(search.opening).toBe(false)
  })

  it('leaves the profile closed when the recruiter closed it, or opened another, before it opened', async () => {
    const { search, answer } = searching()
    const first = search.search()
    answer(['ana', 'ben'])
    await repliesRun()
    search.closeDetail() // Escape as the rows came
    expect(search.opening).toBe(false)
    await vi.runAllTimersAsync()
    await first
    expect(search.open).toBeNull()

    const second = search.search()
    answer(['carla', 'dan'])
    await repliesRun()
    expect(search.rows[0]?.key).toBe('carla')
    search.openAt(1)
    await vi.runAllTimersAsync()
    await second
    expect(search.open?.key).toBe('dan')

    // searched again before the first profile opened, and nobody found: no column waits for one
    const third = search.search()
    answer(['erin'])
    await repliesRun()
    const fourth = search.search()
    answer([])
    await vi.runAllTimersAsync()
    await Promise.all([third, fourth])
    expect(search.opening).toBe(false)
    expect(search.open).toBeNull()
  })
})
