import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { atsPresets } from '../../../electron/main/export/ats-presets'
import { testCatalog, testProfileCount } from '../sandbox/helpers'
import { ScriptedDialogs, tempDir, useMains, type TestMain } from '../services/helpers'

/*
 * Exports and people already in your ATS (issue #36 item 5), over the composed main with people of
 * the Sandbox's catalog saved in a shortlist: an ATS's import file (Greenhouse, the ATS CSV) leaves
 * out by default whom a list knows by name and company and whom the service matches (ats_data),
 * and says how many; asked to, it flags them in an "In your ATS" column instead; any other export
 * flags them. The "Do not contact" column is there only when someone is flagged in it.
 */

const start = useMains()
const readCsv = (file: string): string[][] => parse(fs.readFileSync(file, 'utf8'), { bom: true }) as string[][]

async function importCsv(main: TestMain, text: string, name: string) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  return main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope: { kind: 'shared' }, mapping })
}

describe('exports and people already in your ATS', () => {
  it('leave them out of an ATS’s file by default and say how many, flag them when asked and in other exports', async () => {
    const out = tempDir('td-known-export-')
    const files = ['greenhouse.csv', 'ats.csv', 'flagged.csv', 'basic.csv']
    const dialogs = new ScriptedDialogs()
    for (const file of files) dialogs.answer(path.join(out, file))
    const main = await start({ sandboxProfiles: testProfileCount, fileDialogs: dialogs })
    const catalog = testCatalog().search({}, { limit: 400, offset: 0 }).results
    const plain = catalog.filter((person) => person.ats_data === undefined && person.first_name && person.cur_company)
    const byService = catalog.find((person) => person.ats_data?.is_matched === true && person.first_name)!
    expect(byService).toBeDefined()
    const [byName, ...others] = plain.slice(0, 3)
    const list = await main.ok('createShortlist', { name: 'Data team' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [byName!, byService, ...others] })
    await importCsv(main, `Full name,Company,Stage\n"${byName!.full_name}","${byName!.cur_company}",Offer\n`, 'Names')

    const greenhouse = await main.ok('exportCsv', {
      exportId: 'gh',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' }
    })
    expect(greenhouse).toMatchObject({
      rows: 2,
      known: { flagged: 0, leftOut: 2 },
      doNotContact: { flagged: 0, leftOut: 0 }
    })
    const rows = readCsv(path.join(out, 'greenhouse.csv'))
    // the template's own columns, no "Do not contact" nor "In your ATS": nobody is flagged
    expect(rows[0]).toEqual(atsPresets.greenhouse.columns.map((column) => column.header))
    expect(rows.slice(1).map((row) => row[0])).toEqual(others.map((person) => person.first_name))

    const ats = await main.ok('exportCsv', {
      exportId: 'ats',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'ats' }
    })
    expect(ats).toMatchObject({ rows: 2, known: { flagged: 0, leftOut: 2 } })

    const flagged = await main.ok('exportCsv', {
      exportId: 'gh-flag',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { ats: 'greenhouse' },
      known: 'flag'
    })
    expect(flagged).toMatchObject({ rows: 4, known: { flagged: 2, leftOut: 0 } })
    const marked = readCsv(path.join(out, 'flagged.csv'))
    expect(marked[0]).toEqual([...atsPresets.greenhouse.columns.map((column) => column.header), 'In your ATS'])
    const inAts = (first: unknown) => marked.find((row) => row[0] === first)!.at(-1)
    expect(inAts(byName!.first_name)).toBe('Names: Offer (by name and company)')
    const stage = byService.ats_data!.current_stage
    expect(inAts(byService.first_name)).toBe(`In your ATS, per the service${stage ? `: ${stage}` : ''}`)
    expect(inAts(others[0]!.first_name)).toBe('')

    // any other export of people flags them by default
    const basic = await main.ok('exportCsv', {
      exportId: 'basic',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'basic' }
    })
    expect(basic).toMatchObject({ rows: 4, known: { flagged: 2, leftOut: 0 } })
    expect(readCsv(path.join(out, 'basic.csv'))[0]!.at(-1)).toBe('In your ATS')
  })
})
