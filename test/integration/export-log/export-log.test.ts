import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import type { ExportLogEntry } from '../../../shared/ipc/channels/export-log'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import {
  connect,
  importDone,
  noKeychain,
  profiles,
  ScriptedDialogs,
  tempDir,
  useMains,
  useOpened,
  type TestMain
} from '../services/helpers'

/*
 * Exports leave a trace (issue #31 item 6): over the composed main, a shortlist's CSV, a backup
 * and an imported spreadsheet matched against the Sandbox over HTTP each add a line to the export
 * log with the right kind, source, count and file name, told to the page as it is written.
 */

const opened = useOpened()
const start = useMains()

const logged = (main: TestMain) =>
  main.events.filter((event) => event.name === 'exportLogged').map((event) => event.payload as ExportLogEntry)

async function upload(main: TestMain, bytes: Buffer): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

/** Three catalog people with an email, as a recruiter's sheet names them. */
function sheet(): Buffer {
  const people = testCatalog()
    .search({}, { limit: 200, offset: 300 })
    .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
    .slice(0, 3)
  const lines = [
    'Name,Email',
    ...people.map((person) => `${person.full_name},${(person as { emails: string[] }).emails[0]}`)
  ]
  return Buffer.from(lines.join('\r\n') + '\r\n')
}

