import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { MAX_DO_NOT_CONTACT } from '../../../shared/ipc/channels/do-not-contact'
import { spawnDoNotContactWorkerFromSource } from '../../../electron/main/do-not-contact/do-not-contact-worker-from-source'
import { DO_NOT_CONTACT_UPLOADS_FOLDER } from '../../../electron/main/do-not-contact'
import { useMains, type TestMain } from '../services/helpers'

/*
 * A do-not-contact list that scales (issue #36 item 4), over the composed main and SQLite on disk:
 * a file of a few thousand entries sent in pieces and read by the worker over its own connection
 * (hashes as bytes, written in the (kind, hash) index's order, 5,000 entries a transaction, hidden
 * until shown at once), the list paged with its count, people checked by indexed lookups; the cap
 * refused in the words of the field (a value typed, a file chosen: nothing of it added); a domain
 * longer than 253 characters refused. The million is the bench's (npm run bench -- do-not-contact).
 */

const start = useMains()

const files: Database.Database[] = []
afterEach(() => {
  for (const db of files.splice(0)) db.close()
})
/** The data file through a connection of the test's own, as the worker opens it. */
function dataFile(main: TestMain): Database.Database {
  const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'))
  db.pragma('busy_timeout = 5000')
  files.push(db)
  return db
}

/** Sends a file in pieces, as the Settings panel does. */
async function upload(main: TestMain, text: string, pieces = 3): Promise<string> {
  const bytes = Buffer.from(text, 'utf8')
  const { uploadId } = await main.ok('startDoNotContactUpload', { bytes: bytes.length })
  const size = Math.ceil(bytes.length / pieces / 3) * 3
  for (let offset = 0; offset < bytes.length; offset += size) {
    const end = Math.min(bytes.length, offset + size)
    await main.ok('appendDoNotContactUpload', {
      uploadId,
      chunk: bytes.subarray(offset, end).toString('base64'),
      last: end === bytes.length
    })
  }
  return uploadId
}

const ENTRIES = 12_000
const emailOf = (index: number) => `person.${index}@bulk-${index % 40}.example`

