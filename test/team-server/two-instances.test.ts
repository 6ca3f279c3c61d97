import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pullResultSchema } from '../../shared/team/protocol'
import { migrations } from '../../team-server/db/migrations'
import { startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { addMember, call, change, createTeam, EventStream, pullChanges, pushChanges } from './support'

/*
 * The server keeps no state of its own: two instances on one database serve one team, and what
 * one of them does reaches the desks connected to the other through LISTEN/NOTIFY.
 */
describe('two team server instances on one database', () => {
  let cluster: ThrowawayCluster
  let a: TeamServer
  let b: TeamServer

  beforeAll(async () => {
    cluster = await makeThrowawayCluster()
    const databaseUrl = cluster.databaseUrl
    // started at once on a new database: the migrations run once, under the advisory lock
    ;[a, b] = (await Promise.all(
      [0, 1].map(() => startTeamServer({ databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined }))
    )) as [TeamServer, TeamServer]
  })
  afterAll(async () => {
    await a?.close()
    await b?.close()
    await cluster?.close()
  })

  it('migrate once when started together, and make one setup code between them', async () => {
    const versions = await cluster.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version')
    // every migration there is, once (whatever numbers later branches add)
    expect(versions.map((row) => row.version)).toEqual(migrations.map((migration) => migration.version))
    expect([a.setupCode, b.setupCode].filter((code) => code !== null)).toHaveLength(1)
  })

  it('tell a desk listening on B what was pushed on A, and close it on B when A revokes it', async () => {
    const anna = await createTeam(a.url, (a.setupCode ?? b.setupCode)!)
    const ben = await addMember(anna, 'Ben')
    const onB = await EventStream.open(b.url, ben.credential)
    await onB.next((event) => event.event === 'changes')
    const pushed = await pushChanges(anna, [change('note.test', { on: 'A' })], a.url)
    const seq = pushed.body.accepted[0].seq as number
    await onB.reached(seq)
    // and the other way, with one sequence between them
    const onA = await EventStream.open(a.url, anna.credential)
    const fromB = await pushChanges(ben, [change('note.test', { on: 'B' })], b.url)
    expect(fromB.body.accepted[0].seq).toBe(seq + 1)
    await onA.reached(seq + 1)
    const pulledOnA = pullResultSchema.parse((await pullChanges(anna, 0, undefined, a.url)).body)
    const pulledOnB = pullResultSchema.parse((await pullChanges(ben, 0, undefined, b.url)).body)
    expect(pulledOnA).toEqual(pulledOnB)
    // revoked on A: its stream on B closes at once, and B refuses it
    const revoked = await call(a.url, 'POST', `/v1/desks/${ben.desk.id}/revoke`, { credential: anna.credential })
    expect(revoked.status).toBe(200)
    await onB.closed
    expect(onB.events.at(-1)!.event).toBe('revoked')
    expect((await call(b.url, 'GET', '/v1/team', { credential: ben.credential })).body.error.code).toBe('revoked')
    onA.close()
  })
})
