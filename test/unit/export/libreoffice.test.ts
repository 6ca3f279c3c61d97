import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCsvFile } from '../../../electron/main/export/csv-export'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import { identifierColumns, identifierRow } from './identifier-cells'
import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'
import { expectedCell, hostileCells } from './hostile-cells'
import { soffice, throughCalc as openInCalc } from './calc'

/** Opens exported files in a real spreadsheet program, LibreOffice Calc (./calc.ts). */
let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-calc-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))
const throughCalc = (file: string) => openInCalc(file, dir)

const columns: CsvColumn[] = [
  { header: 'Name', path: 'profile.full_name' },
  { header: 'Notes', path: 'member.notes' },
  { header: 'Score', path: 'profile.match_score' }
]

/** Calc keeps line breaks inside a cell as LF, whatever the file used. */
const calcText = (text: string): string => text.replace(/\r\n?/g, '\n')

describe.skipIf(soffice === undefined)('LibreOffice Calc opens the export', () => {
  it('shows every hostile cell as its neutralised text, nothing evaluated', async () => {
    const rows: ExportRow[] = hostileCells.map((cell, i) => ({
      profile: { key: `k${i}`, full_name: cell, match_score: i },
      member: {
        shortlist: 'L',
        stage: 'New',
        rating: null,
        tags: [],
        notes: `${cell} (#${i})`,
        addedAt: '',
        profileCapturedAt: ''
      }
    }))
    const file = path.join(dir, 'hostile.csv')
    await writeCsvFile(rows, file, { columns })
    const calc = await throughCalc(file)

    const expected = [
      ['Name', 'Notes', 'Score'],
      ...hostileCells.map((cell, i) => [expectedCell(cell), expectedCell(`${cell} (#${i})`), String(i)])
    ]
    expect(calc).toHaveLength(expected.length)
    calc.forEach((cells, r) =>
      expected[r]?.forEach((cell, c) => expect(cells[c], `row ${r} col ${c}`).toBe(calcText(cell)))
    )
  }, 180_000)

  it('keeps identifiers as their text: leading zeros and 16+ digit ids intact, numbers still numbers', async () => {
    const ids: CsvColumn[] = [
      { header: 'Phone', path: 'profile.phone' },
      { header: 'LI id', path: 'profile.li_id' },
      { header: 'Zip', path: 'profile.zip' },
      { header: 'Co-author', path: 'profile.co_author' },
      { header: 'Stars', path: 'profile.stars' }
    ]
    const row: ExportRow = {
      profile: {
        phone: '07700900123',
        li_id: '123456789012345678',
        zip: '02134',
        co_author: 9007199254740993n,
        stars: 1250
      }
    }
    const file = path.join(dir, 'ids.csv')
    await writeCsvFile([row], file, { columns: ids })
    const calc = await throughCalc(file)
    // Calc shows the apostrophe it was given, exactly as for a formula-like cell: the digits are whole.
    expect(calc[1]).toEqual(["'07700900123", "'123456789012345678", "'02134", "'9007199254740993", '1250'])

    // The same cells unprotected lose their text in Calc (the check can fail).
    const raw = path.join(dir, 'raw-ids.csv')
    fs.writeFileSync(raw, 'Phone,Id\r\n07700900123,123456789012345678\r\n')
    const lost = await throughCalc(raw)
    expect(lost[1]?.[0]).not.toBe('07700900123')
    expect(lost[1]?.[1]).not.toBe('123456789012345678')
  }, 180_000)

  it('opens the .xlsx export with every identifier whole and nothing evaluated', async () => {
    const file = path.join(dir, 'typed.xlsx')
    await writeXlsxFile([identifierRow], file, { columns: identifierColumns })
    const calc = await throughCalc(file)
    expect(calc[1]).toEqual([
      'Zoë Ødegård',
      '07700900123',
      '123456789012345678',
      '02134',
      '9007199254740993',
      '1250',
      '=1+1'
    ])
  }, 180_000)

  it('would have evaluated the same cells unneutralised (the check can fail)', async () => {
    const file = path.join(dir, 'raw.csv')
    fs.writeFileSync(file, 'A,B\r\n=1+1,@SUM(2;3)\r\n')
    const calc = await throughCalc(file)
    expect(calc[1]?.[0]).toBe('2')
  }, 180_000)
})
