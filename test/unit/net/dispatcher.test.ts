import { once } from 'node:events'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { createAppDispatcher, type AppDispatcher } from '../../../electron/main/net/dispatcher'

// The routing part of the dispatcher, without a network: which route each origin gets and how
// often the resolver (Electron's session.resolveProxy) is asked. Requests through a real proxy
// and TLS are in test/integration/net/proxy-and-ca.test.ts.
const opened: AppDispatcher[] = []
afterEach(async () => {
  for (const dispatcher of opened.splice(0)) await dispatcher.close()
})

function setup(answer: (url: string) => Promise<string>, options: { resolveTimeoutMs?: number } = {}) {
  const asked: string[] = []
  const logs: LogRecord[] = []
  let now = 0
  const dispatcher = createAppDispatcher({
    proxy: (url) => {
      asked.push(url)
      return answer(url)
    },
    logger: createLogger((record) => logs.push(record)),
    now: () => now,
    routeTtlMs: 60_000,
    ...options
  })
  opened.push(dispatcher)
  return { dispatcher, asked, logs, advance: (ms: number) => void (now += ms) }
}

describe('AppDispatcher routes', () => {
  it('asks the resolver once per origin and keeps the answer for a minute', async () => {
    const { dispatcher, asked, advance } = setup(async (url) =>
      url.startsWith('https://api.example.com') ? 'PROXY proxy.corp:3128; DIRECT' : 'DIRECT'
    )
    const proxied = { kind: 'proxy', url: 'http://proxy.corp:3128', skipped: [] }
    expect(await dispatcher.routeOf('https://api.example.com')).toEqual(proxied)
    expect(await dispatcher.routeOf('https://api.example.com/v1/profiles?q=1')).toEqual(proxied)
    expect(await dispatcher.routeOf('https://auth.example.com')).toEqual({ kind: 'direct' })
    expect(asked).toEqual(['https://api.example.com/', 'https://auth.example.com/'])
    advance(59_999)
    await dispatcher.routeOf('https://api.example.com')
    expect(asked).toHaveLength(2)
    advance(1)
    await dispatcher.routeOf('https://api.example.com')
    expect(asked).toEqual(['https://api.example.com/', 'https://auth.example.com/', 'https://api.example.com/'])
  })

  it('shares one question among requests that arrive while it is asked', async () => {
    let answer: (value: string) => void = () => {}
    const { dispatcher, asked } = setup(() => new Promise((resolve) => (answer = resolve)))
    const routes = Promise.all([1, 2, 3].map(() => dispatcher.routeOf('https://api.example.com')))
    answer('HTTPS secure.corp:443')
    expect(await routes).toEqual(Array(3).fill({ kind: 'proxy', url: 'https://secure.corp', skipped: [] }))
    expect(asked).toHaveLength(1)
  })

  it('never asks for loopback (the built-in sandbox): it always goes direct', async () => {
    const { dispatcher, asked } = setup(async () => 'PROXY proxy.corp:3128')
    for (const origin of ['http://127.0.0.1:4100', 'http://localhost:8080', 'http://[::1]:9000']) {
      expect(await dispatcher.routeOf(origin)).toEqual({ kind: 'direct' })
    }
    expect(asked).toEqual([])
  })

  it('goes direct, and says so in the log, when the resolver fails or does not answer', async () => {
    const failing = setup(() => Promise.reject(new Error('net::ERR_PAC_SCRIPT_FAILED')))
    expect(await failing.dispatcher.routeOf('https://api.example.com')).toEqual({ kind: 'direct' })
    expect(failing.logs[0]).toMatchObject({
      level: 'warn',
      event: 'net.proxy_unresolved',
      fields: { origin: 'https://api.example.com', error: 'net::ERR_PAC_SCRIPT_FAILED', route: 'direct' }
    })
    const silent = setup(() => new Promise<string>(() => {}), { resolveTimeoutMs: 20 })
    expect(await silent.dispatcher.routeOf('https://api.example.com')).toEqual({ kind: 'direct' })
    expect(silent.logs[0]).toMatchObject({ event: 'net.proxy_unresolved', fields: { error: 'no answer after 20 ms' } })
  })

  it('logs each origin’s route when it is first known and when it changes, never a proxy’s credentials', async () => {
    let answer = 'PROXY alice:s3cret@proxy.corp:3128'
    const { dispatcher, logs, advance } = setup(async () => answer)
    await dispatcher.routeOf('https://api.example.com')
    advance(60_000)
    await dispatcher.routeOf('https://api.example.com')
    answer = 'SOCKS old.corp:1080; DIRECT'
    advance(60_000)
    await dispatcher.routeOf('https://api.example.com')
    expect(logs.map((record) => record.fields)).toEqual([
      { origin: 'https://api.example.com', route: 'proxy http://proxy.corp:3128' },
      { origin: 'https://api.example.com', route: 'direct' }
    ])
    expect(JSON.stringify(logs)).not.toContain('s3cret')
  })

  it('goes direct everywhere without a resolver', async () => {
    const dispatcher = createAppDispatcher()
    opened.push(dispatcher)
    expect(await dispatcher.routeOf('https://api.example.com')).toEqual({ kind: 'direct' })
    expect(dispatcher.resolutions).toBe(0)
  })
})

describe('AppDispatcher certificates', () => {
  it('reads the trusted certificates at the first HTTPS connection, never for plain http, and once', async () => {
    const server = createServer((_req, res) => res.end('ok'))
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    const { port } = server.address() as AddressInfo
    let reads = 0
    const dispatcher = createAppDispatcher({
      ca: () => {
        reads += 1
        return []
      }
    })
    opened.push(dispatcher)
    try {
      const plain = await request(`http://127.0.0.1:${port}/`, { dispatcher })
      expect(await plain.body.text()).toBe('ok')
      expect(reads).toBe(0)
      // TLS to a plain server fails, but the secure context was made for it, and only once
      for (let i = 0; i < 2; i += 1) {
        await expect(request(`https://127.0.0.1:${port}/`, { dispatcher })).rejects.toThrow()
      }
      expect(reads).toBe(1)
    } finally {
      server.close()
      server.closeAllConnections()
    }
  })
})
