import fs, { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import ExcelJS from 'exceljs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSheet } from '../../../electron/main/sheets/sheet-reader'

// exceljs keeps a worksheet stored before the shared strings (its own writer's order) in a
// temporary file, opens it for that sheet's reader and deletes it once the next sheet is asked
// for. A sheet skipped unread had its file deleted under its opening: ENOENT, thrown uncaught (the
// CI's unit step failed so, with every test passing). Here each temporary file opens 30 ms late,
// as on a busy machine, so the old code fails every time.
const dirs: string[] = []
afterEach(() => {
  vi.restoreAllMocks()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('reading the second sheet of a workbook', () => {
  it('reads past the first without leaving its temporary file to be deleted under its opening', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-skipped-sheet-'))
    dirs.push(dir)
    const book = new ExcelJS.Workbook()
    book.addWorksheet('People').addRows([
      ['Name', 'Company'],
      ['Ana Peña', 'Globex']
    ])
    book.addWorksheet('Speakers').addRows([
      ['Name', 'Email'],
      ['Bo Lee', 'bo@example.com']
    ])
    const file = join(dir, 'book.xlsx')
    writeFileSync(file, Buffer.from(await book.xlsx.writeBuffer()))

    const open = fs.createReadStream.bind(fs)
    vi.spyOn(fs, 'createReadStream').mockImplementation(((path: fs.PathLike, options?: never) => {
      if (!/[/\\]tmp-\d+-/.test(String(path))) return open(path, options)
      const late = new PassThrough()
      setTimeout(() => {
        const real = open(path, options)
        real.on('error', (error) => late.destroy(error))
        real.pipe(late)
      }, 30)
      return late as unknown as fs.ReadStream
    }) as typeof fs.createReadStream)
    const uncaught: unknown[] = []
    const note = (error: unknown) => uncaught.push(error)
    process.on('uncaughtException', note)
    try {
      const rows: string[][] = []
      const info = await readSheet(file, {
        fileName: 'book.xlsx',
        sheet: 'Speakers',
        maxRows: 100,
        onRows: (batch: Array<{ cells: string[] }>) => rows.push(...batch.map((row) => row.cells))
      } as never)
      expect(info.sheet).toBe('Speakers')
      // every late opening has had its turn
      await new Promise((resolve) => setTimeout(resolve, 100))
      expect(uncaught).toEqual([])
    } finally {
      process.off('uncaughtException', note)
    }
  })
})
