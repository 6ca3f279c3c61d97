import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { DOWNLOADS_FOLDER } from '../../../electron/main/transfers/downloads'
import { partFileOf } from '../../../electron/main/export/csv-export'
import { makeProfile, ScriptedDialogs, tempDir, useMains, type TestMain } from './helpers'

// The exports a recruiter opens in Excel, through the router as the page calls them: the list
// separator of their region, a byte order mark unless they untick it, the source file's own
// delimiter for an enriched sheet, dates as dates, and nothing in a cell that disguises or runs.

const start = useMains()

function readCsv(file: string, delimiter: string): { bom: boolean; rows: string[][] } {
  const text = fs.readFileSync(file, 'utf8')
  return { bom: text.startsWith('\uFEFF'), rows: parse(text, { bom: true, delimiter }) as string[][] }
}

/** Uploads bytes in base64 pieces, as the page does. */
async function upload(main: TestMain, bytes: Buffer): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

async function shortlist(main: TestMain) {
  const list = await main.ok('createShortlist', { name: 'Köln team' })
  const hostile = {
    ...makeProfile(0),
    full_name: 'Zoë \u202Egnp.exe\u202C Ødegård',
    city: 'Köln',
    li_urls: ['javascript:alert(document.cookie)', 'https://profilenet.example.com/in/zoe']
  }
  await main.ok('addMembers', { shortlistId: list.id, profiles: [hostile, makeProfile(1), makeProfile(2)] })
  return list
}

describe('CSV for the recruiter’s Excel', () => {
  it('uses semicolons and a BOM where the region writes decimals with a comma, commas elsewhere', async () => {
    const out = tempDir('td-excel-out-')
    for (const [locale, delimiter] of [
      ['de-DE', ';'],
      ['fr-FR', ';'],
      ['en-US', ',']
    ] as const) {
      const file = path.join(out, `${locale}.csv`)
      const main = await start({ fileDialogs: new ScriptedDialogs().answer(file), exportLocale: locale })
      const list = await shortlist(main)
      // no `bom` sent: on by default, as the export dialog advises
      await main.ok('exportCsv', {
        exportId: locale,
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'basic' }
      })
      const { bom, rows } = readCsv(file, delimiter)
      expect(bom, locale).toBe(true)
      expect(rows[0]!.slice(0, 4), locale).toEqual(['Name', 'Title', 'Company', 'City'])
      expect(rows).toHaveLength(4)
      const zoe = rows.find((row) => row[0]!.startsWith('Zoë'))!
      expect(zoe[0]).toBe('Zoë gnp.exe Ødegård')
      expect(zoe[rows[0]!.indexOf('Profile URL')]).toBe('https://profilenet.example.com/in/zoe')
      expect(fs.readFileSync(file, 'utf8')).not.toMatch(/javascript:|\u202E/)
      await main.close()
    }
  })

  it('an enriched sheet goes back with its own delimiter, whatever the region', async () => {
    const out = tempDir('td-excel-out-')
    const cases = [
      { locale: 'en-US', delimiter: ';', text: 'Name;Company;Notes\r\nAna Lima;Acme, Inc.;met at booth 3\r\n' },
      { locale: 'de-DE', delimiter: ',', text: 'Name,Company,Notes\r\nAna Lima,"Acme; Inc.",met at booth 3\r\n' }
    ]
    for (const { locale, delimiter, text } of cases) {
      const file = path.join(out, `sheet-${locale}.csv`)
      const main = await start({ fileDialogs: new ScriptedDialogs().answer(file), exportLocale: locale })
      const { batch } = await main.ok('openImport', {
        uploadId: await upload(main, Buffer.from(text)),
        fileName: 'people.csv'
      })
      expect(batch.delimiter).toBe(delimiter)
      await main.ok('exportCsv', {
        exportId: `sheet-${locale}`,
        source: { kind: 'import', batchId: batch.id },
        columns: { preset: 'basic' }
      })
      const { bom, rows } = readCsv(file, delimiter)
      expect(bom).toBe(true)
      expect(rows[0]!.slice(0, 4)).toEqual(['Name', 'Company', 'Notes', 'Match outcome'])
      expect(rows[1]!.slice(0, 3)).toEqual([
        'Ana Lima',
        delimiter === ';' ? 'Acme, Inc.' : 'Acme; Inc.',
        'met at booth 3'
      ])
      await main.close()
    }
  })

  it('an .xlsx export has real dates and no link that is not a web address', async () => {
    const file = path.join(tempDir('td-excel-out-'), 'team.xlsx')
    const main = await start({ fileDialogs: new ScriptedDialogs().answer(file), exportLocale: 'de-DE' })
    const list = await shortlist(main)
    await main.ok('exportCsv', {
      exportId: 'xlsx',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: {
        columns: [
          { header: 'Name', path: 'person.name' },
          { header: 'Profile URL', path: 'profile.li_urls' },
          { header: 'Added', path: 'member.addedAt' }
        ]
      },
      format: 'xlsx'
    })
    const book = new ExcelJS.Workbook()
    await book.xlsx.readFile(file)
    const sheet = book.getWorksheet('Export')!
    expect(sheet.rowCount).toBe(4)
    for (let row = 2; row <= 4; row++) {
      const added = sheet.getRow(row).getCell(3)
      expect(added.value).toBeInstanceOf(Date)
      expect(added.numFmt).toBe('yyyy-mm-dd hh:mm:ss')
      // the test clock's day
      expect((added.value as Date).toISOString().slice(0, 10)).toBe('2026-03-02')
      const link = sheet.getRow(row).getCell(2)
      if (link.value !== null) expect(link.hyperlink).toMatch(/^https:\/\//)
    }
    const zoe = [2, 3, 4].map((row) => sheet.getRow(row)).find((row) => String(row.getCell(1).value).startsWith('Zoë'))!
    expect(zoe.getCell(1).value).toBe('Zoë gnp.exe Ødegård')
    expect(zoe.getCell(2).value).toEqual({
      text: 'https://profilenet.example.com/in/zoe',
      hyperlink: 'https://profilenet.example.com/in/zoe'
    })
  })
})

describe('a download the app was writing when it was killed', () => {
  it('is gone when the app starts again; the recruiter’s own files stay', async () => {
    const dataDir = tempDir('td-excel-data-')
    const folder = path.join(dataDir, DOWNLOADS_FOLDER)
    fs.mkdirSync(folder, { recursive: true })
    const part = partFileOf(path.join(folder, 'AbCdEfGhIjKlMnOpQrStUv_-.download'))
    fs.writeFileSync(part, 'Name,Title\r\nAna,')
    const own = path.join(folder, 'shortlist.csv.part-0123abcd')
    fs.writeFileSync(own, 'mine')
    await start({ dataDir })
    expect(fs.existsSync(part)).toBe(false)
    expect(fs.readFileSync(own, 'utf8')).toBe('mine')
  })
})
