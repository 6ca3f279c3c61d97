import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONTACTS_BOUGHT_KIND,
  healthSchema,
  MAX_CHANGE_PAYLOAD_BYTES,
  pullResultSchema,
  spendBookSchema,
  teamOverviewSchema
} from '../../shared/team/protocol'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import {
  makeThrowawayCluster,
  type ClusterEngine,
  type ThrowawayCluster
} from '../../team-server/testing/throwaway-cluster'
import {
  addMember,
  call,
  change,
  createTeam,
  EventStream,
  invite,
  joinTeam,
  pullChanges,
  pushChanges,
  type TestDesk
} from './support'

/*
 * The team server's core over real HTTP against a throwaway PostgreSQL cluster, on both engines:
 * the embedded PostgreSQL (18) and Debian's PostgreSQL 15, the oldest supported. One cluster and
 * one server per engine; the tests of an engine build on each other's team, in order.
 */

const hex = (text: string): string => createHash('sha256').update(text).digest('hex')
const account = hex('account: sandbox key 1')

describe.each<ClusterEngine>(['embedded', 'debian15'])('team server on %s PostgreSQL', (engine) => {
  let cluster: ThrowawayCluster
  let server: TeamServer
  /** The server's clock: the real time shifted by `shift` ms (invite and hold expiry). */
  let shift = 0
  let anna: TestDesk
  let ben: TestDesk
  /** The admin of a second team on the same server. */
  let olga: TestDesk

  beforeAll(async () => {
    cluster = await makeThrowawayCluster({ engine })
    server = await startTeamServer({
      databaseUrl: cluster.databaseUrl,
      host: '127.0.0.1',
      port: 0,
      now: () => new Date(Date.now() + shift),
      log: () => undefined
    })
  })
  afterAll(async () => {
    await server?.close()
    await cluster?.close()
  })

  it('creates a team with the setup code printed at the first start, once', async () => {
    healthSchema.parse((await call(server.url, 'GET', '/v1/health')).body)
    expect(server.setupCode).toMatch(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/)
    const wrong = await call(server.url, 'POST', '/v1/teams', {
      body: { setupCode: 'AAAAA-BBBBB-CCCCC', teamName: 'X', personName: 'X', deskName: 'X' }
    })
    expect(wrong.status).toBe(403)
    anna = await createTeam(server.url, server.setupCode!.toLowerCase())
    expect(anna.team.salt).toMatch(/^[0-9a-f]{64}$/)
    expect(anna.desk.role).toBe('admin')
    expect(anna.credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
    // replayed: the code has made its team
    const again = await call(server.url, 'POST', '/v1/teams', {
      body: { setupCode: server.setupCode, teamName: 'Other', personName: 'Eve', deskName: 'Eve' }
    })
    expect(again.status).toBe(403)
    expect(again.body.error.code).toBe('forbidden')
    // the server keeps hashes, never the code or the credential
    const kept = await cluster.query<{ dump: string }>(
      "SELECT (SELECT string_agg(encode(credential_hash, 'escape'), '') FROM desks) || (SELECT string_agg(encode(hash, 'escape'), '') FROM setup_codes) AS dump"
    )
    expect(kept[0]!.dump).not.toContain(anna.credential)
    expect(kept[0]!.dump).not.toContain(server.setupCode!.replace(/-/g, ''))
  })

  it('lets a desk in by a one-time invite code, once, and only while it is valid', async () => {
    const code = await invite(anna)
    ben = await joinTeam(server.url, code, 'Ben')
    expect(ben.team).toEqual(anna.team)
    expect(ben.desk.role).toBe('recruiter')
    const replayed = await call(server.url, 'POST', '/v1/join', {
      body: { inviteCode: code, personName: 'Eve', deskName: 'Eve' }
    })
    expect(replayed.status).toBe(403)
    expect(replayed.body.error.message).toMatch(/used already/)
    // two desks racing for one code: one gets in
    const raced = await invite(anna)
    const both = await Promise.all(
      ['Cleo', 'Dan'].map((name) =>
        call(server.url, 'POST', '/v1/join', { body: { inviteCode: raced, personName: name, deskName: name } })
      )
    )
    expect(both.map((answer) => answer.status).sort()).toEqual([201, 403])
    // expired: the server's clock moves past the code's validity
    const short = await call(server.url, 'POST', '/v1/invites', {
      credential: anna.credential,
      body: { role: 'recruiter', validMinutes: 5 }
    })
    shift = 6 * 60_000
    const late = await call(server.url, 'POST', '/v1/join', {
      body: { inviteCode: short.body.code, personName: 'Eve', deskName: 'Eve' }
    })
    shift = 0
    expect(late.status).toBe(403)
    expect(late.body.error.message).toMatch(/expired/)
  })

  it('refuses a recruiter inviting or revoking', async () => {
    const inviting = await call(server.url, 'POST', '/v1/invites', {
      credential: ben.credential,
      body: { role: 'admin' }
    })
    expect(inviting.status).toBe(403)
    expect(inviting.body.error.code).toBe('forbidden')
    const revoking = await call(server.url, 'POST', `/v1/desks/${anna.desk.id}/revoke`, { credential: ben.credential })
    expect(revoking.status).toBe(403)
    const person = await call(server.url, 'POST', `/v1/people/Anna/revoke`, { credential: ben.credential })
    expect(person.status).toBe(403)
    const team = await call(server.url, 'GET', '/v1/team', { credential: anna.credential })
    expect(team.body.desks.every((desk: { revokedAt: string | null }) => desk.revokedAt === null)).toBe(true)
  })

  it('shows who is in, and when each desk was last heard from', async () => {
    const answer = await call(server.url, 'GET', '/v1/team', { credential: ben.credential })
    expect(answer.status).toBe(200)
    const team = teamOverviewSchema.parse(answer.body)
    expect(team.me.id).toBe(ben.desk.id)
    expect(team.desks.map((desk) => desk.personName)).toEqual(expect.arrayContaining(['Anna', 'Ben']))
    expect(answer.body.team.salt).toBeUndefined()
    expect(Date.parse(team.me.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(ben.desk.joinedAt))
    // a minute later (the server's clock), any call marks it seen again
    shift = 60_000
    const later = teamOverviewSchema.parse(
      (await call(server.url, 'GET', '/v1/team', { credential: ben.credential })).body
    )
    shift = 0
    expect(Date.parse(later.me.lastSeenAt!)).toBeGreaterThanOrEqual(Date.parse(ben.desk.joinedAt) + 59_000)
  })

  it('keeps a change pushed twice once, in the order of the server’s sequence, with the desk’s own clock', async () => {
    const stream = await EventStream.open(server.url, ben.credential)
    expect(stream.status).toBe(200)
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000).toISOString()
    const first = change('note.test', { text: 'first' })
    const pushed = await pushChanges(anna, [first])
    expect(pushed.status).toBe(200)
    const seq = pushed.body.accepted[0].seq as number
    // delivered twice (a retry after a lost answer, and two at once): the same seq, nothing new
    const again = await pushChanges(anna, [first])
    const twice = await Promise.all([pushChanges(anna, [first]), pushChanges(anna, [first])])
    for (const answer of [again, ...twice]) expect(answer.body.accepted).toEqual([{ id: first.id, seq }])
    // Ben's clock is 10 minutes behind: his later change keeps his time and comes after by seq
    const late = change('note.test', { text: 'second' }, { deskTime: tenMinutesAgo })
    const benPushed = await pushChanges(ben, [late])
    expect(benPushed.body.accepted[0].seq).toBe(seq + 1)
    await stream.reached(seq + 1)
    const pulled = pullResultSchema.parse((await pullChanges(ben, seq - 1)).body)
    expect(pulled.changes.map((c) => c.id)).toEqual([first.id, late.id])
    expect(pulled.changes[1]!.deskTime).toBe(tenMinutesAgo)
    expect(pulled.changes[1]!.author).toEqual({ deskId: ben.desk.id, personName: 'Ben' })
    expect(pulled.changes[0]!.author).toEqual({ deskId: anna.desk.id, personName: 'Anna' })
    expect(Date.parse(pulled.changes[1]!.serverTime)).toBeGreaterThanOrEqual(Date.parse(pulled.changes[0]!.serverTime))
    stream.close()
  })

  it('hands out sequence numbers without gaps under concurrent pushes, and pages a pull', async () => {
    const before = (await call(server.url, 'GET', '/v1/team', { credential: anna.credential })).body.lastSeq as number
    const pushes = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        pushChanges(i % 2 ? ben : anna, [change('note.test', { i }), change('note.test', { i, j: 1 })])
      )
    )
    const seqs = pushes
      .flatMap((answer) => answer.body.accepted.map((a: { seq: number }) => a.seq))
      .sort((a, b) => a - b)
    expect(seqs).toEqual(Array.from({ length: 16 }, (_, i) => before + 1 + i))
    const page = pullResultSchema.parse((await pullChanges(anna, before, 10)).body)
    expect(page.changes).toHaveLength(10)
    expect(page.more).toBe(true)
    expect(page.last).toBe(before + 10)
    const rest = pullResultSchema.parse((await pullChanges(anna, page.last, 10)).body)
    expect(rest.changes.map((c) => c.seq)).toEqual(seqs.slice(10))
    expect(rest.more).toBe(false)
  })

  it('ends a pull’s page at 4 MB of payload, so no answer grows to a thousand large changes', async () => {
    const before = (await call(server.url, 'GET', '/v1/team', { credential: anna.credential })).body.lastSeq as number
    for (let i = 0; i < 3; i++) {
      const large = Array.from({ length: 30 }, () =>
        change('note.test', { blob: randomBytes(45_000).toString('base64') })
      )
      expect((await pushChanges(anna, large)).body.accepted).toHaveLength(30)
    }
    const first = pullResultSchema.parse((await pullChanges(ben, before)).body)
    expect(first.more).toBe(true)
    expect(first.changes.length).toBeGreaterThan(60)
    expect(first.changes.length).toBeLessThan(75)
    const rest = pullResultSchema.parse((await pullChanges(ben, first.last)).body)
    expect(rest.more).toBe(false)
    expect(first.changes.length + rest.changes.length).toBe(90)
    expect(rest.last).toBe(before + 90)
  })

  it('refuses a forged author, malformed and oversized pushes, and keeps nothing of them', async () => {
    const before = (await call(server.url, 'GET', '/v1/team', { credential: anna.credential })).body.lastSeq as number
    const forged = await pushChanges(ben, [
      { ...change('note.test', { text: 'not mine' }), author: { deskId: anna.desk.id } }
    ])
    expect(forged.status).toBe(400)
    expect(forged.body.error.code).toBe('bad-request')
    const forgedTop = await call(server.url, 'POST', '/v1/changes', {
      credential: ben.credential,
      body: { changes: [change('note.test', {})], author: anna.desk.id }
    })
    expect(forgedTop.status).toBe(400)
    const notJson = await call(server.url, 'POST', '/v1/changes', {
      credential: ben.credential,
      rawBody: '{"changes": ['
    })
    expect(notJson.status).toBe(400)
    const notJsonType = await call(server.url, 'POST', '/v1/changes', {
      credential: ben.credential,
      rawBody: JSON.stringify({ changes: [change('note.test', {})] }),
      contentType: 'text/plain'
    })
    expect(notJsonType.status).toBe(400)
    const badKind = await pushChanges(ben, [change('NOT A KIND', {})])
    expect(badKind.status).toBe(400)
    // a known kind with the wrong shape is refused by itself; the rest of the push is kept
    const good = change('note.test', { ok: true })
    const mixed = await pushChanges(ben, [
      change('do-not-contact.entry', { hash: 'not a hash', kind: 'email', reason: 'asked', added: 'yes' }),
      change('note.test', { big: 'x'.repeat(MAX_CHANGE_PAYLOAD_BYTES) }),
      good
    ])
    expect(mixed.status).toBe(200)
    expect(mixed.body.refused.map((r: { code: string }) => r.code)).toEqual(['bad-request', 'too-large'])
    expect(mixed.body.accepted).toEqual([{ id: good.id, seq: before + 1 }])
    // over 2 MB: refused before it is read
    const huge = await pushChanges(
      ben,
      Array.from({ length: 40 }, () => change('note.test', { big: 'y'.repeat(60_000) }))
    )
    expect(huge.status).toBe(413)
    expect(huge.body.error.code).toBe('too-large')
    const after = pullResultSchema.parse((await pullChanges(anna, before)).body)
    expect(after.changes.map((c) => c.id)).toEqual([good.id])
  })

  it('keeps two teams apart: a desk of one never reads or writes the other’s rows', async () => {
    const otherAdmin = await createTeam(server.url, await makeSetupCode(cluster.databaseUrl), 'Other Agency', 'Olga')
    olga = otherAdmin
    expect(otherAdmin.team.id).not.toBe(anna.team.id)
    expect(otherAdmin.team.salt).not.toBe(anna.team.salt)
    const annaChanges = pullResultSchema.parse((await pullChanges(anna, 0)).body).changes
    expect(annaChanges.length).toBeGreaterThan(0)
    const olgaSees = pullResultSchema.parse((await pullChanges(otherAdmin, 0)).body)
    expect(olgaSees.changes).toEqual([])
    // pushing with the id of the other team's change makes a change of her own team, touching none of Anna's
    const stolenId = annaChanges[0]!
    const pushed = await pushChanges(otherAdmin, [change('note.test', { overwrite: true }, { id: stolenId.id })])
    expect(pushed.body.accepted).toEqual([{ id: stolenId.id, seq: 1 }])
    const annaAfter = pullResultSchema.parse((await pullChanges(anna, 0)).body).changes
    expect(annaAfter).toEqual(annaChanges)
    // nor revoke, nor see the other team's desks
    const revoke = await call(server.url, 'POST', `/v1/desks/${ben.desk.id}/revoke`, {
      credential: otherAdmin.credential
    })
    expect(revoke.status).toBe(404)
    const byName = await call(server.url, 'POST', '/v1/people/Ben/revoke', { credential: otherAdmin.credential })
    expect(byName.status).toBe(404)
    const team = await call(server.url, 'GET', '/v1/team', { credential: otherAdmin.credential })
    expect(team.body.desks.map((desk: { personName: string }) => desk.personName)).toEqual(['Olga'])
    expect((await call(server.url, 'GET', '/v1/team', { credential: ben.credential })).body.me.revokedAt).toBeNull()
    // an invite of the other team joins the other team
    const olgaInvite = await invite(otherAdmin)
    const joined = await joinTeam(server.url, olgaInvite, 'Oscar')
    expect(joined.team.id).toBe(otherAdmin.team.id)
  })

  it('admits spends against a team budget one at a time, books them, and lets holds go', async () => {
    const month = '2026-11'
    const cleo = await addMember(anna, 'Cleo')
    await pushChanges(anna, [change('budget.set', { account, credits: 100 })])
    // only an admin sets it: a recruiter's raise is refused, and the budget stays
    const raise = await pushChanges(ben, [change('budget.set', { account, credits: 1_000_000 })])
    expect(raise.body.refused.map((r: { code: string }) => r.code)).toEqual(['forbidden'])
    const admit = (desk: TestDesk, credits: number, holdId: string = randomUUID(), forMonth = month) =>
      call(server.url, 'POST', '/v1/budgets/admit', {
        credential: desk.credential,
        body: { holdId, account, month: forMonth, credits }
      })
    // two desks at once, 60 each, against 100: one passes
    const raced = await Promise.all([admit(ben, 60), admit(cleo, 60)])
    expect(raced.map((answer) => answer.body.admitted).sort()).toEqual([false, true])
    const winner = raced[0]!.body.admitted ? ben : cleo
    expect((await admit(anna, 41)).body).toEqual({ admitted: false, budget: 100, spent: 0, held: 60 })
    // released: the credits are free again
    const holdId = randomUUID()
    const small = await admit(anna, 30, holdId)
    expect(small.body).toEqual({ admitted: true, budget: 100, spent: 0, held: 90 })
    await call(server.url, 'POST', '/v1/budgets/release', { credential: anna.credential, body: { holdId } })
    // the spend reported: booked in the team's book, its hold ended
    const spendHold = randomUUID()
    expect((await admit(winner, 20, spendHold)).body.admitted).toBe(true)
    const purchase = change('spend.purchase', {
      holdId: spendHold,
      account,
      month,
      credits: 20,
      connectionName: 'Sandbox',
      contactType: 'email',
      people: 4
    })
    expect((await pushChanges(winner, [purchase])).body.accepted).toHaveLength(1)
    expect((await pushChanges(winner, [purchase])).body.accepted).toHaveLength(1)
    const book = await call(server.url, 'GET', `/v1/spend?month=${month}`, { credential: ben.credential })
    expect(book.status).toBe(200)
    spendBookSchema.parse(book.body)
    expect(book.body.entries).toHaveLength(1)
    expect(book.body.entries[0]).toMatchObject({
      desk: { deskId: winner.desk.id, personName: winner.desk.personName },
      account,
      credits: 20,
      contactType: 'email',
      people: 4
    })
    expect(book.body.budgets).toEqual([{ account, credits: 100 }])
    expect((await admit(anna, 21)).body).toEqual({ admitted: false, budget: 100, spent: 20, held: 60 })
    // holds that are never reported expire; the over-budget confirmation lifts the limit for one spend
    shift = 31 * 60_000
    expect((await admit(anna, 80)).body).toEqual({ admitted: true, budget: 100, spent: 20, held: 80 })
    shift = 0
    const over = await call(server.url, 'POST', '/v1/budgets/admit', {
      credential: anna.credential,
      body: { holdId: randomUUID(), account, month, credits: 500, overBudget: true }
    })
    expect(over.body.admitted).toBe(true)
    // another month is its own
    expect((await admit(anna, 100, randomUUID(), '2026-12')).body).toEqual({
      admitted: true,
      budget: 100,
      spent: 0,
      held: 100
    })
    // the other team sees none of it, and its admissions count against nothing of this team
    const otherBook = await call(server.url, 'GET', `/v1/spend?month=${month}`, { credential: olga.credential })
    expect(otherBook.body).toEqual({ month, entries: [], budgets: [] })
    expect((await admit(olga, 1000)).body).toEqual({ admitted: true, budget: null, spent: 0, held: 1000 })
  })

  it('erases a forgotten person’s earlier changes on the server, and vacuums the table', async () => {
    const salted = (value: string) =>
      createHash('sha256').update(Buffer.from(anna.team.salt, 'hex')).update(value).digest('hex')
    const person = salted('ada@example.com')
    const other = salted('grace@example.com')
    const aboutAda = change('contact.bought', { email: 'ada@example.com' }, { subjects: [person] })
    const aboutGrace = change('contact.bought', { email: 'grace@example.com' }, { subjects: [other] })
    const entry = change(
      'do-not-contact.entry',
      { hash: person, kind: 'email', reason: 'asked', added: true },
      { subjects: [person] }
    )
    const first = (await pushChanges(ben, [aboutAda, aboutGrace, entry])).body.accepted[0].seq as number
    const noSubjects = await pushChanges(anna, [change('erasure.tombstone', { reason: 'person-asked' })])
    expect(noSubjects.body.refused[0].code).toBe('bad-request')
    const withName = await pushChanges(anna, [
      change('erasure.tombstone', { reason: 'person-asked', email: 'ada@example.com' }, { subjects: [person] })
    ])
    expect(withName.body.refused[0].code).toBe('bad-request')
    const tombstone = change('erasure.tombstone', { reason: 'person-asked' }, { subjects: [person] })
    const erased = await pushChanges(anna, [tombstone])
    expect(erased.body.accepted).toHaveLength(1)
    const all = pullResultSchema.parse((await pullChanges(ben, first - 1)).body).changes
    const byId = new Map(all.map((c) => [c.id, c]))
    expect(byId.get(aboutAda.id)!.payload).toBeNull()
    expect(byId.get(entry.id)!.payload).toBeNull()
    expect(byId.get(aboutGrace.id)!.payload).toEqual({ email: 'grace@example.com' })
    expect(byId.get(tombstone.id)!.payload).toEqual({ reason: 'person-asked' })
    expect(byId.get(tombstone.id)!.subjects).toEqual([person])
    // a desk that was offline pushes about her afterwards: kept without its payload
    const lateAbout = change('contact.bought', { email: 'ada@example.com' }, { subjects: [person] })
    await pushChanges(ben, [lateAbout])
    const late = pullResultSchema.parse((await pullChanges(ben, erased.body.accepted[0].seq)).body).changes
    expect(late.find((c) => c.id === lateAbout.id)!.payload).toBeNull()
    // all in one push, in order: before the tombstone erased, after it kept without payload
    const linus = salted('linus@example.com')
    const inOne = [
      change('contact.bought', { email: 'linus@example.com' }, { subjects: [linus] }),
      change('erasure.tombstone', { reason: 'objected' }, { subjects: [linus] }),
      change('contact.bought', { email: 'linus@example.com', again: true }, { subjects: [linus] })
    ]
    const one = await pushChanges(ben, [...inOne, inOne[0]!])
    expect(one.body.accepted.map((a: { seq: number }) => a.seq)).toEqual([
      ...[1, 2, 3].map((n) => one.body.accepted[0].seq + n - 1),
      one.body.accepted[0].seq
    ])
    const pulledOne = pullResultSchema.parse((await pullChanges(ben, one.body.accepted[0].seq - 1)).body).changes
    expect(pulledOne.map((c) => c.payload)).toEqual([null, { reason: 'objected' }, null])
    const text = await cluster.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM changes WHERE payload::text LIKE '%ada@example.com%' OR payload::text LIKE '%linus@%'"
    )
    expect(text[0]!.n).toBe(0)
    const vacuumed = await cluster.query<{ last_vacuum: Date | null }>(
      "SELECT last_vacuum FROM pg_stat_user_tables WHERE relname = 'changes'"
    )
    expect(vacuumed[0]!.last_vacuum).not.toBeNull()
  })

  it('checks "contacts.bought" strictly, refuses one that names no person, and erases it with its person', async () => {
    const salted = (value: string) =>
      createHash('sha256').update(Buffer.from(anna.team.salt, 'hex')).update(value).digest('hex')
    const key = salted('p-bought-margit')
    const payload = {
      key: 'p-bought-margit',
      contactType: 'Email',
      result: { status: 'Completed', emails: ['margit@example.org'] },
      boughtAt: '2026-11-28T09:00:00.000Z'
    }
    const pushed = await pushChanges(ben, [
      change(CONTACTS_BOUGHT_KIND, payload),
      change(CONTACTS_BOUGHT_KIND, { ...payload, contactType: 'Fax' }, { subjects: [key] }),
      change(CONTACTS_BOUGHT_KIND, { ...payload, whoBought: 'Ben' }, { subjects: [key] })
    ])
    expect(pushed.body.accepted).toEqual([])
    expect(pushed.body.refused.map((r: { code: string }) => r.code)).toEqual([
      'bad-request',
      'bad-request',
      'bad-request'
    ])
    expect(pushed.body.refused[0].message).toMatch(/names its person in subjects/)
    const bought = change(CONTACTS_BOUGHT_KIND, payload, { subjects: [key] })
    const kept = await pushChanges(ben, [bought])
    expect(kept.body.accepted).toHaveLength(1)
    await pushChanges(anna, [change('erasure.tombstone', { reason: 'person-asked' }, { subjects: [key] })])
    const rows = await cluster.query<{ payload: unknown }>('SELECT payload FROM changes WHERE id = $1', [bought.id])
    expect(rows).toEqual([{ payload: null }])
  })

  it('closes a revoked desk’s stream at once and answers it "revoked" on every call', async () => {
    const dan = await addMember(anna, 'Dan')
    const danStream = await EventStream.open(server.url, dan.credential)
    await danStream.next((event) => event.event === 'changes')
    const revoked = await call(server.url, 'POST', `/v1/desks/${dan.desk.id}/revoke`, { credential: anna.credential })
    expect(revoked.status).toBe(200)
    await danStream.closed
    expect(danStream.events.at(-1)!.event).toBe('revoked')
    for (const [method, path] of [
      ['GET', '/v1/team'],
      ['GET', '/v1/changes?after=0'],
      ['GET', '/v1/events']
    ] as const) {
      const answer = await call(server.url, method, path, { credential: dan.credential })
      expect(answer.status).toBe(401)
      expect(answer.body.error.code).toBe('revoked')
    }
    const pushed = await pushChanges(dan, [change('note.test', {})])
    expect(pushed.body.error.code).toBe('revoked')
    // a person's every desk, and a desk leaving by itself
    const eve1 = await addMember(anna, 'Eve')
    const eve2 = await addMember(anna, 'Eve')
    const byName = await call(server.url, 'POST', '/v1/people/Eve/revoke', { credential: anna.credential })
    expect(byName.body.desks).toHaveLength(2)
    for (const eve of [eve1, eve2])
      expect((await call(server.url, 'GET', '/v1/team', { credential: eve.credential })).body.error.code).toBe(
        'revoked'
      )
    const fay = await addMember(anna, 'Fay')
    expect((await call(server.url, 'POST', '/v1/leave', { credential: fay.credential })).status).toBe(200)
    expect((await call(server.url, 'GET', '/v1/team', { credential: fay.credential })).body.error.code).toBe('revoked')
    // the team keeps an admin while desks remain in it
    for (const path of ['/v1/leave', `/v1/desks/${anna.desk.id}/revoke`, '/v1/people/Anna/revoke']) {
      const refused = await call(server.url, 'POST', path, { credential: anna.credential })
      expect(refused.status).toBe(409)
      expect(refused.body.error.message).toMatch(/without an admin/)
    }
    expect((await call(server.url, 'GET', '/v1/team', { credential: anna.credential })).status).toBe(200)
    const malformed = await call(server.url, 'POST', '/v1/people/%E0%A4%A/revoke', { credential: anna.credential })
    expect(malformed.status).toBe(404)
    const unknown = await call(server.url, 'GET', '/v1/team', { credential: 'x'.repeat(43) })
    expect(unknown.body.error.code).toBe('unauthorized')
  })

  it('answers "unavailable" while PostgreSQL restarts, and works again without restarting the server', async () => {
    const stream = await EventStream.open(server.url, ben.credential)
    await stream.next((event) => event.event === 'changes')
    await cluster.stop()
    const down = await pushChanges(ben, [change('note.test', { during: 'restart' })])
    expect(down.status).toBe(503)
    expect(down.body.error.code).toBe('unavailable')
    expect(down.body.error.message).toMatch(/team database cannot be reached/)
    expect((await call(server.url, 'GET', '/v1/health')).status).toBe(503)
    await cluster.start()
    const kept = change('note.test', { after: 'restart' })
    const up = await pushChanges(ben, [kept])
    expect(up.status).toBe(200)
    const seq = up.body.accepted[0].seq as number
    // the live side listens again by itself: the open stream hears the push
    await server.whenListening()
    await stream.reached(seq)
    stream.close()
  })
})
