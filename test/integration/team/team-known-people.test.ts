import { describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { systemClock } from '../../../sandbox/index'
import { storeFilePath } from '../../../electron/main/store'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, type TestMain } from '../services/helpers'
import { until } from '../until'
import { useTeamServer } from './fixtures/team-fixture'

/*
 * People you already have, shared with the team (issue #38 item 4.2): two desks and the real team
 * server on a throwaway embedded PostgreSQL, over HTTP. A list imported on A marks the person on B
 * and leaves them out of B's contact quote (the Sandbox over HTTP); a list imported again on A
 * replaces it on B, and a removal on A removes it on B; what went to the server is fingerprints.
 */

const team = useTeamServer()

/** Imports a CSV (as the page sends it) into a shared list, the columns guessed. */
async function importCsv(main: TestMain, text: string, name: string) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  return main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope: { kind: 'shared' }, mapping })
}

/** Every payload the server holds of these kinds, as text. */
async function serverPayloads(kinds: readonly string[]): Promise<string> {
  return JSON.stringify(await team.cluster.query('SELECT payload FROM changes WHERE kind = ANY($1)', [kinds]))
}

describe('people you already have, across the team', () => {
  it('a list imported on A marks the person on B and leaves them out of B’s quote', async () => {
    const { a, b } = await team.startTeam()
    const sandbox = team.closeAfter(await startTestSandbox({ clock: systemClock, credits: 10 }))
    await connect(b, sandbox, 'Partner sandbox')
    const keys = testCatalog()
      .search({}, { limit: 4, offset: 70 })
      .results.map((person) => person.key!)
    const [hired, byEmail, ...others] = keys
    const email = 'Greta.Holm@Example.org'

    const before = await b.ok('quoteContacts', { keys, contactType: 'Email' })
    expect(before.known).toEqual([])

    await importCsv(a, `Profile key,Email,Stage\n${hired},,Offer\n,${email},Screen\n`, 'Hires')
    const seen = await until(
      () =>
        b.ok('checkKnownPeople', {
          people: [{ key: hired }, { emails: ['greta.holm@example.org'] }, { key: others[0] }]
        }),
      (answer) => answer.known.length === 2
    )
    expect(seen.known.map(({ index, listName, by, atsId, stage }) => ({ index, listName, by, atsId, stage }))).toEqual([
      { index: 0, listName: 'Hires (Anna)', by: 'key', atsId: null, stage: null },
      { index: 1, listName: 'Hires (Anna)', by: 'email', atsId: null, stage: null }
    ])
    const quote = await b.ok('quoteContacts', { keys, contactType: 'Email' })
    expect(quote.known).toEqual([hired])
    expect(quote.keys).toEqual([byEmail, ...others])

    // the server holds fingerprints: no key, email, stage or ATS data of the list in clear
    const held = await serverPayloads(['known-people.part', 'known-people.list'])
    expect(held).toContain('Hires')
    for (const word of [hired!, 'greta', 'Offer', 'Screen'])
      expect(held.toLowerCase()).not.toContain(word.toLowerCase())

    // forgotten on B: their fingerprint leaves the team's list there, so B no longer knows them by it
    await b.ok('forgetPeople', { keys: [hired!], reason: 'person-asked' })
    expect((await b.ok('checkKnownPeople', { people: [{ key: hired }] })).known).toEqual([])
    expect((await b.ok('checkKnownPeople', { people: [{ emails: [email] }] })).known).toHaveLength(1)
  }, 90_000)

  it('a list imported again on A replaces it on B, and a removal on A removes it on B', async () => {
    const { a, b } = await team.startTeam()
    const people = [{ key: 'p-known-first' }, { key: 'p-known-second' }]
    await importCsv(a, 'Profile key\np-known-first\n', 'Pipeline')
    await until(
      () => b.ok('checkKnownPeople', { people }),
      (answer) => answer.known.length === 1
    )
    await importCsv(a, 'Profile key\np-known-second\n', 'Pipeline')
    const replaced = await until(
      () => b.ok('checkKnownPeople', { people }),
      (answer) => answer.known.length === 1 && answer.known[0]?.index === 1
    )
    expect(replaced.known[0]?.listName).toBe('Pipeline (Anna)')
    // the first list's fingerprints are gone from B's data file, not only hidden
    await b.services.teamSync.idle()
    const file = new Database(storeFilePath(b.dataDir), { readonly: true })
    try {
      expect(file.prepare('SELECT count(*) FROM team_known_lists').pluck().get()).toBe(1)
      expect(file.prepare('SELECT count(*) FROM team_known_hashes').pluck().get()).toBe(1)
    } finally {
      file.close()
    }

    const { lists } = await a.ok('listKnownPeopleLists', {})
    await a.ok('removeKnownPeopleList', { id: lists[0]!.id })
    await until(
      () => b.ok('checkKnownPeople', { people }),
      (answer) => answer.known.length === 0
    )
  }, 90_000)
})
