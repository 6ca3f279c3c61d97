import { describe, expect, it } from 'vitest'
import type { TeamTimers } from '../../../electron/main/team'
import { makeProfile, type TestMain } from '../services/helpers'
import { until } from '../until'
import { joined, useTeamServer } from './fixtures/team-fixture'

/*
 * Shared shortlists (issue #38 item 4.4) between desks and the real team server (on a throwaway
 * embedded PostgreSQL), over real HTTP: a list shared on A appears on B with its people, stages,
 * tags, ratings and notes; edits merge per field in the server's order, offline ones included;
 * two notes written at once are both kept; a rename reaches B; a forget on A removes the person on
 * B and deletes their payloads on the server; a list shared with named colleagues stays off a
 * third desk, on the server too (each change kept with its audience), and a colleague taken out of
 * it gets none of its later changes.
 */

const team = useTeamServer()

/** Timers that never fire: a desk given them reaches the server only when the test says sync. */
const held: TeamTimers = { after: () => () => undefined }

const chinedu = {
  ...makeProfile(0, 93),
  key: 'p-shared-chinedu',
  first_name: 'Chinedu',
  last_name: 'Young',
  full_name: 'Chinedu Young',
  emails: ['chinedu.young@example.net'],
  li_urls: ['https://profilenet.example/in/chinedu-young']
}
const other = { ...makeProfile(1, 93), key: 'p-shared-other' }

/** A list on A with two people, Chinedu rated and tagged, shared with the whole team. */
async function sharedOnA(a: TestMain) {
  const list = await a.ok('createShortlist', { name: 'Backend — Berlin' })
  const added = await a.ok('addMembers', { shortlistId: list.id, profiles: [chinedu, other] })
  const chineduId = added.added[0]!
  await a.ok('updateMember', { memberId: chineduId, patch: { tags: ['go'], rating: 4 } })
  await a.ok('addMemberNote', { memberId: chineduId, text: 'Strong on distributed systems.' })
  const shared = await a.ok('shareShortlist', { id: list.id, with: null })
  expect(shared.shared).toMatchObject({ audience: null, sharedBy: 'Anna' })
  return { list, chineduId }
}

/** B's copy of the shared list, once it is there, and B's Chinedu. */
async function onB(b: TestMain, name = 'Backend — Berlin') {
  const list = await until(
    () => b.ok('listShortlists', {}),
    (lists) => lists.some((l) => l.name === name && l.shared !== null && l.shared !== undefined)
  ).then((lists) => lists.find((l) => l.name === name)!)
  const members = await until(
    () => b.ok('listMembers', { shortlistId: list.id }),
    (page) => page.length === 2
  )
  const member = members.find((m) => m.profileKey === chinedu.key)!
  return { list, memberId: member.id }
}

async function settled(...desks: TestMain[]) {
  for (const main of desks) {
    await main.ok('syncTeam', {})
    await main.services.teamSync.idle()
  }
}

