import { describe, expect, it, vi } from 'vitest'
import type { ActivityEntry, ActivityNotice } from '../../../../shared/ipc/channels/watches'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import { createClient } from '../../lib/client'
import { heldMain } from '../../lib/held-main'
import { shouldNotify, ActivityState, type Viewing } from './activity-state.svelte'

const viewing = (over: Partial<Viewing>): Viewing => ({
  section: 'search',
  memberId: null,
  shortlistId: null,
  jobId: null,
  activityEntryId: null,
  focused: true,
  ...over
})
const notice = (over: Partial<ActivityNotice>): ActivityNotice => ({
  title: 'Ana Peña moved Acme → Globex',
  body: 'Q4 backend',
  focus: { kind: 'member', shortlistId: 's1', memberId: 7 },
  shortlistId: 's1',
  ...over
})
const none: ActivityEntry[] = []

describe('when a batch of news is notified', () => {
  it('always when the window is not focused', () => {
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 7, focused: false }), none)).toBe(true)
  })
  it('not while the person it is about is open', () => {
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 7 }), none)).toBe(false)
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 8 }), none)).toBe(true)
  })
  it('not while Activity itself is open', () => {
    expect(shouldNotify(notice({ focus: null }), viewing({ section: 'activity' }), none)).toBe(false)
  })
  it('not while the shortlist of a batch about several people is open', () => {
    const several = notice({ focus: null, shortlistId: 's1' })
    expect(shouldNotify(several, viewing({ section: 'shortlists', shortlistId: 's1' }), none)).toBe(false)
    expect(shouldNotify(several, viewing({ section: 'shortlists', shortlistId: 's2' }), none)).toBe(true)
  })
  it('not while the job it is about is open in Refresh', () => {
    const job = notice({ focus: { kind: 'refreshJob', jobId: 'j1' }, shortlistId: null })
    expect(shouldNotify(job, viewing({ section: 'refresh', jobId: 'j1' }), none)).toBe(false)
    expect(shouldNotify(job, viewing({ section: 'search' }), none)).toBe(true)
  })
})

