import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { pathToFileURL } from 'node:url'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'

// The .xlsx export opened by a real spreadsheet program (LibreOffice Calc, headless), and read
// back with the library that wrote it: identifiers are text cells, numbers are numbers, and
// formula-looking text stays text.
const soffice = ['/usr/bin/soffice', '/usr/local/bin/soffice'].find((file) => fs.existsSync(file))
if (soffice === undefined && process.env.CI) throw new Error('LibreOffice (soffice) is required on CI')

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-xlsx-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const columns: CsvColumn[] = [
  { header: 'Name', path: 'profile.full_name' },
  { header: 'Phone', path: 'profile.phone' },
  { header: 'LI id', path: 'profile.li_id' },
  { header: 'Zip', path: 'profile.zip' },
  { header: 'Co-author', path: 'profile.co_author' },
  { header: 'Stars', path: 'profile.stars' },
  { header: 'Notes', path: 'member.notes' }
]
const row: ExportRow = {
  profile: {
    full_name: 'Zoë Ødegård',
    phone: '07700900123',
    li_id: '123456789012345678',
    zip: '02134',
    co_author: 9007199254740993n,
    stars: 1250
  },
  member: { shortlist: 'L', stage: 'New', rating: null, tags: [], notes: '=1+1', addedAt: '', profileCapturedAt: '' }
}

describe('the .xlsx export', () => {
  it('types identifiers as text and numbers as numbers, read back by the library', async () => {
    const file = path.join(dir, 'typed.xlsx')
    const written = await writeXlsxFile([row], file, { columns })
    expect(written.rows).toBe(1)
    expect(fs.readdirSync(dir).filter((name) => name.includes('.part-'))).toEqual([])
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.getWorksheet('Export')!
    expect(sheet.getRow(1).values).toEqual([undefined, ...columns.map((column) => column.header)])
    const cells = sheet.getRow(2)
    expect(cells.getCell(2).value).toBe('07700900123')
    expect(cells.getCell(2).numFmt).toBe('@')
    expect(cells.getCell(3).value).toBe('123456789012345678')
    expect(cells.getCell(4).value).toBe('02134')
    expect(cells.getCell(5).value).toBe('9007199254740993')
    expect(cells.getCell(6).value).toBe(1250)
    expect(cells.getCell(7).value).toBe('=1+1')
  })

  it.skipIf(soffice === undefined)(
    'opens in LibreOffice Calc with every identifier whole and nothing evaluated',
    async () => {
      const file = path.join(dir, 'calc.xlsx')
      await writeXlsxFile([row], file, { columns })
      const out = path.join(dir, 'out')
      await promisify(execFile)(
        soffice!,
        [
          `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
          '--headless',
          '--norestore',
          '--convert-to',
          'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,true',
          '--outdir',
          out,
          file
        ],
        { timeout: 120_000 }
      )
      const cells = parse(fs.readFileSync(path.join(out, 'calc.csv')), { bom: true }) as string[][]
      expect(cells[1]).toEqual([
        'Zoë Ødegård',
        '07700900123',
        '123456789012345678',
        '02134',
        '9007199254740993',
        '1250',
        '=1+1'
      ])
    },
    180_000
  )
})
