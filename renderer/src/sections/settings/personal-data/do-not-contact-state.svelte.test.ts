import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { DoNotContactEntry } from '../../../../../shared/ipc/channels/do-not-contact'
import { createClient } from '../../../lib/client'
import { DoNotContactState } from './do-not-contact-state.svelte'

const entry = (id: number, value: string): DoNotContactEntry => ({
  id,
  kind: 'email',
  value,
  note: '',
  addedAt: '2026-11-26T10:00:00.000Z'
})

/** A main holding a list, answering as the do-not-contact channels do. */
function fakeMain() {
  const stored: DoNotContactEntry[] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  let lists = 0
  const bridge = {
    listDoNotContact: () => {
      lists += 1
      return Promise.resolve({ ok: true, data: { entries: [...stored].reverse(), forgotten: 2 } })
    },
    addDoNotContact: (input: { value: string }) => {
      if (!input.value.includes('@'))
        return Promise.resolve({
          ok: false,
          error: { code: 'invalid_input', message: 'This is not an email address.' }
        })
      const made = entry(stored.length + 1, input.value)
      stored.push(made)
      return Promise.resolve({ ok: true, data: { entry: made, added: true } })
    },
    importDoNotContact: () =>
      Promise.resolve({
        ok: true,
        data: { added: 2, alreadyListed: 1, skipped: [{ line: 1, text: 'Name,Email' }], skippedCount: 1 }
      }),
    removeDoNotContact: (input: { id: number }) => {
      stored.splice(
        stored.findIndex((one) => one.id === input.id),
        1
      )
      return Promise.resolve({ ok: true, data: { removed: true } })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), listeners, lists: () => lists }
}

describe('DoNotContactState', () => {
  it('loads, adds, says why a value is refused, imports and removes, reading the list again each time', async () => {
    const main = fakeMain()
    const list = new DoNotContactState(main.client)
    await list.load()
    expect(list.entries).toEqual({ state: 'ready', value: [] })
    expect(list.forgotten).toBe(2)

    expect(await list.add('email', 'ana@example.com', '')).toBe(true)
    expect(list.entries.state === 'ready' && list.entries.value.map((one) => one.value)).toEqual(['ana@example.com'])
    expect(list.message).toEqual({ tone: 'ok', text: 'Added ana@example.com.' })

    expect(await list.add('email', 'not an email', '')).toBe(false)
    expect(list.message).toMatchObject({ tone: 'error', text: 'This is not an email address.' })

    expect(await list.importText('Name,Email\nx@y.com', 'old.csv')).toBe(true)
    expect(list.message?.text).toBe(
      '2 entries added from old.csv; 1 was already listed; 1 line left out (not an email, domain, profile address or key:…; first on line 1).'
    )

    const [ana] = list.entries.state === 'ready' ? list.entries.value : []
    expect(await list.remove(ana!)).toBe(true)
    expect(list.entries).toEqual({ state: 'ready', value: [] })
  })

  it('reads the list again when main says it changed or people were forgotten', async () => {
    const main = fakeMain()
    const list = new DoNotContactState(main.client)
    await list.load()
    const before = main.lists()
    main.listeners.get('doNotContactChanged')!({})
    main.listeners.get('peopleForgotten')!({ keys: ['p-1'] })
    expect(main.lists()).toBe(before + 2)
  })
})
