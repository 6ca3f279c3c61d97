import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { readPlainLines } from '../../../electron/main/do-not-contact/plain-lines'
import { readSheet, type SheetRow } from '../../../electron/main/sheets/sheet-reader'

/*
 * The quick reader of a do-not-contact file of lines (issue #36 item 4: a million lines read in a
 * fraction of readSheet's time) gives, file for file on disk, the very rows the general CSV reader
 * gives (numbers, cells, empty rows skipped, caps), and leaves every file it cannot read the same
 * way to it.
 */

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})
function fileOf(content: string | Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-dnc-lines-'))
  dirs.push(dir)
  const file = path.join(dir, 'list.csv')
  fs.writeFileSync(file, content)
  return file
}

async function bothWays(content: string | Buffer, maxRows = 1000): Promise<{ quick: SheetRow[]; general: SheetRow[] }> {
  const file = fileOf(content)
  const quick: SheetRow[] = []
  expect(readPlainLines(file, { fileName: 'list.csv', maxRows, onRows: (rows) => quick.push(...rows) })).toBe(true)
  const general: SheetRow[] = []
  await readSheet(file, { fileName: 'list.csv', maxRows, onRows: (rows) => general.push(...rows) })
  return { quick, general }
}

describe('a do-not-contact file of plain lines', () => {
  it.each([
    ['lines ending in \\n, a header, empty and blank lines', 'Who\na@x.example\n\n   \n@rival.example\nkey:p-1\n'],
    ['lines ending in \\r\\n, no last line break', 'Who\r\na@x.example\r\n\r\nhttps://profilenet.example/in/someone'],
    [
      'a UTF-8 BOM and semicolons, trailing empty cells',
      '\uFEFFEmail;Source;;\nb@y.example;CRM;;\n;;\nc@z.example;;\n'
    ],
    ['tabs', 'Email\tNote\nd@x.example\told\n\te@x.example\n'],
    [
      'a cell past the cell cap and columns past the column cap',
      `${'x'.repeat(12_000)}\n${Array.from({ length: 600 }, (_, i) => `c${i}@x.example`).join(',')}\n`
    ]
  ])('reads %s as readSheet does', async (_, text) => {
    const { quick, general } = await bothWays(text)
    expect(quick.length).toBeGreaterThan(0)
    expect(quick).toEqual(general)
  })

  it('reads Windows-1252 and UTF-16 as readSheet does', async () => {
    const latin = Buffer.from('Who\nrené@x.example\nzoë@y.example\n', 'latin1')
    const wide = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Who\nf@x.example\n', 'utf16le')])
    for (const bytes of [latin, wide]) {
      const { quick, general } = await bothWays(bytes)
      expect(quick).toEqual(general)
    }
  })

  it('stops at maxRows non-empty rows as readSheet does', async () => {
    const { quick, general } = await bothWays('a@x.example\n\nb@x.example\nc@x.example\nd@x.example\n', 2)
    expect(quick.map((row) => row.sheetRow)).toEqual([1, 3])
    expect(quick).toEqual(general)
  })

  it('leaves quotes, mixed line ends, a workbook or one named .xlsx, binary and empty files to readSheet', () => {
    const no = (content: string | Buffer, fileName = 'list.csv') =>
      readPlainLines(fileOf(content), { fileName, maxRows: 1000, onRows: () => {} })
    expect(no('"a@x.example, b@x.example"\nc@x.example\n')).toBe(false)
    expect(no('a@x.example\r\nb@x.example\nc@x.example\r\n')).toBe(false)
    expect(no('a@x.example\rb@x.example\r')).toBe(false)
    expect(no('a@x.example\n', 'list.xlsx')).toBe(false)
    expect(no(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4]))).toBe(false)
    expect(no(Buffer.from([0x61, 0, 0, 0x62, 0x40, 0, 0x63]))).toBe(false)
    expect(no('')).toBe(false)
  })
})
