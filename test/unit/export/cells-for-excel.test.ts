import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import ExcelJS from 'exceljs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { columnPresets, type CsvColumn, type ExportRow } from '../../../electron/main/export/csv-columns'
import { writeCsvFile } from '../../../electron/main/export/csv-export'
import { isLinkPath } from '../../../electron/main/export/cell-safety'
import { listSeparatorFor } from '../../../electron/main/export/list-separator'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import { spreadsheetDate } from '../../../electron/main/export/xlsx-dates'

// What an exported cell may not carry (bidirectional controls, links that are not http(s)), the
// list separator of the recruiter's Excel, and dates a spreadsheet can reckon with. Every file is
// read back: CSV with csv-parse, .xlsx with exceljs.

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-cells-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Every bidirectional control the app drops on screen (renderer/src/lib/user-text.ts). */
const BIDI = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C'
const ANY_BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/

const badLinks = [
  'javascript:alert(document.cookie)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\tscript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///C:/Windows/System32/calc.exe',
  'ftp://files.example/cv.pdf',
  '\\\\evil.example\\share\\cv.exe',
  'mailto:ana@example.com',
  'https:evil.example/in/ana',
  'https://ana:secret@evil.example/in/ana',
  'https://evil.example/in/ana lima',
  'intranet/in/ana',
  'https://'
]
const NOT_WEB = /javascript|data:|vbscript|file:|ftp:|mailto:|evil|intranet|^https:\/\/$/i

function hostileRow(): ExportRow {
  return {
    profile: {
      key: 'k1',
      full_name: `Ana \u202Egnp.exe\u202C ${BIDI} Lima`,
      cur_title: '\u2067مهندسة\u2069 Engineer',
      li_urls: [...badLinks, 'https://profilenet.example.com/in/ana'],
      codehost_url: 'javascript:alert(1)',
      websites: ['data:text/html,hi', 'http://ana.example'],
      positions: [
        { title: 'Dev', company: 'A', start_date: '2019-01-01' },
        { title: 'Lead', company: 'B', start_date: '2023-06-30' }
      ],
      last_updated: '2026-03-02T10:15:30.000Z'
    },
    person: { name: `\u202EAna Lima` },
    member: {
      shortlist: 'L\u202E',
      stage: 'New',
      rating: null,
      tags: ['\u2066x\u2069'],
      notes: '\u202E=1+1',
      addedAt: '2026-03-02T10:00:00.000Z',
      profileCapturedAt: '2026-02-28'
    },
    contact: {
      profiles: [{ url: 'vbscript:x' }, { url: 'https://codehost.example/ana' }],
      websites: [{ url: 'javascript:void(0)' }]
    },
    sheet: {
      cells: ['\u202Eevil', 'plain'],
      match: { link: 'javascript:alert(1)', location: 'Philadelphia' }
    }
  }
}

const columns: CsvColumn[] = [
  { header: 'Name\u202E', path: 'person.name' },
  { header: 'Full name', path: 'profile.full_name' },
  { header: 'Title', path: 'profile.cur_title' },
  { header: 'Profile URL', path: 'profile.li_urls' },
  { header: 'Codehost', path: 'profile.codehost_url' },
  { header: 'Websites', path: 'profile.websites' },
  { header: 'Contact profiles', path: 'contact.profiles.url' },
  { header: 'Contact websites', path: 'contact.websites.url' },
  { header: 'Match profile link', path: 'sheet.match.link' },
  { header: 'Sheet A', path: 'sheet.cells.0' },
  { header: 'Notes', path: 'member.notes' },
  { header: 'Tags', path: 'member.tags' },
  { header: 'Added', path: 'member.addedAt' },
  { header: 'Saved', path: 'member.profileCapturedAt' },
  { header: 'Updated', path: 'profile.last_updated' },
  { header: 'Positions: start', path: 'profile.positions.start_date' }
]

