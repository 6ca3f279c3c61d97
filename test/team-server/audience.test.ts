import { createHash, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pullResultSchema, type TeamChange } from '../../shared/team/protocol'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import {
  makeThrowawayCluster,
  type ClusterEngine,
  type ThrowawayCluster
} from '../../team-server/testing/throwaway-cluster'
import {
  addMember,
  change,
  createTeam,
  EventStream,
  pullChanges,
  pushChanges,
  type SseEvent,
  type TestDesk
} from './support'

/*
 * A change meant for named desks (a shortlist shared with named colleagues, issue #38 item 4.4) is
 * enforced by the server, not only filtered by the desks: a third desk pulling over plain HTTP, as
 * any program with its credential could, gets nothing of it; a colleague taken out of the audience
 * gets none of the changes after; a forget still reaches every desk and erases the payloads it
 * names whatever their audience. An audience naming a desk of another team is refused (nothing
 * kept). The live stream keeps to the audience too: a desk outside it hears nothing when such a
 * change is made (nor, opening its stream, the number of one), a later team-wide change reaches
 * every desk, and each desk's pull converges past the numbers it cannot see. On both engines: the embedded PostgreSQL and Debian's PostgreSQL 15.
 */

const pull = async (desk: TestDesk, after = 0, limit?: number) =>
  pullResultSchema.parse((await pullChanges(desk, after, limit)).body)
const ids = (changes: TeamChange[]) => changes.map((c) => c.id)

