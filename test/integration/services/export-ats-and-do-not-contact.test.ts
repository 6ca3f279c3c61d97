import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import type { ExportLogEntry } from '../../../shared/ipc/channels/export-log'
import { atsPresets } from '../../../electron/main/export/ats-presets'
import { testCatalog, testProfileCount } from '../sandbox/helpers'
import { until } from '../until'
import { importDone, ScriptedDialogs, tempDir, useMains, type TestMain } from './helpers'

/*
 * Files an ATS reads (issue #32 item 4) and exports that respect do-not-contact (issue #31 item 5),
 * over the composed main with a shortlist built from the Sandbox over HTTP: the Greenhouse and
 * generic ATS presets write the template's header row column for column and each member's values
 * under the right heading; every export of people flags who must not be contacted (with why) or,
 * when asked, leaves them out and says how many; the export log counts the people written.
 */

const start = useMains()

const readCsv = (file: string): string[][] => parse(fs.readFileSync(file, 'utf8'), { bom: true }) as string[][]

/** Three catalog people with names, a company and an email, found through the Sandbox and saved. */
async function shortlistFromSandbox(main: TestMain) {
  const people = testCatalog()
    .search({}, { limit: 300, offset: 300 })
    .results.filter(
      (person) =>
        person.first_name && person.last_name && person.cur_company && person.cur_title && person.city && person.li_urls
    )
    .filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
    // none the service says is in your ATS already (ats_data): an ATS's file leaves those out by default
    .filter((person) => person.ats_data === undefined)
    .slice(0, 3)
  expect(people).toHaveLength(3)
  const found: Array<Record<string, unknown>> = []
  for (const [index, person] of people.entries()) {
    const reply = await main.ok('searchProfiles', {
      requestId: `req-ats-0000${index}`,
      request: { name: person.full_name!, company: person.cur_company! },
      options: { maxNumberOfResults: 5, emailLookupEnabled: true }
    })
    const hit = reply.results.find((result) => result.key === person.key)
    expect(hit, person.full_name ?? undefined).toBeDefined()
    found.push(hit!.profile as Record<string, unknown>)
  }
  const list = await main.ok('createShortlist', { name: 'Data team' })
  await main.ok('addMembers', { shortlistId: list.id, profiles: found })
  const members = await main.ok('listMembers', { shortlistId: list.id })
  const first = members.find((member) => member.profileKey === found[0]!.key)!
  await main.ok('updateMember', {
    memberId: first.id,
    patch: { notes: 'Met at the meetup', tags: ['python', 'remote'] }
  })
  return { list, found }
}

const logged = (main: TestMain) =>
  main.events.filter((event) => event.name === 'exportLogged').map((event) => event.payload as ExportLogEntry)

