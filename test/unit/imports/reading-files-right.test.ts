import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { decodeText } from '../../../electron/main/sheets/text-decoding'
import { readSheet, type SheetRow } from '../../../electron/main/sheets/sheet-reader'

/*
 * Files read the same on every Node the app runs on: Windows-1252's bytes 0x80–0x9F (which Node's
 * own TextDecoder turns into control characters) and xlsx date cells in both date systems.
 */

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-reading-'))
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

async function read(file: string, fileName: string) {
  const rows: SheetRow[] = []
  const info = await readSheet(file, { fileName, onRows: (batch) => rows.push(...batch) })
  return { info, rows }
}

describe('Windows-1252 from real bytes', () => {
  const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))
  // "Name;Note\r\n" then: € „quoted“ ‘single’ ”closing – en — em … Œuvre Šárka ™ René (é = 0xE9)
  const bytes = Buffer.from([
    ...ascii('Name;Note\r\n'),
    ...[0x52, 0x65, 0x6e, 0xe9], // René
    0x3b,
    0x80,
    0x20,
    0x84,
    0x71,
    0x93,
    0x20,
    0x91,
    0x73,
    0x92,
    0x20,
    0x94,
    0x20,
    0x96,
    0x20,
    0x97,
    0x20,
    0x85,
    0x20,
    0x8c,
    0x75,
    0x20,
    0x8a,
    0xe1,
    0x20,
    0x99,
    0x20,
    0x9f,
    ...ascii('\r\n')
  ])
  const text =
    'Name;Note\r\nRen\u00e9;\u20ac \u201eq\u201c \u2018s\u2019 \u201d \u2013 \u2014 \u2026 \u0152u \u0160\u00e1 \u2122 \u0178\r\n'

  it('decodes 0x80–0x9F by the WHATWG table, not as C1 controls', () => {
    const decoded = decodeText(bytes)
    expect(decoded.encoding).toBe('windows-1252')
    expect(decoded.text).toBe(text)
    expect(decoded.text).not.toMatch(/[\u0080-\u009f]/)
  })

  it('decodes all 32 of them as the standard says (five undefined bytes stay as they are)', () => {
    // a byte that is not UTF-8 first, so the line is read as Windows-1252
    const all = decodeText(Buffer.from([0xe9, ...Array.from({ length: 32 }, (_, i) => 0x80 + i)])).text
    expect(all).toBe(
      '\u00e9\u20ac\u0081\u201a\u0192\u201e\u2026\u2020\u2021\u02c6\u2030\u0160\u2039\u0152\u008d\u017d\u008f' +
        '\u0090\u2018\u2019\u201c\u201d\u2022\u2013\u2014\u02dc\u2122\u0161\u203a\u0153\u009d\u017e\u0178'
    )
  })

  it('reaches the rows read from a CSV file, and the line of a mixed file', async () => {
    const file = path.join(dir, 'cp1252.csv')
    fs.writeFileSync(file, bytes)
    const { rows, info } = await read(file, 'cp1252.csv')
    expect(info.encoding).toBe('windows-1252')
    expect(rows[1]).toEqual({ sheetRow: 2, cells: ['René', '€ „q“ ‘s’ ” – — … Œu Šá ™ Ÿ'] })
    const mixed = Buffer.concat([
      Buffer.from('Zoë;“UTF-8”\n', 'utf8'),
      Buffer.from([0x41, 0x3b, 0x93, 0x42, 0x94, 0x0a])
    ])
    expect(decodeText(mixed).text).toBe('Zoë;“UTF-8”\nA;“B”\n')
  })
})

describe('xlsx dates', () => {
  /** A workbook written by exceljs with dates, a date and time, a time, a plain number and a formula. */
  async function workbook(date1904: boolean): Promise<string> {
    const book = new ExcelJS.Workbook()
    book.properties.date1904 = date1904
    const sheet = book.addWorksheet('People')
    sheet.addRow(['Name', 'Start', 'Met at', 'Call', 'Ticket', 'Until'])
    sheet.addRow([
      'Ana Peña',
      new Date(Date.UTC(2026, 10, 3)),
      new Date(Date.UTC(2026, 10, 3, 14, 30)),
      new Date(Date.UTC(1899, 11, 30, 9, 15, 30)),
      46296,
      { formula: 'B2+30', result: new Date(Date.UTC(2026, 11, 3)) }
    ])
    sheet.getCell('B2').numFmt = 'dd/mm/yyyy'
    sheet.getCell('C2').numFmt = 'yyyy-mm-dd hh:mm'
    sheet.getCell('D2').numFmt = 'h:mm:ss'
    sheet.getCell('F2').numFmt = 'd mmm yyyy'
    sheet.addRow(['Bo Lee', new Date(Date.UTC(1999, 0, 1))])
    const file = path.join(dir, `dates-${date1904 ? 1904 : 1900}.xlsx`)
    await book.xlsx.writeFile(file)
    return file
  }

  /** The serial number stored for a cell, as the file holds it. */
  async function stored(file: string, ref: string): Promise<number> {
    const xml = await (await JSZip.loadAsync(fs.readFileSync(file))).file('xl/worksheets/sheet1.xml')!.async('string')
    return Number(new RegExp(`<c r="${ref}"[^>]*>(?:<f>[^<]*</f>)?<v>([^<]+)</v>`).exec(xml)![1])
  }

  it.each([false, true])('reads date cells as ISO dates (1904 system: %s)', async (date1904) => {
    const file = await workbook(date1904)
    // the two systems store the same day as serials 1,462 days apart: both are read as the day
    expect(await stored(file, 'B2')).toBe(date1904 ? 46329 - 1462 : 46329)
    expect(await stored(file, 'B3')).toBe(date1904 ? 36161 - 1462 : 36161)
    const { rows } = await read(file, 'dates.xlsx')
    expect(rows.map((row) => row.cells)).toEqual([
      ['Name', 'Start', 'Met at', 'Call', 'Ticket', 'Until'],
      ['Ana Peña', '2026-11-03', '2026-11-03 14:30', '09:15:30', '46296', '2026-12-03'],
      ['Bo Lee', '1999-01-01']
    ])
  })
})
