import { createRequire } from 'node:module'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type BetterSqlite3 from 'better-sqlite3'
import Database from 'better-sqlite3'
import { spawnDoNotContactWorkerFromSource } from '../../../electron/main/do-not-contact/do-not-contact-worker-from-source'
import { storeFilePath } from '../../../electron/main/store'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { MAX_DO_NOT_CONTACT_BATCH } from '../../../shared/team/protocol'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../../team-server/testing/throwaway-cluster'
import { startMain, type TestMain } from '../services/helpers'
import { until } from '../until'

/** The slice of pg the test uses (team-server/ has its own dependencies and types). */
interface PgModule {
  Client: new (config: { connectionString: string }) => {
    connect(): Promise<void>
    end(): Promise<void>
    query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>
  }
}
const pg = createRequire(new URL('../../../team-server/package.json', import.meta.url))('pg') as PgModule

/*
 * The team's do-not-contact list with entries read from a file (issue #38): two desks and the real
 * team server on a throwaway PostgreSQL, the import read in its worker as in the app. A file
 * imported on A leaves its people out of B's check; taking them off A lets them back on B.
 */

let cluster: ThrowawayCluster
let server: TeamServer
const mains: TestMain[] = []
const opened: BetterSqlite3.Database[] = []
const quick = { backoff: { firstMs: 20, maxMs: 200 } }

async function desk(): Promise<TestMain> {
  const main = await startMain({ team: quick, doNotContactWorker: spawnDoNotContactWorkerFromSource })
  mains.push(main)
  return main
}

const joined = (status: TeamStatus) => {
  if (status.state !== 'joined') throw new Error('not in a team')
  return status
}

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
}, 120_000)

afterEach(async () => {
  for (const db of opened.splice(0)) db.close()
  for (const main of mains.splice(0)) await main.close()
})

afterAll(async () => {
  await server?.close()
  await cluster?.close()
})

async function twoDesks(): Promise<{ a: TestMain; b: TestMain }> {
  const a = await desk()
  const b = await desk()
  await a.ok('createTeam', {
    server: server.url,
    setupCode: await makeSetupCode(cluster.databaseUrl),
    teamName: 'Northwind Talent',
    personName: 'Anna',
    deskName: 'Anna’s laptop'
  })
  const invite = await a.ok('inviteToTeam', { role: 'recruiter' })
  await b.ok('joinTeam', { server: server.url, inviteCode: invite.code, personName: 'Ben', deskName: 'Ben’s desk' })
  return { a, b }
}

function storeOf(main: TestMain): BetterSqlite3.Database {
  const db = new Database(storeFilePath(main.dataDir), { readonly: true })
  opened.push(db)
  return db
}

/** The changes of a kind the server keeps from a desk. */
async function serverKinds(kind: string): Promise<Array<{ id: string; payload: { entries: string[] } | null }>> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ id: string; payload: { entries: string[] } | null }>(
      'SELECT id, payload FROM changes WHERE kind = $1 ORDER BY seq',
      [kind]
    )
    return rows
  } finally {
    await client.end()
  }
}

describe('a file of entries imported on one desk', () => {
  it('leaves those people out of a colleague’s check, in batches; taken off on A, they are back on B', async () => {
    const { a, b } = await twoDesks()
    const emails = Array.from({ length: 2000 }, (_, n) => `person.${n}@example.org`)
    const lines = [...emails, '@rival.example', 'https://profilenet.example/in/dora-objects', 'key:p-file-key']
    const read = await a.ok('importDoNotContact', {
      fileName: 'objections.csv',
      text: lines.join('\n'),
      note: 'objected at the fair'
    })
    expect(read.added).toBe(lines.length)

    const people = [
      { emails: ['Person.7@Example.org'] },
      { emails: ['person.1999@example.org'] },
      { emails: ['cto@rival.example'] },
      { handles: ['https://profilenet.example/in/dora-objects'] },
      { key: 'p-file-key' },
      { key: 'p-not-listed', emails: ['someone@else.example'] }
    ]
    const seen = await until(
      () => b.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 5,
      30_000
    )
    expect(seen.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 1, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 2, reasons: [{ why: 'team', kind: 'domain' }] },
      { index: 3, reasons: [{ why: 'team', kind: 'handle' }] },
      { index: 4, reasons: [{ why: 'team', kind: 'key' }] }
    ])
    // shared as batches of at most MAX_DO_NOT_CONTACT_BATCH hashes, one per change, nothing in clear
    const batches = await serverKinds('do-not-contact.batch')
    expect(batches).toHaveLength(Math.ceil(lines.length / MAX_DO_NOT_CONTACT_BATCH))
    expect(batches.flatMap((batch) => batch.payload?.entries ?? [])).toHaveLength(lines.length)
    expect(JSON.stringify(batches)).not.toContain('example.org')
    await until(
      () => a.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )
    // who shared them, when and why is on B once per change, not once per entry
    const b_ = storeOf(b)
    expect(b_.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get()).toBe(lines.length)
    expect(b_.prepare('SELECT DISTINCT person_name, reason FROM team_do_not_contact_changes').all()).toEqual([
      { person_name: 'Anna', reason: 'objected at the fair' }
    ])

    // taken off A's list: back on B's check
    const taken = storeOf(a)
      .prepare(
        "SELECT id FROM do_not_contact WHERE kind != 'handle' AND value IN ('person.7@example.org', '@rival.example', 'rival.example', 'key:p-file-key', 'p-file-key')"
      )
      .pluck()
      .all() as number[]
    expect(taken).toHaveLength(3)
    for (const id of taken) await a.ok('removeDoNotContact', { id })
    const back = await until(
      () => b.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 2
    )
    expect(back.suppressed.map((s) => s.index)).toEqual([1, 3])
  }, 120_000)
})