describe('exports for an ATS', () => {
  it('writes the Greenhouse template and the generic ATS CSV column for column, each value in its column', async () => {
    const out = tempDir('td-ats-')
    const dialogs = new ScriptedDialogs()
      .answer(path.join(out, 'greenhouse.csv'))
      .answer(path.join(out, 'ats.csv'))
      .answer(path.join(out, 'greenhouse.xlsx'))
    const main = await start({ sandboxProfiles: testProfileCount, fileDialogs: dialogs })
    const { list, found } = await shortlistFromSandbox(main)
    const ana = found[0]!
    const email = (ana.emails as string[])[0]!

    const greenhouse = await main.ok('exportCsv', {
      exportId: 'gh',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' },
      doNotContact: 'leave-out'
    })
    expect(greenhouse).toMatchObject({ cancelled: false, rows: 3, doNotContact: { flagged: 0, leftOut: 0 } })
    const rows = readCsv(path.join(out, 'greenhouse.csv'))
    // the header row is the template's own column list, in its order
    expect(rows[0]).toEqual([
      'First Name',
      'Last Name',
      'Company',
      'Title',
      'Notes',
      'Email',
      'Phone',
      'Social Media',
      'Website',
      'Address',
      'Source',
      'Who gets credit',
      'Job',
      'Department',
      'Office',
      'Prospect Pool',
      'Prospect Stage'
    ])
    expect(rows[0]).toEqual(atsPresets.greenhouse.columns.map((column) => column.header))
    const cell = (row: string[], header: string) => row[rows[0]!.indexOf(header)]
    const anaRow = rows.find((row) => cell(row, 'First Name') === ana.first_name)!
    expect(cell(anaRow, 'Last Name')).toBe(ana.last_name)
    expect(cell(anaRow, 'Company')).toBe(ana.cur_company)
    expect(cell(anaRow, 'Title')).toBe(ana.cur_title)
    expect(cell(anaRow, 'Notes')).toBe('Met at the meetup')
    expect(cell(anaRow, 'Email')).toContain(email)
    expect(cell(anaRow, 'Social Media')).toBe((ana.li_urls as string[]).join('; '))
    expect(cell(anaRow, 'Address')).toBe([ana.city, ana.state, ana.country].filter(Boolean).join(', '))
    expect(cell(anaRow, 'Source')).toBe('Talent Desk')
    expect(cell(anaRow, 'Job')).toBe('')

    await main.ok('exportCsv', {
      exportId: 'ats',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'ats' },
      doNotContact: 'leave-out'
    })
    const generic = readCsv(path.join(out, 'ats.csv'))
    expect(generic[0]).toEqual(atsPresets.ats.columns.map((column) => column.header))
    const at = (row: string[], header: string) => row[generic[0]!.indexOf(header)]
    const anaGeneric = generic.find((row) => at(row, 'Full Name') === ana.full_name)!
    expect(at(anaGeneric, 'Current Company')).toBe(ana.cur_company)
    expect(at(anaGeneric, 'Current Title')).toBe(ana.cur_title)
    expect(at(anaGeneric, 'Email')).toContain(email)
    expect(at(anaGeneric, 'Tags')).toBe('python; remote')

    // the workbook has the same header row
    await main.ok('exportCsv', {
      exportId: 'gh-x',
      format: 'xlsx',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' },
      doNotContact: 'leave-out'
    })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(path.join(out, 'greenhouse.xlsx'))
    const header = (workbook.worksheets[0]!.getRow(1).values as unknown[]).slice(1)
    expect(header).toEqual(atsPresets.greenhouse.columns.map((column) => column.header))
  })
})