describe('ActivityState', () => {
  const memoryMark = () => {
    let kept = 0
    return { read: () => kept, write: (id: number) => void (kept = id) }
  }
  const entry = (id: number, over: Partial<ActivityEntry> = {}): ActivityEntry => ({
    id,
    connectionId: 'c1',
    kind: 'person_changed',
    text: `Person ${id} moved Acme → Globex`,
    createdAt: '2026-11-22T10:00:00.000Z',
    readAt: null,
    shortlistId: 's1',
    watchId: 'w1',
    link: { kind: 'member', shortlistId: 's1', memberId: id },
    changes: [{ field: 'company', from: 'Acme', to: 'Globex', kind: 'changed' }],
    people: [],
    ...over
  })
  const unread = (total: number) => ({
    total,
    byKind: { person_changed: total, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
  })

  function fakeMain(stored: ActivityEntry[]) {
    const listeners = new Map<string, (payload: unknown) => void>()
    const asked: unknown[] = []
    const ok = <T>(data: T) => Promise.resolve({ ok: true as const, data })
    const bridge = {
      listActivity: (input: { kind?: string }) => {
        asked.push(input)
        const entries = stored.filter((e) => input.kind === undefined || e.kind === input.kind)
        return ok({ entries, unread: unread(stored.filter((e) => e.readAt === null).length), more: false })
      },
      markActivityRead: ({ ids }: { ids: number[] }) => {
        for (const e of stored) if (ids.includes(e.id)) e.readAt = '2026-11-22T11:00:00.000Z'
        return ok(unread(stored.filter((e) => e.readAt === null).length))
      },
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    return { client: createClient(bridge), listeners, asked }
  }

  it('adds the news an event brings to the top, with the unread count from main, without asking again', async () => {
    const main = fakeMain([entry(1)])
    const activity = new ActivityState(main.client, { told: memoryMark() })
    await activity.load()
    expect(main.asked).toHaveLength(1)
    main.listeners.get('activityChanged')!({
      connectionId: 'c1',
      added: [entry(2), entry(3)],
      unread: unread(3),
      notice: null
    })
    expect(activity.unread.total).toBe(3)
    expect(activity.entries.state === 'ready' && activity.entries.value.map((e) => e.id)).toEqual([3, 2, 1])
    expect(main.asked).toHaveLength(1)
  })

  it('keeps news of another kind out of a filtered list, and opening an entry marks it read', async () => {
    const main = fakeMain([
      entry(1),
      entry(2, { kind: 'new_people', link: { kind: 'savedSearch', savedSearchId: 'x' } })
    ])
    const activity = new ActivityState(main.client, { told: memoryMark() })
    const opened: unknown[] = []
    activity.onOpen = (link) => opened.push(link)
    await activity.filter({ kind: 'new_people' })
    expect(activity.entries.state === 'ready' && activity.entries.value.map((e) => e.id)).toEqual([2])
    main.listeners.get('activityChanged')!({ connectionId: 'c1', added: [entry(3)], unread: unread(3), notice: null })
    expect(activity.entries.state === 'ready' && activity.entries.value.map((e) => e.id)).toEqual([2])
    const second = activity.entries.state === 'ready' ? activity.entries.value[0]! : null
    await activity.open(second!)
    expect(opened).toEqual([{ kind: 'savedSearch', savedSearchId: 'x' }])
    expect(activity.unread.total).toBe(1)
  })
})

describe('ActivityState filtered twice', () => {
  it('shows the filter chosen last, and drops a further page of the list it replaced', async () => {
    const main = heldMain(['listActivity'])
    const activity = new ActivityState(main.client, { told: { read: () => 0, write: () => undefined } })
    const entry = (id: number, kind: ActivityEntry['kind']): ActivityEntry => ({
      id,
      connectionId: 'c1',
      kind,
      text: `Entry ${id}`,
      createdAt: '2026-11-22T10:00:00.000Z',
      readAt: null,
      shortlistId: null,
      watchId: 'w1',
      link: { kind: 'savedSearch', savedSearchId: 'x' },
      changes: [],
      people: []
    })
    const reply = (entries: ActivityEntry[], more = false) => ({
      entries,
      unread: {
        total: entries.length,
        byKind: { person_changed: 0, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
      },
      more
    })
    const ids = () => (activity.entries.state === 'ready' ? activity.entries.value.map((one) => one.id) : [])
    const asked = (count: number) => vi.waitFor(() => expect(main.waiting('listActivity')).toBe(count))
    const first = activity.load()
    await asked(1)
    main.answer('listActivity', reply([entry(5, 'person_changed'), entry(4, 'new_people')], true))
    await first
    const more = activity.loadMore()
    const changed = activity.filter({ kind: 'person_changed' })
    const newPeople = activity.filter({ kind: 'new_people' })
    await asked(3)
    main.answerNewest('listActivity', reply([entry(4, 'new_people'), entry(2, 'new_people')])) // chosen last
    await newPeople
    main.answer('listActivity', reply([entry(3, 'person_changed')])) // the list before's further page
    await more
    main.answer('listActivity', reply([entry(5, 'person_changed'), entry(3, 'person_changed')])) // chosen first
    await changed
    expect(ids()).toEqual([4, 2])
  })
})

describe('ActivityState while its list is being read', () => {
  it('reads the list again when news comes before the first answer', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const answers: Array<() => void> = []
    let stored = [1]
    let asked = 0
    const bridge = {
      listActivity: () =>
        new Promise((resolve) => {
          asked += 1
          const entries = stored.map((id) => ({
            id,
            connectionId: 'c1',
            kind: 'person_changed',
            text: `Person ${id}`,
            createdAt: '2026-11-22T10:00:00.000Z',
            readAt: null,
            shortlistId: null,
            watchId: null,
            link: { kind: 'refreshJob', jobId: 'j' },
            changes: [],
            people: []
          }))
          const unread = {
            total: entries.length,
            byKind: {
              person_changed: entries.length,
              new_people: 0,
              refresh_ended: 0,
              deleting_soon: 0,
              budget: 0,
              team_shortlist: 0
            }
          }
          answers.push(() => resolve({ ok: true, data: { entries, unread, more: false } }))
        }),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const activity = new ActivityState(createClient(bridge), { told: { read: () => 0, write: () => undefined } })
    const loading = activity.load()
    // the list is asked for; news comes before the answer (which was made before it)
    stored = [2, 1]
    listeners.get('activityChanged')!({
      connectionId: 'c1',
      added: [
        {
          id: 2,
          connectionId: 'c1',
          kind: 'person_changed',
          text: 'Person 2',
          createdAt: '2026-11-22T10:00:00.000Z',
          readAt: null,
          shortlistId: null,
          watchId: null,
          link: { kind: 'refreshJob', jobId: 'j' },
          changes: [],
          people: []
        }
      ],
      unread: {
        total: 2,
        byKind: { person_changed: 2, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
      },
      notice: null
    })
    answers.shift()!()
    await vi.waitFor(() => expect(asked).toBe(2))
    answers.shift()!()
    await loading
    expect(asked).toBe(2)
    expect(activity.entries.state === 'ready' && activity.entries.value.map((e) => e.id)).toEqual([2, 1])
  })

  it('keeps the news and the unread count an event told over a read again that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const answers: Array<(ids: number[]) => void> = []
    const person = (id: number) => ({
      id,
      connectionId: 'c1',
      kind: 'person_changed',
      text: `Person ${id}`,
      createdAt: '2026-11-22T10:00:00.000Z',
      readAt: null,
      shortlistId: null,
      watchId: null,
      link: { kind: 'refreshJob', jobId: 'j' },
      changes: [],
      people: []
    })
    const unread = (total: number) => ({
      total,
      byKind: { person_changed: total, new_people: 0, refresh_ended: 0, deleting_soon: 0, budget: 0, team_shortlist: 0 }
    })
    const bridge = {
      listActivity: () =>
        new Promise((resolve) =>
          answers.push((ids) =>
            resolve({ ok: true, data: { entries: ids.map(person), unread: unread(ids.length), more: false } })
          )
        ),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const activity = new ActivityState(createClient(bridge), { told: { read: () => 0, write: () => undefined } })
    const ids = () => (activity.entries.state === 'ready' ? activity.entries.value.map((e) => e.id) : [])
    const first = activity.load()
    answers.shift()!([2, 1])
    await first
    // read again (another window marked one read); news comes before that answer, made before it
    const again = activity.load()
    listeners.get('activityChanged')!({ connectionId: 'c1', added: [person(3)], unread: unread(3), notice: null })
    expect(ids()).toEqual([3, 2, 1])
    answers.shift()!([2, 1])
    await vi.waitFor(() => expect(answers).toHaveLength(1))
    expect(ids()).toEqual([3, 2, 1])
    expect(activity.unread.total).toBe(3)
    answers.shift()!([3, 2, 1])
    await again
    expect(ids()).toEqual([3, 2, 1])
    expect(activity.unread.total).toBe(3)
  })
})
