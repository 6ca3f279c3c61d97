import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../../team-server/testing/throwaway-cluster'
import type { TeamStatus } from '../../../shared/ipc/channels/team'
import { makeProfile, ScriptedDialogs, startMain, tempDir, type TestMain } from '../services/helpers'
import { until } from '../until'

/*
 * The register for the data-protection officer (issue #38 item 4.5): two desks and the real team
 * server on a throwaway embedded PostgreSQL, over HTTP. A shortlist export and a forget on A are
 * in B's register with A's name, the count and the file's name, and nothing of the people: not in
 * B's register, not in the changes the server holds. B's register exports as CSV with those rows,
 * filtered by kind and month.
 */

let cluster: ThrowawayCluster
let server: TeamServer
const mains: TestMain[] = []

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
}, 120_000)

afterEach(async () => {
  for (const main of mains.splice(0)) await main.close()
})

afterAll(async () => {
  await server?.close()
  await cluster?.close()
})

const joined = (status: TeamStatus) => {
  if (status.state !== 'joined') throw new Error('not in a team')
  return status
}

async function desk(dialogs?: ScriptedDialogs): Promise<TestMain> {
  const main = await startMain({
    team: { backoff: { firstMs: 20, maxMs: 200 } },
    ...(dialogs === undefined ? {} : { fileDialogs: dialogs })
  })
  mains.push(main)
  return main
}

async function twoDesks(dialogs: ScriptedDialogs): Promise<{ a: TestMain; b: TestMain }> {
  const a = await desk(dialogs)
  const b = await desk(dialogs)
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

/** The slice of pg the test uses (team-server/ has its own dependencies and types). */
interface PgModule {
  Client: new (config: { connectionString: string }) => {
    connect(): Promise<void>
    end(): Promise<void>
    query<Row>(text: string, values: unknown[]): Promise<{ rows: Row[] }>
  }
}
const pg = createRequire(new URL('../../../team-server/package.json', import.meta.url))('pg') as PgModule

/** Every payload the server holds of this kind, as text. */
async function serverPayloads(kind: string): Promise<string> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl })
  await client.connect()
  try {
    const { rows } = await client.query<{ payload: unknown }>('SELECT payload FROM changes WHERE kind = $1', [kind])
    return JSON.stringify(rows)
  } finally {
    await client.end()
  }
}

describe('the register, across the team', () => {
  it('an export and a forget on A are in B’s register with A’s name and nothing of the people, and its CSV has the rows', async () => {
    const out = tempDir('td-register-')
    const dialogs = new ScriptedDialogs()
      .answer(path.join(out, 'backend shortlist.csv'))
      .answer(path.join(out, 'register.csv'))
    const { a, b } = await twoDesks(dialogs)
    const ivo = {
      ...makeProfile(0, 93),
      key: 'p-register-ivo',
      first_name: 'Ivo',
      last_name: 'Brennecke',
      full_name: 'Ivo Brennecke',
      emails: ['ivo.brennecke@example.net']
    }
    const list = await a.ok('createShortlist', { name: 'Backend' })
    await a.ok('addMembers', { shortlistId: list.id, profiles: [ivo, makeProfile(1, 93), makeProfile(2, 93)] })
    await a.ok('exportCsv', {
      exportId: 'reg-1',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'basic' }
    })
    // B holds Ivo too: A's forget erases him there through B's own erase
    const onB = await b.ok('createShortlist', { name: 'Also Backend' })
    await b.ok('addMembers', { shortlistId: onB.id, profiles: [ivo] })
    await a.ok('forgetPeople', { keys: ['p-register-ivo'], reason: 'person-asked' })
    await until(
      () => b.ok('listMembers', { shortlistId: onB.id }),
      (members) => members.length === 0
    )

    const seen = await until(
      () => b.ok('listRegister', {}),
      (register) => register.entries.filter((entry) => entry.colleague === 'Anna').length === 2
    )
    const month = seen.entries[0]!.at.slice(0, 7)
    expect(seen.months).toEqual([month])
    const fromA = seen.entries.filter((entry) => entry.colleague === 'Anna')
    expect(fromA.map(({ what, people, files, detail }) => ({ what, people, files, detail }))).toEqual([
      { what: 'forget', people: 1, files: [], detail: 'person-asked' },
      { what: 'export', people: 3, files: ['backend shortlist.csv'], detail: 'Shortlist export, csv' }
    ])
    // B's own erase of Ivo (A's forget reaching B) is A's line, not B's
    expect(seen.entries.filter((entry) => entry.colleague === null)).toEqual([])
    // A's own register has the same two lines as this desk's
    const onA = await a.ok('listRegister', {})
    expect(onA.entries.map((entry) => [entry.what, entry.colleague])).toEqual([
      ['forget', null],
      ['export', null]
    ])
    // filtered by kind and month
    expect((await b.ok('listRegister', { what: 'forget' })).entries.map((entry) => entry.what)).toEqual(['forget'])
    expect((await b.ok('listRegister', { month: '1999-01' })).entries).toEqual([])
    expect((await b.ok('listRegister', { month })).total).toBe(2)

    // nothing of Ivo in B's register, nor in what the server holds
    const words = ['Ivo', 'Brennecke', 'ivo.brennecke@example.net', 'p-register-ivo']
    const held = await serverPayloads('register.entry')
    for (const word of words) {
      expect(JSON.stringify(seen)).not.toContain(word)
      expect(held).not.toContain(word)
    }

    const exported = await b.ok('exportRegister', {})
    expect(exported).toMatchObject({ cancelled: false, rows: 2 })
    const csv = fs.readFileSync(path.join(out, 'register.csv'), 'utf8')
    const rows = (parse(csv, { bom: true }) as string[][]).map((row) => row.slice(1))
    expect(rows).toEqual([
      ['Who', 'What', 'Detail', 'People', 'Files'],
      ['Anna', 'Forget', 'person-asked', '1', ''],
      ['Anna', 'Export', 'Shortlist export, csv', '3', 'backend shortlist.csv']
    ])
    for (const word of words) expect(csv).not.toContain(word)
  }, 90_000)
})