describe('exports and the do-not-contact list', () => {
  it('flags who must not be contacted with why, by default, in every export of people', async () => {
    const out = tempDir('td-dnc-export-')
    const dialogs = new ScriptedDialogs()
      .answer(path.join(out, 'flagged.csv'))
      .answer(path.join(out, 'search.csv'))
      .answer(path.join(out, 'selection.csv'))
    const main = await start({ sandboxProfiles: testProfileCount, fileDialogs: dialogs })
    const { list, found } = await shortlistFromSandbox(main)
    const [listed, forgotten, kept] = found
    await main.ok('addDoNotContact', { kind: 'email', value: (listed!.emails as string[])[0]! })

    const flagged = await main.ok('exportCsv', {
      exportId: 'flag',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' }
    })
    expect(flagged).toMatchObject({ rows: 3, doNotContact: { flagged: 1, leftOut: 0 } })
    const rows = readCsv(path.join(out, 'flagged.csv'))
    expect(rows[0]!.at(-1)).toBe('Do not contact')
    const reason = (first: unknown) => rows.find((row) => row[0] === first)!.at(-1)
    expect(reason(listed!.first_name)).toBe('On the do-not-contact list (email)')
    expect(reason(kept!.first_name)).toBe('')

    // unsaved search results are people too: a forgotten person is flagged there
    await main.ok('forgetPeople', { keys: [forgotten!.key as string], reason: 'person-asked' })
    const search = await main.ok('exportCsv', {
      exportId: 'search',
      source: { kind: 'profiles', profiles: [forgotten!, kept!] },
      columns: { preset: 'basic' }
    })
    expect(search).toMatchObject({ cancelled: false, doNotContact: { flagged: 1, leftOut: 0 } })
    const searchRows = readCsv(path.join(out, 'search.csv'))
    expect(searchRows[1]!.at(-1)).toBe('Forgotten: they asked to be erased')
    expect(searchRows[2]!.at(-1)).toBe('')

    const members = await main.ok('listMembers', { shortlistId: list.id })
    const selection = await main.ok('exportCsv', {
      exportId: 'selection',
      source: { kind: 'members', memberIds: members.map((member) => member.id) },
      columns: { preset: 'contact' }
    })
    expect(selection).toMatchObject({ cancelled: false, doNotContact: { flagged: 1, leftOut: 0 } })
    expect(readCsv(path.join(out, 'selection.csv'))[0]!.at(-1)).toBe('Do not contact')
  })

  it('leaves them out when asked, says how many, and the export log counts the people written', async () => {
    const out = tempDir('td-dnc-export-')
    const dialogs = new ScriptedDialogs().answer(path.join(out, 'left-out.csv')).answer(path.join(out, 'search.xlsx'))
    const main = await start({ sandboxProfiles: testProfileCount, fileDialogs: dialogs })
    const { list, found } = await shortlistFromSandbox(main)
    const [listed, byKey, kept] = found
    await main.ok('addDoNotContact', { kind: 'email', value: (listed!.emails as string[])[0]! })
    await main.ok('addDoNotContact', { kind: 'key', value: byKey!.key as string })

    const result = await main.ok('exportCsv', {
      exportId: 'out',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' },
      doNotContact: 'leave-out'
    })
    expect(result).toMatchObject({ rows: 1, doNotContact: { flagged: 0, leftOut: 2 } })
    const rows = readCsv(path.join(out, 'left-out.csv'))
    expect(rows[0]).toEqual(atsPresets.greenhouse.columns.map((column) => column.header))
    expect(rows.slice(1).map((row) => row[0])).toEqual([kept!.first_name])
    expect(logged(main).at(-1)).toMatchObject({ kind: 'shortlist', people: 1 })

    const search = await main.ok('exportCsv', {
      exportId: 'search-out',
      format: 'xlsx',
      source: { kind: 'profiles', profiles: found },
      columns: { preset: 'basic' },
      doNotContact: 'leave-out'
    })
    expect(search).toMatchObject({ rows: 1, doNotContact: { flagged: 0, leftOut: 2 } })
    expect(logged(main).at(-1)).toMatchObject({ kind: 'profiles', people: 1 })
  })

  it('an imported spreadsheet matched against the Sandbox: its person marked, or left out of the sheet written back', async () => {
    const out = tempDir('td-dnc-export-')
    const dialogs = new ScriptedDialogs().answer(path.join(out, 'marked.csv')).answer(path.join(out, 'left-out.csv'))
    const main = await start({ sandboxProfiles: testProfileCount, fileDialogs: dialogs, pace: { ceiling: 200 } })
    const people = testCatalog()
      .search({}, { limit: 200, offset: 300 })
      .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
      .filter((person) => person.ats_data === undefined)
      .slice(0, 3)
    const emailOf = (person: (typeof people)[number]) => (person as { emails: string[] }).emails[0]!
    const sheet = Buffer.from(
      ['Name,Email', ...people.map((person) => `${person.full_name},${emailOf(person)}`)].join('\r\n') + '\r\n'
    )
    const { uploadId } = await main.ok('startImportUpload', { bytes: sheet.length })
    await main.ok('appendImportUpload', { uploadId, chunk: sheet.toString('base64'), last: true })
    const { batch } = await main.ok('openImport', { uploadId, fileName: 'speakers.csv' })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)
    // listed by the email the sheet itself gives
    await main.ok('addDoNotContact', { kind: 'email', value: emailOf(people[1]!) })

    const marked = await main.ok('exportCsv', {
      exportId: 'imp',
      source: { kind: 'import', batchId: batch.id },
      columns: { preset: 'basic' }
    })
    expect(marked).toMatchObject({ rows: 3, doNotContact: { flagged: 1, leftOut: 0 } })
    const rows = readCsv(path.join(out, 'marked.csv'))
    expect(rows[0]!.slice(0, 2)).toEqual(['Name', 'Email'])
    expect(rows[0]!.at(-1)).toBe('Do not contact')
    expect(rows.find((row) => row[1] === emailOf(people[1]!))!.at(-1)).toBe('On the do-not-contact list (email)')

    const leftOut = await main.ok('exportCsv', {
      exportId: 'imp-out',
      source: { kind: 'import', batchId: batch.id },
      columns: { preset: 'basic' },
      doNotContact: 'leave-out'
    })
    expect(leftOut).toMatchObject({ rows: 2, doNotContact: { flagged: 0, leftOut: 1 } })
    const kept = readCsv(path.join(out, 'left-out.csv'))
    expect(kept.slice(1).map((row) => row[1])).toEqual([emailOf(people[0]!), emailOf(people[2]!)])
    expect(logged(main).at(-1)).toMatchObject({ kind: 'import', people: 2 })
  })
})
