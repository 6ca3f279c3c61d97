import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { spawnKnownPeopleWorkerFromSource } from '../../../electron/main/known-people/known-people-worker-from-source'
import type { KnownField } from '../../../shared/ipc/channels/known-people'
import { useMains, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * People you already have (issue #32): ATS lists over the composed main and SQLite on disk, from
 * real files shaped as Greenhouse's and Lever's candidate exports (test/fixtures/known-people),
 * read and hashed in the worker; people checked by checkKnownPeople; lists replaced, scoped to a
 * connection, removed, and a forgotten person taken out of every list.
 */

const start = useMains()
const FIXTURES = path.join(import.meta.dirname, '../../fixtures/known-people')

/** Uploads a fixture in base64 pieces, as the page does. */
async function upload(main: TestMain, file: string, piece = 3 * 64): Promise<string> {
  const bytes = fs.readFileSync(path.join(FIXTURES, file))
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  for (let at = 0; at < bytes.length; at += piece) {
    const chunk = bytes.subarray(at, at + piece).toString('base64')
    await main.ok('appendKnownPeopleUpload', { uploadId, chunk, last: at + piece >= bytes.length })
  }
  return uploadId
}

/** Previews a fixture and imports it with the mapping guessed. */
async function importList(
  main: TestMain,
  file: string,
  name: string,
  scope: { kind: 'shared' } | { kind: 'connection'; connectionId: string } = { kind: 'shared' },
  mapping?: KnownField[]
) {
  const uploadId = await upload(main, file)
  const preview = await main.ok('previewKnownPeople', { uploadId, fileName: file })
  const imported = await main.ok('importKnownPeople', {
    uploadId,
    fileName: file,
    name,
    scope,
    mapping: mapping ?? preview.mapping
  })
  return { preview, imported }
}

/** The data file, read apart from main (closed after the test). */
const files: Database.Database[] = []
afterEach(() => {
  for (const db of files.splice(0)) db.close()
})
function openedFile(main: TestMain): Database.Database {
  const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  files.push(db)
  return db
}

const changed = (main: TestMain) => main.events.filter((event) => event.name === 'knownPeopleChanged').length

describe('the known-people lists', () => {
  it('know nobody before a list is imported', async () => {
    const main = await start()
    expect(await main.ok('listKnownPeopleLists', {})).toEqual({ lists: [] })
    const { known } = await main.ok('checkKnownPeople', {
      people: [{ key: 'p-1-1', emails: ['ana@example.com'], name: 'Ana Peña', employer: 'Acme' }]
    })
    expect(known).toEqual([])
  })

  it('reads a Greenhouse export: columns guessed, people known by email, profile link, or name and company', async () => {
    const main = await start({ knownPeopleWorker: spawnKnownPeopleWorkerFromSource })
    const { preview, imported } = await importList(main, 'greenhouse-candidates.csv', 'Greenhouse')
    expect(preview.source).toBe('greenhouse')
    expect(preview.mapping).toEqual([
      'ats_id',
      'first_name',
      'last_name',
      'employer',
      'ignore',
      'email',
      'ignore',
      'handle',
      'ignore',
      'stage',
      'ignore',
      'ignore'
    ])
    expect(preview.sample[0]?.[0]).toBe('41230001')
    // Chen Li has no email, link nor company: nothing to recognise them by
    expect(imported).toMatchObject({
      replaced: false,
      skipped: 1,
      list: { name: 'Greenhouse', scope: { kind: 'shared' }, source: 'greenhouse', people: 3 }
    })
    expect(changed(main)).toBe(1)
    const listId = imported.list.id

    const { known } = await main.ok('checkKnownPeople', {
      people: [
        { emails: ['ana.pena@example.com'] },
        { handles: ['https://profilenet.example/in/Ana-Pena-1'] },
        { name: 'BRUNO SA', employer: 'Globex' },
        { name: 'Bruno Sá', employer: 'Initech' },
        { key: 'p-9-9', emails: ['dora@initech.example'], name: 'Dora Kim', employer: 'Initech' },
        { name: 'Chen Li', employer: '' }
      ]
    })
    expect(known).toEqual([
      { index: 0, listId, listName: 'Greenhouse', atsId: '41230001', stage: 'Phone Screen', by: 'email' },
      { index: 1, listId, listName: 'Greenhouse', atsId: '41230001', stage: 'Phone Screen', by: 'handle' },
      { index: 2, listId, listName: 'Greenhouse', atsId: '41230002', stage: 'Offer', by: 'name-employer' },
      { index: 4, listId, listName: 'Greenhouse', atsId: '41230004', stage: 'Hired', by: 'email' }
    ])

    // nothing of an email or a link is kept in clear: only hashes, and name and company folded
    const db = openedFile(main)
    const cells = JSON.stringify(db.prepare('SELECT * FROM known_people').all())
    expect(cells).not.toMatch(/example|profilenet/i)
    expect(cells).toContain('ana pena')
  })

  it('reads a Lever export into a connection’s list: several emails and links a cell; other connections do not see it', async () => {
    const main = await start()
    const { connections } = await main.ok('listConnections', {})
    const sandboxId = connections[0]!.id
    const { preview, imported } = await importList(main, 'lever-candidates.csv', 'Lever', {
      kind: 'connection',
      connectionId: sandboxId
    })
    expect(preview.source).toBe('lever')
    expect(imported.list).toMatchObject({ scope: { kind: 'connection', connectionId: sandboxId }, people: 2 })
    expect(imported.list.connectionName).toBe(connections[0]!.name)

    const people = [
      { emails: ['Eva.Novak@work.example'] },
      { handles: ['eva-novak'] },
      { handles: ['farid-h'], name: 'Farid Haddad', employer: 'Hooli' }
    ]
    const mine = await main.ok('checkKnownPeople', { people, connectionId: sandboxId })
    expect(mine.known.map(({ index, atsId, stage, by }) => ({ index, atsId, stage, by }))).toEqual([
      { index: 0, atsId: '7f1c0b2a-opp-1', stage: 'New Lead', by: 'email' },
      { index: 1, atsId: '7f1c0b2a-opp-1', stage: 'New Lead', by: 'handle' },
      { index: 2, atsId: '7f1c0b2a-opp-2', stage: 'Reached Out', by: 'handle' }
    ])
    // the active connection is the default
    expect((await main.ok('checkKnownPeople', { people })).known).toHaveLength(3)
    expect((await main.ok('checkKnownPeople', { people, connectionId: 'another' })).known).toEqual([])
  })

  it('re-importing a list of the same name and scope replaces it; removing it forgets it', async () => {
    const main = await start({ knownPeopleWorker: spawnKnownPeopleWorkerFromSource })
    const first = await importList(main, 'greenhouse-candidates.csv', 'Pipeline')
    const second = await importList(main, 'lever-candidates.csv', 'Pipeline')
    expect(second.imported.replaced).toBe(true)
    const { lists } = await main.ok('listKnownPeopleLists', {})
    expect(lists.map((list) => [list.name, list.people, list.source])).toEqual([['Pipeline', 2, 'lever']])
    expect(lists[0]!.id).not.toBe(first.imported.list.id)
    const people = [{ emails: ['ana.pena@example.com'] }, { emails: ['eva@novak.example'] }]
    expect((await main.ok('checkKnownPeople', { people })).known.map((match) => match.index)).toEqual([1])

    const db = openedFile(main)
    expect(await main.ok('removeKnownPeopleList', { id: lists[0]!.id })).toEqual({ removed: true })
    expect(await main.ok('removeKnownPeopleList', { id: lists[0]!.id })).toEqual({ removed: false })
    expect((await main.ok('checkKnownPeople', { people })).known).toEqual([])
    expect(await main.ok('listKnownPeopleLists', {})).toEqual({ lists: [] })
    // the rows go in slices after: wait for the sweep the removal started
    await until(
      () => db.prepare('SELECT COUNT(*) FROM known_people').pluck().get(),
      (count) => count === 0
    )
    expect(changed(main)).toBe(3)
  })

  it('a forgotten person leaves every list', async () => {
    const main = await start()
    await importList(main, 'known-keys.csv', 'Keys')
    await importList(main, 'known-keys.csv', 'Keys too')
    const person = [{ key: 'p-3-3' }, { name: 'Gita Rao', employer: 'Vandelay Industries, Inc.' }]
    expect((await main.ok('checkKnownPeople', { people: person })).known).toHaveLength(4)
    await main.ok('forgetPeople', { keys: ['p-3-3'], reason: 'person-asked' })
    expect((await main.ok('checkKnownPeople', { people: person })).known).toEqual([])
    const db = openedFile(main)
    expect(db.prepare('SELECT COUNT(*) FROM known_people').pluck().get()).toBe(0)
    const { lists } = await main.ok('listKnownPeopleLists', {})
    expect(lists.map((list) => list.people)).toEqual([0, 0])
  })

  it('reads Greenhouse’s prospect import template as Greenhouse, its Prospect Stage as the stage, with no bidi control', async () => {
    const main = await start({ knownPeopleWorker: spawnKnownPeopleWorkerFromSource })
    // a list name with an override (a draft is named after its file) is kept as what it says
    const { preview, imported } = await importList(main, 'greenhouse-prospects.csv', '\u202EProspects')
    expect(preview.source).toBe('greenhouse')
    expect(preview.mapping[preview.headers.indexOf('Prospect Stage')]).toBe('stage')
    expect(preview.mapping.filter((field) => field === 'stage')).toHaveLength(1)
    expect(preview.mapping.slice(0, 3)).toEqual(['first_name', 'last_name', 'employer'])
    expect(imported.list).toMatchObject({ name: 'Prospects', source: 'greenhouse', people: 2 })
    const { known } = await main.ok('checkKnownPeople', {
      people: [
        { emails: ['Marta.Kowalska@example.org'] },
        // the file's stage is "\u202EReplied\u202C": shown as what it says
        { name: 'Jonas Berg', employer: 'Contoso Ltd' }
      ]
    })
    expect(known).toEqual([
      expect.objectContaining({ index: 0, listName: 'Prospects', stage: 'Contacted', by: 'email' }),
      expect.objectContaining({ index: 1, stage: 'Replied', by: 'name-employer' })
    ])
  })

  it('a list that imports no one says so, and why', async () => {
    const main = await start()
    const bytes = Buffer.from('Notes,Owner\nMet at the meetup,Sam\nCall back,Sam\n')
    const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
    await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
    const preview = await main.ok('previewKnownPeople', { uploadId, fileName: 'notes.csv' })
    const imported = await main.ok('importKnownPeople', {
      uploadId,
      fileName: 'notes.csv',
      name: 'Notes',
      scope: { kind: 'shared' },
      mapping: preview.mapping
    })
    expect(imported).toMatchObject({ list: { people: 0 }, skipped: 2 })
    expect(imported.notes[0]).toBe(
      'No one was imported: no column is read as an email, a profile link, a profile key, or a name with a company. Choose what the columns are, and import the file again.'
    )
    const uploaded = Buffer.from('Email\nnot an email\n')
    const again = await main.ok('startKnownPeopleUpload', { bytes: uploaded.length })
    await main.ok('appendKnownPeopleUpload', {
      uploadId: again.uploadId,
      chunk: uploaded.toString('base64'),
      last: true
    })
    const emails = await main.ok('importKnownPeople', {
      uploadId: again.uploadId,
      fileName: 'emails.csv',
      name: 'Emails',
      scope: { kind: 'shared' },
      mapping: ['email']
    })
    expect(emails.notes[0]).toBe(
      'No one was imported: none of its 1 row has an email, a profile link, a profile key, or a name with a company.'
    )
  })
})
