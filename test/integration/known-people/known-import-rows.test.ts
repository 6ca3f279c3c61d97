import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { connect, importDone, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Bulk match marks people already in an ATS list (issue #32): over the composed main and the
 * Sandbox over HTTP, a spreadsheet's rows are matched; the row whose email a Lever-shaped list
 * holds and the row whose matched person a list knows by profile key say which list and stage,
 * the row whose matched profile the service says is in the ATS (ats_data) says so with its stage,
 * the other says nothing; the review's "In your ATS" filter lists only those three.
 */

const opened = useOpened()
const start = useMains()

async function uploadTo(
  main: TestMain,
  channels: { start: 'startImportUpload'; append: 'appendImportUpload' },
  text: string
): Promise<string> {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok(channels.start, { bytes: bytes.length })
  await main.ok(channels.append, { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

async function importList(main: TestMain, text: string, name: string) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  await main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope: { kind: 'shared' }, mapping })
}

describe('bulk match and the known-people lists', () => {
  it('marks the rows of people already in an ATS list, and filters to them', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const withEmail = testCatalog()
      .search({}, { limit: 200, offset: 500 })
      .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
    const people = withEmail.filter((person) => person.ats_data === undefined).slice(0, 3)
    // and one the service itself matches to the ATS (the profile's ats_data): marked by the same check
    people.push(withEmail.find((person) => person.ats_data?.is_matched === true)!)
    const emailOf = (person: (typeof people)[number]) => (person as { emails: string[] }).emails[0]!
    await importList(
      main,
      `Name,Email,Current company,Stage,Links,Opportunity ID\n"${people[0]!.full_name}",${emailOf(people[0]!).toUpperCase()},,Reached Out,,opp-1\n`,
      'Lever'
    )
    await importList(main, `Profile key,Stage\n${people[2]!.key},Hired\n`, 'Hires')

    const sheet = ['Name,Email', ...people.map((person) => `${person.full_name},${emailOf(person)}`)].join('\r\n')
    const { batch } = await main.ok('openImport', {
      uploadId: await uploadTo(main, { start: 'startImportUpload', append: 'appendImportUpload' }, sheet + '\r\n'),
      fileName: 'speakers.csv'
    })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)

    const { rows } = await main.ok('listImportRows', { batchId: batch.id })
    expect(rows.map((row) => row.known ?? null)).toEqual([
      'Lever (Reached Out), by email',
      null,
      'Hires (Hired), by profile key',
      `In your ATS, per the service (${people[3]!.ats_data!.current_stage})`
    ])
    const known = await main.ok('listImportRows', { batchId: batch.id, filter: 'known' })
    expect(known.total).toBe(3)
    expect(known.rows.map((row) => row.rowNo)).toEqual([rows[0]!.rowNo, rows[2]!.rowNo, rows[3]!.rowNo])
  }, 60_000)
})
