import fs from 'node:fs'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { SANDBOX_CATALOG_FILE, SANDBOX_STATE_FILE } from '../../../electron/main/compose'
import { systemClock as appClock } from '../../../electron/main/store/clock'
import type { WholePersonProfile } from '../../../shared/api'
import { BACKUP_CHUNK_CHARS, type SavedTarget } from '../../../shared/ipc/channels/export'
import { spawnBackupWorkerFromSource } from '../../../electron/main/export/backup-worker-from-source'
import { spawnCompactWorkerFromSource } from '../../../electron/main/privacy/compact-worker-from-source'
import { makeProfile } from '../store/fixtures/profiles'
import { openTestStore, removeDir } from '../store/helpers'
import { PersonalData } from '../../../electron/main/personal-data/every-owner'
import { ForgottenPeople } from '../../../electron/main/personal-data/tombstones'
import { handleInProfileUrl } from '../../../shared/api/handles'
import { startTestSandbox } from '../sandbox/helpers'
import {
  connect,
  importDone,
  noKeychain,
  ScriptedDialogs,
  tempDir,
  useMains,
  useOpened,
  type TestMain
} from '../services/helpers'
import { until } from '../until'

/*
 * Issue #31's erasure scan, through the real channels over the composed main and the Sandbox over
 * HTTP: a person found by chat and by search, shortlisted in two lists, bought (email and phone),
 * named in an imported sheet, watched, exported and backed up, then forgotten (forgetPeople).
 * After it no file of the data folder holds their name, emails, phones or handles: the database,
 * its WAL, the downloads folder (an export not yet fetched), the upload folders, and the log.
 * The Sandbox's own files (its state and catalog of generated people) would be left out: they are
 * the service's records, not the app's, and the embedded Sandbox keeps them in the data folder
 * (this test's Sandbox runs apart, over HTTP, so the folder holds none).
 */

const opened = useOpened()
const folders: string[] = []
/** A fresh folder, removed after the test (once its main is closed). */
const folder = (prefix: string): string => {
  const dir = tempDir(prefix)
  folders.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of folders.splice(0)) removeDir(dir)
})
const poll = { firstMs: 20, factor: 1.5, maxMs: 80, limitMs: 20_000 }
const SANDBOX_OWN_FILES = new Set([SANDBOX_STATE_FILE, SANDBOX_CATALOG_FILE])

/** Every file under a folder (recursively). */
function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    return entry.isDirectory() ? filesUnder(full) : [full]
  })
}

/** The name's words as the saved-people search index keeps them (lower-cased, without accents). */
const foldedWords = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((word) => word.length > 4)

/** `file: word` for every file of the data folder holding one of the words (the Sandbox's own left out). */
function hitsIn(dataDir: string, words: readonly string[]): string[] {
  const lower = words.filter((word) => word.length >= 3).map((word) => word.toLowerCase())
  return filesUnder(dataDir)
    .filter((file) => !SANDBOX_OWN_FILES.has(path.basename(file)))
    .flatMap((file) => {
      const text = fs.readFileSync(file).toString('utf8').toLowerCase()
      return lower.filter((word) => text.includes(word)).map((word) => `${path.relative(dataDir, file)}: ${word}`)
    })
}

/** A download the page fetches (the browser host's GET /bridge/download/<id>): copied out, then gone. */
function fetchDownload(main: TestMain, target: SavedTarget, into: string): string {
  if (target.kind !== 'download') throw new Error('expected a download')
  const download = main.services.downloads.take(target.downloadId)!
  const copy = path.join(into, target.fileName)
  fs.copyFileSync(download.path, copy)
  main.services.downloads.release(download)
  return copy
}

