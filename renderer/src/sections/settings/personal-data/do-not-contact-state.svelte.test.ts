import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type {
  DoNotContactEntry,
  DoNotContactImport,
  TeamDoNotContactLine
} from '../../../../../shared/ipc/channels/do-not-contact'
import { createClient } from '../../../lib/client'
import { heldMain } from '../../../lib/held-main'
import { DoNotContactState } from './do-not-contact-state.svelte'

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
  const pieces: string[] = []
  const files: DoNotContactImport[] = []
  const team: TeamDoNotContactLine[] = []
  let lists = 0
  let teamLists = 0
  const bridge = {
    listDoNotContactImports: () => Promise.resolve({ ok: true, data: { imports: [...files] } }),
    removeDoNotContactImport: (input: { id: number }) => {
      const at = files.findIndex((file) => file.id === input.id)
      const removed = at < 0 ? [] : files.splice(at, 1)
      return Promise.resolve({ ok: true, data: { removed: removed.length > 0, entries: removed[0]?.added ?? 0 } })
    },
    listTeamDoNotContact: (input: { offset: number; limit: number }) => {
      teamLists += 1
      return Promise.resolve({
        ok: true,
        data: {
          lines: team.slice(input.offset, input.offset + input.limit),
          offset: input.offset,
          total: team.length,
          entries: team.reduce((sum, line) => sum + (line.line === 'import' ? line.entries : 1), 0)
        }
      })
    },
    listDoNotContact: (input: { offset: number; limit: number }) => {
      lists += 1
      const newestFirst = [...stored].reverse()
      return Promise.resolve({
        ok: true,
        data: {
          entries: newestFirst.slice(input.offset, input.offset + input.limit),
          offset: input.offset,
          total: stored.length,
          forgotten: 2
        }
      })
    },
    startDoNotContactUpload: () => Promise.resolve({ ok: true, data: { uploadId: 'u'.repeat(24) } }),
    appendDoNotContactUpload: (input: { chunk: string }) => {
      pieces.push(input.chunk)
      return Promise.resolve({ ok: true, data: { received: input.chunk.length } })
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
    importDoNotContact: (input: { uploadId: string; fileName: string }) =>
      Promise.resolve({
        ok: true,
        data: {
          added: 2,
          alreadyListed: 1,
          skipped: [{ line: 1, text: 'Name,Email' }],
          skippedCount: 1,
          total: stored.length + 2,
          input
        }
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
  return {
    client: createClient(bridge),
    listeners,
    lists: () => lists,
    teamLists: () => teamLists,
    stored,
    pieces,
    files,
    team
  }
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

    expect(await list.importFile(new File(['Name,Email\nx@y.com'], 'old.csv'))).toBe(true)
    expect(main.pieces.map((piece) => atob(piece)).join('')).toBe('Name,Email\nx@y.com')
    expect(list.message?.text).toBe(
      '2 entries added from old.csv; 1 was already listed; 1 line left out (not an email, domain, profile address or key:…; first on line 1). The list holds 3 entries.'
    )

    const [ana] = list.entries.state === 'ready' ? list.entries.value : []
    expect(await list.remove(ana!)).toBe(true)
    expect(list.entries).toEqual({ state: 'ready', value: [] })
  })

  it('shows a page at a time with the count of the whole list; a page emptied by removals falls back to the last', async () => {
    const main = fakeMain()
    for (let id = 1; id <= 250; id += 1) main.stored.push(entry(id, `p${id}@example.com`))
    const list = new DoNotContactState(main.client)
    await list.load()
    const values = () => (list.entries.state === 'ready' ? list.entries.value.map((one) => one.value) : [])
    expect(list.total).toBe(250)
    expect(values()).toHaveLength(100)
    expect(values()[0]).toBe('p250@example.com')
    expect([list.hasNewer, list.hasOlder]).toEqual([false, true])
    await list.older()
    await list.older()
    expect(list.offset).toBe(200)
    expect(values()).toEqual(Array.from({ length: 50 }, (_, index) => `p${50 - index}@example.com`))
    expect([list.hasNewer, list.hasOlder]).toEqual([true, false])
    main.stored.splice(0, 60)
    await list.load()
    expect(list.offset).toBe(100)
    expect(values()).toHaveLength(90)
    await list.newer()
    expect(list.offset).toBe(0)
  })

  it('says a domain is too long in its words before asking main', async () => {
    const list = new DoNotContactState(fakeMain().client)
    expect(
      await list.add('domain', `${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(70)}.com`, '')
    ).toBe(false)
    expect(list.message).toEqual({ tone: 'error', text: 'A domain has at most 253 characters; this one has 257.' })
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

  it('lists the files imported and removes one whole, saying how many entries left', async () => {
    const main = fakeMain()
    main.stored.push(entry(1, 'a@example.com'))
    main.files.push({ id: 4, added: 45_000, note: 'Imported from crm.csv', addedAt: '2026-11-28T09:00:00.000Z' })
    const list = new DoNotContactState(main.client)
    await list.load()
    expect(list.imports.map((file) => file.id)).toEqual([4])
    expect(await list.removeImport(list.imports[0]!)).toBe(true)
    expect(list.message).toEqual({ tone: 'ok', text: 'Removed Imported from crm.csv: 45,000 entries left the list.' })
    expect(list.imports).toEqual([])
  })

  it('shows the team’s lines when asked, a page at a time, and reads them again when the team’s changes come', async () => {
    const main = fakeMain()
    main.team.push({
      line: 'import',
      key: 'import:1',
      entries: 45_000,
      reason: 'objected',
      personName: 'Anna',
      sharedAt: '2026-11-28T09:00:00.000Z'
    })
    for (let n = 0; n < 150; n += 1) {
      main.team.push({ line: 'entry', key: `e:${n}`, kind: 'email', reason: '', personName: 'Ben', sharedAt: null })
    }
    const list = new DoNotContactState(main.client)
    expect(list.whose).toBe('mine')
    expect(main.teamLists()).toBe(0)
    await list.show('team')
    expect(list.whose).toBe('team')
    expect(list.teamEntries).toBe(45_150)
    expect(list.teamTotal).toBe(151)
    expect(list.team.state === 'ready' && list.team.value).toHaveLength(100)
    expect([list.teamHasNewer, list.teamHasOlder]).toEqual([false, true])
    await list.olderTeam()
    expect(list.teamOffset).toBe(100)
    expect(list.team.state === 'ready' && list.team.value).toHaveLength(51)
    const before = main.teamLists()
    main.listeners.get('teamChanged')!({ state: 'none' })
    expect(main.teamLists()).toBe(before + 1)
    await list.show('mine')
    expect(list.entries.state).toBe('ready')
  })

  it('says why the team’s lines could not be read, and reads them when asked again', async () => {
    const main = fakeMain()
    const list = new DoNotContactState(main.client)
    const answer = (main.client as unknown as Record<string, unknown>).listTeamDoNotContact
    let fail = true
    Object.assign(main.client, {
      listTeamDoNotContact: (input: { offset: number; limit: number }) =>
        fail
          ? Promise.resolve({ ok: false, error: { code: 'server_error', message: 'The data file could not be read.' } })
          : (answer as (input: unknown) => Promise<unknown>)(input)
    })
    await list.show('team')
    expect(list.team).toEqual({
      state: 'error',
      error: { code: 'server_error', message: 'The data file could not be read.' }
    })
    fail = false
    await list.loadTeam()
    expect(list.team).toEqual({ state: 'ready', value: [] })
  })

  it('shows the read a change asked, not an older read that answers after it (own list and team’s)', async () => {
    const main = heldMain(['listDoNotContact', 'listTeamDoNotContact'], { listDoNotContactImports: { imports: [] } })
    /** The newest read waiting answers first (`newest`), or the oldest. */
    const answer = (channel: string, data: unknown, newest = false) =>
      newest ? main.answerNewest(channel, data) : main.answer(channel, data)
    const page = (...values: string[]) => ({
      entries: values.map((value, at) => entry(values.length - at, value)),
      offset: 0,
      total: values.length,
      forgotten: 0
    })
    const values = (list: DoNotContactState) =>
      list.entries.state === 'ready' ? list.entries.value.map((one) => one.value) : list.entries.state
    const list = new DoNotContactState(main.client)

    const shown = list.load()
    answer('listDoNotContact', page('old@example.com'))
    await shown
    // an entry added (a pull's note, a colleague) while a read was on its way
    const first = list.load()
    main.tell('doNotContactChanged', {})
    answer('listDoNotContact', page('new@example.com', 'old@example.com'), true)
    await vi.waitFor(() => expect(values(list)).toEqual(['new@example.com', 'old@example.com']))
    answer('listDoNotContact', page('old@example.com'))
    await first
    expect(values(list)).toEqual(['new@example.com', 'old@example.com'])
    expect(list.total).toBe(2)

    // the team's lines, the same way when its changes come
    const line = (key: string): TeamDoNotContactLine => ({
      line: 'entry',
      key,
      kind: 'email',
      reason: '',
      personName: 'Ben',
      sharedAt: null
    })
    const teamShown = list.show('team')
    answer('listTeamDoNotContact', { lines: [line('e:1')], offset: 0, total: 1, entries: 1 })
    await teamShown
    const team = list.loadTeam()
    main.tell('teamChanged', { state: 'none' })
    answer('listTeamDoNotContact', { lines: [line('e:2'), line('e:1')], offset: 0, total: 2, entries: 2 }, true)
    await vi.waitFor(() => expect(list.teamTotal).toBe(2))
    answer('listTeamDoNotContact', { lines: [line('e:1')], offset: 0, total: 1, entries: 1 })
    await team
    expect(list.teamTotal).toBe(2)
    expect(list.team.state === 'ready' && list.team.value.map((one) => one.key)).toEqual(['e:2', 'e:1'])
  })

  it('says what an import, an add or a removal did only once the list shows it, when the change’s event overtook its own read', async () => {
    const main = heldMain(['listDoNotContact', 'removeDoNotContact'], {
      listDoNotContactImports: { imports: [] },
      startDoNotContactUpload: { uploadId: 'u'.repeat(24) },
      appendDoNotContactUpload: { received: 1 },
      importDoNotContact: { added: 1200, alreadyListed: 0, skipped: [], skippedCount: 0, total: 1203 }
    })
    const page = (total: number) => ({
      entries: [entry(total, `listed.${total}@example.com`)],
      offset: 0,
      total,
      forgotten: 0
    })
    const list = new DoNotContactState(main.client)
    const shown = list.load()
    main.answer('listDoNotContact', page(3))
    await shown
    const imported = list.importFile(new File(['a@b.com\n'], 'crm.csv'))
    // the import's own read, then the change's event and its read, which answers first
    await vi.waitFor(() => expect(main.waiting('listDoNotContact')).toBe(1))
    main.tell('doNotContactChanged', {})
    main.answerNewest('listDoNotContact', page(1203))
    await vi.waitFor(() => expect(list.total).toBe(1203))
    expect(list.message).toBeNull()
    main.answer('listDoNotContact', page(3)) // the import's own read, overtaken: not shown
    expect(await imported).toBe(true)
    expect(list.message?.text).toBe('1,200 entries added from crm.csv. The list holds 1,203 entries.')

    const removed = list.remove(entry(1203, 'listed.1203@example.com'))
    await vi.waitFor(() => expect(main.waiting('removeDoNotContact')).toBe(1))
    main.answer('removeDoNotContact', { removed: true })
    await vi.waitFor(() => expect(main.waiting('listDoNotContact')).toBe(1))
    main.tell('doNotContactChanged', {})
    main.answer('listDoNotContact', page(1203)) // the removal's read, overtaken: not shown
    await vi.waitFor(() => expect(main.waiting('listDoNotContact')).toBe(1))
    expect(list.message).toBeNull()
    main.answer('listDoNotContact', page(1202))
    expect(await removed).toBe(true)
    expect(list.total).toBe(1202)
    expect(list.message?.text).toBe('Removed listed.1203@example.com.')
  })

  it('shows the page asked last (Older, then Newer) when the first answers after it', async () => {
    const main = heldMain(['listDoNotContact'], { listDoNotContactImports: { imports: [] } })
    const list = new DoNotContactState(main.client)
    const page = (offset: number) => ({
      entries: [entry(1000 - offset, `at-${offset}@example.com`)],
      offset,
      total: 3 * list.pageSize,
      forgotten: 0
    })
    const shown = list.load()
    main.answer('listDoNotContact', page(0))
    await shown
    const older = list.older()
    const newer = list.load(0) // Newer, pressed before Older's page came
    main.answerNewest('listDoNotContact', page(0))
    await newer
    main.answer('listDoNotContact', page(list.pageSize)) // Older's page, last
    await older
    expect(list.offset).toBe(0)
    expect(list.entries.state === 'ready' && list.entries.value.map((one) => one.value)).toEqual(['at-0@example.com'])
  })
})