describe('a shortlist shared with the team', () => {
  it('appears on B with its people, stage, tags, rating and notes; A’s rename and B’s stage reach the other; Activity says who did what', async () => {
    const { a, b } = await team.startTeam()
    const { list, chineduId } = await sharedOnA(a)

    const { list: bList, memberId } = await onB(b)
    expect(bList.shared).toMatchObject({ sharedBy: 'Anna', audience: null })
    const onBDetail = await until(
      () => b.ok('getMember', { memberId }),
      (detail) => (detail.teamNotes ?? []).length === 1 && detail.rating === 4
    )
    expect(onBDetail).toMatchObject({ name: 'Chinedu Young', tags: ['go'], rating: 4 })
    expect(onBDetail.teamNotes?.[0]).toMatchObject({
      text: 'Strong on distributed systems.',
      author: 'Anna',
      waiting: false
    })

    // B moves Chinedu on: A sees it at once (an event, no reload), with who did it
    const eventsBefore = a.events.length
    await b.ok('updateMember', { memberId, patch: { stage: 'Interviewing' } })
    const onA = await until(
      () => a.ok('getMember', { memberId: chineduId }),
      (detail) => detail.stage === 'Interviewing'
    )
    expect(onA.fieldAuthors?.find((f) => f.field === 'stage')).toMatchObject({ author: 'Ben' })
    expect(
      a.events
        .slice(eventsBefore)
        .some((e) => e.name === 'membersChanged' && (e.payload as { reason: string }).reason === 'team')
    ).toBe(true)
    const activity = await until(
      () => a.ok('listActivity', {}),
      (answer) => answer.entries.some((e) => e.kind === 'team_shortlist')
    )
    expect(activity.entries.map((e) => e.text)).toContain(
      'Ben moved Chinedu Young to Interviewing in ‘Backend — Berlin’'
    )

    // A renames it: B's copy follows, and B's Activity says so
    await a.ok('renameShortlist', { id: list.id, name: 'Backend — Berlin (senior)' })
    await until(
      () => b.ok('listShortlists', {}),
      (lists) => lists.some((l) => l.id === bList.id && l.name === 'Backend — Berlin (senior)')
    )
    const bActivity = (await b.ok('listActivity', {})).entries.map((e) => e.text)
    expect(bActivity).toContain('Anna renamed ‘Backend — Berlin’ to ‘Backend — Berlin (senior)’')
    expect(bActivity).toContain('Anna shared ‘Backend — Berlin’ with you')
  }, 90_000)

  it('offline edits merge per field: B’s stage and A’s offline tags are both kept; on one field the later in the server’s order wins; two notes at once are both kept', async () => {
    const { a, b } = await team.startTeam({ desk: (index) => (index === 0 ? { team: { timers: held } } : {}) })
    const { chineduId } = await sharedOnA(a)
    await settled(a)
    const { memberId } = await onB(b)
    await until(
      () => b.ok('getMember', { memberId }),
      (detail) => detail.rating === 4
    )

    // A goes offline (the server stops; A's stream waits on timers that never fire) and edits
    await team.stopServer()
    await a.ok('updateMember', { memberId: chineduId, patch: { tags: ['go', 'remote'], rating: 2 } })
    await a.ok('addMemberNote', { memberId: chineduId, text: 'Anna: wants remote two days a week.' })
    await a.services.teamSync.idle()
    expect(joined(await a.ok('getTeam', {})).sync.waiting).toBe(3)

    // meanwhile, with the server back, B (online) moves Chinedu on, rates him and writes a note
    await team.startServer()
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.online
    )
    await b.ok('updateMember', { memberId, patch: { stage: 'Interviewing', rating: 5 } })
    await b.ok('addMemberNote', { memberId, text: 'Ben: great call today.' })
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )

    // A back: its edits are pushed after B's, so its rating is the later one by the server's order
    await settled(a, b, a)
    const expected = { stage: 'Interviewing', tags: ['go', 'remote'], rating: 2 }
    const aDetail = await a.ok('getMember', { memberId: chineduId })
    const bDetail = await until(
      () => b.ok('getMember', { memberId }),
      (detail) => detail.rating === 2 && detail.tags.length === 2 && (detail.teamNotes ?? []).length === 3
    )
    expect(aDetail).toMatchObject(expected)
    expect(bDetail).toMatchObject(expected)
    for (const detail of [aDetail, bDetail]) {
      expect(detail.teamNotes?.map((n) => [n.author, n.text]).sort()).toEqual([
        ['Anna', 'Anna: wants remote two days a week.'],
        ['Anna', 'Strong on distributed systems.'],
        ['Ben', 'Ben: great call today.']
      ])
      const authors = Object.fromEntries((detail.fieldAuthors ?? []).map((f) => [f.field, f.author]))
      expect(authors).toMatchObject({ stage: 'Ben', tags: 'Anna', rating: 'Anna' })
    }

    // A's edits came back with their numbers: a colleague's edit after them wins on A too
    await b.ok('updateMember', { memberId, patch: { rating: 3 } })
    await until(
      () => b.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )
    await settled(a)
    expect(await a.ok('getMember', { memberId: chineduId })).toMatchObject({ rating: 3 })
  }, 120_000)

  it('a forget on A removes the person on B and deletes their payloads on the server', async () => {
    const { a, b } = await team.startTeam()
    await sharedOnA(a)
    const { list: bList, memberId } = await onB(b)
    await until(
      () => b.ok('getMember', { memberId }),
      (detail) => (detail.teamNotes ?? []).length === 1
    )

    await a.ok('forgetPeople', { keys: [chinedu.key], reason: 'person-asked' })
    await until(
      () => b.ok('listMembers', { shortlistId: bList.id }),
      (page) => page.length === 1 && page[0]?.profileKey === other.key
    )
    await b.services.teamSync.idle()
    expect(await b.ok('describePerson', { key: chinedu.key })).toMatchObject({ rows: 0 })

    // on the server: every shortlist change about him has lost its payload; nothing names him
    const teamId = joined(await a.ok('getTeam', {})).team.id
    const rows = await team.cluster.query<{ kind: string; payload: unknown }>(
      "SELECT kind, payload FROM changes WHERE team_id = $1 AND kind LIKE 'shortlist.%' ORDER BY seq",
      [teamId]
    )
    const text = JSON.stringify(rows)
    for (const word of ['Chinedu', 'chinedu.young@example.net', 'Strong on distributed systems'])
      expect(text).not.toContain(word)
    expect(rows.filter((row) => row.kind === 'shortlist.member' && row.payload === null)).toHaveLength(1)
    expect(rows.filter((row) => row.kind === 'shortlist.member' && row.payload !== null)).toHaveLength(1)
  }, 90_000)

  it('a list shared with named colleagues reaches them and not a third desk', async () => {
    const { a, b, desks } = await team.startTeam({ desks: 3, people: ['Anna', 'Ben', 'Chloe'] })
    const c = desks[2]!
    const overview = joined(await a.ok('getTeam', {}))
    const ben = overview.desks?.find((d) => d.personName === 'Ben')
    expect(ben).toBeDefined()
    const list = await a.ok('createShortlist', { name: 'Confidential — CTO search' })
    await a.ok('addMembers', { shortlistId: list.id, profiles: [chinedu, other] })
    const shared = await a.ok('shareShortlist', { id: list.id, with: [{ deskId: ben!.id, personName: 'Ben' }] })
    expect(shared.shared?.audience?.map((d) => d.personName).sort()).toEqual(['Anna', 'Ben'])
    await a.ok('renameShortlist', { id: list.id, name: 'Confidential — CTO' })

    const { list: bList } = await onB(b, 'Confidential — CTO')
    expect(bList.shared?.audience?.map((d) => d.personName).sort()).toEqual(['Anna', 'Ben'])
    // C has pulled every change there is, and holds nothing of the list
    await settled(a)
    const last = joined(await a.ok('getTeam', {})).sync.lastSeq
    await until(
      async () => joined(await c.ok('syncTeam', {})).sync.lastSeq,
      (seq) => seq >= last
    )
    expect(await c.ok('listShortlists', {})).toEqual([])
    expect((await c.ok('searchSaved', { query: 'Chinedu' })).length).toBe(0)

    // the server enforces it: every change of the list is kept for Anna's and Ben's desks only, so
    // no pull gives it to Chloe's (test/team-server/audience.test.ts pulls as a third desk over HTTP)
    const anna = overview.desks!.find((d) => d.personName === 'Anna')!
    const chloe = overview.desks!.find((d) => d.personName === 'Chloe')!
    const audiences = async (after: number) =>
      (
        await team.cluster.query<{ audience: string[] | null }>(
          "SELECT audience::text[] AS audience FROM changes WHERE team_id = $1 AND seq > $2 AND kind LIKE 'shortlist.%' ORDER BY seq",
          [overview.team.id, after]
        )
      ).map((row) => (row.audience === null ? null : [...row.audience].sort()))
    const first = await audiences(0)
    expect(first.length).toBeGreaterThan(3)
    expect(new Set(first.map((audience) => JSON.stringify(audience)))).toEqual(
      new Set([JSON.stringify([anna.id, ben!.id].sort())])
    )

    // shared again with Chloe instead of Ben: Chloe gets the list, Ben none of its later changes
    await a.ok('shareShortlist', { id: list.id, with: [{ deskId: chloe.id, personName: 'Chloe' }] })
    await a.ok('renameShortlist', { id: list.id, name: 'Confidential — CTO (final)' })
    await onB(c, 'Confidential — CTO (final)')
    await settled(a)
    const after = joined(await a.ok('getTeam', {})).sync.lastSeq
    await until(
      async () => joined(await b.ok('syncTeam', {})).sync.lastSeq,
      (seq) => seq >= after
    )
    expect((await b.ok('listShortlists', {})).map((l) => l.name)).toEqual(['Confidential — CTO'])
    const later = await audiences(last)
    expect(later.length).toBeGreaterThan(3)
    expect(new Set(later.map((audience) => JSON.stringify(audience)))).toEqual(
      new Set([JSON.stringify([anna.id, chloe.id].sort())])
    )
  }, 90_000)
})
