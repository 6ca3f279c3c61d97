import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { pathToFileURL } from 'node:url'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeCsvFile } from '../../../electron/main/export/csv-export'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'
import { identifierColumns, identifierRow } from './identifier-cells'
import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'
import { expectedCell, hostileCells } from './hostile-cells'

/**
 * Opens exported files in a real spreadsheet program: LibreOffice Calc, headless (Debian package
 * libreoffice-calc-nogui). Calc imports our CSV and writes it back out as CSV; we parse that and
 * compare cells. CSV-to-CSV is the simplest faithful read-back: it writes each cell's text as
 * Calc holds it, which is what a person opening the file sees, with no XML to pick apart.
 *
 * Import options (Calc CSV filter tokens): comma, double quote, UTF-8 (76), from line 1, and
 * token 13 "evaluate formulas" ON, the most dangerous setting: a formula that got through would
 * come back as its result, not its text.
 */
const soffice = findOnPath('soffice')
const IMPORT = 'CSV:44,34,76,1,,1033,false,false,false,false,false,false,true'
const EXPORT = 'csv:Text - txt - csv (StarCalc):44,34,76,1,,1033,true,true'

function findOnPath(name: string): string | undefined {
  for (const folder of (process.env.PATH ?? '').split(path.delimiter)) {
    const candidate = path.join(folder, name)
    if (folder !== '' && fs.existsSync(candidate)) return candidate
  }
  return undefined
}

if (soffice === undefined && process.env.CI) {
  throw new Error('LibreOffice (soffice) is required on CI: apt-get install libreoffice-calc-nogui')
}

let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-calc-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

/** Calc reads `file` (CSV, or an .xlsx workbook) and writes it back as CSV; returns the parsed cells. */
async function throughCalc(file: string): Promise<string[][]> {
  const workbook = file.endsWith('.xlsx')
  const out = path.join(dir, `out-${path.basename(file, path.extname(file))}`)
  await promisify(execFile)(
    soffice ?? 'soffice',
    [
      // A private profile: no clash with a running LibreOffice, no first-start prompts.
      `-env:UserInstallation=${pathToFileURL(path.join(dir, 'profile')).href}`,
      '--headless',
      '--norestore',
      ...(workbook ? [] : [`--infilter=${IMPORT}`]),
      '--convert-to',
      EXPORT,
      '--outdir',
      out,
      file
    ],
    { timeout: 120_000 }
  )
  const written = path.join(out, `${path.basename(file, path.extname(file))}.csv`)
  return parse(fs.readFileSync(written), { bom: true }) as string[][]
}

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
