import { describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { RegisterEntry } from '../../../../../shared/ipc/channels/export-log'
import { createClient } from '../../../lib/client'
import { heldMain } from '../../../lib/held-main'
import { RegisterState } from './register-state.svelte'

const lines: RegisterEntry[] = [
  {
    id: 2,
    at: '2026-11-26T10:00:00.000Z',
    what: 'forget',
    detail: 'person-asked',
    people: 1,
    files: [],
    colleague: 'Anna'
  },
  {
    id: 1,
    at: '2026-10-02T09:00:00.000Z',
    what: 'export',
    detail: 'Shortlist export, csv',
    people: 3,
    files: ['backend.csv'],
    colleague: null
  }
]

/** A main answering listRegister as export-log/register.ts does: filtered by kind and month. */
function fakeMain() {
  const asked: unknown[] = []
  const listeners = new Map<string, Array<(payload: unknown) => void>>()
  const bridge = {
    listRegister: (input: { what?: string; month?: string }) => {
      asked.push(input)
      const entries = lines.filter(
        (line) =>
          (input.what === undefined || line.what === input.what) &&
          (input.month === undefined || line.at.startsWith(input.month))
      )
      return Promise.resolve({ ok: true, data: { entries, total: entries.length, months: ['2026-11', '2026-10'] } })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, [...(listeners.get(name) ?? []), listener])
      return () => undefined
    }
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), asked, listeners }
}

describe('RegisterState', () => {
  it('lists every line, filters by kind and month, and reloads when a file is exported or people forgotten', async () => {
    const main = fakeMain()
    const register = new RegisterState(main.client)
    await register.load()
    expect(register.entries.state === 'ready' && register.entries.value.map((line) => line.id)).toEqual([2, 1])
    expect(register.months).toEqual(['2026-11', '2026-10'])

    await register.filter('export', '')
    expect(register.entries.state === 'ready' && register.entries.value.map((line) => line.id)).toEqual([1])
    await register.filter('', '2026-11')
    expect(register.entries.state === 'ready' && register.entries.value.map((line) => line.id)).toEqual([2])
    expect(register.total).toBe(1)
    expect(main.asked).toEqual([{}, { what: 'export' }, { month: '2026-11' }])

    for (const listener of main.listeners.get('peopleForgotten') ?? []) listener({ keys: ['k'] })
    await Promise.resolve()
    expect(main.asked.at(-1)).toEqual({ month: '2026-11' })
    expect(main.asked).toHaveLength(4)
  })

  it('shows the register read after peopleForgotten, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(entries: RegisterEntry[]) => void> = []
    const bridge = {
      listRegister: () =>
        new Promise((resolve) =>
          reads.push((entries) => resolve({ ok: true, data: { entries, total: entries.length, months: ['2026-11'] } }))
        ),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const register = new RegisterState(createClient(bridge))
    const shown = register.load()
    reads.shift()!([lines[1]!])
    await shown
    const older = register.load()
    listeners.get('peopleForgotten')!({ keys: ['p-1'] })
    reads.pop()!([...lines]) // the read the event asked
    await vi.waitFor(() => expect(register.total).toBe(2))
    reads.shift()!([lines[1]!]) // the older read, last
    await older
    expect(register.total).toBe(2)
    expect(register.entries.state === 'ready' && register.entries.value.map((line) => line.id)).toEqual([2, 1])
  })

  it('shows the filter chosen last when the one chosen before answers after it', async () => {
    const main = heldMain(['listRegister'])
    const register = new RegisterState(main.client)
    const reply = (entries: RegisterEntry[]) => ({ entries, total: entries.length, months: ['2026-11', '2026-10'] })
    const exports = register.filter('export', '')
    const all = register.filter('', '')
    main.answerNewest('listRegister', reply([...lines])) // all kinds, asked last
    await all
    main.answer('listRegister', reply([lines[1]!])) // exports only, last
    await exports
    expect(register.what).toBe('')
    expect(register.entries.state === 'ready' && register.entries.value.map((line) => line.id)).toEqual([2, 1])
    expect(register.total).toBe(2)
  })
})
