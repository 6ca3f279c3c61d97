import fc from 'fast-check'
import { mkdtempSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import net from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Agent, request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import { defaultHostLimits, SESSION_HEADER, type BrowserHost, type HostLimits } from '../../../electron/host/server'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { channelNames, channels } from '../../../shared/ipc/contract'
import type { IpcResult } from '../../../shared/ipc/errors'
import { parseJson } from '../../../shared/json'
import { profiles } from '../services/helpers'
import { badInput, inputJsonSchema, jsonText, namesTheField, pathText } from './schema-arbitraries'
import { hardeningSeed, runs } from './seed'
import { prototypeKeys, watchStore, type StoreWitness } from './store-witness'

/*
 * The browser host's bridge over real HTTP: the contract's bad inputs as JSON bodies, then what
 * only HTTP can send — bodies past the size limit, bodies that are not JSON or not declared as
 * such, clients that send their request slowly, and many event streams at once. Whatever comes
 * in, the host answers an error value and keeps answering everyone else.
 */

const seed = hardeningSeed('bridge-http')
/**
 * The bad-input properties run on a host with the ordinary time limits: a body of a few MB sent
 * by a busy test process can take longer than the short limit to arrive, and was then cut off
 * with 408 (ECONNRESET at the client) — a test of the machine's speed, not of the input. Only the
 * limits' own tests (below) run on a host with short time limits.
 */
const limits: Partial<HostLimits> = {
  maxBodyBytes: 4 * 1024 * 1024,
  requestTimeoutMs: 1_500,
  headersTimeoutMs: 1_000,
  timeoutCheckMs: 100
}
const { requestTimeoutMs: _request, headersTimeoutMs: _headers, timeoutCheckMs: _check, ...sizeLimits } = limits

let host: BrowserHost
let dataDir: string
let session: string
let witness: StoreWitness
const records: LogRecord[] = []
// Enough sockets for the 200 streams below and the calls made while they are open.
const dispatcher = new Agent({ connections: 300, keepAliveTimeout: 1_000 })

function startHost(hostLimits: Partial<HostLimits>, folder = mkdtempSync(join(tmpdir(), 'td-hardening-host-'))) {
  const rendererDir = mkdtempSync(join(tmpdir(), 'td-hardening-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  return startBrowserHostApp({
    rendererDir,
    dataDir: folder,
    appName: 'Talent Desk',
    appVersion: '0.0.0-test',
    logger: createLogger((record) => records.push(record)),
    versions: { node: process.versions.node },
    limits: hostLimits
  })
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'td-hardening-host-'))
  host = await startHost(sizeLimits, dataDir)
  session = host.newSession()
  const list = await callJson('createShortlist', { name: 'Over HTTP' })
  if (!list.ok) throw new Error('could not seed')
  await callJson('addMembers', { shortlistId: (list.data as { id: string }).id, profiles: profiles(3) })
  witness = watchStore(dataDir)
})
afterAll(async () => {
  witness.close()
  await host.close()
  await dispatcher.close()
})

const bridgeHeaders = (extra: Record<string, string> = {}) => ({
  'content-type': 'application/json',
  [SESSION_HEADER]: session,
  ...extra
})

