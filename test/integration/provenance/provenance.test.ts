import fs from 'node:fs'
import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import type { Clock } from '../../../electron/main/store/clock'
import type { WholePersonProfile } from '../../../shared/api'
import type { SavedTarget } from '../../../shared/ipc/channels/export'
import { removeDir } from '../store/helpers'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, importDone, noKeychain, tempDir, useMains, useOpened, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * Issue #31 item 1 over the composed main and the Sandbox over HTTP, SQLite on disk: a person
 * found by search and shortlisted, another from an imported sheet's row, a third whose email
 * was bought, then a backup restored. Each has the provenance lines of where it came from (kind, detail, shortlist, the
 * batch and the sheet's row, the purchase, the connection, when); the basis set is read back;
 * the access copy holds the lines and the basis; forgetting the person removes them.
 */

const opened = useOpened()
const folders: string[] = []
afterEach(() => {
  for (const dir of folders.splice(0)) removeDir(dir)
})
const poll = { firstMs: 20, factor: 1.5, maxMs: 80, limitMs: 20_000 }

/** The app's clock, fixed: every line is written "now". */
const NOW = '2026-11-26T09:30:00.000Z'
const fixedClock: Clock = { now: () => new Date(NOW) }

async function upload(main: TestMain, text: string): Promise<string> {
  const bytes = Buffer.from(text, 'utf8')
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

/** A download the page fetches: its text, then it is gone. */
function downloaded(main: TestMain, target: SavedTarget): string {
  if (target.kind !== 'download') throw new Error('expected a download')
  const download = main.services.downloads.take(target.downloadId)!
  const text = fs.readFileSync(download.path, 'utf8')
  main.services.downloads.release(download)
  return text
}

describe('provenance and lawful basis', () => {
  const start = useMains()

  it('records where a searched, an imported and a bought person came from; the basis; the copy; forgetting', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 50,
      contactTiming: { startAfterMs: 10, completeAfterMs: 40, failureShare: 0 }
    })
    opened.push(sandbox)
    const dataDir = tempDir('td-provenance-')
    folders.push(dataDir)
    const main = await start({
      dataDir,
      loadKeytar: noKeychain,
      clock: fixedClock,
      contactPolling: poll,
      pace: { ceiling: 200 }
    })
    const connectionId = await connect(main, sandbox, 'Provenance service')
    const connection = { id: connectionId, name: 'Provenance service' }

    const people = testCatalog().search({}, { limit: 60, offset: 300 }).results
    const searched = people[0]!
    const imported = people.slice(1).find((person) => (person.li_urls?.length ?? 0) > 0)!
    const bought = people.find((person) => person.key !== searched.key && person.key !== imported.key)!

    // found by a search and shortlisted from it
    const found = await main.ok('searchProfiles', { requestId: 'provenance-search-1', request: { key: searched.key } })
    const backend = await main.ok('createShortlist', { name: 'Backend Q4' })
    await main.ok('addMembers', {
      shortlistId: backend.id,
      profiles: [found.results[0]!.profile as WholePersonProfile],
      origin: { kind: 'search', detail: 'backend engineers in Lisbon' }
    })

    // an imported sheet's row: the title row is 1, the person row 2
    const { batch } = await main.ok('openImport', {
      uploadId: await upload(
        main,
        ['Full name,LinkedIn', `${imported.full_name},${imported.li_urls![0]}`].join('\r\n')
      ),
      fileName: 'fair.csv'
    })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 30_000)
    await main.ok('acceptMatchedImportRows', { batchId: batch.id })
    const listed = await main.ok('shortlistImport', { batchId: batch.id, newShortlist: 'Fair 2026' })
    expect(listed.added).toBe(1)

    // an email bought from the Contacts screen
    const quote = await main.ok('quoteContacts', { keys: [bought.key!], contactType: 'Email' })
    const purchase = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'provenance-buy-1' })
    expect(purchase.statuses[0]!.status).toBe('Completed')

    const ofSearched = await main.ok('personProvenance', { key: searched.key! })
    expect(ofSearched.lines).toEqual([
      expect.objectContaining({
        key: searched.key,
        at: NOW,
        kind: 'search',
        what: 'person',
        detail: 'backend engineers in Lisbon',
        shortlist: 'Backend Q4',
        importBatchId: null,
        importRow: null,
        purchaseId: null,
        connection
      })
    ])
    expect(ofSearched.basis).toEqual({
      basis: 'legitimate-interest',
      consentedOn: null,
      other: null,
      noticeSentOn: null,
      setAt: null
    })

    const ofImported = await main.ok('personProvenance', { key: imported.key! })
    expect(ofImported.lines).toEqual([
      expect.objectContaining({
        kind: 'import',
        what: 'person',
        detail: 'fair.csv',
        shortlist: 'Fair 2026',
        importBatchId: batch.id,
        importRow: 2,
        purchaseId: null,
        connection
      })
    ])

    const ofBought = await main.ok('personProvenance', { key: bought.key! })
    expect(ofBought.lines).toHaveLength(1)
    expect(ofBought.lines[0]).toMatchObject({
      kind: 'purchase',
      what: 'contact',
      shortlist: null,
      connection
    })
    expect(ofBought.lines[0]!.detail).toMatch(/^Email contact details bought/)
    expect(ofBought.lines[0]!.purchaseId).toEqual(expect.any(String))

    // the basis: consent needs its day; set, it is read back
    expect((await main.fail('setLawfulBasis', { key: searched.key, basis: 'consent' })).code).toBe('invalid_input')
    expect((await main.fail('setLawfulBasis', { key: searched.key, basis: 'other', other: ' ' })).code).toBe(
      'invalid_input'
    )
    const set = await main.ok('setLawfulBasis', {
      key: searched.key!,
      basis: 'consent',
      consentedOn: '2026-11-20',
      noticeSentOn: '2026-11-21'
    })
    expect(set).toEqual({
      basis: 'consent',
      consentedOn: '2026-11-20',
      other: null,
      noticeSentOn: '2026-11-21',
      setAt: NOW
    })
    expect((await main.ok('personProvenance', { key: searched.key! })).basis).toEqual(set)

    // described, and in the access copy (HTML and JSON)
    const described = await main.ok('describePerson', { key: searched.key! })
    expect(described.holdings.map((holding) => holding.table)).toEqual(
      expect.arrayContaining(['provenance', 'lawful_basis'])
    )
    const copy = await main.ok('exportPersonData', { key: searched.key! })
    if (copy.cancelled) throw new Error('the access copy was cancelled')
    const html = downloaded(main, copy.files[0]!.target)
    // in the person's words (issue #36): dates by Intl, the basis and the notice as sentences
    expect(html).toContain('<h2>Where it came from</h2>')
    expect(html).toContain(
      'November 26, 2026: found by a search: “backend engineers in Lisbon” — saved in the shortlist “Backend Q4” — through Provenance service'
    )
    expect(html).toContain('Your consent (GDPR Article 6(1)(a)), given on November 20, 2026.')
    expect(html).toContain('We sent you a notice about holding your data on November 21, 2026.')
    expect(html).not.toContain('not recorded by this version')
    const json = JSON.parse(downloaded(main, copy.files[1]!.target)) as {
      provenance: { lines: Array<{ kind: string; detail: string }>; basis: { basis: string } }
    }
    expect(json.provenance.lines).toEqual([
      expect.objectContaining({ kind: 'search', detail: 'backend engineers in Lisbon' })
    ])
    expect(json.provenance.basis).toMatchObject({ basis: 'consent', consentedOn: '2026-11-20' })

    // a backup restored: everyone in it came (again) from the backup, with no connection
    const backup = await main.ok('backupShortlists', {})
    if (backup.cancelled) throw new Error('the backup was cancelled')
    const restored = await main.ok('restoreShortlists', { json: downloaded(main, backup.target) })
    expect(restored.members).toBe(2)
    const again = await main.ok('personProvenance', { key: searched.key! })
    expect(again.lines.map((line) => line.kind)).toEqual(['search', 'restore'])
    expect(again.lines[1]).toMatchObject({
      what: 'person',
      shortlist: 'Backend Q4 (restored)',
      connection: null,
      detail: 'a backup of the shortlists'
    })

    // forgotten: their lines and basis go; the others' stay
    await main.ok('forgetPeople', { keys: [searched.key!], reason: 'person-asked' })
    const after = await main.ok('personProvenance', { key: searched.key! })
    expect(after.lines).toEqual([])
    expect(after.basis.setAt).toBeNull()
    expect(
      (await main.ok('describePerson', { key: searched.key! })).holdings.filter((holding) =>
        ['provenance', 'lawful_basis'].includes(holding.table)
      )
    ).toEqual([])
    expect((await main.ok('personProvenance', { key: imported.key! })).lines.map((line) => line.kind)).toEqual([
      'import',
      'restore'
    ])
    expect((await main.ok('personProvenance', { key: bought.key! })).lines).toHaveLength(1)
  }, 60_000)
})