describe('a large do-not-contact list', () => {
  it('reads a file of 12,000 entries in the worker, shows them at once, pages them with the count, checks by hash', async () => {
    const main = await start({ doNotContactWorker: spawnDoNotContactWorkerFromSource })
    await main.ok('addDoNotContact', { kind: 'email', value: emailOf(7) })
    const lines = ['Email,Source']
    for (let index = 0; index < ENTRIES; index += 1) lines.push(`${emailOf(index)},old CRM`)
    lines.push('@rival.example', 'Nobody here')
    const uploadId = await upload(main, lines.join('\n'))

    const read = await main.ok('importDoNotContact', { uploadId, fileName: 'crm.csv', note: 'Imported from crm.csv' })
    expect(read).toMatchObject({ added: ENTRIES, alreadyListed: 1, skippedCount: 2, total: ENTRIES + 1 })
    expect(read.skipped).toEqual([
      { line: 1, text: 'Email,Source' },
      { line: ENTRIES + 3, text: 'Nobody here' }
    ])
    expect(main.events.filter((event) => event.name === 'doNotContactChanged')).toHaveLength(2)
    // written in pieces by the worker's connection, none hidden now; the upload is let go
    const db = dataFile(main)
    expect(db.prepare('SELECT COUNT(*) FROM do_not_contact_imports WHERE ready = 0').pluck().get()).toBe(0)
    expect(db.prepare('SELECT COUNT(*) FROM do_not_contact').pluck().get()).toBe(ENTRIES + 1)
    expect(fs.readdirSync(path.join(main.dataDir, DO_NOT_CONTACT_UPLOADS_FOLDER))).toEqual([])

    // kept as the hashes' 32 bytes, the file's entries written in the (kind, hash) index's order
    // (its pages filled one after another): their ids follow it
    expect(db.prepare('SELECT DISTINCT typeof(hash) || length(hash) FROM do_not_contact').pluck().all()).toEqual([
      'blob32'
    ])
    const byHash = db
      .prepare('SELECT id FROM do_not_contact WHERE import_id IS NOT NULL ORDER BY kind, hash')
      .pluck()
      .all() as number[]
    expect(byHash).toHaveLength(ENTRIES)
    expect(byHash).toEqual([...byHash].sort((a, b) => a - b))

    // the count at once, a page at a time, newest first: the file's entries (in the index's order),
    // then the one added by hand before it
    const first = await main.ok('listDoNotContact', {})
    expect(first).toMatchObject({ offset: 0, total: ENTRIES + 1, forgotten: 0 })
    expect(first.entries).toHaveLength(100)
    expect(first.entries.every((entry) => entry.note === 'Imported from crm.csv')).toBe(true)
    const paged: string[] = []
    for (let offset = 0; offset <= ENTRIES; offset += 500) {
      const page = await main.ok('listDoNotContact', { offset, limit: 500 })
      expect(page.total).toBe(ENTRIES + 1)
      paged.push(...page.entries.map((entry) => entry.value))
    }
    expect(paged).toHaveLength(ENTRIES + 1)
    expect(paged.at(-1)).toBe(emailOf(7))
    expect(new Set(paged)).toEqual(
      new Set([...Array.from({ length: ENTRIES }, (_, index) => emailOf(index)), '@rival.example'])
    )
    const last = await main.ok('listDoNotContact', { offset: ENTRIES - 40, limit: 100 })
    expect(last.entries).toHaveLength(41)
    expect(last.entries.at(-1)!.value).toBe(emailOf(7))
    const rival = db.prepare("SELECT id FROM do_not_contact WHERE value = '@rival.example'").pluck().get()

    // a hundred people: every fifth listed by email, one by the domain
    const people = Array.from({ length: 100 }, (_, index) => ({
      key: `p-9-${index}`,
      emails: [index % 5 === 0 ? emailOf(index * 97) : `someone.${index}@elsewhere.example`]
    }))
    people[3] = { key: 'p-9-3', emails: ['cfo@Rival.example'] }
    const { suppressed } = await main.ok('checkDoNotContact', { people })
    expect(suppressed.map((one) => one.index)).toEqual([
      0, 3, 5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 85, 90, 95
    ])
    expect(suppressed[1]!.reasons).toEqual([{ why: 'listed', kind: 'domain', entryId: rival }])

    // removing one lowers the count; the same file again adds nothing
    expect(await main.ok('removeDoNotContact', { id: first.entries[1]!.id })).toEqual({ removed: true })
    expect((await main.ok('listDoNotContact', { limit: 1 })).total).toBe(ENTRIES)
    const again = await main.ok('importDoNotContact', {
      uploadId: await upload(main, lines.join('\n'), 1),
      fileName: 'crm.csv'
    })
    expect(again).toMatchObject({ added: 1, alreadyListed: ENTRIES, total: ENTRIES + 1 })
  }, 60_000)

  it('holds 1,000,000 entries at most: a value typed or a file past it is refused, nothing of the file added', async () => {
    const main = await start({ doNotContactWorker: spawnDoNotContactWorkerFromSource })
    await main.ok('addDoNotContact', { kind: 'email', value: 'first@example.com' })
    // the list brought to the edge of the cap through its kept count (a million rows are the bench's)
    dataFile(main)
      .prepare('UPDATE do_not_contact_count SET entries = ? WHERE id = 1')
      .run(MAX_DO_NOT_CONTACT - 1)

    expect((await main.ok('addDoNotContact', { kind: 'domain', value: 'last.example' })).added).toBe(true)
    expect((await main.ok('listDoNotContact', {})).total).toBe(MAX_DO_NOT_CONTACT)
    const full = await main.fail('addDoNotContact', { kind: 'email', value: 'one.more@example.com' })
    expect(full.code).toBe('invalid_input')
    expect(full.message).toBe(
      'The do-not-contact list is full: it holds 1,000,000 entries, and 1,000,000 at most. Remove entries you no longer need, then add more.'
    )
    expect(full.details).toEqual([{ path: 'value', message: full.message }])
    // one already listed is no entry more: said as before
    expect((await main.ok('addDoNotContact', { kind: 'email', value: 'FIRST@example.com' })).added).toBe(false)

    const text = ['a@late.example', 'b@late.example', 'c@late.example'].join('\n')
    const file = await main.fail('importDoNotContact', { uploadId: await upload(main, text, 1), fileName: 'late.csv' })
    expect(file.code).toBe('invalid_input')
    expect(file.message).toBe(
      'This file would take the do-not-contact list past 1,000,000 entries (it holds 1,000,000), so nothing of it was added. Import a shorter file, or remove entries first.'
    )
    const { suppressed } = await main.ok('checkDoNotContact', { people: [{ emails: ['a@late.example'] }] })
    expect(suppressed).toEqual([])
    const db = dataFile(main)
    expect(db.prepare('SELECT COUNT(*) FROM do_not_contact').pluck().get()).toBe(2)
    expect(db.prepare('SELECT COUNT(*) FROM do_not_contact_imports').pluck().get()).toBe(0)
    expect((await main.ok('listDoNotContact', {})).total).toBe(MAX_DO_NOT_CONTACT)

    // room made (both entries removed): a file of two goes in, to the cap
    for (const entry of (await main.ok('listDoNotContact', {})).entries) {
      await main.ok('removeDoNotContact', { id: entry.id })
    }
    expect((await main.ok('listDoNotContact', {})).total).toBe(MAX_DO_NOT_CONTACT - 2)
    const taken = await main.ok('importDoNotContact', { text: 'a@late.example\nb@late.example' })
    expect(taken).toMatchObject({ added: 2, total: MAX_DO_NOT_CONTACT })
  }, 60_000)

  it('refuses a domain longer than 253 characters, typed or in a file', async () => {
    const main = await start()
    const longest = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
    const tooLong = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`
    expect(longest).toHaveLength(253)
    expect(tooLong).toHaveLength(254)

    expect((await main.ok('addDoNotContact', { kind: 'domain', value: longest })).added).toBe(true)
    const domain = await main.fail('addDoNotContact', { kind: 'domain', value: `@${tooLong}` })
    expect(domain.code).toBe('invalid_input')
    expect(domain.message).toMatch(/A domain has at most 253 characters; this one has 254\./)
    const email = await main.fail('addDoNotContact', { kind: 'email', value: `ana@${tooLong}` })
    expect(email.message).toMatch(/A domain has at most 253 characters; this one has 254\./)

    const read = await main.ok('importDoNotContact', {
      text: [`@${tooLong}`, `bo@${tooLong}`, 'ok.example'].join('\n')
    })
    expect(read).toMatchObject({ added: 1, skippedCount: 2, total: 2 })
    const { suppressed } = await main.ok('checkDoNotContact', { people: [{ emails: [`x@${tooLong}`] }] })
    expect(suppressed).toEqual([])
  })
})