async function csvTable(options: { delimiter?: ',' | ';' } = {}): Promise<string[][]> {
  const file = path.join(dir, 'out.csv')
  await writeCsvFile([hostileRow()], file, { columns, ...options })
  const text = fs.readFileSync(file, 'utf8')
  expect(text.startsWith('\uFEFF')).toBe(true)
  return parse(text, { bom: true, delimiter: options.delimiter ?? ',' }) as string[][]
}

async function workbook(): Promise<ExcelJS.Worksheet> {
  const file = path.join(dir, 'out.xlsx')
  await writeXlsxFile([hostileRow()], file, { columns })
  const book = new ExcelJS.Workbook()
  await book.xlsx.readFile(file)
  return book.getWorksheet('Export')!
}

const column = (header: string) => columns.findIndex((c) => c.header.startsWith(header))

describe('bidirectional controls in exported cells', () => {
  it('are dropped from every CSV cell and header, as on screen', async () => {
    const [header, row] = await csvTable()
    for (const cell of [...header!, ...row!]) expect(cell).not.toMatch(ANY_BIDI)
    expect(header![0]).toBe('Name')
    expect(row![column('Full name')]).toBe('Ana gnp.exe  Lima')
    expect(row![column('Title')]).toBe('مهندسة Engineer')
    // dropped before the formula guard looks: "=1+1" behind an override is still defused
    expect(row![column('Notes')]).toBe("'=1+1")
    expect(row![column('Sheet A')]).toBe('evil')
  })

  it('are dropped from every .xlsx cell and header', async () => {
    const sheet = await workbook()
    sheet.eachRow((line) =>
      line.eachCell((cell) => {
        const text = typeof cell.value === 'string' ? cell.value : JSON.stringify(cell.value)
        expect(text).not.toMatch(ANY_BIDI)
      })
    )
    expect(sheet.getRow(1).getCell(1).value).toBe('Name')
    expect(sheet.getRow(2).getCell(column('Full name') + 1).value).toBe('Ana gnp.exe  Lima')
  })
})

describe('links that are not http(s)', () => {
  it('are never written in a column of links, in CSV', async () => {
    const [, row] = await csvTable()
    expect(row![column('Profile URL')]).toBe('https://profilenet.example.com/in/ana')
    expect(row![column('Codehost')]).toBe('')
    expect(row![column('Websites')]).toBe('http://ana.example')
    expect(row![column('Contact profiles')]).toBe('; https://codehost.example/ana')
    expect(row![column('Contact websites')]).toBe('')
    expect(row![column('Match profile link')]).toBe('')
    for (const header of ['Profile URL', 'Codehost', 'Websites', 'Contact', 'Match profile link']) {
      expect(row![column(header)]).not.toMatch(NOT_WEB)
    }
  })

  it('are never written, nor made hyperlinks, in .xlsx; a lone web address is a hyperlink', async () => {
    const sheet = await workbook()
    const cells = sheet.getRow(2)
    expect(cells.getCell(column('Profile URL') + 1).value).toEqual({
      text: 'https://profilenet.example.com/in/ana',
      hyperlink: 'https://profilenet.example.com/in/ana'
    })
    expect(cells.getCell(column('Codehost') + 1).value).toBeNull()
    expect(cells.getCell(column('Match profile link') + 1).value).toBeNull()
    cells.eachCell((cell) => {
      expect(cell.hyperlink ?? '').not.toMatch(NOT_WEB)
      expect(typeof cell.value === 'string' ? cell.value : '').not.toMatch(/javascript|vbscript|data:text/i)
    })
  })

  it('an address written without a scheme is the https link the profile screen opens', async () => {
    const file = path.join(dir, 'bare.csv')
    const row: ExportRow = {
      profile: { li_urls: ['profilenet.example.com/in/ana', '//codehost.example/ana', 'javascript:alert(1)'] }
    }
    await writeCsvFile([row], file, { columns: [{ header: 'Profile URL', path: 'profile.li_urls' }] })
    expect((parse(fs.readFileSync(file), { bom: true }) as string[][])[1]).toEqual([
      'https://profilenet.example.com/in/ana; https://codehost.example/ana'
    ])
  })

  it('every preset column that holds links is known as one', () => {
    const links = columnPresets.full.filter((c) => isLinkPath(c.path)).map((c) => c.path)
    expect(links).toEqual(
      expect.arrayContaining([
        'profile.li_urls',
        'contact.profiles.url',
        'contact.websites.url',
        'profile.codehost_url',
        'profile.qasite_url',
        'profile.websites',
        'profile.redirect_url'
      ])
    )
    expect(links.every((p) => /url|link|websites/i.test(p))).toBe(true)
    expect(isLinkPath('sheet.match.link')).toBe(true)
    expect(isLinkPath('profile.full_name')).toBe(false)
  })
})