async function post(channel: string, body: string | Buffer, headers: Record<string, string> = {}) {
  const response = await request(`${host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: bridgeHeaders(headers),
    body,
    dispatcher,
    // a connection of its own for each call: a busy test process could send on a kept-alive
    // socket the host was closing as idle meanwhile (ECONNRESET), a race of the machine's speed
    reset: true
  })
  const text = await response.body.text()
  return { status: response.statusCode, headers: response.headers, text, json: () => parseJson(text) }
}

async function callJson(channel: string, input: unknown): Promise<IpcResult<unknown>> {
  return (await post(channel, JSON.stringify(input))).json() as IpcResult<unknown>
}

/** The host still answers an ordinary call, quickly. */
async function stillAnswers(): Promise<void> {
  const started = Date.now()
  const reply = await callJson('getAppInfo', {})
  expect(reply).toMatchObject({ ok: true, data: { shell: 'browser-host' } })
  expect(Date.now() - started).toBeLessThan(1_000)
}

describe('bad input over HTTP', () => {
  const protoBefore = prototypeKeys()

  let refused = 0
  let digestBefore = ''
  beforeAll(() => {
    digestBefore = witness.digest()
  })

  it.each(channelNames)(
    '%s refuses broken JSON input as invalid_input naming the field, and writes nothing',
    async (name) => {
      const schema = inputJsonSchema(channels[name].input)
      await fc.assert(
        fc.asyncProperty(
          badInput(schema, (value) => channels[name].input.safeParse(value).success),
          async (bad) => {
            const body = jsonText(bad.input) ?? ''
            if (Buffer.byteLength(body) > limits.maxBodyBytes!) return // the size limit's own tests below
            // What the host reads: NaN and Infinity became null, undefined keys went away.
            if (channels[name].input.safeParse(body === '' ? undefined : parseJson(body)).success) return
            refused++
            const before = witness.fingerprint()
            const response = await post(name, body)
            const what = `${bad.kind} at ${pathText(bad.at)}: ${body.slice(0, 300)}`
            expect(response.status, what).toBe(200)
            const reply = response.json() as IpcResult<unknown>
            expect(reply.ok, what).toBe(false)
            if (reply.ok) return
            expect(reply.error.code, what).toBe('invalid_input')
            expect(namesTheField(reply.error.details, bad), `${what}\n${response.text.slice(0, 500)}`).toBe(true)
            expect(witness.fingerprint(), what).toBe(before)
          }
        ),
        runs(seed, 4)
      )
    }
  )

  it('refused all those, wrote nothing, and polluted nothing', () => {
    expect(refused).toBeGreaterThan(channelNames.length * 2)
    expect(witness.digest()).toBe(digestBefore)
    expect(prototypeKeys()).toBe(protoBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('bodies that are not JSON, or not sent as JSON, are error values', async () => {
    const digestBefore = witness.digest()
    const notJson: Array<string | Buffer> = [
      '{not json',
      '{"name": "truncated',
      '[1, 2,',
      '\u0000',
      '\uFEFF{}', // a byte order mark: browsers never send one
      'NaN',
      "{'single': 'quotes'}",
      Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]), // {} in UTF-16LE with its BOM
      Buffer.from([0xc3, 0x28, 0xa0, 0xa1]), // invalid UTF-8
      '['.repeat(200_000) // deeper than any parser goes, and unterminated
    ]
    for (const body of notJson) {
      const response = await post('createShortlist', body)
      expect(response.status, String(body).slice(0, 40)).toBe(400)
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    // Deep but well-formed JSON parses, and zod refuses it at the root.
    const deep = await post('createShortlist', `${'['.repeat(50_000)}${']'.repeat(50_000)}`)
    expect(deep.json()).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [{ path: '(root)' }] } })
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', '']) {
      const response = await post('createShortlist', '{"name":"x"}', { 'content-type': type })
      expect(response.status, type).toBe(415)
      expect(response.json()).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    }
    expect(witness.digest()).toBe(digestBefore)
    await stillAnswers()
  })

  it('channel names that are not channels, however spelt, answer unknown_channel', async () => {
    for (const name of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'on',
      'download',
      '%00',
      '..%2F..%2Fetc'
    ]) {
      const response = await post(name, '{}')
      expect(response.json(), name).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    }
    // A malformed escape made decodeURIComponent throw: the host answered 500 "internal".
    const malformed = await post('%E0%A4%A', '{}')
    expect(malformed.status).toBe(404)
    expect(malformed.json()).toMatchObject({ ok: false, error: { code: 'unknown_channel' } })
    await stillAnswers()
  })
})

describe('limits over HTTP', () => {
  // these tests (and the helpers above) talk to a host with the short time limits
  let untimed: { host: BrowserHost; session: string }
  beforeAll(async () => {
    untimed = { host, session }
    host = await startHost(limits)
    session = host.newSession()
  })
  afterAll(async () => {
    await host.close()
    ;({ host, session } = untimed)
  })

  /** A raw request on its own socket: what came back before the host closed it (or `ms` passed). */
  function rawExchange(
    send: (socket: net.Socket) => void,
    ms: number
  ): Promise<{ text: string; closedAfterMs: number | null }> {
    const url = new URL(host.origin)
    return new Promise((resolve) => {
      const started = Date.now()
      const socket = net.connect(Number(url.port), url.hostname)
      let text = ''
      let closedAfterMs: number | null = null
      const timer = setTimeout(() => {
        socket.destroy()
        resolve({ text, closedAfterMs })
      }, ms)
      socket.on('data', (chunk) => (text += chunk.toString('utf8')))
      socket.on('error', () => {})
      socket.on('close', () => {
        closedAfterMs = Date.now() - started
        clearTimeout(timer)
        resolve({ text, closedAfterMs })
      })
      socket.on('connect', () => send(socket))
    })
  }

  const head = (length: number | 'chunked') =>
    [
      `POST /bridge/restoreShortlists HTTP/1.1`,
      `Host: ${new URL(host.origin).host}`,
      'Content-Type: application/json',
      `${SESSION_HEADER}: ${session}`,
      length === 'chunked' ? 'Transfer-Encoding: chunked' : `Content-Length: ${length}`,
      '',
      ''
    ].join('\r\n')

  it('a body declared larger than the limit is refused with 413 before it is read', async () => {
    const { text, closedAfterMs } = await rawExchange((socket) => socket.write(head(1024 ** 3)), 2_000)
    expect(text).toMatch(/^HTTP\/1\.1 413 /)
    expect(text.toLowerCase()).toContain('connection: close')
    expect(text).toContain('"code":"invalid_input"')
    expect(text).toContain('larger than the 4 MB the host accepts')
    expect(closedAfterMs).not.toBeNull()
    await stillAnswers()
  })

  it('the real limit is 64 MB, and a bigger declared body is refused the same way', () => {
    expect(defaultHostLimits.maxBodyBytes).toBe(64 * 1024 * 1024)
  })

  it('a chunked body that grows past the limit is refused with 413 as it crosses it, not buffered', async () => {
    const chunk = Buffer.alloc(256 * 1024, 0x61)
    const { text } = await rawExchange((socket) => {
      socket.write(head('chunked'))
      socket.write('9\r\n{"json":"\r\n')
      // 8 MB in chunks, twice the limit; the host answers and closes while we are still sending
      let sent = 0
      const pump = () => {
        while (sent < 32 && socket.writable) {
          sent++
          if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk.toString('latin1')}\r\n`)) {
            socket.once('drain', pump)
            return
          }
        }
      }
      pump()
    }, 3_000)
    expect(text).toMatch(/^HTTP\/1\.1 413 /)
    expect(text).toContain('larger than the 4 MB the host accepts')
    await stillAnswers()
  })

  it('a client that trickles its body is dropped with 408 after the request time limit; others are served meanwhile', async () => {
    const slow = rawExchange((socket) => {
      socket.write(head(1000))
      const drip = setInterval(() => (socket.writable ? socket.write('{') : clearInterval(drip)), 100)
      socket.on('close', () => clearInterval(drip))
    }, 6_000)
    // meanwhile, others are answered at once
    for (let i = 0; i < 5; i++) {
      await stillAnswers()
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const { text, closedAfterMs } = await slow
    expect(text).toMatch(/^HTTP\/1\.1 408 /)
    expect(text).toContain('"code":"timeout"')
    expect(closedAfterMs).toBeGreaterThanOrEqual(limits.requestTimeoutMs! - 100)
    expect(closedAfterMs).toBeLessThan(limits.requestTimeoutMs! + 2_000)
  })

  it('a client that trickles its headers is dropped after the header time limit', async () => {
    const { text, closedAfterMs } = await rawExchange((socket) => {
      const lines = head(2).split('\r\n')
      let i = 0
      const drip = setInterval(() => {
        if (!socket.writable || i >= lines.length - 2) return clearInterval(drip)
        socket.write(`${lines[i++]}\r\n`)
      }, 300)
      socket.on('close', () => clearInterval(drip))
    }, 5_000)
    expect(text).toMatch(/^HTTP\/1\.1 408 /)
    expect(closedAfterMs).toBeLessThan(limits.headersTimeoutMs! + 1_500)
    await stillAnswers()
  })

  it('a request that is not HTTP gets a 400 error value and is closed', async () => {
    const { text, closedAfterMs } = await rawExchange((socket) => socket.write('\u0000GARBAGE \u00ff\r\n\r\n'), 2_000)
    expect(text).toMatch(/^HTTP\/1\.1 400 /)
    expect(text).toContain('"code":"invalid_input"')
    expect(closedAfterMs).not.toBeNull()
    await stillAnswers()
  })

  it('an event stream outlives the request time limit (it bounds receiving a request, not a response)', async () => {
    const url = new URL(`${host.origin}/bridge/events`)
    let text = ''
    const req = http.get(url, { agent: false, headers: { [SESSION_HEADER]: session } }, (response) => {
      response.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')))
    })
    req.on('error', () => {})
    await expect.poll(() => text).toContain(': connected')
    await new Promise((resolve) => setTimeout(resolve, limits.requestTimeoutMs! + 500))
    host.services.events.emit('exportProgress', { exportId: 'late', written: 1, total: 1, done: true })
    await expect.poll(() => text).toContain('"exportId":"late"')
    req.destroy()
  })

  it('200 event streams at once: a bounded number is served, the rest told to retry, calls keep working, and closing frees them', async () => {
    const max = defaultHostLimits.maxEventStreams
    const open = (): Promise<{ status: number; body: string; request: http.ClientRequest }> =>
      new Promise((resolve, reject) => {
        const url = new URL(`${host.origin}/bridge/events`)
        const req = http.get(url, { agent: false, headers: { [SESSION_HEADER]: session } }, (response) => {
          let body = ''
          response.on('data', (chunk: Buffer) => {
            body += chunk.toString('utf8')
            if (response.statusCode === 200) resolve({ status: 200, body, request: req })
          })
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body, request: req }))
        })
        req.on('error', reject)
      })
    const streams = await Promise.all(Array.from({ length: 200 }, open))
    const served = streams.filter((stream) => stream.status === 200)
    const refused = streams.filter((stream) => stream.status === 503)
    expect(served).toHaveLength(max)
    expect(refused).toHaveLength(200 - max)
    expect(parseJson(refused[0]!.body)).toMatchObject({ ok: false, error: { code: 'rate_limited' } })
    // 168 refusals, one log line (the count follows when the interval ends)
    expect(records.filter((record) => record.event === 'host.too_many_event_streams')).toHaveLength(1)
    await stillAnswers()
    for (const stream of streams) stream.request.destroy()
    // closed streams are forgotten: new ones are served again
    await expect
      .poll(async () => {
        const again = await open()
        again.request.destroy()
        return again.status
      })
      .toBe(200)
    const again = await Promise.all(Array.from({ length: max }, open))
    expect(again.every((stream) => stream.status === 200)).toBe(true)
    for (const stream of again) stream.request.destroy()
    await stillAnswers()
  })

  it('a burst of requests from another web page is refused each time and logged once', async () => {
    const before = records.filter((record) => record.event === 'host.foreign_origin').length
    const statuses = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const response = await request(`${host.origin}/bridge/getAppInfo`, {
          method: 'POST',
          headers: bridgeHeaders({ origin: 'http://127.0.0.1:1' }),
          body: '{}',
          dispatcher
        })
        await response.body.dump()
        return response.statusCode
      })
    )
    expect(statuses.every((status) => status === 403)).toBe(true)
    const lines = records.filter((record) => record.event === 'host.foreign_origin').length - before
    expect(lines).toBeLessThanOrEqual(1)
  })
})
