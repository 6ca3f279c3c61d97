import { randomBytes } from 'node:crypto'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type BetterSqlite3 from 'better-sqlite3'
import Database from 'better-sqlite3'
import { spawnDoNotContactWorkerFromSource } from '../../../electron/main/do-not-contact/do-not-contact-worker-from-source'
import { teamHash } from '../../../electron/main/personal-data/team-hash'
import { storeFilePath } from '../../../electron/main/store'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../../team-server/testing/throwaway-cluster'
import { startMain, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * The team's do-not-contact list as Settings shows it (issue #38 item 4.1), and a whole import
 * removed (item 4.1's second part): two desks and the real team server on a throwaway PostgreSQL,
 * files read in their worker as in the app. A colleague's file is one line on B (who, when, why,
 * how many), their entries by hand one line each; A removing the import takes its entries off B.
 * A team list of a million entries pages at once.
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

const allSent = (main: TestMain) =>
  until(
    () => main.ok('getTeam', {}),
    (status) => joined(status).sync.waiting === 0
  )

describe('the team’s do-not-contact list on a colleague’s desk', () => {
  it('shows a colleague’s file as one line and their entry by hand as one; A removing the file takes it off B', async () => {
    const { a, b } = await twoDesks()
    const emails = Array.from({ length: 2000 }, (_, n) => `person.${n}@example.org`)
    const read = await a.ok('importDoNotContact', {
      fileName: 'objections.csv',
      text: [...emails, '@rival.example'].join('\n'),
      note: 'objected at the fair'
    })
    expect(read.added).toBe(2001)
    await a.ok('addDoNotContact', { kind: 'email', value: 'dora@example.net', note: 'asked on the phone' })
    await allSent(a)

    const page = await until(
      () => b.ok('listTeamDoNotContact', {}),
      (answer) => answer.entries === 2002,
      30_000
    )
    expect(page.total).toBe(2)
    // files first, then entries by hand
    expect(page.lines).toEqual([
      {
        line: 'import',
        key: expect.any(String),
        entries: 2001,
        reason: 'objected at the fair',
        personName: 'Anna',
        sharedAt: expect.any(String)
      },
      {
        line: 'entry',
        key: expect.any(String),
        kind: 'email',
        reason: 'asked on the phone',
        personName: 'Anna',
        sharedAt: expect.any(String)
      }
    ])
    // nothing of the values reaches B's page: hashes only
    expect(JSON.stringify(page)).not.toContain('example.org')
    expect(JSON.stringify(page)).not.toContain('dora')
    // A's own page of the team's list: its own entries are not a colleague's
    expect((await a.ok('listTeamDoNotContact', {})).total).toBe(0)

    const people = [
      { emails: ['person.7@example.org'] },
      { emails: ['cto@rival.example'] },
      { emails: ['dora@example.net'] }
    ]
    expect((await b.ok('checkDoNotContact', { people })).suppressed).toHaveLength(3)

    // A removes the whole file: gone from A's list and count at once, then from B's
    const { imports } = await a.ok('listDoNotContactImports', {})
    expect(imports).toEqual([
      { id: expect.any(Number), added: 2001, note: 'objected at the fair', addedAt: expect.any(String) }
    ])
    expect(await a.ok('removeDoNotContactImport', { id: imports[0]!.id })).toEqual({ removed: true, entries: 2001 })
    expect((await a.ok('listDoNotContact', {})).total).toBe(1)
    expect((await a.ok('checkDoNotContact', { people })).suppressed.map((s) => s.index)).toEqual([2])
    // removed again: nothing more (the same import is not removed twice)
    expect(await a.ok('removeDoNotContactImport', { id: imports[0]!.id })).toEqual({ removed: false, entries: 0 })

    const after = await until(
      () => b.ok('listTeamDoNotContact', {}),
      (answer) => answer.entries === 1,
      30_000
    )
    expect(after.lines.map((line) => line.line)).toEqual(['entry'])
    expect((await b.ok('checkDoNotContact', { people })).suppressed.map((s) => s.index)).toEqual([2])
    await allSent(a)
    expect((await a.ok('listDoNotContactImports', {})).imports).toEqual([])
  }, 120_000)

  it('opens a page of a team list of 1,000,000 entries at once, with the count kept', async () => {
    const { a, b } = await twoDesks()
    await a.ok('importDoNotContact', {
      fileName: 'crm.csv',
      text: 'x@example.org\ny@example.org',
      note: 'from the CRM'
    })
    await allSent(a)
    const first = await until(
      () => b.ok('listTeamDoNotContact', {}),
      (answer) => answer.entries === 2,
      30_000
    )
    expect(first.total).toBe(1)
    // the rest of a million put in through a second connection: half in A's file, half as by hand
    const db = new Database(storeFilePath(b.dataDir))
    opened.push(db)
    const { source, seq } = db.prepare('SELECT source, seq FROM team_do_not_contact LIMIT 1').get() as {
      source: string
      seq: number
    }
    const salt = db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string
    const sql = (rows: number) =>
      `INSERT OR IGNORE INTO team_do_not_contact (kind, hash, seq, source) VALUES ${Array(rows).fill('(?, ?, ?, ?)').join(', ')}`
    const insert = db.prepare(sql(1))
    const insertMany = db.prepare(sql(100))
    const kinds = ['email', 'domain', 'handle', 'key'] as const
    for (let at = 2; at < 1_000_000;) {
      db.transaction(() => {
        for (let n = 0; n < 500 && at < 1_000_000; n++) {
          const values: unknown[] = []
          for (let row = 0; row < 100 && at < 1_000_000; row++, at++) {
            values.push(kinds[at % 4], randomBytes(32), seq, at % 2 === 0 ? source : null)
          }
          if (values.length === 400) insertMany.run(values)
          else for (let v = 0; v < values.length; v += 4) insert.run(values.slice(v, v + 4))
        }
      })()
    }
    insert.run('email', Buffer.from(teamHash(salt, 'z@example.org'), 'hex'), seq, null)
    db.close()
    opened.splice(0)

    const started = performance.now()
    const page = await b.ok('listTeamDoNotContact', { offset: 0, limit: 100 })
    const ms = performance.now() - started
    expect(page.entries).toBe(1_000_001)
    expect(page.total).toBe(1 + 500_000)
    expect(page.lines).toHaveLength(100)
    expect(page.lines[0]).toMatchObject({
      line: 'import',
      entries: 500_001,
      personName: 'Anna',
      reason: 'from the CRM'
    })
    const deep = await b.ok('listTeamDoNotContact', { offset: 200_000, limit: 100 })
    expect(deep.lines).toHaveLength(100)
    expect(deep.lines.every((line) => line.line === 'entry')).toBe(true)
    console.info(`a page of the team's list of 1,000,001 entries in ${ms.toFixed(1)} ms`)
    expect(ms).toBeLessThan(500)
  }, 300_000)
})
