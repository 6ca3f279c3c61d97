import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterEach, describe, expect, it } from 'vitest'
import type { ExportProgress } from '../../../shared/ipc/channels/export'
import { profiles, ScriptedDialogs, startMain, tempDir, type TestMain } from './helpers'

let main: TestMain
afterEach(async () => {
  await main?.close()
})

function progressOf(main: TestMain, exportId: string): ExportProgress[] {
  return main.events
    .filter((event) => event.name === 'exportProgress')
    .map((event) => event.payload as ExportProgress)
    .filter((payload) => payload.exportId === exportId)
}

function readCsv(file: string): { bom: boolean; rows: string[][] } {
  const text = fs.readFileSync(file, 'utf8')
  return { bom: text.startsWith('\uFEFF'), rows: parse(text, { bom: true }) as string[][] }
}

async function seeded(main: TestMain, count: number, name = 'Platform team') {
  const list = await main.ok('createShortlist', { name })
  for (let from = 0; from < count; from += 5000) {
    await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(Math.min(5000, count - from), 1, from) })
  }
  return list
}

describe('CSV export through the router (desktop: the save dialog chooses the file)', () => {
  it('lists the preset columns for the custom-column picker', async () => {
    main = await startMain()
    const { presets } = await main.ok('listExportColumns', {})
    expect(Object.keys(presets).sort()).toEqual(['basic', 'contact', 'full'])
    expect(presets.basic[0]).toEqual({ header: 'Name', path: 'person.name' })
    expect(presets.full.length).toBeGreaterThan(presets.basic.length)
  })

  it('streams a shortlist to the chosen file with progress events, a BOM and the preset’s columns', async () => {
    const out = tempDir('td-export-out-')
    const dialogs = new ScriptedDialogs().answer(path.join(out, 'platform.csv'))
    main = await startMain({ fileDialogs: dialogs })
    const list = await seeded(main, 2500)
    const memberId = (await main.ok('listMembers', { shortlistId: list.id }))[0]!.id
    await main.ok('updateMember', { memberId, patch: { notes: '=HYPERLINK("x")', stage: 'Offer', rating: 5 } })

    const result = await main.ok('exportCsv', {
      exportId: 'e1',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'basic' }
    })
    expect(result).toMatchObject({
      cancelled: false,
      target: { kind: 'file', path: path.join(out, 'platform.csv') },
      rows: 2500
    })
    expect(dialogs.requests[0]).toMatchObject({
      defaultName: 'Platform team 2026-03-02.csv',
      filters: [{ extensions: ['csv'] }]
    })

    const { bom, rows } = readCsv(path.join(out, 'platform.csv'))
    expect(bom).toBe(true)
    expect(rows[0]).toEqual([
      'Name',
      'Title',
      'Company',
      'City',
      'State',
      'Country',
      'Skills',
      'Profile URL',
      'Shortlist',
      'Stage',
      'Rating',
      'Tags',
      'Notes',
      // no "Do not contact" column: it is there only when someone is flagged in it
      'Key'
    ])
    expect(rows).toHaveLength(2501)
    const edited = rows.find((row) => row.at(-1) === 'p-1-0')!
    expect(edited.slice(9, 13)).toEqual(['Offer', '5', '', `'=HYPERLINK("x")`])
    expect(fs.readdirSync(out)).toEqual(['platform.csv'])

    const progress = progressOf(main, 'e1')
    expect(progress.length).toBeGreaterThanOrEqual(3)
    expect(progress.map((event) => event.written)).toEqual(
      [...progress.map((event) => event.written)].sort((a, b) => a - b)
    )
    expect(progress[0]).toMatchObject({ total: 2500, done: false })
    expect(progress.at(-1)).toEqual({ exportId: 'e1', written: 2500, total: 2500, done: true })
  })

  it('writes custom columns without a BOM, and a selection of members or unsaved search results', async () => {
    const out = tempDir('td-export-out-')
    const dialogs = new ScriptedDialogs()
      .answer(path.join(out, 'custom.csv'))
      .answer(path.join(out, 'selection.csv'))
      .answer(path.join(out, 'search.csv'))
    main = await startMain({ fileDialogs: dialogs })
    const list = await seeded(main, 5)
    const members = await main.ok('listMembers', { shortlistId: list.id })

    await main.ok('exportCsv', {
      exportId: 'c',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { columns: [{ header: 'Who', path: 'profile.full_name' }, 'member.stage', 'profile.positions.title'] },
      bom: false
    })
    const custom = readCsv(path.join(out, 'custom.csv'))
    expect(custom.bom).toBe(false)
    expect(custom.rows[0]).toEqual(['Who', 'member.stage', 'profile.positions.title'])
    expect(custom.rows[1]![0]).toBe(members[0]!.name)
    expect(custom.rows[1]![2]).toContain('; ')

    const selected = [members[3]!.id, members[1]!.id]
    const selection = await main.ok('exportCsv', {
      exportId: 's',
      source: { kind: 'members', memberIds: selected },
      columns: { preset: 'contact' }
    })
    expect(selection).toMatchObject({ rows: 2 })
    expect(dialogs.requests[1]!.defaultName).toBe('talent-desk-selection-2026-03-02.csv')
    expect(
      readCsv(path.join(out, 'selection.csv'))
        .rows.slice(1)
        .map((row) => row[0])
    ).toEqual([members[3]!.name, members[1]!.name])

    const unsaved = [{ key: 'u1', full_name: 'Unsaved Person', cur_title: 'CTO', extra_field: { kept: true } }]
    expect(
      await main.ok('exportCsv', {
        exportId: 'p',
        source: { kind: 'profiles', profiles: unsaved },
        columns: { preset: 'basic' }
      })
    ).toMatchObject({ rows: 1 })
    const search = readCsv(path.join(out, 'search.csv'))
    expect(search.rows[1]!.slice(0, 2)).toEqual(['Unsaved Person', 'CTO'])
  })

  it('answers { cancelled: true } when the dialog is cancelled, and writes nothing', async () => {
    const dialogs = new ScriptedDialogs().answer(null).answer(null)
    main = await startMain({ fileDialogs: dialogs })
    const list = await seeded(main, 3)
    expect(
      await main.ok('exportCsv', {
        exportId: 'x',
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'full' }
      })
    ).toEqual({ cancelled: true })
    expect(await main.ok('backupShortlists', {})).toEqual({ cancelled: true })
    expect(progressOf(main, 'x')).toEqual([])
  })

  it('refuses unknown shortlists before asking where to save, and bad column choices', async () => {
    const dialogs = new ScriptedDialogs()
    main = await startMain({ fileDialogs: dialogs })
    const missing = await main.fail('exportCsv', {
      exportId: 'm',
      source: { kind: 'shortlist', shortlistId: 'nope' },
      columns: { preset: 'basic' }
    })
    expect(missing).toMatchObject({ code: 'not_found' })
    expect(dialogs.requests).toEqual([])
    for (const columns of [
      { preset: 'everything' },
      { columns: [] },
      { columns: ['profile'] },
      { columns: ['secret.token'] }
    ]) {
      expect(
        await main.fail('exportCsv', { exportId: 'b', source: { kind: 'members', memberIds: [1] }, columns })
      ).toMatchObject({ code: 'invalid_input' })
    }
  })

  it('cancels a running export: the reply is `cancelled` and no file is left behind', async () => {
    const out = tempDir('td-export-out-')
    main = await startMain({ fileDialogs: new ScriptedDialogs().answer(path.join(out, 'big.csv')) })
    const list = await seeded(main, 6000)
    // Cancel as soon as the first batch is reported, the way the page's Cancel button does.
    const unsubscribe = main.services.events.subscribe((name, payload) => {
      if (name === 'exportProgress' && (payload as ExportProgress).written > 0)
        void main.call('cancelExport', { exportId: 'big' })
    })
    const reply = await main.fail('exportCsv', {
      exportId: 'big',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'full' }
    })
    unsubscribe()
    expect(reply).toMatchObject({ code: 'cancelled' })
    expect(fs.readdirSync(out)).toEqual([])
    expect(progressOf(main, 'big').at(-1)).toMatchObject({ done: true })
    expect(await main.ok('cancelExport', { exportId: 'big' })).toEqual({ cancelled: false })
  })
})