describe.each<ClusterEngine>(['embedded', 'debian15'])('audience on %s PostgreSQL', (engine) => {
  let cluster: ThrowawayCluster
  let server: TeamServer
  let anna: TestDesk
  let ben: TestDesk
  let cleo: TestDesk

  beforeAll(async () => {
    cluster = await makeThrowawayCluster({ engine })
    server = await startTeamServer({
      databaseUrl: cluster.databaseUrl,
      host: '127.0.0.1',
      port: 0,
      log: () => undefined
    })
    anna = await createTeam(server.url, server.setupCode!)
    ben = await addMember(anna, 'Ben')
    cleo = await addMember(anna, 'Cleo')
  })
  afterAll(async () => {
    await server?.close()
    await cluster?.close()
  })

  it('gives a change to its audience and its author only; a desk outside it pulls nothing of it and moves past it', async () => {
    const salted = (value: string) =>
      createHash('sha256').update(Buffer.from(anna.team.salt, 'hex')).update(value).digest('hex')
    const ada = salted('ada@example.com')
    const forBen = change(
      'shortlist.member',
      { list: 'l1', member: ada, added: true, profile: { full_name: 'Ada Lovelace' } },
      { subjects: [ada], audience: [ben.desk.id] }
    )
    const forAll = change('do-not-contact.entry', {
      hash: salted('x@example.org'),
      kind: 'email',
      reason: '',
      added: true
    })
    const pushed = await pushChanges(anna, [forBen, forAll])
    expect(pushed.body.refused).toEqual([])
    const [benSeq, allSeq] = pushed.body.accepted.map((a: { seq: number }) => a.seq) as [number, number]

    expect(ids((await pull(ben)).changes)).toEqual([forBen.id, forAll.id])
    // the author is in the audience though it did not name itself
    expect(ids((await pull(anna)).changes)).toEqual([forBen.id, forAll.id])
    const cleoSees = await pull(cleo)
    expect(ids(cleoSees.changes)).toEqual([forAll.id])
    expect(cleoSees.last).toBe(allSeq)
    // a change of the audience's alone last: Cleo's page still ends at the team's sequence, so her desk moves on
    const onlyBen = change(
      'shortlist.field',
      { list: 'l1', field: 'stage', value: 'Interviewing' },
      { audience: [ben.desk.id] }
    )
    const last = (await pushChanges(anna, [onlyBen])).body.accepted[0].seq as number
    const cleoAfter = await pull(cleo, allSeq)
    expect(cleoAfter).toEqual({ changes: [], last, more: false })
    // paged one at a time, Ben's desk gets his, and nothing is skipped
    const benPaged = await pull(ben, benSeq, 1)
    expect(ids(benPaged.changes)).toEqual([forAll.id])
    expect(benPaged.more).toBe(true)
    expect(ids((await pull(ben, benPaged.last, 1)).changes)).toEqual([onlyBen.id])
    // the database holds the audience: the named desk and the author
    const stored = await cluster.query<{ audience: string[] | string }>('SELECT audience FROM changes WHERE id = $1', [
      forBen.id
    ])
    expect(String(stored[0]!.audience)).toContain(ben.desk.id)
    expect(String(stored[0]!.audience)).toContain(anna.desk.id)
  })

  it('stops giving a colleague taken out of the audience the changes after', async () => {
    const before = (await pull(ben)).last
    // the list shared again with Cleo only: every later change of it names Cleo
    const reshared = change('shortlist.shared', { list: 'l1', name: 'Backend', to: [] }, { audience: [cleo.desk.id] })
    const note = change(
      'shortlist.note',
      { list: 'l1', note: randomUUID(), text: 'Call on Monday' },
      { audience: [cleo.desk.id] }
    )
    await pushChanges(anna, [reshared, note])
    const benLater = await pull(ben, before)
    expect(benLater.changes).toEqual([])
    expect(benLater.last).toBe(before + 2)
    expect(ids((await pull(cleo, before)).changes)).toEqual([reshared.id, note.id])
  })

  it('sends a forget to every desk whatever audience it names, and erases the payloads it names for every audience', async () => {
    const salted = (value: string) =>
      createHash('sha256').update(Buffer.from(anna.team.salt, 'hex')).update(value).digest('hex')
    const ada = salted('ada@example.com')
    const tombstone = change(
      'erasure.tombstone',
      { reason: 'person-asked' },
      { subjects: [ada], audience: [ben.desk.id] }
    )
    const seq = (await pushChanges(anna, [tombstone])).body.accepted[0].seq as number
    for (const desk of [ben, cleo]) expect(ids((await pull(desk, seq - 1)).changes)).toEqual([tombstone.id])
    const benAll = await pull(ben)
    expect(benAll.changes.find((c) => c.kind === 'shortlist.member')!.payload).toBeNull()
    const text = await cluster.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM changes WHERE payload::text LIKE '%Ada%'"
    )
    expect(text[0]!.n).toBe(0)
  })

  it('announces a change with an audience to that audience only; a later team-wide change reaches every desk and both converge', async () => {
    const lastSeqs = (events: SseEvent[]) =>
      events.filter((e) => e.event === 'changes').map((e) => (JSON.parse(e.data) as { lastSeq: number }).lastSeq)
    const benBefore = (await pull(ben)).last
    const cleoBefore = (await pull(cleo)).last
    const benStream = await EventStream.open(server.url, ben.credential)
    const cleoStream = await EventStream.open(server.url, cleo.credential)
    await Promise.all([benStream, cleoStream].map((s) => s.next((e) => e.event === 'changes')))
    const cleoOpened = cleoStream.events.length

    const forBen = change(
      'shortlist.note',
      { list: 'l2', note: randomUUID(), text: 'Ben only' },
      { audience: [ben.desk.id] }
    )
    const hidden = (await pushChanges(anna, [forBen])).body.accepted[0].seq as number
    await benStream.reached(hidden)
    const forAll = change('do-not-contact.entry', { hash: 'b'.repeat(64), kind: 'domain', reason: '', added: true })
    const teamWide = (await pushChanges(anna, [forAll])).body.accepted[0].seq as number
    expect(teamWide).toBe(hidden + 1)
    await Promise.all([benStream.reached(teamWide), cleoStream.reached(teamWide)])
    // notices arrive in commit order: had Cleo's stream been told of the hidden change, it would be here by now
    expect(lastSeqs(cleoStream.events.slice(cleoOpened))).toEqual([teamWide])
    expect(lastSeqs(benStream.events)).toContain(hidden)

    // a stream opened after a change Cleo may not read starts at the newest she may
    const laterForBen = change(
      'shortlist.note',
      { list: 'l2', note: randomUUID(), text: 'Ben again' },
      { audience: [ben.desk.id] }
    )
    const hiddenAgain = (await pushChanges(anna, [laterForBen])).body.accepted[0].seq as number
    await benStream.reached(hiddenAgain)
    const cleoAgain = await EventStream.open(server.url, cleo.credential)
    const opening = await cleoAgain.next((e) => e.event === 'changes')
    expect(JSON.parse(opening.data)).toEqual({ lastSeq: teamWide })
    for (const stream of [benStream, cleoStream, cleoAgain]) stream.close()

    // each pulls from where it was: Ben gets both changes for him and the team's, Cleo the team's, and
    // both end at the team's sequence (Cleo's desk moves past the numbers it cannot see)
    const benPulled = await pull(ben, benBefore)
    const cleoPulled = await pull(cleo, cleoBefore)
    expect(ids(benPulled.changes)).toEqual([forBen.id, forAll.id, laterForBen.id])
    expect(ids(cleoPulled.changes)).toEqual([forAll.id])
    expect(cleoPulled.last).toBe(benPulled.last)
    expect(await pull(cleo, cleoPulled.last)).toEqual({ changes: [], last: cleoPulled.last, more: false })
  })

  it('announces a change to an audience of the most desks a change may name, in notices that fit PostgreSQL’s payload', async () => {
    // 200 named desks and the author: more than one notice names (MAX_DESKS_PER_NOTICE)
    const many: TestDesk[] = []
    for (let n = 0; n < 200; n++) many.push(await addMember(anna, `Colleague ${n}`))
    const lastNamed = many.at(-1)!
    const streams = await Promise.all(
      [lastNamed, anna, cleo].map((desk) => EventStream.open(server.url, desk.credential))
    )
    await Promise.all(streams.map((stream) => stream.next((e) => e.event === 'changes')))
    const cleoOpened = streams[2]!.events.length
    const forMany = change(
      'shortlist.note',
      { list: 'l3', note: randomUUID(), text: 'for two hundred' },
      { audience: many.map((desk) => desk.desk.id) }
    )
    const pushed = await pushChanges(anna, [forMany])
    expect(pushed.body.refused).toEqual([])
    const seq = pushed.body.accepted[0].seq as number
    await Promise.all([streams[0]!.reached(seq), streams[1]!.reached(seq)])
    const forAll = change('do-not-contact.entry', { hash: 'c'.repeat(64), kind: 'domain', reason: '', added: true })
    const teamWide = (await pushChanges(anna, [forAll])).body.accepted[0].seq as number
    await streams[2]!.reached(teamWide)
    expect(
      streams[2]!.events
        .slice(cleoOpened)
        .filter((e) => e.event === 'changes')
        .map((e) => JSON.parse(e.data))
    ).toEqual([{ lastSeq: teamWide }])
    for (const stream of streams) stream.close()
  })

  it('refuses an audience naming a desk that is not of the team (another team’s, or made up), and keeps nothing of it', async () => {
    const olga = await createTeam(server.url, await makeSetupCode(cluster.databaseUrl), 'Other Agency', 'Olga')
    const teamBefore = (await pull(anna)).last
    const forged = change(
      'shortlist.note',
      { list: 'l1', note: randomUUID(), text: 'for Olga' },
      { audience: [olga.desk.id] }
    )
    const madeUp = change(
      'shortlist.note',
      { list: 'l1', note: randomUUID(), text: 'for nobody' },
      {
        audience: [ben.desk.id, randomUUID()]
      }
    )
    const answer = await pushChanges(cleo, [forged, madeUp])
    expect(answer.body.accepted).toEqual([])
    expect(answer.body.refused.map((r: { id: string; code: string }) => [r.id, r.code])).toEqual([
      [forged.id, 'bad-request'],
      [madeUp.id, 'bad-request']
    ])
    expect((await pull(anna)).last).toBe(teamBefore)
    expect((await pull(olga)).changes).toEqual([])
    const kept = await cluster.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM changes WHERE id = ANY($1::uuid[])',
      [[forged.id, madeUp.id]]
    )
    expect(kept[0]!.n).toBe(0)
  })
})
