import { describe, expect, it } from 'vitest'
import { makeProfile, type TestMain } from '../services/helpers'
import { until } from '../until'
import { joined, scanFolder, useTeamServer } from './fixtures/team-fixture'

/*
 * Two desks and the real team server (team-server/, on a throwaway embedded PostgreSQL), over real
 * HTTP: each desk a composed main with its own data folder. A do-not-contact entry added on B
 * leaves the person out of A's check; a forget on A erases them on B (nothing of them left in B's
 * data folder); B offline keeps working and queues, then catches up; a change pushed twice is kept
 * and applied once; the credential goes only to the origin it was issued by.
 */

const team = useTeamServer()

/** Desk A creates the team, invites a recruiter, desk B joins with the code. */
async function twoDesks(): Promise<{ a: TestMain; b: TestMain }> {
  const { a, b } = await team.startTeam()
  expect(joined(await a.ok('getTeam', {})).me.role).toBe('admin')
  const bJoined = joined(await b.ok('getTeam', {}))
  expect(bJoined.team.name).toBe('Northwind Talent')
  expect(bJoined.me.role).toBe('recruiter')
  return { a, b }
}

describe('two desks in one team', () => {
  it('joins by invite, sees who is in, and an entry added on B leaves the person out of A’s check', async () => {
    const { a, b } = await twoDesks()
    const overview = joined(await a.ok('getTeam', {}))
    expect(overview.desks?.map((d) => [d.personName, d.deskName, d.role]).sort()).toEqual([
      ['Anna', 'Anna’s laptop', 'admin'],
      ['Ben', 'Ben’s desk', 'recruiter']
    ])

    const person = { key: 'p-team-dnc', emails: ['Dora.Objects@Example.org'] }
    expect((await a.ok('checkDoNotContact', { people: [person] })).suppressed).toEqual([])
    await b.ok('addDoNotContact', { kind: 'email', value: 'dora.objects@example.org', note: 'objected by phone' })
    await b.ok('addDoNotContact', { kind: 'domain', value: 'rival.example' })

    const seen = await until(
      () => a.ok('checkDoNotContact', { people: [person, { emails: ['cto@rival.example'] }] }),
      (answer) => answer.suppressed.length === 2
    )
    expect(seen.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 1, reasons: [{ why: 'team', kind: 'domain' }] }
    ])
    // B's own list says it is B's entry; the outbox is empty once the server took it
    const onB = await b.ok('checkDoNotContact', { people: [person] })
    expect(onB.suppressed[0]?.reasons[0]).toMatchObject({ why: 'listed', kind: 'email' })
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )
    // nothing echoed: A's outbox stayed empty, and B did not apply its own change again
    expect(joined(await a.ok('getTeam', {})).sync.waiting).toBe(0)
    expect(team.tableRows(b, 'team_do_not_contact'), 'B keeps its own entries in its own list, not the team’s').toBe(0)

    // removed on B: no longer on A's check
    const listed = await b.ok('listDoNotContact', {})
    for (const entry of listed.entries) await b.ok('removeDoNotContact', { id: entry.id })
    await until(
      () => a.ok('checkDoNotContact', { people: [person, { emails: ['cto@rival.example'] }] }),
      (answer) => answer.suppressed.length === 0
    )
  }, 60_000)

  it('a forget on A erases the person on B through the same erase, with nothing of them left in B’s data folder', async () => {
    const { a, b } = await twoDesks()
    const zenobia = {
      ...makeProfile(0, 91),
      key: 'p-team-zenobia',
      first_name: 'Zenobia',
      last_name: 'Quarterfield',
      full_name: 'Zenobia Quarterfield',
      emails: ['zenobia.quarterfield@example.net'],
      li_urls: ['https://profilenet.example/in/zenobia-quarterfield']
    }
    const other = { ...makeProfile(1, 91), key: 'p-team-other' }
    for (const main of [a, b]) {
      const list = await main.ok('createShortlist', { name: 'Backend' })
      await main.ok('addMembers', { shortlistId: list.id, profiles: [zenobia, other] })
    }
    const bList = (await b.ok('listShortlists', {}))[0]!
    expect((await b.ok('listMembers', { shortlistId: bList.id })).length).toBe(2)

    const forgot = await a.ok('forgetPeople', { keys: ['p-team-zenobia'], reason: 'person-asked' })
    expect(forgot.forgotten).toHaveLength(1)

    await until(
      () => b.ok('listMembers', { shortlistId: bList.id }),
      (page) => page.length === 1
    )
    await b.services.teamSync.idle()
    await b.services.compaction.idle()
    expect(await b.ok('describePerson', { key: 'p-team-zenobia' })).toMatchObject({
      rows: 0,
      forgotten: { reason: 'person-asked' }
    })
    // B's data folder holds nothing of her: not her name, email or handle
    const hits = scanFolder(b.dataDir, [
      'Zenobia',
      'Quarterfield',
      'zenobia.quarterfield@example.net',
      'p-team-zenobia'
    ])
    expect(hits).toEqual([])
    // and she stays out when she comes back on B (a re-import, a check before buying)
    const check = await b.ok('checkDoNotContact', {
      people: [{ emails: ['zenobia.quarterfield@example.net'] }, { key: 'p-team-other' }]
    })
    expect(check.suppressed).toEqual([{ index: 0, reasons: [{ why: 'forgotten', reason: 'person-asked' }] }])
    // the other person is still there on both desks
    expect((await b.ok('listMembers', { shortlistId: bList.id })).length).toBe(1)
  }, 60_000)

  it('a desk that never held the person keeps them out too: the team’s tombstone, by their email', async () => {
    const { a, b } = await twoDesks()
    const list = await a.ok('createShortlist', { name: 'Only on A' })
    const olek = { ...makeProfile(2, 91), key: 'p-team-olek', emails: ['olek.ward@example.com'] }
    await a.ok('addMembers', { shortlistId: list.id, profiles: [olek] })
    await a.ok('forgetPeople', { keys: ['p-team-olek'], reason: 'objected' })
    // B never held them: nothing to erase, and still they are recognised by email under another key
    const people = [{ key: 'p-another-key', emails: ['Olek.Ward@example.com'] }, { key: 'p-team-olek' }]
    const seen = await until(
      () => b.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 2
    )
    expect(seen.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'forgotten', reason: 'objected' }] },
      { index: 1, reasons: [{ why: 'forgotten', reason: 'objected' }] }
    ])
    expect(team.tableRows(b, 'tombstones'), 'no tombstone of B’s own: B held nothing of them').toBe(0)
  }, 60_000)
})

