import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import type { PersonalDataOwner } from '../../../electron/main/personal-data/personal-data-owner'
import { PersonalData } from '../../../electron/main/personal-data/every-owner'
import { openTestStore, removeDir, tempDir } from '../store/helpers'
import { ownersOnDisk } from './fixtures/owners-on-disk'
import { person, seedEverywhere, type SeededPerson } from './fixtures/seed-people'
import { RefreshJobsRepo } from '../../../electron/main/refresh/refresh-jobs-repo'
import { ConversationsRepo } from '../../../electron/main/chat/conversations-repo'
import { systemClock } from '../../../electron/main/store/clock'
import { importsStore } from '../../../electron/main/imports/imports-store'

const NAMESAKE_BATCH = {
  id: 'batch-2',
  connectionId: 'sandbox',
  fileName: 'other.csv',
  format: 'csv' as const,
  sheet: null,
  sheets: [],
  encoding: 'utf-8',
  delimiter: ',',
  notes: [],
  threshold: 80
}

let dir: string
let store: Store
let data: PersonalData
let owners: PersonalDataOwner[]

const ana = person('anaq', 'Anaïs Quintero-Wójcik')
const bo = person('bozh', 'Bohdan Zhyvotenko')

beforeEach(async () => {
  dir = tempDir('td-personal-')
  const opened = openTestStore(dir)
  store = opened.store
  seedEverywhere(store, [ana, bo], opened.clock)
  owners = (await ownersOnDisk(() => store)).map(({ owner }) => owner)
  data = new PersonalData(owners, () => store)
})

afterEach(() => {
  store.close()
  removeDir(dir)
})

/** table → rows naming the person, summed over an owner's labels. */
function rowsByTable(key: string): Record<string, number> {
  const out: Record<string, number> = {}
  for (const holding of data.describe(key).holdings) out[holding.table] = (out[holding.table] ?? 0) + holding.rows
  return out
}

/** The person's words the store must not keep after erasing them. */
const wordsOf = (who: SeededPerson) => [who.key, who.name, who.email, who.phone, who.handle, ...foldedWords(who.name)]

/** The name's words as the saved-people search index keeps them (lower-cased, without accents). */
const foldedWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 4)

/** Every table's every value (text and blobs), after the WAL is checkpointed into the file. */
function storeText(): Array<{ table: string; text: string }> {
  const db = store.database.db
  db.pragma('wal_checkpoint(TRUNCATE)')
  const tables = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as Array<{ name: string }>
  return tables.flatMap(({ name }) =>
    (db.prepare(`SELECT * FROM "${name}"`).raw().all() as unknown[][]).map((row) => ({
      table: name,
      text: row
        .map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : String(value)))
        .join('\u0000')
        .toLowerCase()
    }))
  )
}

/** The files of the data folder (the database, its WAL and shared memory) holding any of the words. */
function filesMentioning(words: string[]): string[] {
  return fs.readdirSync(dir).filter((name) => {
    const bytes = fs.readFileSync(path.join(dir, name))
    return words.some((word) => bytes.includes(Buffer.from(word, 'utf8')))
  })
}

function tablesMentioning(words: string[]): string[] {
  const lower = words.map((word) => word.toLowerCase())
  return [
    ...new Set(
      storeText()
        .filter((row) => lower.some((word) => row.text.includes(word)))
        .map((r) => r.table)
    )
  ]
}

