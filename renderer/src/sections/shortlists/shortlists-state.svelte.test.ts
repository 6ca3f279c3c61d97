import { describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { MemberDetail, MemberSummary, Shortlist } from '../../../../shared/ipc/channels/shortlists'
import type { EventName } from '../../../../shared/ipc/contract'
import { createClient } from '../../lib/client'
import { heldMain } from '../../lib/held-main'
import { MEMBERS_PAGE, ShortlistsState } from './shortlists-state.svelte'

const at = '2026-11-01T09:00:00.000Z'
const shortlist = (id: string, name: string): Shortlist => ({
  id,
  name,
  createdAt: at,
  updatedAt: at,
  deletedAt: null,
  memberCount: 1
})
const member = (id: number, shortlistId: string, company: string, changed = false): MemberSummary => ({
  id,
  shortlistId,
  profileKey: `key-${id}`,
  name: `Person ${id}`,
  title: 'Data Engineer',
  company,
  skills: '',
  notes: '',
  tags: [],
  stageId: 1,
  stage: 'New',
  rating: null,
  addedAt: at,
  updatedAt: at,
  profileCapturedAt: at,
  profileSource: changed ? 'refreshed' : 'saved',
  dataAsOf: { at, basis: changed ? 'refreshed' : 'saved' },
  refreshChanges: changed ? [{ field: 'company', from: 'Juniper Row Media', to: company, kind: 'changed' }] : []
})
const detailOf = (row: MemberSummary): MemberDetail => ({
  ...row,
  summary: {
    name: row.name,
    title: row.title,
    company: row.company,
    location: '',
    headline: '',
    skills: [],
    positions: [],
    urls: []
  },
  profile: { key: row.profileKey, cur_company: row.company },
  snapshots: [],
  problems: [],
  profileIssues: [],
  contacts: []
})

/**
 * A bridge over an in-memory store that main's refresh changes, with main's push events: what the
 * page sees through the real client (replies checked against the contract).
 */
function fakeMain(more = 0) {
  const rows = new Map<number, MemberSummary>([
    [1, member(1, 'a', 'Juniper Row Media')],
    [2, member(2, 'b', 'Acme')],
    ...Array.from({ length: more }, (_, i): [number, MemberSummary] => [3 + i, member(3 + i, 'a', `Company ${i}`)])
  ])
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const calls: string[] = []
  const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data })
  const bridge = {
    listShortlists: () => ok([shortlist('a', 'Backend'), shortlist('b', 'Design')]),
    listStages: () => ok([{ id: 1, name: 'New', position: 0, memberCount: 2 }]),
    listMembers: ({ shortlistId, after, limit }: { shortlistId: string; after?: { id: number }; limit?: number }) => {
      calls.push(`listMembers ${shortlistId}`)
      const all = [...rows.values()].filter((row) => row.shortlistId === shortlistId)
      const from = after === undefined ? 0 : all.findIndex((row) => row.id === after.id) + 1
      return ok(all.slice(from, limit === undefined ? undefined : from + limit))
    },
    getMember: ({ memberId }: { memberId: number }) => {
      calls.push(`getMember ${memberId}`)
      return ok(detailOf(rows.get(memberId)!))
    },
    updateMember: ({ memberId, patch }: { memberId: number; patch: { rating?: number } }) => {
      const row = { ...rows.get(memberId)!, rating: patch.rating ?? null }
      rows.set(memberId, row)
      return ok(detailOf(row))
    },
    searchSaved: () => ok([]),
    on: (event: EventName, listener: (payload: unknown) => void) => {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
      return () => set.delete(listener)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    calls,
    /** A refresh job found a new employer for these members. */
    refresh(ids: number[], company: string) {
      for (const id of ids) rows.set(id, member(id, rows.get(id)!.shortlistId, company, true))
      const changed = ids.map((id) => rows.get(id)!)
      for (const listener of listeners.get('membersChanged') ?? [])
        listener({
          reason: 'refresh',
          memberIds: ids,
          shortlistIds: [...new Set(changed.map((row) => row.shortlistId))],
          profileKeys: changed.map((row) => row.profileKey)
        })
    },
    /** People were forgotten: their rows go from every shortlist, and main says so. */
    forget(keys: string[]) {
      for (const [id, row] of rows) if (keys.includes(row.profileKey)) rows.delete(id)
      for (const listener of listeners.get('peopleForgotten') ?? []) listener({ keys })
    }
  }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('ShortlistsState reading a large shortlist', () => {
  it('reads its people a page at a time, every one in order', async () => {
    const main = fakeMain(MEMBERS_PAGE * 2 + 499)
    const state = new ShortlistsState(main.client)
    await state.load()
    await settled()
    expect(main.calls.filter((call) => call === 'listMembers a')).toHaveLength(3)
    const ids = state.members.state === 'ready' ? state.members.value.map((row) => row.id) : []
    expect(ids).toHaveLength(MEMBERS_PAGE * 2 + 500)
    expect(ids.slice(0, 3)).toEqual([1, 3, 4])
    expect(ids.at(-1)).toBe(MEMBERS_PAGE * 2 + 501)
  })
})

describe('ShortlistsState after a refresh job changed saved people', () => {
  it('shows the new employer and its marker in the rows and the open person, with no reload and no flash', async () => {
    const main = fakeMain()
    const state = new ShortlistsState(main.client)
    await state.load()
    await state.open(1)
    await state.update({ rating: 4 })
    const saveBefore = state.save
    expect(saveBefore.state).toBe('saved')
    expect(state.members.state === 'ready' && state.members.value[0]?.company).toBe('Juniper Row Media')

    main.refresh([1], 'Brightline Data')
    // while the rows are read again the old ones stay (the list keeps its place, no "Loading…")
    expect(state.members.state).toBe('ready')
    await settled()

    expect(state.members.state === 'ready' && state.members.value[0]).toMatchObject({
      company: 'Brightline Data',
      refreshChanges: [{ field: 'company', from: 'Juniper Row Media', to: 'Brightline Data' }]
    })
    expect(state.detail.state === 'ready' && state.detail.value.company).toBe('Brightline Data')
    // what the editor said about the last save is untouched
    expect(state.save).toBe(saveBefore)
  })

  it('leaves alone what does not show the changed people', async () => {
    const main = fakeMain()
    const state = new ShortlistsState(main.client)
    await state.load()
    main.calls.length = 0
    main.refresh([2], 'Globex')
    await settled()
    expect(main.calls).toEqual([])
  })
})

describe('ShortlistsState after people were forgotten', () => {
  it('drops their rows, ticks and open person at once, then reads the rest again quietly', async () => {
    const main = fakeMain(1)
    const state = new ShortlistsState(main.client)
    await state.load()
    await state.open(1)
    state.togglePicked(1)
    state.togglePicked(3)

    main.forget(['key-1'])
    // at once, before anything is read again: no row, tick or open pane of theirs, and no "Loading…"
    expect(state.members.state === 'ready' && state.members.value.map((row) => row.id)).toEqual([3])
    expect(state.picked).toEqual([3])
    expect(state.openMemberId).toBeNull()
    expect(state.detail.state).toBe('idle')
    await settled()
    expect(state.members.state === 'ready' && state.members.value.map((row) => row.id)).toEqual([3])
  })
})

describe('ShortlistsState and shortlistsChanged', () => {
  it('shows the lists read after the event, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(lists: Shortlist[]) => void> = []
    const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data })
    const bridge = {
      listShortlists: () => new Promise((resolve) => reads.push((lists) => resolve({ ok: true, data: lists }))),
      listStages: () => ok([{ id: 1, name: 'New', position: 0, memberCount: 0 }]),
      listMembers: () => ok([]),
      on: (event: EventName, listener: (payload: unknown) => void) => {
        listeners.set(event, listener)
        return () => listeners.delete(event)
      }
    } as unknown as TalentDeskBridge
    const state = new ShortlistsState(createClient(bridge))
    const names = () => (state.lists.state === 'ready' ? state.lists.value.map((list) => list.name) : state.lists.state)
    const loading = state.load()
    reads.shift()!([shortlist('a', 'Backend')])
    await loading
    // read again (after a restore); a colleague renames the shared list while that read is on its way
    const older = state.reloadAll()
    listeners.get('shortlistsChanged')!({ reason: 'team', shortlistIds: ['a'] })
    reads.pop()!([shortlist('a', 'Backend hires')]) // the read the event asked
    await vi.waitFor(() => expect(names()).toEqual(['Backend hires']))
    reads.shift()!([shortlist('a', 'Backend')]) // the older read, last
    await older
    expect(names()).toEqual(['Backend hires'])
  })

  it('selects from the lists shown: an older read that answers last does not choose, and a list no longer shared is left', async () => {
    const main = heldMain(['listShortlists'], {
      listStages: [{ id: 1, name: 'New', position: 0, memberCount: 0 }],
      listMembers: []
    })
    const state = new ShortlistsState(main.client)
    // the screen opens; a colleague shares "Shared hires" (and the old "Backend" goes) while its read is out
    const opening = state.load()
    main.tell('shortlistsChanged', { reason: 'team', shortlistIds: ['b'] })
    main.answerNewest('listShortlists', [shortlist('b', 'Shared hires'), shortlist('c', 'Frontend')]) // the event's read
    await vi.waitFor(() => expect(state.lists.state).toBe('ready'))
    main.answer('listShortlists', [shortlist('a', 'Backend')]) // the screen's own read, last
    await opening
    expect(state.selected?.name).toBe('Shared hires')
    // the colleague stops sharing the list selected here: the first one listed is selected instead
    main.tell('shortlistsChanged', { reason: 'team', shortlistIds: ['b'] })
    main.answer('listShortlists', [shortlist('c', 'Frontend')])
    await vi.waitFor(() => expect(state.selected?.name).toBe('Frontend'))
    await vi.waitFor(() => expect(state.members.state).toBe('ready'))
  })
})
