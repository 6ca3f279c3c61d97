import { describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { useMains, type TestMain } from './helpers'

/*
 * Main keeps a workbook's upload after reading it, so another of its sheets can be read; it lets
 * it go when the import starts matching, and makes room for a new upload by letting go of the one
 * read longest ago. Before, a page that never discarded them was refused a fifth workbook
 * ("Other spreadsheets are still being read") for half an hour.
 */

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}

async function workbook(n: number): Promise<Buffer> {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('People').addRows([
    ['Name', 'Company'],
    [`Ana Peña ${n}`, 'Globex']
  ])
  book.addWorksheet('Speakers').addRows([
    ['Name', 'Email'],
    [`Bo Lee ${n}`, `bo${n}@example.com`]
  ])
  return Buffer.from(await book.xlsx.writeBuffer())
}

async function upload(main: TestMain, bytes: Buffer): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

describe('workbook uploads kept for their sheets', () => {
  const start = useMains()

  it('opens six workbooks in a row without the page discarding any; the oldest read is let go', async () => {
    const main = await start({ loadKeytar: noKeychain })
    const opened: Array<{ uploadId: string; batchId: string }> = []
    for (let n = 1; n <= 6; n += 1) {
      const uploadId = await upload(main, await workbook(n))
      const { batch } = await main.ok('openImport', { uploadId, fileName: `people-${n}.xlsx` })
      expect(batch.sheet).toBe('People')
      opened.push({ uploadId, batchId: batch.id })
    }
    // the last ones' other sheets can still be read
    const last = opened[5]!
    const speakers = await main.ok('openImport', {
      uploadId: last.uploadId,
      fileName: 'people-6.xlsx',
      sheet: 'Speakers',
      replaces: last.batchId
    })
    expect(speakers.batch.headers).toEqual(['Name', 'Email'])
    // the first was let go to make room: choosing its other sheet says to choose the file again
    const gone = await main.fail('openImport', {
      uploadId: opened[0]!.uploadId,
      fileName: 'people-1.xlsx',
      sheet: 'Speakers',
      replaces: opened[0]!.batchId
    })
    expect(gone.code).toBe('not_found')
    expect(gone.message).toMatch(/Choose the file again/)
  })

  it('lets a workbook go once its import starts matching', async () => {
    const main = await start({ loadKeytar: noKeychain })
    const uploadId = await upload(main, await workbook(1))
    const { batch } = await main.ok('openImport', { uploadId, fileName: 'people.xlsx' })
    await main.ok('startImportMatch', { batchId: batch.id })
    expect(await main.ok('discardImportUpload', { uploadId })).toEqual({ discarded: false })
    // four new uploads at once fit: none is held by the import that started
    for (let n = 0; n < 4; n += 1) await main.ok('startImportUpload', { bytes: 10 })
  })

  it('lets a workbook go when its import is deleted', async () => {
    const main = await start({ loadKeytar: noKeychain })
    const uploadId = await upload(main, await workbook(1))
    const { batch } = await main.ok('openImport', { uploadId, fileName: 'people.xlsx' })
    await main.ok('deleteImport', { batchId: batch.id })
    expect(await main.ok('discardImportUpload', { uploadId })).toEqual({ discarded: false })
  })
})
