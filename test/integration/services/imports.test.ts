import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { spawnImportWorkerFromSource } from '../../../electron/main/imports/import-worker-from-source'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import ExcelJS from 'exceljs'
import JSZip from 'jszip'
import { connect, importDone, noKeychain, startMain, tempDir, useMains, useOpened, type TestMain } from './helpers'

const opened = useOpened()

/** Uploads bytes in base64 pieces of `piece` bytes (a multiple of 3), as the page does. */
async function upload(main: TestMain, bytes: Buffer, piece = 3 * 1024): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  for (let at = 0; at < bytes.length; at += piece) {
    const chunk = bytes.subarray(at, at + piece).toString('base64')
    await main.ok('appendImportUpload', { uploadId, chunk, last: at + piece >= bytes.length })
  }
  return uploadId
}

/** A sheet of catalog people: a title line, messy headers, identifiers, names, blanks and repeats. */
function sheet(count: number) {
  const people = testCatalog().search({}, { limit: count, offset: 200 }).results
  const lines = ['Conference attendees 2026;;;;', ';;;;', 'Nom complet;E-mail Address;LinkedIn;Entreprise;Notes']
  const expected = new Map<number, string>()
  people.forEach((person, index) => {
    const email = index % 3 === 0 ? ((person as { emails?: string[] }).emails?.[0] ?? '') : ''
    const link = index % 3 === 1 ? (person.li_urls?.[0] ?? '') : ''
    lines.push([person.full_name, email, link, person.cur_company, `met at booth ${index}`].join(';'))
    // the title is row 1, the empty line is not a row, the header row 2: data from row 3
    if (email || link) expected.set(index + 3, person.key!)
  })
  // a row naming nobody, an empty row, and a repeat of the first person's email
  lines.push(
    ';;;Acme;no name here',
    ';;;;',
    `${people[0]!.full_name};${(people[0] as { emails?: string[] }).emails?.[0]};;;again`
  )
  return { text: lines.join('\r\n'), people, expected }
}