describe('the export log', () => {
  it('records a shortlist export, a backup and a matched spreadsheet export with counts, names and the connection', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock })
    opened.push(sandbox)
    const out = tempDir('td-export-log-')
    const dialogs = new ScriptedDialogs()
      .answer(path.join(out, 'platform.csv'))
      .answer(path.join(out, 'everything.json'))
      .answer(path.join(out, 'speakers matched.xlsx'))
      .answer(path.join(out, 'search.csv'))
    const main = await start({ loadKeytar: noKeychain, fileDialogs: dialogs, pace: { ceiling: 200 } })
    const connectionId = await connect(main, sandbox, 'Partner sandbox')

    expect(await main.ok('listExportLog', {})).toEqual({ entries: [], total: 0, nextBefore: null })

    const team = await main.ok('createShortlist', { name: 'Platform team' })
    await main.ok('addMembers', { shortlistId: team.id, profiles: profiles(3) })
    const other = await main.ok('createShortlist', { name: 'Data team' })
    await main.ok('addMembers', { shortlistId: other.id, profiles: profiles(2, 2) })
    await main.ok('exportCsv', {
      exportId: 'e1',
      source: { kind: 'shortlist', shortlistId: team.id },
      columns: { preset: 'basic' }
    })
    const backup = await main.ok('backupShortlists', {})
    expect(backup).toMatchObject({ cancelled: false, members: 5 })

    const { batch } = await main.ok('openImport', { uploadId: await upload(main, sheet()), fileName: 'speakers.csv' })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)
    const enriched = await main.ok('exportCsv', {
      exportId: 'e2',
      format: 'xlsx',
      source: { kind: 'import', batchId: batch.id },
      columns: { preset: 'basic' }
    })
    expect(enriched).toMatchObject({ cancelled: false, rows: 3 })

    const page = await main.ok('listExportLog', {})
    expect(page.total).toBe(3)
    expect(page.nextBefore).toBeNull()
    // newest first
    expect(
      page.entries.map(({ kind, format, source, people, files, delivery, connection }) => ({
        kind,
        format,
        source,
        people,
        files,
        delivery,
        connection
      }))
    ).toEqual([
      {
        kind: 'import',
        format: 'xlsx',
        source: 'speakers.csv',
        people: 3,
        files: [{ name: 'speakers matched.xlsx', folder: out }],
        delivery: 'file',
        connection: { id: connectionId, name: 'Partner sandbox' }
      },
      {
        kind: 'backup',
        format: 'json',
        source: '2 shortlists',
        people: 5,
        files: [{ name: 'everything.json', folder: out }],
        delivery: 'file',
        connection: null
      },
      {
        kind: 'shortlist',
        format: 'csv',
        source: 'Platform team',
        people: 3,
        files: [{ name: 'platform.csv', folder: out }],
        delivery: 'file',
        connection: null
      }
    ])
    expect(page.entries.every((entry) => entry.exportedAt.length > 0)).toBe(true)
    // the page was told each one as it was written, the same lines
    expect(logged(main)).toEqual([...page.entries].reverse())

    // a page at a time, older after
    const first = await main.ok('listExportLog', { limit: 2 })
    expect(first.entries.map((entry) => entry.kind)).toEqual(['import', 'backup'])
    expect(first.nextBefore).toBe(first.entries[1]!.id)
    const second = await main.ok('listExportLog', { limit: 2, before: first.nextBefore! })
    expect(second).toEqual({ entries: [page.entries[2]], total: 3, nextBefore: null })

    // search results are the connection in use's
    await main.ok('exportCsv', {
      exportId: 'e3',
      source: { kind: 'profiles', profiles: profiles(2, 7) as Array<Record<string, unknown>> },
      columns: { preset: 'basic' }
    })
    expect((await main.ok('listExportLog', { limit: 1 })).entries[0]).toMatchObject({
      kind: 'profiles',
      source: '',
      people: 2,
      files: [{ name: 'search.csv', folder: out }],
      connection: { id: connectionId, name: 'Partner sandbox' }
    })
  }, 90_000)

  it('exports itself as CSV, and that export is the newest line', async () => {
    const out = tempDir('td-export-log-')
    const dialogs = new ScriptedDialogs().answer(path.join(out, '=sum.csv')).answer(path.join(out, 'log.csv'))
    const main = await start({ fileDialogs: dialogs })
    const team = await main.ok('createShortlist', { name: 'Platform, "core"' })
    await main.ok('addMembers', { shortlistId: team.id, profiles: profiles(4) })
    await main.ok('exportCsv', {
      exportId: 'e',
      source: { kind: 'shortlist', shortlistId: team.id },
      columns: { preset: 'basic' }
    })

    const result = await main.ok('exportExportLog', {})
    expect(result).toMatchObject({
      cancelled: false,
      target: { kind: 'file', path: path.join(out, 'log.csv') },
      rows: 1
    })
    expect(dialogs.requests[1]).toMatchObject({ defaultName: 'talent-desk-export-log-2026-03-02.csv' })
    const text = fs.readFileSync(path.join(out, 'log.csv'), 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const rows = parse(text, { bom: true }) as string[][]
    expect(rows).toEqual([
      ['When', 'What', 'Format', 'From', 'People', 'Files', 'Folder', 'Delivery', 'Connection'],
      // a file name a spreadsheet would run as a formula is written as text
      [
        '2026-03-02T10:00:00.000Z',
        'Shortlist export',
        'csv',
        'Platform, "core"',
        '4',
        `'=sum.csv`,
        out,
        'Saved file',
        ''
      ]
    ])
    const { entries } = await main.ok('listExportLog', {})
    expect(entries.map((entry) => [entry.kind, entry.people, entry.files])).toEqual([
      ['export-log', 0, [{ name: 'log.csv', folder: out }]],
      ['shortlist', 4, [{ name: '=sum.csv', folder: out }]]
    ])
    // cancelled: nothing written, nothing logged
    dialogs.answer(null)
    expect(await main.ok('exportExportLog', {})).toEqual({ cancelled: true })
    expect((await main.ok('listExportLog', {})).total).toBe(2)
  })

  it('names a browser download by its file name, with no folder', async () => {
    const main = await start()
    const team = await main.ok('createShortlist', { name: 'Platform team' })
    await main.ok('addMembers', { shortlistId: team.id, profiles: profiles(2) })
    const result = await main.ok('exportCsv', {
      exportId: 'd',
      source: { kind: 'shortlist', shortlistId: team.id },
      columns: { preset: 'basic' }
    })
    expect(result).toMatchObject({ cancelled: false, target: { kind: 'download' } })
    const { entries } = await main.ok('listExportLog', {})
    expect(entries).toMatchObject([
      {
        kind: 'shortlist',
        people: 2,
        delivery: 'download',
        files: [{ name: 'Platform team 2026-03-02.csv', folder: null }]
      }
    ])
  })

  it('keeps an access copy’s line when its person is forgotten, without their name', async () => {
    const out = tempDir('td-export-log-')
    const main = await start({ fileDialogs: new ScriptedDialogs().answer(path.join(out, 'copy.html')) })
    const team = await main.ok('createShortlist', { name: 'Platform team' })
    await main.ok('addMembers', { shortlistId: team.id, profiles: profiles(2) })
    const [member] = await main.ok('listMembers', { shortlistId: team.id })
    const name = (await main.ok('describePerson', { key: member!.profileKey })).person.names[0]!
    await main.ok('exportPersonData', { key: member!.profileKey })
    const [line] = (await main.ok('listExportLog', {})).entries
    expect(line).toMatchObject({ kind: 'person-copy', people: 1, files: [{ name: 'copy.html' }, { folder: out }] })
    expect(line!.files[1]!.name).toContain(name)
    expect(await main.ok('describePerson', { key: member!.profileKey })).toMatchObject({
      holdings: expect.arrayContaining([expect.objectContaining({ owner: 'export-log', table: 'export_log', rows: 1 })])
    })

    await main.ok('forgetPeople', { keys: [member!.profileKey], reason: 'person-asked' })
    const [kept] = (await main.ok('listExportLog', {})).entries
    expect(kept).toMatchObject({ id: line!.id, kind: 'person-copy', people: 1, exportedAt: line!.exportedAt })
    expect(kept!.files).toEqual([
      { name: '[erased].html', folder: out },
      { name: '[erased].json', folder: out }
    ])
  })
})
