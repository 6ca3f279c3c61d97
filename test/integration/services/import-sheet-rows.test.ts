import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { parse } from 'csv-parse/sync'
import type { ImportRow } from '../../../shared/ipc/channels/imports'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { importDone, noKeychain, ScriptedDialogs, tempDir, useMains, useOpened, type TestMain } from './helpers'

/*
 * Every row named to the recruiter is named by its number in the sheet, as Excel or LibreOffice
 * shows it: the review, "duplicate of row N" in the enriched export, "row N" in a shortlisted
 * person's notes, "the header row is row N". Checked against exceljs reading the same file.
 */

const opened = useOpened()

async function upload(main: TestMain, bytes: Buffer): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

/** Catalog people with an email: each row names one exactly. */
function people(count: number) {
  return testCatalog()
    .search({}, { limit: 200, offset: 300 })
    .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
    .slice(0, count)
    .map((person) => ({ name: person.full_name!, email: (person as { emails: string[] }).emails[0]! }))
}

/**
 * The sheet as rows by number (undefined: a blank row): a two-line title block, a blank row, the
 * header at row 4, people with blank rows between them, the first person again at row 12, and a
 * note holding a line break (one row in a spreadsheet program, two lines of a CSV file).
 */
function layout() {
  const [p0, p1, p2, p3, p4] = people(5)
  const rows: Array<string[] | undefined> = []
  rows[1] = ['Speakers 2026']
  rows[2] = ['Exported for the booth team']
  rows[4] = ['Name', 'Email', 'Notes']
  rows[5] = [p0!.name, p0!.email, 'first']
  rows[6] = [p1!.name, p1!.email, 'met at\r\nthe booth']
  rows[9] = [p2!.name, p2!.email, 'third']
  rows[10] = [p3!.name, p3!.email, 'fourth']
  rows[12] = [p0!.name, p0!.email, 'again']
  rows[13] = [p4!.name, p4!.email, 'last']
  return rows
}

async function xlsxOf(rows: Array<string[] | undefined>): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook()
  const sheet = workbook.addWorksheet('Speakers')
  rows.forEach((cells, number) => {
    if (cells !== undefined) sheet.getRow(number).values = cells
  })
  return Buffer.from(await workbook.xlsx.writeBuffer())
}