describe('a person across every feature: describe, export, erase', () => {
  it('knows them by every trait the records give: names, emails, phones and handles', () => {
    const { person: found, problems } = data.person(ana.key)
    expect(problems).toEqual([])
    expect(found.names).toContain(ana.name)
    expect(found.emails).toEqual([ana.email])
    expect(found.phones).toEqual([ana.phone])
    expect(found.handles).toContain(ana.handle)
  })

  it('describes every table holding them with the right counts, and exports those rows', () => {
    expect(rowsByTable(ana.key)).toEqual({
      members: 2, // two shortlists, one of them in Recently deleted
      member_snapshots: 2, // the version before the refresh, for each
      members_fts: 2,
      contact_results: 1,
      contact_purchases: 1,
      credit_ledger: 1,
      refresh_jobs: 1,
      conversations: 1,
      conversation_turns: 1,
      recent_searches: 1,
      import_rows: 2, // their own row, and the other's row where they were a candidate
      saved_search_seen: 1,
      watch_runs: 1,
      activity: 2 // their news, and a new-people entry listing them
    })
    const copy = data.export(ana.key)
    expect(copy.problems).toEqual([])
    const exported = Object.fromEntries(copy.tables.map((table) => [`${table.table}: ${table.label}`, table.rows]))
    expect(Object.keys(exported).length).toBeGreaterThanOrEqual(14)
    for (const rows of Object.values(exported)) expect(rows.length).toBeGreaterThan(0)
    expect(JSON.stringify(copy.tables)).toContain(ana.email)
  })

  it('erases them everywhere, leaves nothing of them in any table, and leaves the other person as they were', () => {
    const before = rowsByTable(bo.key)
    const boCopy = JSON.stringify(data.export(bo.key).tables)
    // before: the scan finds the person in most tables (it would catch a forgotten one)
    expect(tablesMentioning(wordsOf(ana)).length).toBeGreaterThanOrEqual(12)

    const erased = data.erase(ana.key)
    expect(erased.ok).toBe(true)
    if (!erased.ok) return
    const how = Object.fromEntries(erased.erased.map((rows) => [rows.table, [rows.deleted, rows.blanked]]))
    expect(how).toMatchObject({
      members: [2, 0],
      member_snapshots: [2, 0],
      contact_results: [1, 0],
      contact_purchases: [1, 0],
      credit_ledger: [0, 1], // the spend stays, the key goes
      refresh_jobs: [0, 1],
      recent_searches: [1, 0],
      import_rows: [1, 1],
      saved_search_seen: [1, 0],
      watch_runs: [0, 1],
      activity: [1, 1]
    })

    expect(erased.checkpointed).toBe(true)
    expect(data.describe(ana.key).holdings).toEqual([])
    expect(tablesMentioning(wordsOf(ana))).toEqual([])
    // nor in the bytes of the files: SQLite's free space and the write-ahead log keep none of it
    expect(filesMentioning(wordsOf(ana))).toEqual([])
    expect(filesMentioning(wordsOf(bo))).toEqual(['talent-desk.sqlite'])
    // the other person keeps everything, but for Ana's spreadsheet row where they were only a candidate
    expect(before.import_rows).toBe(2)
    expect(rowsByTable(bo.key)).toEqual({ ...before, import_rows: 1 })
    expect(tablesMentioning(wordsOf(bo)).length).toBeGreaterThanOrEqual(12)
    // the other person's rows are what they were, apart from the erased person leaving the rows they shared
    const boAfter = JSON.stringify(data.export(bo.key).tables)
    expect(boAfter.includes(bo.email) && boAfter.includes(bo.handle)).toBe(true)
    // a copy is about its person only (issue #36): Bo's never named Ana, even while their rows did
    expect(boCopy.includes(ana.key) || boAfter.includes(ana.key)).toBe(false)
    // what stays readable: the ledger's spend, the refresh job's counts, the chat's other answer
    const [line] = store.ledger.list('sandbox')
    expect(line).toMatchObject({ keys: [bo.key], creditsSpent: 2 })
    expect(new RefreshJobsRepo(store.database.db, systemClock).get('job-1').requestedHandles).toEqual([bo.handle])
    expect(
      new ConversationsRepo(store.database.db, systemClock)
        .get('chat-1')
        .turns[1]?.results?.map((profile) => profile.key)
    ).toEqual([bo.key])
  })

  it('leaves a namesake’s spreadsheet row alone: a name alone does not make a row theirs', () => {
    importsStore(store, systemClock).imports.create({ ...NAMESAKE_BATCH })
    importsStore(store, systemClock).imports.addRows(
      'batch-2',
      [{ sheetRow: 1, cells: [ana.name, 'namesake@elsewhere.example'] }],
      1
    )
    importsStore(store, systemClock).imports.prepareRows('batch-2', [
      {
        rowNo: 1,
        request: { name: ana.name, emails: ['namesake@elsewhere.example'] },
        outcome: 'pending',
        duplicateOf: null,
        duplicates: 0
      }
    ])
    importsStore(store, systemClock).imports.recordAnswer('batch-2', 1, {
      outcome: 'none',
      profiles: [],
      bestKey: null,
      error: null
    })

    expect(data.erase(ana.key).ok).toBe(true)
    expect(importsStore(store, systemClock).imports.row('batch-2', 1).cells).toEqual([
      ana.name,
      'namesake@elsewhere.example'
    ])
  })

  it('erases all or nothing: an owner that fails rolls back the others; describe still answers without it', () => {
    const broken: PersonalDataOwner = {
      owner: 'broken',
      tables: [],
      describe: () => {
        throw new Error('cannot read')
      },
      export: () => [],
      erase: () => {
        throw new Error('disk full')
      }
    }
    const withBroken = new PersonalData([...owners, broken], () => store)
    expect(withBroken.erase(ana.key)).toEqual({ ok: false, problem: { owner: 'broken', message: 'disk full' } })
    expect(rowsByTable(ana.key)).toMatchObject({ members: 2, contact_results: 1, activity: 2 })
    expect(tablesMentioning(wordsOf(ana)).length).toBeGreaterThanOrEqual(12)

    // an owner that cannot say who they are: erasing would miss what only it knows, so nothing is
    const unknowable: PersonalDataOwner = {
      ...broken,
      owner: 'unknowable',
      identify: () => {
        throw new Error('locked')
      }
    }
    const partly = new PersonalData([...owners, unknowable], () => store)
    expect(partly.erase(ana.key)).toEqual({ ok: false, problem: { owner: 'unknowable', message: 'locked' } })
    expect(rowsByTable(ana.key)).toMatchObject({ members: 2, contact_results: 1, activity: 2 })

    const described = withBroken.describe(ana.key)
    expect(described.problems).toEqual([{ owner: 'broken', message: 'cannot read' }])
    expect(described.holdings.map((holding) => holding.table)).toContain('members')
  })
})
