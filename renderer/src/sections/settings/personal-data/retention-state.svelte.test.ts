import { describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { RetentionOverview, RetentionSettings } from '../../../../../shared/ipc/channels/retention'
import { createClient } from '../../../lib/client'
import { RetentionState } from './retention-state.svelte'

const overview = (settings: RetentionSettings, keys: string[] = []): RetentionOverview => ({
  settings,
  due: keys.map((key) => ({
    key,
    name: key,
    lastActivityAt: '2026-03-02T10:00:00.000Z',
    dueAt: '2026-03-12T10:00:00.000Z',
    rule: 'inactive',
    soon: false
  })),
  total: keys.length,
  lastPurge: null
})

/** A main answering retention's channels, counting what it was asked. */
function fakeMain() {
  const listeners = new Map<string, (payload: unknown) => void>()
  const asked: string[] = []
  let settings: RetentionSettings = { inactiveDays: null, contactDays: null }
  let people = ['p-1', 'p-2']
  const answer = (typed?: RetentionSettings) => {
    const shown = typed ?? settings
    const data = overview(shown, shown.inactiveDays === null ? [] : people)
    return Promise.resolve({ ok: true, data: typed === undefined ? data : { ...data, unsaved: true } })
  }
  const bridge = {
    getRetention: (input: { settings?: RetentionSettings }) => (
      asked.push(input.settings === undefined ? 'get' : 'preview'),
      answer(input.settings)
    ),
    setRetention: (input: { settings: RetentionSettings }) => {
      asked.push('set')
      settings = input.settings
      return answer()
    },
    keepPeople: () => (asked.push('keep'), answer()),
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    listeners,
    asked,
    forget: (key: string) => (people = people.filter((p) => p !== key))
  }
}

describe('RetentionState', () => {
  it('previews who would go under periods as typed, saving nothing, and drops an answer typed over', async () => {
    const main = fakeMain()
    const retention = new RetentionState(main.client)
    await retention.load()
    const first = retention.preview({ inactiveDays: 30, contactDays: null })
    const second = retention.preview({ inactiveDays: 10, contactDays: null })
    await Promise.all([first, second])
    expect(main.asked).toEqual(['get', 'preview', 'preview'])
    const shown = retention.overview.state === 'ready' ? retention.overview.value : null
    expect(shown).toMatchObject({ unsaved: true, settings: { inactiveDays: 10 }, total: 2 })
    expect(retention.message).toBeNull()
    // nothing was saved
    await retention.load()
    expect(retention.overview.state === 'ready' && retention.overview.value.total).toBe(0)
  })

  it('is off, previews once a period is saved, says so, and reads again when people are forgotten', async () => {
    const main = fakeMain()
    const retention = new RetentionState(main.client)
    await retention.load()
    expect(retention.overview.state === 'ready' && retention.overview.value.total).toBe(0)
    await retention.save({ inactiveDays: 10, contactDays: null })
    expect(retention.overview.state === 'ready' && retention.overview.value.due.map((p) => p.key)).toEqual([
      'p-1',
      'p-2'
    ])
    expect(retention.message).toEqual({ tone: 'ok', text: 'Saved.' })
    await retention.keep(['p-1'], 'p-1')
    expect(retention.message?.text).toBe('Kept p-1: their period starts again today.')
    main.forget('p-2')
    main.listeners.get('peopleForgotten')!({ keys: ['p-2'] })
    await expect.poll(() => retention.overview.state === 'ready' && retention.overview.value.total).toBe(1)
    expect(main.asked).toEqual(['get', 'set', 'keep', 'get'])
    await retention.save({ inactiveDays: null, contactDays: null })
    expect(retention.message?.text).toBe('Retention is off: no one is deleted.')
  })

  it('shows the overview read after peopleForgotten, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(keys: string[]) => void> = []
    const settings = { inactiveDays: 365, contactDays: null }
    const bridge = {
      getRetention: () =>
        new Promise((resolve) => reads.push((keys) => resolve({ ok: true, data: overview(settings, keys) }))),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const retention = new RetentionState(createClient(bridge))
    const due = () => (retention.overview.state === 'ready' ? retention.overview.value.due.map((one) => one.key) : [])
    const shown = retention.load()
    reads.shift()!(['p-1', 'p-2'])
    await shown
    const older = retention.load()
    listeners.get('peopleForgotten')!({ keys: ['p-1'] })
    reads.pop()!(['p-2']) // the read the forgetting asked
    await vi.waitFor(() => expect(due()).toEqual(['p-2']))
    reads.shift()!(['p-1', 'p-2']) // the older read, last
    await older
    expect(due()).toEqual(['p-2'])
  })
})
