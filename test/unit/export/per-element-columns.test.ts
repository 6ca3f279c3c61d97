import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { resolveColumns } from '../../../electron/main/export/csv-columns'
import { writeCsvFile } from '../../../electron/main/export/csv-export'
import { profileRow } from '../../../electron/main/export/export-rows'
import { writeXlsxFile } from '../../../electron/main/export/xlsx-export'

// "Positions: end" and the other per-position and per-education columns of the Full export: one
// slot per position, empty ones kept, so the n-th value of each column is the same position's.
let dir: string
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-slots-'))
})
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }))

const profile = {
  key: 'p-slots',
  full_name: 'Rosa Quint',
  positions: [
    // the current job: no end date (null), as the service sends it
    { title: 'Head of Data', company: 'Brightline Data', start_date: '2024-02-01', end_date: null },
    // no company and no start date at all
    { title: 'Data Lead', end_date: '2023-12-31' },
    { title: 'Analyst', company: 'Juniper Row Media', start_date: '2015-09-01', end_date: '2019-01-31' }
  ],
  educations: [
    { school: 'Porto University', degree: null, major: 'Statistics' },
    { school: 'Lisbon School', degree: 'MSc' },
    { school: null, degree: 'BSc', major: 'Mathematics' }
  ]
}

/** The columns that list one value per position or education, by header, as the file has them. */
const expected: Record<string, string[]> = {
  'Positions: title': ['Head of Data', 'Data Lead', 'Analyst'],
  'Positions: company': ['Brightline Data', '', 'Juniper Row Media'],
  'Positions: start': ['2024-02-01', '', '2015-09-01'],
  'Positions: end': ['', '2023-12-31', '2019-01-31'],
  'Education: school': ['Porto University', 'Lisbon School', ''],
  'Education: degree': ['', 'MSc', 'BSc'],
  'Education: major': ['Statistics', '', 'Mathematics']
}

const columns = resolveColumns({ preset: 'full' })

function slotsOf(table: unknown[][]): Record<string, string[]> {
  const [headers, values] = table as [string[], unknown[]]
  return Object.fromEntries(
    Object.keys(expected).map((header) => {
      const index = headers.indexOf(header)
      expect(index, header).toBeGreaterThan(-1)
      return [header, String(values[index] ?? '').split('; ')]
    })
  )
}

describe('per-position and per-education columns of the Full export', () => {
  it('line up in CSV: a null end date or a missing field keeps its place', async () => {
    const file = path.join(dir, 'full.csv')
    await writeCsvFile([profileRow(profile)], file, { columns })
    const table = parse(fs.readFileSync(file), { bom: true }) as string[][]
    expect(slotsOf(table)).toEqual(expected)
  })

  it('line up in .xlsx the same way', async () => {
    const file = path.join(dir, 'full.xlsx')
    await writeXlsxFile([profileRow(profile)], file, { columns })
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(file)
    const sheet = workbook.getWorksheet('Export')!
    const row = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1)
    expect(slotsOf([row(1), row(2)])).toEqual(expected)
  })

  it('a single position with no end date is one empty slot, no positions no slot', async () => {
    const file = path.join(dir, 'one.csv')
    await writeCsvFile(
      [
        profileRow({ key: 'one', positions: [{ title: 'Founder', end_date: null }] }),
        profileRow({ key: 'none', positions: [] })
      ],
      file,
      { columns }
    )
    const [headers, one, none] = parse(fs.readFileSync(file), { bom: true }) as string[][]
    const title = headers!.indexOf('Positions: title')
    const end = headers!.indexOf('Positions: end')
    expect([one![title], one![end]]).toEqual(['Founder', ''])
    expect([none![title], none![end]]).toEqual(['', ''])
  })
})
