import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { get as httpsGet } from 'node:https'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { healthSchema, pullResultSchema } from '../../shared/team/protocol'
import { MAX_STREAMS_PER_DESK } from '../../team-server/live'
import { startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { addMember, call, change, createTeam, EventStream, pullChanges, pushChanges, type TestDesk } from './support'

/*
 * The transport around the protocol: HTTPS with the agency's certificate, keep-alives that mark a
 * desk seen, a cap on one desk's streams, and a push cut off mid-body.
 */

const run = promisify(execFile)

describe('the team server’s transport', () => {
  let cluster: ThrowawayCluster
  let server: TeamServer
  let tls: TeamServer
  let folder: string
  let ca: Buffer
  /** The plain server's clock. */
  let clock = new Date('2026-11-28T09:00:00Z')
  let anna: TestDesk
  let ben: TestDesk

  beforeAll(async () => {
    cluster = await makeThrowawayCluster()
    folder = await mkdtemp(join(tmpdir(), 'td-team-tls-'))
    // the agency's certificate: here a self-signed one for 127.0.0.1
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      join(folder, 'server.key'),
      '-out',
      join(folder, 'server.crt')
    ])
    ca = await readFile(join(folder, 'server.crt'))
    const log = () => undefined
    server = await startTeamServer({
      databaseUrl: cluster.databaseUrl,
      port: 0,
      keepAliveMs: 100,
      now: () => clock,
      log
    })
    tls = await startTeamServer({
      databaseUrl: cluster.databaseUrl,
      port: 0,
      tls: { cert: ca, key: await readFile(join(folder, 'server.key')) },
      log
    })
    anna = await createTeam(server.url, (server.setupCode ?? tls.setupCode)!)
    ben = await addMember(anna, 'Ben')
  })
  afterAll(async () => {
    await server?.close()
    await tls?.close()
    await cluster?.close()
    if (folder !== undefined) await rm(folder, { recursive: true, force: true })
  })

  it('speaks HTTPS with the agency’s certificate, and nothing in plain text on that port', async () => {
    expect(tls.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/)
    const body = await new Promise<string>((resolve, reject) => {
      httpsGet(`${tls.url}/v1/health`, { ca }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (text += chunk))
        res.on('end', () => resolve(text))
      }).on('error', reject)
    })
    expect(healthSchema.parse(JSON.parse(body))).toEqual({ ok: true, protocol: 1 })
    // a client that does not trust the certificate is refused by TLS itself
    await expect(fetch(`${tls.url}/v1/health`)).rejects.toThrow()
    const plain = await new Promise<number | Error>((resolve) => {
      httpRequest(`${tls.url.replace('https', 'http')}/v1/health`, (res) => resolve(res.statusCode ?? 0))
        .on('error', resolve)
        .end()
    })
    expect(plain).not.toBe(200)
  })

  it('marks a desk with an open stream as seen at every keep-alive', async () => {
    const stream = await EventStream.open(server.url, ben.credential)
    await stream.next((event) => event.event === 'changes')
    clock = new Date('2026-11-28T10:30:00Z')
    const comments = () => stream.events.filter((event) => event.event === 'comment').length
    const after = comments()
    // a keep-alive is written only once the tick before it has marked its desks seen
    await stream.next((event) => event.event === 'comment' && comments() >= after + 2)
    const team = await call(server.url, 'GET', '/v1/team', { credential: anna.credential })
    const seen = team.body.desks.find((desk: { id: string }) => desk.id === ben.desk.id)
    expect(seen.lastSeenAt).toBe('2026-11-28T10:30:00.000Z')
    stream.close()
  })

  it(`keeps at most ${MAX_STREAMS_PER_DESK} streams of one desk open: a further one closes the oldest`, async () => {
    const streams: EventStream[] = []
    for (let i = 0; i <= MAX_STREAMS_PER_DESK; i++) {
      const stream = await EventStream.open(server.url, ben.credential)
      await stream.next((event) => event.event === 'changes')
      streams.push(stream)
    }
    await streams[0]!.closed
    const pushed = await pushChanges(anna, [change('note.test', {})])
    const seq = pushed.body.accepted[0].seq as number
    await Promise.all(streams.slice(1).map((stream) => stream.reached(seq)))
    expect(streams[0]!.events.some((event) => event.event === 'changes' && JSON.parse(event.data).lastSeq >= seq)).toBe(
      false
    )
    for (const stream of streams) stream.close()
  })

  it('keeps nothing of a push cut off mid-body, and takes it whole when sent again', async () => {
    const before = (await call(server.url, 'GET', '/v1/team', { credential: ben.credential })).body.lastSeq as number
    const pushed = change('note.test', { text: 'sent over a bad line' })
    const body = JSON.stringify({ changes: [pushed] })
    const { port } = new URL(server.url)
    const socket = connect(Number(port), '127.0.0.1')
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.write(
      `POST /v1/changes HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${ben.credential}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, body.length - 20)}`
    )
    socket.destroy()
    await closed
    const again = await pushChanges(ben, [pushed])
    expect(again.body.accepted).toEqual([{ id: pushed.id, seq: before + 1 }])
    const pulled = pullResultSchema.parse((await pullChanges(anna, before)).body)
    expect(pulled.changes.map((c) => c.id)).toEqual([pushed.id])
  })
})
