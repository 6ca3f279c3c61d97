import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { connect, importDone, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Bulk match flags who must not be contacted (issue #31 item 5): over the composed main and the
 * Sandbox over HTTP, a spreadsheet's rows are matched; the row whose email is on the
 * do-not-contact list and the row whose person was forgotten say why, the others say nothing.
 */

const opened = useOpened()
const start = useMains()

async function upload(main: TestMain, bytes: Buffer): Promise<string> {
  const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
  await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  return uploadId
}

describe('bulk match and the do-not-contact list', () => {
  it('flags the rows of listed and forgotten people with why', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const people = testCatalog()
      .search({}, { limit: 200, offset: 300 })
      .results.filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
      .slice(0, 3)
    const emailOf = (person: (typeof people)[number]) => (person as { emails: string[] }).emails[0]!
    const sheet = ['Name,Email', ...people.map((person) => `${person.full_name},${emailOf(person)}`)].join('\r\n')
    await main.ok('addDoNotContact', { kind: 'email', value: emailOf(people[0]!).toUpperCase() })
    await main.ok('forgetPeople', { keys: [people[1]!.key!], reason: 'person-asked' })

    const { batch } = await main.ok('openImport', {
      uploadId: await upload(main, Buffer.from(sheet + '\r\n')),
      fileName: 'speakers.csv'
    })
    await main.ok('startImportMatch', { batchId: batch.id })
    await until(importDone(main, batch.id), Boolean, 60_000)

    const { rows } = await main.ok('listImportRows', { batchId: batch.id })
    expect(rows.map((row) => row.doNotContact ?? null)).toEqual([
      'On the do-not-contact list (email)',
      'Forgotten: they asked to be erased',
      null
    ])
  }, 60_000)
})
