import { describe, expect, it } from 'vitest'
import {
  envProxyResolver,
  isLoopbackHost,
  pacEntryOfProxyVariable,
  parsePacResult,
  proxyLabel
} from '../../../electron/main/net/proxy-rules'

describe('parsePacResult: what session.resolveProxy answers, as a route', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['  ', { kind: 'direct' }],
    ['PROXY proxy.corp:3128', { kind: 'proxy', url: 'http://proxy.corp:3128', skipped: [] }],
    ['PROXY proxy.corp:3128; DIRECT', { kind: 'proxy', url: 'http://proxy.corp:3128', skipped: [] }],
    ['proxy proxy.corp:8080;', { kind: 'proxy', url: 'http://proxy.corp:8080', skipped: [] }],
    ['HTTPS secure.corp:443', { kind: 'proxy', url: 'https://secure.corp', skipped: [] }],
    ['HTTPS secure.corp:8443', { kind: 'proxy', url: 'https://secure.corp:8443', skipped: [] }],
    ['SOCKS5 socks.corp:1080', { kind: 'proxy', url: 'socks5://socks.corp:1080', skipped: [] }],
    ['PROXY [::1]:3128', { kind: 'proxy', url: 'http://[::1]:3128', skipped: [] }],
    ['DIRECT; PROXY proxy.corp:3128', { kind: 'direct' }]
  ])('%j', (answer, route) => {
    expect(parsePacResult(answer)).toEqual(route)
  })

  it('skips what undici cannot use (SOCKS4, QUIC, nonsense) and takes the next entry', () => {
    expect(parsePacResult('SOCKS socks.corp:1080; PROXY proxy.corp:3128')).toEqual({
      kind: 'proxy',
      url: 'http://proxy.corp:3128',
      skipped: ['SOCKS socks.corp:1080']
    })
    expect(parsePacResult('QUIC q.corp:443; SOCKS4 s.corp:1080; DIRECT')).toEqual({ kind: 'direct' })
    expect(parsePacResult('PROXY; PROXY /path:1; PROXY a.corp:1/x')).toEqual({ kind: 'direct' })
  })

  it('keeps credentials from an environment variable, and never shows them in a label', () => {
    const route = parsePacResult('PROXY alice:s3cret@proxy.corp:3128')
    expect(route).toEqual({ kind: 'proxy', url: 'http://alice:s3cret@proxy.corp:3128', skipped: [] })
    expect(proxyLabel(route.kind === 'proxy' ? route.url : '')).toBe('http://proxy.corp:3128')
    expect(parsePacResult('SOCKS alice:pw@socks.corp:1080; DIRECT')).toEqual({ kind: 'direct' })
    expect(parsePacResult('SOCKS alice:pw@socks.corp:1080; HTTPS p.corp:443')).toMatchObject({
      skipped: ['SOCKS socks.corp:1080']
    })
  })
})

describe('isLoopbackHost', () => {
  it.each(['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', '::ffff:127.0.0.1'])(
    '%s is loopback',
    (host) => expect(isLoopbackHost(host)).toBe(true)
  )
  it.each(['example.com', 'localhost.example.com', '10.0.0.1', '128.0.0.1', '::2', '1270.0.0.1'])('%s is not', (host) =>
    expect(isLoopbackHost(host)).toBe(false)
  )
})

describe('envProxyResolver: the browser host’s HTTPS_PROXY / HTTP_PROXY / NO_PROXY', () => {
  it('is absent when no proxy variable is set', () => {
    expect(envProxyResolver({})).toBeUndefined()
    expect(envProxyResolver({ HTTPS_PROXY: ' ', NO_PROXY: 'example.com' })).toBeUndefined()
  })

  it('sends https URLs to HTTPS_PROXY and http URLs to HTTP_PROXY; https falls back to HTTP_PROXY', async () => {
    const both = envProxyResolver({ HTTPS_PROXY: 'http://secure-proxy:8443', HTTP_PROXY: 'http://plain-proxy:3128' })!
    expect(await both('https://api.example.com/')).toBe('PROXY secure-proxy:8443')
    expect(await both('http://api.example.com/')).toBe('PROXY plain-proxy:3128')
    const httpOnly = envProxyResolver({ HTTP_PROXY: 'proxy.corp:3128' })!
    expect(await httpOnly('https://api.example.com/')).toBe('PROXY proxy.corp:3128')
    const httpsOnly = envProxyResolver({ HTTPS_PROXY: 'https://proxy.corp' })!
    expect(await httpsOnly('https://api.example.com/')).toBe('HTTPS proxy.corp:443')
    expect(await httpsOnly('http://api.example.com/')).toBe('DIRECT')
  })

  it('reads the lower-case variables first, as curl does', async () => {
    const resolve = envProxyResolver({
      https_proxy: 'http://lower:1',
      HTTPS_PROXY: 'http://upper:2',
      no_proxy: 'a.com',
      NO_PROXY: ''
    })!
    expect(await resolve('https://b.com/')).toBe('PROXY lower:1')
    expect(await resolve('https://a.com/')).toBe('DIRECT')
  })

  it('bypasses NO_PROXY hosts, their subdomains, ports and *', async () => {
    const resolve = envProxyResolver({
      HTTPS_PROXY: 'http://proxy.corp:3128',
      NO_PROXY: 'internal.corp, .intra.corp *.lab.corp,api.example.com:8443,[::1]'
    })!
    const direct = [
      'https://internal.corp/',
      'https://x.internal.corp/',
      'https://intra.corp/',
      'https://a.b.intra.corp/',
      'https://lab.corp/',
      'https://api.example.com:8443/'
    ]
    for (const url of direct) expect(await resolve(url), url).toBe('DIRECT')
    const proxied = ['https://notinternal.corp/', 'https://api.example.com/', 'https://example.com/', 'https://corp/']
    for (const url of proxied) expect(await resolve(url), url).toBe('PROXY proxy.corp:3128')
    expect(await envProxyResolver({ HTTPS_PROXY: 'http://p:1', NO_PROXY: '*' })!('https://any.example/')).toBe('DIRECT')
  })

  it('turns proxy variables into PAC entries, with credentials and default ports', () => {
    expect(pacEntryOfProxyVariable('http://alice:pw@proxy.corp:3128')).toBe('PROXY alice:pw@proxy.corp:3128')
    expect(pacEntryOfProxyVariable('http://proxy.corp')).toBe('PROXY proxy.corp:80')
    expect(pacEntryOfProxyVariable('proxy.corp:3128')).toBe('PROXY proxy.corp:3128')
    expect(pacEntryOfProxyVariable('socks5://s.corp')).toBe('SOCKS5 s.corp:1080')
    expect(parsePacResult(pacEntryOfProxyVariable('ftp://x.corp:21'))).toEqual({ kind: 'direct' })
    expect(parsePacResult(pacEntryOfProxyVariable('http://[bad'))).toEqual({ kind: 'direct' })
  })
})