describe('bulk match from a spreadsheet', () => {
  const start = useMains()

  it('reads a Windows-1252 semicolon sheet, maps its messy headers, matches every row through faults', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      faults: '429=0.08,500=0.05,drop=0.04,retryAfter=0,seed=3'
    })
    opened.push(sandbox)
    const main = await start({
      loadKeytar: noKeychain,
      importWorker: spawnImportWorkerFromSource,
      pace: { ceiling: 200 },
      importMatching: { timing: { backoffMs: 20, maxBackoffMs: 100 } },
      http: { retry: { retries: 2, minTimeoutMs: 10, maxTimeoutMs: 30 } }
    })
    await connect(main, sandbox, 'Import service')
    const { text, people, expected } = sheet(30)
    const bytes = Buffer.from(text.replace('Entreprise', 'Société'), 'latin1')
    const uploadId = await upload(main, bytes)
    const { batch, preview } = await main.ok('openImport', { uploadId, fileName: 'attendees.csv' })
    expect(batch.encoding).toBe('windows-1252')
    expect(batch.delimiter).toBe(';')
    expect(preview[0]).toEqual(['Conference attendees 2026'])
    expect(batch.headerRow).toBe(1) // the empty line is skipped: the header is the second row read
    expect(batch.headers).toEqual(['Nom complet', 'E-mail Address', 'LinkedIn', 'Société', 'Notes'])
    expect(batch.suggested).toEqual(['name', 'email', 'handle', 'company', 'keep'])
    expect(batch.notes.join(' ')).toMatch(/Windows-1252/)
    expect(batch.notes.join(' ')).toMatch(/2 empty rows were skipped/)
    expect(batch.counts).toMatchObject({ rows: 32, unmatchable: 1, duplicate: 1, pending: 30 })

    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)
    const { rows, total } = await main.ok('listImportRows', { batchId: batch.id, filter: 'all', limit: 100 })
    expect(total).toBe(32)
    const outcomes = rows.filter((row) => row.outcome !== 'unmatchable' && row.outcome !== 'duplicate')
    expect(outcomes.every((row) => ['matched', 'doubtful', 'none'].includes(row.outcome))).toBe(true)
    for (const [rowNo, key] of expected) {
      const row = rows.find((candidate) => candidate.rowNo === rowNo)!
      expect(row.outcome, `row ${rowNo}`).toBe('matched')
      expect(row.candidates[0]!.key).toBe(key)
    }
    const repeat = rows.find((row) => row.outcome === 'duplicate')!
    // named by its row in the sheet: the title is row 1, the empty line row 2, the header row 3
    expect(repeat.duplicateOf).toBe(4)
    expect(rows.find((row) => row.rowNo === 3)!.duplicates).toBe(1)
    expect(people.length).toBe(30)

    // accept the matched, undo, accept again; shortlist with the kept column as notes
    const accepted = await main.ok('acceptMatchedImportRows', { batchId: batch.id })
    expect(accepted.changed.length).toBeGreaterThanOrEqual(expected.size)
    await main.ok('decideImportRows', {
      batchId: batch.id,
      decisions: accepted.changed.map((change) => ({
        rowNo: change.rowNo,
        decision: change.decision,
        chosenKey: change.chosenKey
      }))
    })
    expect((await main.ok('getImport', { batchId: batch.id })).batch.counts.accepted).toBe(0)
    await main.ok('acceptMatchedImportRows', { batchId: batch.id })
    const listed = await main.ok('shortlistImport', { batchId: batch.id, newShortlist: 'Conference 2026' })
    expect(listed.added).toBe(accepted.changed.length)
    const members = await main.ok('listMembers', { shortlistId: listed.shortlistId })
    const first = await main.ok('getMember', { memberId: members[0]!.id })
    expect(first.notes).toMatch(/^Notes: met at booth \d+\nImported from attendees\.csv, row \d+$/)
    const people2 = await main.ok('importAcceptedPeople', { batchId: batch.id })
    expect(people2.length).toBe(listed.added)
  }, 90_000)

  it('resumes a batch after a restart: no row lost, none answered twice', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, faults: 'latency=5-20' })
    opened.push(sandbox)
    const dataDir = tempDir()
    const options = {
      dataDir,
      loadKeytar: noKeychain,
      pace: { ceiling: 40 },
      importMatching: { timing: { concurrency: 3 } }
    }
    const first = await startMain(options)
    const connectionId = await connect(first, sandbox, 'Import service')
    const names = testCatalog()
      .search({}, { limit: 120, offset: 500 })
      .results.map((person) => `${person.full_name},${person.cur_company},${person.cur_title}`)
    const uploadId = await upload(first, Buffer.from(['Name,Company,Title', ...names].join('\n')))
    const { batch } = await first.ok('openImport', { uploadId, fileName: 'names.csv' })
    expect(batch.mapping).toEqual(['name', 'company', 'title'])
    await first.ok('startImportMatch', { batchId: batch.id })
    const answeredSoFar = async (main: TestMain) => {
      const counts = (await main.ok('getImport', { batchId: batch.id })).batch.counts
      return counts.matched + counts.doubtful + counts.none + counts.failed
    }
    await until(
      () => answeredSoFar(first),
      (answered) => answered >= 20,
      30_000
    )
    await first.close()

    // The key was for the session only: the batch resumes, finds no key, and pauses saying so
    const second = await startMain(options)
    const paused = await until(
      async () => (await second.ok('getImport', { batchId: batch.id })).batch,
      (state) => state.state === 'paused'
    )
    expect(paused.problem).toMatch(/no API key/)
    const before = (await second.ok('listImportRows', { batchId: batch.id, filter: 'all', limit: 200 })).rows.filter(
      (row) => row.outcome !== 'pending'
    )
    expect(before.length).toBeGreaterThanOrEqual(20)
    expect(before.length).toBeLessThan(120)
    await second.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    await second.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(second, batch.id), Boolean, 60_000)
    const after = await second.ok('listImportRows', { batchId: batch.id, filter: 'all', limit: 200 })
    expect(after.total).toBe(120)
    expect(after.rows.filter((row) => row.outcome === 'pending')).toEqual([])
    // what was answered before the restart is exactly what it was: not asked or written again
    for (const row of before) expect(after.rows.find((other) => other.rowNo === row.rowNo)).toEqual(row)
    const counts = (await second.ok('getImport', { batchId: batch.id })).batch.counts
    expect(counts.matched + counts.doubtful + counts.none).toBe(120)
    await second.close()
  }, 90_000)

  it('refuses files that are not sheets, with a message, and keeps working', async () => {
    const main = await start({ loadKeytar: noKeychain, importWorker: spawnImportWorkerFromSource })
    const binary = Buffer.alloc(4096, 0)
    binary.write('not,a,csv', 100)
    const failure = await main.fail('openImport', { uploadId: await upload(main, binary), fileName: 'export.csv' })
    expect(failure.code).toBe('invalid_input')
    expect(failure.message).toMatch(/binary data/)
    const fake = await main.fail('openImport', {
      uploadId: await upload(main, Buffer.from('name\nAna')),
      fileName: 'people.xlsx'
    })
    expect(fake.message).toMatch(/not an Excel workbook/)
    const empty = await main.fail('openImport', {
      uploadId: await upload(main, Buffer.from('\n\n,,,\n , ,\n')),
      fileName: 'blank.csv'
    })
    expect(empty.message).toMatch(/every row is empty/)
    expect(await main.ok('listImports', {})).toEqual([])
  })

  it('remembers the mapping matched with for the same headers, in any case or spacing', async () => {
    const main = await start({ loadKeytar: noKeychain, importWorker: spawnImportWorkerFromSource })
    const csv = (header: string) =>
      Buffer.from(`${header}\nAna Peña,ana@acme.example,Acme\nBo Li,bo@globex.example,Globex\n`)
    const first = await main.ok('openImport', {
      uploadId: await upload(main, csv('Full name,Mail,Firm')),
      fileName: 'a.csv'
    })
    expect(first.batch.suggested).toEqual(['name', 'email', 'company'])
    expect(first.batch.remembered).toBe(false)
    // the recruiter keeps the firm as a note instead, and matches
    await main.ok('mapImport', { batchId: first.batch.id, headerRow: 0, mapping: ['name', 'email', 'keep'] })
    await main.ok('startImportMatch', { batchId: first.batch.id })
    const again = await main.ok('openImport', {
      uploadId: await upload(main, csv(' full  NAME ,mail,FIRM')),
      fileName: 'b.csv'
    })
    expect(again.batch.remembered).toBe(true)
    expect(again.batch.mapping).toEqual(['name', 'email', 'keep'])
    const other = await main.ok('openImport', {
      uploadId: await upload(main, csv('Name,Email,Company')),
      fileName: 'c.csv'
    })
    expect(other.batch.remembered).toBe(false)
    expect(other.batch.mapping).toEqual(['name', 'email', 'company'])
    // its own limit: main and the import worker start from TypeScript source (slow under load)
  }, 60_000)

  it('imports what bad input allows and refuses the rest with a message: a zip bomb, merged cells, 10,000 empty rows, 600 columns', async () => {
    const main = await start({ loadKeytar: noKeychain, importWorker: spawnImportWorkerFromSource })
    // a zip bomb named .xlsx: 60 MB of zeros in a few kilobytes, refused from its directory
    const bomb = new JSZip()
    bomb.file('[Content_Types].xml', '<Types/>')
    bomb.file('xl/worksheets/sheet1.xml', Buffer.alloc(60 * 1024 * 1024))
    const bombBytes = await bomb.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' })
    expect(bombBytes.length).toBeLessThan(1024 * 1024)
    const refused = await main.fail('openImport', { uploadId: await upload(main, bombBytes), fileName: 'people.xlsx' })
    expect(refused.message).toMatch(
      /^This workbook cannot be imported: it would unpack to \d+ times its size \(a zip bomb\)/
    )

    // merged cells: the value is in the first cell of the merge, the others empty
    const book = new ExcelJS.Workbook()
    const sheet = book.addWorksheet('People')
    sheet.addRow(['Name', 'Company', 'Email'])
    sheet.addRow(['Ana Peña', 'Acme', 'ana@acme.example'])
    sheet.addRow(['Bo Li', 'Globex', 'bo@globex.example'])
    sheet.addRow(['Cy Young', 'Globex', 'cy@globex.example'])
    sheet.mergeCells('B3:B4')
    const merged = await main.ok('openImport', {
      uploadId: await upload(main, Buffer.from(await book.xlsx.writeBuffer())),
      fileName: 'merged.xlsx'
    })
    expect(merged.batch.headers).toEqual(['Name', 'Company', 'Email'])
    expect(merged.batch.suggested).toEqual(['name', 'company', 'email'])
    expect(merged.batch.counts.rows).toBe(3)
    expect(merged.preview.slice(1)).toEqual([
      ['Ana Peña', 'Acme', 'ana@acme.example'],
      ['Bo Li', 'Globex', 'bo@globex.example'],
      ['Cy Young', '', 'cy@globex.example']
    ])

    // 10,000 empty rows between the people, and a header of 600 columns
    const wide = Array.from({ length: 600 }, (_, i) => (i === 0 ? 'Name' : i === 1 ? 'Email' : `Extra ${i}`))
    const person = (n: number) => [`Person ${n}`, `p${n}@example.com`, ...Array.from({ length: 598 }, () => 'x')]
    const lines = [wide, person(1), person(2), ...Array.from({ length: 10_000 }, () => []), person(3)]
    const sparse = await main.ok('openImport', {
      uploadId: await upload(main, Buffer.from(lines.map((line) => line.join(',')).join('\n'))),
      fileName: 'sparse.csv'
    })
    expect(sparse.batch.headers).toHaveLength(500)
    expect(sparse.batch.counts.rows).toBe(3)
    expect(sparse.batch.notes).toEqual(
      expect.arrayContaining([
        '10,000 empty rows were skipped.',
        'Only the first 500 columns were read (4 rows had more).'
      ])
    )
    expect((await main.ok('listImports', {})).map((batch) => batch.fileName).sort()).toEqual([
      'merged.xlsx',
      'sparse.csv'
    ])
  }, 60_000)

  it('reads a 50 MB sheet in its worker to its row limit while main keeps answering', async () => {
    const main = await start({ loadKeytar: noKeychain, importWorker: spawnImportWorkerFromSource })
    const filler = 'x'.repeat(840)
    const lines = ['Name,Email,Notes']
    for (let n = 0; n < 61_000; n += 1) lines.push(`Person ${n},p${n}@example.com,${filler}`)
    const bytes = Buffer.from(lines.join('\n'))
    expect(bytes.length).toBeGreaterThan(50 * 1024 * 1024)
    const uploadId = await upload(main, bytes, 2_997_000)
    // while the worker reads, the rest of the app answers (the reading shows as progress events)
    const opening = main.ok('openImport', { uploadId, fileName: 'big.csv' })
    let openedFirst = false
    void opening.then(() => (openedFirst = true))
    await until(
      async () => main.events.filter((event) => event.name === 'importProgress').length,
      (count) => count > 0,
      60_000
    )
    await main.ok('listShortlists', {})
    expect(openedFirst).toBe(false)
    const { batch } = await opening
    expect(batch.counts.rows).toBe(50_050 - 1)
    expect(batch.notes).toContain('Only the first 50,050 rows were read; the rest of the sheet was left out.')
  }, 120_000)
})
