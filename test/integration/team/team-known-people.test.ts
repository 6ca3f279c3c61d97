import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { systemClock } from '../../../sandbox/index'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../../team-server/testing/throwaway-cluster'
import { storeFilePath } from '../../../electron/main/store'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, startMain, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * People you already have, shared with the team (issue #38 item 4.2): two desks and the real team
 * server on a throwaway embedded PostgreSQL, over HTTP. A list imported on A marks the person on B
 * and leaves them out of B's contact quote (the Sandbox over HTTP); a list imported again on A
 * replaces it on B, and a removal on A removes it on B; what went to the server is fingerprints.
 */

let cluster: ThrowawayCluster
let server: TeamServer
const mains: TestMain[] = []
const closing: Array<{ close(): Promise<void> | void }> = []

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
}, 120_000)

afterEach(async () => {
  for (const main of mains.splice(0)) await main.close()
  for (const thing of closing.splice(0)) await thing.close()
})

afterAll(async () => {
  await server?.close()
  await cluster?.close()
})

const joined = (status: TeamStatus) => {
  if (status.state !== 'joined') throw new Error('not in a team')
  return status
}

async function desk(): Promise<TestMain> {
  const main = await startMain({ team: { backoff: { firstMs: 20, maxMs: 200 } } })
  mains.push(main)
  return main
}

async function twoDesks(): Promise<{ a: TestMain; b: TestMain }> {
  const a = await desk()
  const b = await desk()
  joined(
    await a.ok('createTeam', {
      server: server.url,
      setupCode: await makeSetupCode(cluster.databaseUrl),
      teamName: 'Northwind Talent',
      personName: 'Anna',
      deskName: 'Anna’s laptop'
    })
  )
  const invite = await a.ok('inviteToTeam', { role: 'recruiter' })
  joined(
    await b.ok('joinTeam', { server: server.url, inviteCode: invite.code, personName: 'Ben', deskName: 'Ben’s desk' })
  )
  return { a, b }
}

/** Imports a CSV (as the page sends it) into a shared list, the columns guessed. */
async function importCsv(main: TestMain, text: string, name: string) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  return main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope: { kind: 'shared' }, mapping })
}

/** The slice of pg the test uses (team-server/ has its own dependencies and types). */
interface PgModule {
  Client: new (config: { connectionString: string }) => {
    connect(): Promise<void>
    end(): Promise<void>
    query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>
  }
}
const pg = createRequire(new URL('../../../team-server/package.json', import.meta.url))('pg') as PgModule

/** Every payload the server holds of these kinds, as text. */
async function serverPayloads(kinds: readonly string[]): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ payload: unknown }>('SELECT payload FROM changes WHERE kind = ANY($1)', [
      kinds
    ])
    return JSON.stringify(rows)
  } finally {
    await client.end()
  }
}

describe('people you already have, across the team', () => {
  it('a list imported on A marks the person on B and leaves them out of B’s quote', async () => {
    const { a, b } = await twoDesks()
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 10 })
    closing.push(sandbox)
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
    const { a, b } = await twoDesks()
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
