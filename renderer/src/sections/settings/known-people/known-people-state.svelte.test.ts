import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { KnownList, KnownPreview } from '../../../../../shared/ipc/channels/known-people'
import { createClient } from '../../../lib/client'
import { heldMain } from '../../../lib/held-main'
import { KnownPeopleState } from './known-people-state.svelte'

// The browser reads a file as a data URL with FileReader; Node has Blob but not FileReader.
beforeAll(() => {
  if ('FileReader' in globalThis) return
  class NodeFileReader {
    result: string | null = null
    error: Error | null = null
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    readAsDataURL(blob: Blob) {
      void blob.arrayBuffer().then((bytes) => {
        this.result = `data:text/csv;base64,${btoa(String.fromCharCode(...new Uint8Array(bytes)))}`
        this.onload?.()
      })
    }
  }
  Object.assign(globalThis, { FileReader: NodeFileReader })
})

const preview: KnownPreview = {
  format: 'csv',
  source: 'greenhouse',
  headers: ['Candidate ID', 'Email'],
  mapping: ['ats_id', 'email'],
  sample: [['1', 'ana@example.com']],
  notes: []
}

/** A list imported from a Greenhouse export, shared. */
const list = (id: number, name: string): KnownList => ({
  id,
  name,
  scope: { kind: 'shared' },
  connectionName: null,
  source: 'greenhouse',
  fileName: 'gh.csv',
  people: 3,
  importedAt: '2026-11-26T10:00:00.000Z'
})

/** A main answering as the known-people channels do, keeping what was sent and imported. */
function fakeMain(answer: { people: number; notes: string[] } = { people: 3, notes: [] }) {
  const lists: KnownList[] = []
  const sent: string[] = []
  const imported: unknown[] = []
  const discarded: string[] = []
  const listeners = new Map<string, (payload: unknown) => void>()
  let reads = 0
  const ok = (data: unknown) => Promise.resolve({ ok: true, data })
  const bridge = {
    listKnownPeopleLists: () => {
      reads += 1
      return ok({ lists: [...lists] })
    },
    startKnownPeopleUpload: () => ok({ uploadId: 'u'.repeat(24) }),
    appendKnownPeopleUpload: (input: { chunk: string }) => {
      sent.push(atob(input.chunk))
      return ok({ received: input.chunk.length })
    },
    discardKnownPeopleUpload: (input: { uploadId: string }) => {
      discarded.push(input.uploadId)
      return ok({ discarded: true })
    },
    previewKnownPeople: () => ok(preview),
    importKnownPeople: (input: { name: string; scope: KnownList['scope'] }) => {
      imported.push(input)
      const list: KnownList = {
        id: lists.length + 1,
        name: input.name,
        scope: input.scope,
        connectionName: null,
        source: 'greenhouse',
        fileName: 'gh.csv',
        people: answer.people,
        importedAt: '2026-11-26T10:00:00.000Z'
      }
      lists.push(list)
      return ok({ list, replaced: false, skipped: 1, notes: answer.notes })
    },
    removeKnownPeopleList: (input: { id: number }) => {
      lists.splice(
        lists.findIndex((one) => one.id === input.id),
        1
      )
      return ok({ removed: true })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), listeners, sent, imported, discarded, reads: () => reads }
}