describe('dates in .xlsx', () => {
  it('are date cells with a date format, not text', async () => {
    const cells = (await workbook()).getRow(2)
    const added = cells.getCell(column('Added') + 1)
    expect(added.value).toBeInstanceOf(Date)
    expect((added.value as Date).toISOString()).toBe('2026-03-02T10:00:00.000Z')
    expect(added.numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    const saved = cells.getCell(column('Saved') + 1)
    expect(saved.value).toBeInstanceOf(Date)
    expect((saved.value as Date).toISOString()).toBe('2026-02-28T00:00:00.000Z')
    expect(saved.numFmt).toBe('yyyy-mm-dd')
    expect(cells.getCell(column('Updated') + 1).value).toEqual(new Date('2026-03-02T10:15:30.000Z'))
    // a list of dates is text: one cell, one date
    expect(cells.getCell(column('Positions: start') + 1).value).toBe('2019-01-01; 2023-06-30')
  })

  it('only a whole, real date is one', () => {
    expect(spreadsheetDate('2026-03-02T11:00:00+01:00')?.date.toISOString()).toBe('2026-03-02T10:00:00.000Z')
    expect(spreadsheetDate('2026-03-02 10:00')?.numFmt).toBe('yyyy-mm-dd hh:mm:ss')
    for (const text of [
      '2026-02-30',
      '2026-13-01',
      '2026-03-02T25:00:00Z',
      '1899-12-31',
      '2026-03',
      '20260302',
      'x2026-03-02'
    ])
      expect(spreadsheetDate(text), text).toBeUndefined()
  })
})

describe('the list separator of the recruiter’s Excel', () => {
  it('is ";" where a decimal is written with a comma, "," elsewhere', () => {
    for (const locale of ['de', 'de-DE', 'fr-FR', 'es-ES', 'it', 'nl-NL', 'pt-BR', 'ru', 'pl', 'sv-SE'])
      expect(listSeparatorFor(locale), locale).toBe(';')
    for (const locale of ['en', 'en-US', 'en-GB', 'ja-JP', 'zh-CN', 'de-CH', 'not a locale!', undefined])
      expect(listSeparatorFor(locale), String(locale)).toBe(',')
  })

  it('parts the fields of a CSV, quoting a cell that holds it', async () => {
    const file = path.join(dir, 'semi.csv')
    const row: ExportRow = { profile: { full_name: 'Lima; Ana', cur_title: 'Dev, Lead' } }
    const cols: CsvColumn[] = [
      { header: 'Name', path: 'profile.full_name' },
      { header: 'Title', path: 'profile.cur_title' }
    ]
    await writeCsvFile([row], file, { columns: cols, delimiter: ';' })
    const text = fs.readFileSync(file, 'utf8')
    expect(text).toBe('\uFEFFName;Title\r\n"Lima; Ana";Dev, Lead\r\n')
    expect(parse(text, { bom: true, delimiter: ';' })).toEqual([
      ['Name', 'Title'],
      ['Lima; Ana', 'Dev, Lead']
    ])
  })
})
