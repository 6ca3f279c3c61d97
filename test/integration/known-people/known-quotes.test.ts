import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * A contact quote leaves out people already in an ATS list (issue #32): over the composed main and
 * the Sandbox over HTTP, a person in a shared list and one in this connection's list are left out
 * of the quote and of what is bought, and the quote names them; asked to include them, it does. A
 * list of another connection counts for nothing here.
 */

const opened = useOpened()
const start = useMains()

/** Imports a CSV (as the page sends it) into a list with the columns guessed. */
async function importCsv(
  main: TestMain,
  text: string,
  name: string,
  scope: { kind: 'shared' } | { kind: 'connection'; connectionId: string }
) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  return main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope, mapping })
}

describe('contact quotes and the known-people lists', () => {
  it('leave known people out by default, say which, include them when asked, and buy only the others', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 10 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    const connectionId = await connect(main, sandbox, 'Partner sandbox')
    const { connections } = await main.ok('listConnections', {})
    const other = connections.find((connection) => connection.id !== connectionId)!.id
    const people = testCatalog()
      .search({}, { limit: 5, offset: 60 })
      .results.map((person) => person.key!)
    const [shared, mine, elsewhere, ...others] = people
    await importCsv(main, `Profile key,Stage\n${shared},Offer\n`, 'Everyone', { kind: 'shared' })
    await importCsv(main, `Profile key,Stage\n${mine},Screen\n`, 'Mine', { kind: 'connection', connectionId })
    await importCsv(main, `Profile key\n${elsewhere}\n`, 'Theirs', { kind: 'connection', connectionId: other })

    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(quote).toMatchObject({
      keys: [elsewhere, ...others],
      known: [shared, mine],
      suppressed: [],
      creditsNeeded: 3
    })
    const everyone = await main.ok('quoteContacts', { keys: people, contactType: 'Email', includeKnown: true })
    expect(everyone).toMatchObject({ keys: people, known: [], creditsNeeded: 5 })

    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-known-0001' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 3 })
    expect(bought.statuses.map((status) => status.key).sort()).toEqual([elsewhere!, ...others].sort())
  })
})