describe('KnownPeopleState', () => {
  it('sends a file, shows its columns as guessed, imports it under the name and scope chosen, removes it', async () => {
    const main = fakeMain()
    const state = new KnownPeopleState(main.client)
    await state.load()
    expect(state.lists).toEqual({ state: 'ready', value: [] })

    expect(await state.choose(new File(['Candidate ID,Email\n1,ana@example.com\n'], 'gh.csv'))).toBe(true)
    expect(main.sent.join('')).toBe('Candidate ID,Email\n1,ana@example.com\n')
    expect(state.draft).toMatchObject({ name: 'gh', scope: { kind: 'shared' }, mapping: ['ats_id', 'email'] })
    state.edit({ name: 'Greenhouse', scope: { kind: 'connection', connectionId: 'c-1' }, mapping: ['ignore', 'email'] })

    expect(await state.confirm()).toBe(true)
    expect(main.imported).toEqual([
      {
        uploadId: 'u'.repeat(24),
        fileName: 'gh.csv',
        name: 'Greenhouse',
        scope: { kind: 'connection', connectionId: 'c-1' },
        mapping: ['ignore', 'email']
      }
    ])
    expect(state.draft).toBeNull()
    expect(state.message?.text).toBe(
      'Imported “Greenhouse”: 3 people; 1 row left out (no email, link, nor name and company).'
    )
    const [list] = state.lists.state === 'ready' ? state.lists.value : []
    expect(list?.name).toBe('Greenhouse')

    expect(await state.remove(list!)).toBe(true)
    expect(state.lists).toEqual({ state: 'ready', value: [] })
    expect(state.message?.text).toBe('Removed “Greenhouse”.')
  })

  it('says when a list imported no one, and why (main’s note), not “Imported … 0 people”', async () => {
    const why =
      'No one was imported: none of its 1 row has an email, a profile link, a profile key, or a name with a company.'
    const main = fakeMain({ people: 0, notes: [why] })
    const state = new KnownPeopleState(main.client)
    await state.load()
    expect(await state.choose(new File(['Email\nnot an email\n'], 'gh.csv'))).toBe(true)
    expect(await state.confirm()).toBe(true)
    expect(state.message).toEqual({ tone: 'error', text: `“gh” has no one in it. ${why}` })
  })

  it('lets a chosen file go on Cancel, and reads the lists again when main says they changed', async () => {
    const main = fakeMain()
    const state = new KnownPeopleState(main.client)
    await state.load()
    await state.choose(new File(['a,b\n'], 'x.csv'))
    await state.cancel()
    expect(state.draft).toBeNull()
    expect(main.discarded).toEqual(['u'.repeat(24)])
    const before = main.reads()
    main.listeners.get('knownPeopleChanged')!({})
    main.listeners.get('peopleForgotten')!({ keys: ['p-1'] })
    expect(main.reads()).toBe(before + 2)
  })

  it('shows the lists read after knownPeopleChanged, not an older read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const reads: Array<(lists: KnownList[]) => void> = []
    const bridge = {
      listKnownPeopleLists: () =>
        new Promise((resolve) => reads.push((lists) => resolve({ ok: true, data: { lists } }))),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const names = (state: KnownPeopleState) =>
      state.lists.state === 'ready' ? state.lists.value.map((one) => one.name) : state.lists.state
    const state = new KnownPeopleState(createClient(bridge))
    const shown = state.load()
    reads.shift()!([list(1, 'Greenhouse')])
    await shown
    // a list imported (by an ATS pull, say) while a read was on its way: the event reads again
    const older = state.load()
    listeners.get('knownPeopleChanged')!({})
    reads.pop()!([list(1, 'Greenhouse'), list(2, 'Lever')])
    await vi.waitFor(() => expect(names(state)).toEqual(['Greenhouse', 'Lever']))
    reads.shift()!([list(1, 'Greenhouse')])
    await older
    expect(names(state)).toEqual(['Greenhouse', 'Lever'])
  })

  it('says a list was removed only once the lists shown leave it out, when the change’s event overtook the removal’s read', async () => {
    const main = heldMain(['listKnownPeopleLists'], { removeKnownPeopleList: { removed: true } })
    const gh = list(1, 'Greenhouse')
    const state = new KnownPeopleState(main.client)
    const shown = state.load()
    main.answer('listKnownPeopleLists', { lists: [gh] })
    await shown
    const removed = state.remove(gh)
    await vi.waitFor(() => expect(main.waiting('listKnownPeopleLists')).toBe(1))
    main.tell('knownPeopleChanged', {})
    main.answer('listKnownPeopleLists', { lists: [gh] }) // the removal's read, overtaken: not shown
    await vi.waitFor(() => expect(main.waiting('listKnownPeopleLists')).toBe(1))
    expect(state.message).toBeNull()
    main.answer('listKnownPeopleLists', { lists: [] })
    expect(await removed).toBe(true)
    expect(state.lists).toEqual({ state: 'ready', value: [] })
    expect(state.message).toEqual({ tone: 'ok', text: 'Removed “Greenhouse”.' })
  })
})