async function upload(main: TestMain, text: string): Promise<string> {
  const bytes = Buffer.from(text, 'utf8')
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

describe('forgetting a person everywhere', () => {
  const start = useMains()

  it('leaves no file of the data folder naming them; a backup made before still does, and restoring it skips them', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 50,
      contactTiming: { startAfterMs: 10, completeAfterMs: 40, failureShare: 0 },
      refreshTiming: { queueMs: 20, perHandleMs: 5 }
    })
    opened.push(sandbox)
    const dataDir = folder('td-forget-')
    const outside = folder('td-forget-outside-')
    const main = await start({
      dataDir,
      loadKeytar: noKeychain,
      clock: appClock,
      contactPolling: poll,
      refreshPolling: poll,
      pace: { ceiling: 200 },
      backupWorker: spawnBackupWorkerFromSource,
      // the data file is rebuilt off main's thread, as in the app
      compactWorker: spawnCompactWorkerFromSource
    })
    await connect(main, sandbox, 'Forget service')

    // chat finds them (and someone else, who must keep everything)
    const chat = await main.ok('sendChat', { text: 'software engineers', requestId: 'forget-chat-1' })
    const [found, other, onlyBought] = chat.turns[1]!.results
    const key = found!.key!
    const otherKey = other!.key!
    // a third is only bought (never saved): their handle is only in the contact result's card.url
    const boughtKey = onlyBought!.key!

    // search: by key, then by their name
    const byKey = await main.ok('searchProfiles', { requestId: 'forget-search-1', request: { key } })
    const profile = byKey.results[0]!.profile as WholePersonProfile
    const otherProfile = (await main.ok('searchProfiles', { requestId: 'forget-search-2', request: { key: otherKey } }))
      .results[0]!.profile as WholePersonProfile
    await main.ok('searchProfiles', { requestId: 'forget-search-3', request: { name: profile.full_name! } })

    // shortlisted in two lists, with a note
    const first = await main.ok('createShortlist', { name: 'Backend Q4' })
    const second = await main.ok('createShortlist', { name: 'Platform leads' })
    for (const list of [first, second])
      await main.ok('addMembers', { shortlistId: list.id, profiles: [profile, otherProfile] })

    // bought: email and phone
    for (const contactType of ['Email', 'Phone'] as const) {
      const quote = await main.ok('quoteContacts', { keys: [key], contactType })
      const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: `forget-buy-${contactType}` })
      expect(bought.statuses[0]!.status).toBe('Completed')
    }

    // bought only: email, then a refresh of the handle their card gives (pasted, as the Refresh page does)
    const quote = await main.ok('quoteContacts', { keys: [boughtKey], contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'forget-buy-only' })
    const [boughtResult] = (await main.ok('contactsFor', { keys: [boughtKey] }))[boughtKey] as Array<{
      card: { name: string; url: string }
      emails: Array<{ email: string }>
    }>
    const boughtHandle = handleInProfileUrl(boughtResult!.card.url)!
    expect(boughtHandle).toBeTruthy()
    const boughtName = boughtResult!.card.name
    await main.ok('startRefresh', { handles: [boughtHandle] })
    // once saved, then removed for good: their rows are gone, the search index's old blocks are not
    const boughtProfile = (
      await main.ok('searchProfiles', { requestId: 'forget-search-4', request: { key: boughtKey } })
    ).results[0]!.profile as WholePersonProfile
    const sourcing = await main.ok('createShortlist', { name: 'Sourcing' })
    await main.ok('addMembers', { shortlistId: sourcing.id, profiles: [boughtProfile] })
    const [sourced] = await main.ok('listMembers', { shortlistId: sourcing.id })
    await main.ok('removeMember', { memberId: sourced!.id })
    await main.ok('purgeMember', { memberId: sourced!.id })

    // a saved search by their name, then deleted (kept in Recently deleted)
    const saved = await main.ok('saveSearch', {
      name: `Looking for ${profile.full_name}`,
      query: { kind: 'search', request: { name: profile.full_name! }, options: { maxNumberOfResults: 5 } },
      watch: false
    })
    await main.ok('deleteSavedSearch', { id: saved.id })

    // a Chat turn naming them "Last, First", which the service does not understand
    const [firstName, ...rest] = profile.full_name!.split(' ')
    const lastName = rest.join(' ')
    const named = await main.ok('sendChat', {
      conversationId: chat.conversation.id,
      text: `${lastName}, ${firstName}`,
      requestId: 'forget-chat-2'
    })
    expect(JSON.stringify(named.turns)).toContain(`Did not understand: ${lastName}, ${firstName}`)

    // watched: the first list's members are refreshed (their data is months old)
    await main.ok('watchShortlist', { shortlistId: first.id, maxAgeDays: 1 })
    await main.services.watches.idle()
    await until(
      async () => (await main.ok('listRefreshJobs', {})).jobs,
      (jobs) => jobs.length > 0 && jobs.every((job) => job.tracking !== 'starting' && job.tracking !== 'following'),
      30_000
    )

    // exported (left waiting as a download) and backed up (fetched: the file now lives outside)
    const exported = await main.ok('exportCsv', {
      exportId: 'forget-export',
      source: { kind: 'shortlist', shortlistId: second.id },
      columns: { preset: 'contact' }
    })
    expect(exported.cancelled).toBe(false)
    const backup = await main.ok('backupShortlists', {})
    if (backup.cancelled) throw new Error('the backup was cancelled')
    const backupFile = fetchDownload(main, backup.target, outside)

    // what the app holds, in the recruiter's words, and the access-request copy
    const described = await main.ok('describePerson', { key })
    expect(described.forgotten).toBeNull()
    const tables = new Set(described.holdings.map((holding) => holding.table))
    for (const table of ['members', 'contact_results', 'contact_purchases', 'conversation_turns'])
      expect(tables, table).toContain(table)
    expect(described.person.emails.length).toBeGreaterThan(0)
    expect(described.person.phones.length).toBeGreaterThan(0)
    const copy = await main.ok('exportPersonData', { key })
    if (copy.cancelled) throw new Error('the access copy was cancelled')
    expect(copy.files.map((file) => file.format)).toEqual(['html', 'json'])
    const html = fs.readFileSync(fetchDownload(main, copy.files[0]!.target, outside), 'utf8')
    expect(html).toContain(`Your personal data: ${profile.full_name}`)
    const json = JSON.parse(fs.readFileSync(fetchDownload(main, copy.files[1]!.target, outside), 'utf8')) as {
      person: { key: string }
      tables: Array<{ table: string; rows: unknown[] }>
    }
    expect(json.person.key).toBe(key)
    expect(json.tables.map((table) => table.table)).toEqual(expect.arrayContaining(['members', 'contact_results']))

    // an imported sheet naming them by the email bought (and the other person by name)
    const sheet = [
      'Full name,Email',
      `${profile.full_name},${described.person.emails[0]}`,
      `${otherProfile.full_name},`
    ]
    const { batch } = await main.ok('openImport', {
      uploadId: await upload(main, sheet.join('\r\n')),
      fileName: 'fair.csv'
    })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 30_000)

    const { person } = described
    const words = [
      ...person.names,
      ...person.emails,
      ...person.phones,
      ...person.handles,
      ...foldedWords(profile.full_name!)
    ]
    const boughtWords = [
      boughtKey,
      boughtHandle,
      boughtName,
      ...boughtResult!.emails.map((entry) => entry.email),
      ...foldedWords(boughtName)
    ]
    for (const word of [...words, ...boughtWords]) expect(hitsIn(dataDir, [word]), word).not.toEqual([])

    // forget the bought-only person: nothing of theirs is left, the search index's old blocks neither
    const forgotBought = await main.ok('forgetPeople', { keys: [boughtKey], reason: 'person-asked' })
    expect(forgotBought.forgotten.map((person) => person.nothingHeld)).toEqual([false])
    await main.services.compaction.idle()
    expect(hitsIn(dataDir, boughtWords)).toEqual([])

    // forget them
    const forgot = await main.ok('forgetPeople', { keys: [key], reason: 'person-asked' })
    expect(forgot.failed).toEqual([])
    expect(forgot.forgotten).toHaveLength(1)
    expect(forgot.forgotten[0]!.nothingHeld).toBe(false)
    expect(forgot.notice).toMatch(/Backups .* still hold them.*Restoring one of those backups skips them/)
    expect(main.events.filter((event) => event.name === 'peopleForgotten').map((event) => event.payload)).toEqual([
      { keys: [boughtKey] },
      { keys: [key] }
    ])
    expect(await main.ok('describePerson', { key })).toMatchObject({
      rows: 0,
      forgotten: { reason: 'person-asked' }
    })

    // zero hits in every file of the data folder once its rebuild (in the worker) has finished,
    // and in every line the app logged
    expect(forgot.compacted).toBe(true)
    await main.services.compaction.idle()
    expect(main.logs.filter((record) => record.event === 'privacy.compact_deferred')).toEqual([])
    expect(hitsIn(dataDir, [...words, key, ...boughtWords])).toEqual([])
    const logged = JSON.stringify(main.logs).toLowerCase()
    expect([...words, ...boughtWords].filter((word) => logged.includes(word.toLowerCase()))).toEqual([])
    // the bought-only person's tombstone hashes their handle (a refresh of it is recognised as theirs)
    const Database = (await import('better-sqlite3')).default
    const db = new Database(path.join(dataDir, 'talent-desk.sqlite'), { readonly: true })
    try {
      expect(ForgottenPeople.read(db).isForgotten('-', { li_urls: [boughtResult!.card.url] })).toBe(true)
    } finally {
      db.close()
    }
    // the scan does see the other person, who keeps everything
    expect(hitsIn(dataDir, [otherProfile.full_name!]).length).toBeGreaterThan(0)

    // the backup made before still holds them; restoring it skips them (in both lists)
    expect(fs.readFileSync(backupFile, 'utf8')).toContain(profile.full_name!)
    // as the app restores a backup file: uploaded in pieces, read and written by the worker thread
    const text = fs.readFileSync(backupFile, 'utf8')
    const { uploadId } = await main.ok('startBackupUpload', {})
    for (let at = 0; at < text.length; at += BACKUP_CHUNK_CHARS)
      await main.ok('appendBackupUpload', {
        uploadId,
        chunk: text.slice(at, at + BACKUP_CHUNK_CHARS),
        last: at + BACKUP_CHUNK_CHARS >= text.length
      })
    // the preview says so before anything is written: the two rows of theirs are counted apart
    expect(await main.ok('previewRestore', { uploadId })).toMatchObject({ shortlists: 3, members: 2, forgotten: 2 })
    const restored = await main.ok('restoreShortlists', { uploadId })
    expect(restored.forgotten).toBe(2)
    expect(restored.members).toBe(2)
    expect(hitsIn(dataDir, [...words, key, ...boughtWords])).toEqual([])
    expect((await main.ok('describePerson', { key })).rows).toBe(0)

    // and once the app has stopped (its last checkpoint written)
    await main.close()
    expect(hitsIn(dataDir, [...words, key, ...boughtWords])).toEqual([])
  }, 120_000)
  it('forgets a batch (one key it never held), leaves tombstones without clear text, saves the access copy beside the chosen file', async () => {
    const chosen = folder('td-forget-desktop-')
    const dialogs = new ScriptedDialogs()
    const main = await start({ loadKeytar: noKeychain, fileDialogs: dialogs })
    const [ana, bo, cy] = [makeProfile(1), makeProfile(2), makeProfile(3)] as Array<Record<string, string>>
    const list = await main.ok('createShortlist', { name: 'Lisbon' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [ana, bo, cy] })

    // the access copy: the HTML where the recruiter chose, the JSON beside it (never over a file)
    fs.writeFileSync(path.join(chosen, 'ana.json'), 'the recruiter’s own file')
    dialogs.answer(path.join(chosen, 'ana.html'))
    const copy = await main.ok('exportPersonData', { key: ana!.key! })
    if (copy.cancelled) throw new Error('cancelled')
    expect(dialogs.requests[0]!.defaultName).toMatch(/^personal data .+ \d{4}-\d{2}-\d{2}\.html$/)
    expect(copy.files.map((file) => file.target)).toEqual([
      { kind: 'file', path: path.join(chosen, 'ana.html') },
      { kind: 'file', path: expect.stringMatching(/personal data .+\.json$/) }
    ])
    expect(fs.readFileSync(path.join(chosen, 'ana.json'), 'utf8')).toBe('the recruiter’s own file')
    const html = fs.readFileSync(path.join(chosen, 'ana.html'), 'utf8')
    expect(html).toContain(ana!.full_name)
    expect(html).not.toContain('<script')
    dialogs.answer(null)
    expect(await main.ok('exportPersonData', { key: ana!.key! })).toEqual({ cancelled: true })
    dialogs.answer(path.join(chosen, 'no such folder', 'ana.html'))
    expect(await main.fail('exportPersonData', { key: ana!.key! })).toMatchObject({
      code: 'store_error',
      message: 'The copy could not be written there. Choose another folder and try again.'
    })

    const forgot = await main.ok('forgetPeople', {
      keys: [ana!.key!, bo!.key!, ana!.key!, 'never-held'],
      reason: 'no-longer-needed'
    })
    expect(forgot.failed).toEqual([])
    expect(forgot.compacted).toBe(true)
    expect(forgot.forgotten.map((person) => [person.key, person.nothingHeld])).toEqual([
      [ana!.key, false],
      [bo!.key, false],
      ['never-held', true]
    ])
    expect((await main.ok('listMembers', { shortlistId: list.id })).map((member) => member.name)).toEqual([
      cy!.full_name
    ])
    for (const key of [ana!.key!, 'never-held'])
      expect((await main.ok('describePerson', { key })).forgotten).toMatchObject({ reason: 'no-longer-needed' })
    expect((await main.ok('describePerson', { key: cy!.key! })).forgotten).toBeNull()

    // the tombstones hold hashes, a date and a code: nothing a person could be read from
    const Database = (await import('better-sqlite3')).default
    const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
    const rows = JSON.stringify([
      db.prepare('SELECT * FROM tombstones').all(),
      db.prepare('SELECT * FROM tombstone_hashes').all()
    ]).toLowerCase()
    db.close()
    for (const who of [ana!, bo!])
      for (const word of [who.key!, who.full_name!, who.li_urls![0]!.split('/in/')[1]!])
        expect(rows).not.toContain(word.toLowerCase())
    expect(rows).not.toContain('never-held')
    expect(rows).toContain('no-longer-needed')

    // forgetting the same key again is a second tombstone, not an error
    expect((await main.ok('forgetPeople', { keys: [ana!.key!], reason: 'person-asked' })).forgotten).toHaveLength(1)
    expect(await main.fail('forgetPeople', { keys: [], reason: 'person-asked' })).toMatchObject({
      code: 'invalid_input'
    })
    expect(await main.fail('forgetPeople', { keys: ['x'], reason: 'Ana asked by phone' })).toMatchObject({
      code: 'invalid_input'
    })
  })
  it('a compaction cannot run while a statement of the connection reads: it says why, nothing breaks', () => {
    const { store } = openTestStore(folder('td-compact-'))
    const data = new PersonalData([], () => store)
    const reading = store.database.db.prepare('SELECT 1 FROM sqlite_master').iterate()
    reading.next()
    try {
      expect(data.compact()).toEqual({ compacted: false, reason: expect.stringMatching(/busy/) })
    } finally {
      reading.return?.()
    }
    expect(data.compact()).toEqual({ compacted: true })
    store.close()
  })
})
