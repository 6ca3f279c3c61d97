import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import { identifierColumns as columns, identifierRow as row } from './identifier-cells'

// The .xlsx export read back with the library that wrote it (LibreOffice opens it in
// libreoffice.test.ts): identifiers are Text-format string cells, numbers are numbers.
let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-xlsx-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('the .xlsx export', () => {
  it('types identifiers as text and numbers as numbers, with no part file left', async () => {
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
})
