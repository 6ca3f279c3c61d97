import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { makeProfile, ScriptedDialogs, tempDir } from '../services/helpers'
import { until } from '../until'
import { quick, useTeamServer } from './fixtures/team-fixture'

/*
 * The register for the data-protection officer (issue #38 item 4.5): two desks and the real team
 * server on a throwaway embedded PostgreSQL, over HTTP. A shortlist export and a forget on A are
 * in B's register with A's name, the count and the file's name, and nothing of the people: not in
 * B's register, not in the changes the server holds. B's register exports as CSV with those rows,
 * filtered by kind and month.
 */

const team = useTeamServer()

/** Anna's and Ben's desks in one team, both saving files through `dialogs`. */
const twoDesks = (dialogs: ScriptedDialogs) => team.startTeam({ desk: { team: quick, fileDialogs: dialogs } })

/** Every payload the server holds of this kind, as text. */
async function serverPayloads(kind: string): Promise<string> {
  return JSON.stringify(await team.cluster.query('SELECT payload FROM changes WHERE kind = $1', [kind]))
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