function csvOf(rows: Array<string[] | undefined>): Buffer {
  const quoted = (cell: string) => (/[;"\r\n]/.test(cell) ? `"${cell.replace(/"/g, '""')}"` : cell)
  const lines: string[] = []
  // a blank row is an empty line, or one of empty cells (as Excel saves a row it once used)
  for (let number = 1; number < rows.length; number += 1) {
    lines.push(rows[number]?.map(quoted).join(';') ?? (number === 11 ? ';;' : ''))
  }
  return Buffer.from(lines.join('\r\n') + '\r\n', 'utf8')
}

/** The row number exceljs gives the row whose Notes cell says `note`, in the same file. */
async function rowNumbersByExcelJs(file: string, format: 'csv' | 'xlsx'): Promise<Map<string, number>> {
  const workbook = new ExcelJS.Workbook()
  const sheet =
    format === 'xlsx'
      ? (await workbook.xlsx.readFile(file)).worksheets[0]!
      : await workbook.csv.readFile(file, { parserOptions: { delimiter: ';' } })
  const numbers = new Map<string, number>()
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    const note = row.getCell(3).text
    if (note !== '') numbers.set(note.replace(/\r\n/g, '\n'), number)
    if (row.getCell(1).text === 'Name') numbers.set('(header)', number)
  })
  return numbers
}

describe('rows named by their number in the sheet', () => {
  const start = useMains()

  it.each(['xlsx', 'csv'] as const)(
    'a %s with a title block, blank rows, a line break in a cell and a repeat',
    async (format) => {
      const sandbox = await startTestSandbox({ clock: systemClock })
      opened.push(sandbox)
      const out = tempDir('td-sheet-rows-')
      const exported = path.join(out, `enriched.csv`)
      const main = await start({
        loadKeytar: noKeychain,
        fileDialogs: new ScriptedDialogs().answer(exported),
        pace: { ceiling: 200 }
      })
      const overview = await main.ok('saveConnection', { name: 'Rows', baseUrl: sandbox.baseUrl })
      const connectionId = overview.connections.find((c) => c.name === 'Rows')!.id
      await main.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
      await main.ok('setActiveConnection', { id: connectionId })

      const rows = layout()
      const bytes = format === 'xlsx' ? await xlsxOf(rows) : csvOf(rows)
      const file = path.join(out, `speakers.${format}`)
      fs.writeFileSync(file, bytes)
      const truth = await rowNumbersByExcelJs(file, format)
      // what exceljs says is what the layout says: the file is as described
      expect(Object.fromEntries(truth)).toEqual({
        '(header)': 4,
        Notes: 4,
        first: 5,
        'met at\nthe booth': 6,
        third: 9,
        fourth: 10,
        again: 12,
        last: 13
      })

      const { batch, previewRows } = await main.ok('openImport', {
        uploadId: await upload(main, bytes),
        fileName: `speakers.${format}`
      })
      // the mapping step: "the header row is row 4", each preview row by its number
      expect(batch.headerSheetRow).toBe(truth.get('(header)'))
      expect(previewRows).toEqual([1, 2, 4, 5, 6, 9, 10, 12, 13])
      expect(batch.mapping).toEqual(['name', 'email', 'keep'])
      expect(batch.counts).toMatchObject({ duplicate: 1, pending: 5 })

      await main.ok('startImportMatch', { batchId: batch.id })
      await until(importDone(main, batch.id), Boolean, 60_000)
      const review = (await main.ok('listImportRows', { batchId: batch.id, filter: 'all', limit: 100 })).rows
      const noteOf = (row: ImportRow) => row.cells[2]!.replace(/\r\n/g, '\n')
      // the review: every row by the number exceljs gives it
      expect(review.map((row) => [noteOf(row), row.sheetRow])).toEqual(
        ['first', 'met at\nthe booth', 'third', 'fourth', 'again', 'last'].map((note) => [note, truth.get(note)])
      )
      const repeat = review.find((row) => row.outcome === 'duplicate')!
      expect(noteOf(repeat)).toBe('again')
      expect(repeat.duplicateOf).toBe(truth.get('first'))

      // the enriched export: "duplicate of row 5"
      await main.ok('exportCsv', {
        exportId: 'enriched',
        source: { kind: 'import', batchId: batch.id },
        columns: { preset: 'basic' }
      })
      // comma or the source file's own delimiter
      const [header = [], ...lines] = parse(fs.readFileSync(exported, 'utf8'), {
        bom: true,
        delimiter: [',', ';'],
        relax_column_count: true
      }) as string[][]
      const outcomeColumn = header.indexOf('Match outcome')
      const notesColumn = header.indexOf('Notes')
      const outcomes = lines.map((line) => [line[notesColumn], line[outcomeColumn]])
      expect(outcomes.find(([note]) => note === 'again')?.[1]).toBe(`duplicate of row ${truth.get('first')}`)

      // a shortlisted person's notes: "row N"
      await main.ok('acceptMatchedImportRows', { batchId: batch.id })
      const listed = await main.ok('shortlistImport', { batchId: batch.id, newShortlist: 'Speakers' })
      expect(listed.added).toBe(5)
      const members = await main.ok('listMembers', { shortlistId: listed.shortlistId })
      const notes = await Promise.all(
        members.map(async (member) => (await main.ok('getMember', { memberId: member.id })).notes)
      )
      for (const note of ['first', 'third', 'fourth', 'last']) {
        const source = format === 'xlsx' ? `speakers.xlsx (Speakers)` : 'speakers.csv'
        expect(notes).toContain(`Notes: ${note}\nImported from ${source}, row ${truth.get(note)}`)
      }
    },
    90_000
  )
})