describe('offline and twice', () => {
  it('B offline (the server stopped) keeps working and queues; back online it catches up and A sees it', async () => {
    const { a, b } = await twoDesks()
    await team.stopServer()
    await until(
      () => b.ok('getTeam', {}),
      (status) => !joined(status).sync.online
    )
    for (const email of ['one@offline.example', 'two@offline.example', 'three@offline.example']) {
      await b.ok('addDoNotContact', { kind: 'email', value: email })
    }
    const offline = joined(await b.ok('getTeam', {}))
    expect(offline.sync).toMatchObject({ online: false, waiting: 3 })
    // the desk's own list works meanwhile
    expect(
      (await b.ok('checkDoNotContact', { people: [{ emails: ['two@offline.example'] }] })).suppressed
    ).toHaveLength(1)

    await team.startServer()
    // the live stream reconnects on its own (backoff), pushes what waited
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.online && joined(status).sync.waiting === 0,
      30_000
    )
    const people = ['one', 'two', 'three'].map((n) => ({ emails: [`${n}@offline.example`] }))
    await until(
      () => a.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 3,
      30_000
    )
  }, 90_000)

  it('a change pushed twice (its answer lost) is kept once and applied once', async () => {
    const { a, b } = await twoDesks()
    await b.ok('addDoNotContact', { kind: 'key', value: 'p-twice' })
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )
    // A has it once before the second push
    await until(
      () => team.tableRows(a, 'team_do_not_contact'),
      (rows) => rows === 1
    )
    await a.services.teamSync.idle()
    const seqBefore = joined(await a.ok('getTeam', {}))
    const pushed = await serverChange('do-not-contact.entry')
    // the same change back in B's outbox, as if the server's answer had been lost on the way
    team
      .storeOf(b)
      .prepare('INSERT INTO team_outbox (change_id, kind, payload, subjects, desk_time) VALUES (?, ?, ?, ?, ?)')
      .run(pushed.id, pushed.kind, JSON.stringify(pushed.payload), JSON.stringify(pushed.subjects), pushed.deskTime)
    await b.ok('syncTeam', {})
    expect(joined(await b.ok('getTeam', {})).sync.waiting).toBe(0)
    await a.ok('syncTeam', {})
    const after = joined(await a.ok('getTeam', {}))
    // the server gave no new sequence number, and A holds the entry once
    expect(after.sync.lastSeq).toBe(seqBefore.sync.lastSeq)
    expect(team.tableRows(a, 'team_do_not_contact')).toBe(1)
  }, 60_000)

  it('the credential goes only to the origin it was issued by: a changed address never gets it', async () => {
    const { b } = await twoDesks()
    const url = new URL(team.server.url)
    // the same server under another name: another origin
    team.storeOf(b).prepare('UPDATE team_state SET server_origin = ?').run(`http://localhost:${url.port}`)
    await b.ok('addDoNotContact', { kind: 'key', value: 'p-elsewhere' })
    const status = await until(
      async () => joined(await b.ok('syncTeam', {})),
      (s) => s.sync.problem !== null
    )
    expect(status.sync.problem).toMatch(/credential is not in the keychain/)
    expect(status.sync.waiting).toBe(1)
  }, 60_000)
})

/** The newest change of a kind as the server keeps it (read from its database). */
async function serverChange(kind: string) {
  const rows = await team.cluster.query<{
    id: string
    kind: string
    payload: unknown
    subjects: string[]
    desk_time: string
  }>(
    'SELECT id, kind, payload, subjects, desk_time FROM changes WHERE kind = $1 ORDER BY server_time DESC, seq DESC LIMIT 1',
    [kind]
  )
  const change = rows[0]
  if (change === undefined) throw new Error(`no ${kind} change on the server`)
  return {
    id: change.id,
    kind: change.kind,
    payload: change.payload,
    subjects: change.subjects,
    deskTime: change.desk_time
  }
}
