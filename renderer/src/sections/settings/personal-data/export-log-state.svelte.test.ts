import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { ExportLogEntry } from '../../../../../shared/ipc/channels/export-log'
import { createClient } from '../../../lib/client'
import { ExportLogState } from './export-log-state.svelte'

const entry = (id: number): ExportLogEntry => ({
  id,
  exportedAt: `2026-11-26T10:${String(id).padStart(2, '0')}:00.000Z`,
  kind: 'shortlist',
  format: 'csv',
  source: 'Platform team',
  people: id,
  files: [{ name: `export-${id}.csv`, folder: null }],
  delivery: 'download',
  connection: null
})

/** A main holding `stored` lines (newest last), answering pages newest first as listExportLog does. */
function fakeMain(stored: ExportLogEntry[]) {
  const listeners = new Map<string, (payload: unknown) => void>()
  const asked: Array<{ before?: number; limit?: number }> = []
  const bridge = {
    listExportLog: (input: { before?: number; limit: number }) => {
      asked.push(input)
      const older = [...stored].reverse().filter((line) => input.before === undefined || line.id < input.before)
      const entries = older.slice(0, input.limit)
      const more = older.length > input.limit
      return Promise.resolve({
        ok: true,
        data: { entries, total: stored.length, nextBefore: more ? entries.at(-1)!.id : null }
      })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), listeners, asked }
}

describe('ExportLogState', () => {
  it('is empty, then shows a file told by exportLogged at the top without asking again', async () => {
    const main = fakeMain([])
    const log = new ExportLogState(main.client)
    await log.load()
    expect(log.entries).toEqual({ state: 'ready', value: [] })
    main.listeners.get('exportLogged')!(entry(1))
    main.listeners.get('exportLogged')!(entry(1))
    expect(log.entries.state === 'ready' && log.entries.value.map((line) => line.id)).toEqual([1])
    expect(log.total).toBe(1)
    expect(main.asked).toHaveLength(1)
  })

  it('reads older lines a page at a time, never showing a line twice', async () => {
    const main = fakeMain(Array.from({ length: 150 }, (_, index) => entry(index + 1)))
    const log = new ExportLogState(main.client)
    await log.load()
    expect(log.more).toBe(true)
    // a file finished while the older page is asked for
    main.listeners.get('exportLogged')!(entry(151))
    await log.loadMore()
    const ids = log.entries.state === 'ready' ? log.entries.value.map((line) => line.id) : []
    expect(ids).toHaveLength(151)
    expect(new Set(ids).size).toBe(151)
    expect(ids.slice(0, 2)).toEqual([151, 150])
    expect(ids.at(-1)).toBe(1)
    expect(log.more).toBe(false)
    expect(main.asked).toEqual([{ limit: 100 }, { limit: 100, before: 51 }])
  })

  it('keeps a line told by exportLogged while the first page was on its way, answered after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const pages: Array<(entries: ExportLogEntry[]) => void> = []
    const bridge = {
      listExportLog: () =>
        new Promise((resolve) =>
          pages.push((entries) => resolve({ ok: true, data: { entries, total: entries.length, nextBefore: null } }))
        ),
      listRegister: () => new Promise(() => undefined),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const log = new ExportLogState(createClient(bridge))
    const ids = () => (log.entries.state === 'ready' ? log.entries.value.map((line) => line.id) : log.entries.state)
    const loading = log.load()
    // a backup finished while the page was read: its line came before the page (read before it)
    listeners.get('exportLogged')!(entry(3))
    pages.shift()!([entry(2), entry(1)])
    await loading
    expect(ids()).toEqual([3, 2, 1])
    expect(log.total).toBe(3)

    // a page read after the line has it already: shown once
    const again = log.load()
    pages.shift()!([entry(3), entry(2), entry(1)])
    await again
    expect(ids()).toEqual([3, 2, 1])
    expect(log.total).toBe(3)
  })
})
