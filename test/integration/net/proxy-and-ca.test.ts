import { execFileSync } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import { connect as netConnect, type AddressInfo, type Socket } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer, type Server as TlsServer } from 'node:tls'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { composeMain, type MainOptions, type MainServices } from '../../../electron/main/compose'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { loadTrustedCertificates, trustedCertificates } from '../../../electron/main/net/ca-certificates'
import { envProxyResolver } from '../../../electron/main/net/proxy-rules'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'
import { startTestSandbox } from '../sandbox/helpers'

// A company network on this computer: the Partner API (the sandbox) behind a TLS front whose
// certificate, for partner.test, is signed by a private test CA (made here with the openssl CLI),
// reachable only through a CONNECT proxy — partner.test has no DNS entry, the proxy maps it to the
// front. The app's own services (composeMain: the Partner API client, the token exchange, the
// tool server) are given the proxy resolver and the CA list the two shells give them.
const HOST = 'partner.test'
const sender = { origin: 'app://talent-desk', isMainFrame: true }
const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}

let dir: string
let caFile: string
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>
let front: TlsServer
let frontPort: number
let proxy: HttpServer
let proxyPort: number
let refusingProxy: HttpServer
let refusingPort: number
/** Every CONNECT target the proxy was asked for. */
const tunnels: string[] = []

function makeTestPki(folder: string): { ca: string; key: string; cert: string } {
  const run = (...args: string[]) => execFileSync('openssl', args, { cwd: folder, stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  run(
    'req',
    '-x509',
    ...ec,
    '-keyout',
    'ca.key',
    '-out',
    'ca.pem',
    '-days',
    '2',
    '-subj',
    '/CN=Talent Desk Test CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign'
  )
  run('req', ...ec, '-keyout', 'leaf.key', '-out', 'leaf.csr', '-subj', `/CN=${HOST}`)
  writeFileSync(
    join(folder, 'leaf.ext'),
    `subjectAltName=DNS:${HOST},IP:127.0.0.1\nbasicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth\n`
  )
  run(
    'x509',
    '-req',
    '-in',
    'leaf.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-CAcreateserial',
    '-out',
    'leaf.pem',
    '-days',
    '2',
    '-extfile',
    'leaf.ext'
  )
  const read = (name: string) => readFileSync(join(folder, name), 'utf8')
  return { ca: read('ca.pem'), key: read('leaf.key'), cert: read('leaf.pem') }
}

const listen = async <T extends HttpServer | TlsServer>(server: T): Promise<number> => {
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return (server.address() as AddressInfo).port
}

const pipeBoth = (a: Socket, b: Socket) => {
  a.on('error', () => b.destroy())
  b.on('error', () => a.destroy())
  a.pipe(b).pipe(a)
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'td-proxy-ca-'))
  const pki = makeTestPki(dir)
  caFile = join(dir, 'ca.pem')
  sandbox = await startTestSandbox()
  const sandboxPort = Number(new URL(sandbox.baseUrl).port)

  // TLS in front of the sandbox's plain HTTP, with the test CA's certificate for partner.test
  front = createTlsServer({ key: pki.key, cert: pki.cert }, (socket) =>
    pipeBoth(socket, netConnect(sandboxPort, '127.0.0.1'))
  )
  frontPort = await listen(front)

  // the company proxy: CONNECT only, every partner.test:443 tunnel goes to the front
  proxy = createHttpServer((_req, res) => res.writeHead(405).end())
  proxy.on('connect', (req, client: Socket, head: Buffer) => {
    tunnels.push(req.url ?? '')
    if (req.url !== `${HOST}:443`) return void client.end('HTTP/1.1 403 Forbidden\r\n\r\n')
    const upstream = netConnect(frontPort, '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n')
      upstream.write(head)
      pipeBoth(client, upstream)
    })
    upstream.on('error', () => client.destroy())
  })
  proxyPort = await listen(proxy)

  // a proxy that wants a sign-in
  refusingProxy = createHttpServer((_req, res) => res.writeHead(405).end())
  refusingProxy.on('connect', (_req, client: Socket) =>
    client.end('HTTP/1.1 407 Proxy Authentication Required\r\nProxy-Authenticate: Basic realm="corp"\r\n\r\n')
  )
  refusingPort = await listen(refusingProxy)
}, 60_000)

afterAll(async () => {
  for (const server of [proxy, refusingProxy, front]) {
    server?.close()
    ;(server as HttpServer | undefined)?.closeAllConnections?.()
  }
  await sandbox?.close()
  rmSync(dir, { recursive: true, force: true })
})

/** The app's services with a remote connection to https://partner.test, through `network`. */
async function appWith(network: Pick<MainOptions, 'proxy' | 'ca'>, base = `https://${HOST}`) {
  const logs: LogRecord[] = []
  const dataDir = mkdtempSync(join(dir, 'data-'))
  const services: MainServices = await composeMain({
    dataDir,
    shell: 'electron',
    appName: 'Talent Desk',
    appVersion: '0.0.0-test',
    trustedOrigins: [sender.origin],
    logger: createLogger((record) => logs.push(record)),
    versions: { node: process.versions.node },
    loadKeytar: noKeychain,
    http: { retry: { retries: 0 } },
    ...network
  })
  const ok = async <K extends ChannelName>(channel: K, input: ChannelInput<K>): Promise<ChannelOutput<K>> => {
    const reply = await services.router.handle(channel, input, sender)
    if (!reply.ok) throw new Error(`${channel}: ${reply.error.code} ${reply.error.message}`)
    return reply.data as ChannelOutput<K>
  }
  const overview = await ok('saveConnection', {
    name: 'Partner behind the proxy',
    baseUrl: base,
    authUrl: base,
    // the tool server on loopback: always direct, never through the proxy
    mcpUrl: sandbox.mcpUrl,
    clientId: sandbox.clientId
  })
  const id = overview.connections.find((c) => c.name === 'Partner behind the proxy')!.id
  await ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await ok('setSecret', { connectionId: id, kind: 'clientSecret', value: sandbox.clientSecret, sessionOnly: true })
  await ok('setActiveConnection', { id })
  return {
    logs,
    test: async () => (await ok('testConnection', { id })).parts,
    ok,
    close: () => services.close()
  }
}

/** The system's answer, as Electron's session.resolveProxy gives it for partner.test. */
const systemProxy = (port: number) => async (url: string) =>
  new URL(url).hostname === HOST ? `PROXY 127.0.0.1:${port}; DIRECT` : 'DIRECT'
const withTestCa = () => [...trustedCertificates().certificates, readFileSync(caFile, 'utf8')]

describe('corporate network: the system proxy and a private certificate authority', () => {
  it('reaches the Partner API and the token endpoint through the proxy, trusting the CA it was given', async () => {
    const before = tunnels.length
    const app = await appWith({ proxy: systemProxy(proxyPort), ca: withTestCa() })
    try {
      const parts = await app.test()
      expect(parts.map((p) => [p.part, p.ok])).toEqual([
        ['baseUrl', true],
        ['apiKey', true],
        ['token', true],
        ['toolServer', true]
      ])
      const found = await app.ok('searchProfiles', { requestId: 'proxy-search-1', request: { name: 'Ada' } })
      expect(found.results.length).toBeGreaterThan(0)
      // only partner.test went through the proxy (API and token exchange); the loopback tool server did not
      expect(new Set(tunnels.slice(before))).toEqual(new Set([`${HOST}:443`]))
      expect(app.logs).toContainEqual(
        expect.objectContaining({
          event: 'net.route',
          fields: { origin: `https://${HOST}`, route: `proxy http://127.0.0.1:${proxyPort}` }
        })
      )
    } finally {
      await app.close()
    }
  })

  it('without the CA, fails with an error that names the certificate problem and what to do', async () => {
    const app = await appWith({ proxy: systemProxy(proxyPort), ca: trustedCertificates().certificates })
    try {
      const parts = await app.test()
      expect(parts.map((p) => [p.part, p.ok])).toEqual([
        ['baseUrl', false],
        ['apiKey', null],
        ['token', false],
        ['toolServer', null]
      ])
      for (const part of [parts[0]!, parts[2]!]) {
        expect(part.message).toMatch(
          /certificate is not signed by an authority this computer trusts \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY)\)\. If your company inspects secure traffic, its root certificate must be in the system’s certificate store, or in a PEM file named by TALENT_DESK_EXTRA_CA_CERTS\./
        )
      }
    } finally {
      await app.close()
    }
  })

  it('says so when the proxy wants a sign-in', async () => {
    const app = await appWith({ proxy: systemProxy(refusingPort), ca: withTestCa() })
    try {
      const parts = await app.test()
      expect(parts[0]).toMatchObject({ part: 'baseUrl', ok: false })
      expect(parts[0]!.message).toContain('The proxy asks Talent Desk to sign in (HTTP 407)')
    } finally {
      await app.close()
    }
  })
})

describe('corporate network: the certificate authorities on a direct connection', () => {
  it('trusts the given CA going direct too (loopback is never proxied), and only when given', async () => {
    const before = tunnels.length
    const direct = `https://127.0.0.1:${frontPort}`
    const trusted = await appWith({ proxy: systemProxy(proxyPort), ca: withTestCa() }, direct)
    try {
      expect((await trusted.test()).map((p) => p.ok)).toEqual([true, true, true, true])
    } finally {
      await trusted.close()
    }
    const untrusted = await appWith({ proxy: systemProxy(proxyPort), ca: trustedCertificates().certificates }, direct)
    try {
      expect((await untrusted.test())[0]!.message).toMatch(/not signed by an authority this computer trusts/)
    } finally {
      await untrusted.close()
    }
    expect(tunnels.slice(before)).toEqual([])
  })
})

describe('corporate network: the browser host’s HTTPS_PROXY, NO_PROXY and extra CA file', () => {
  it('goes through HTTPS_PROXY and trusts TALENT_DESK_EXTRA_CA_CERTS', async () => {
    const before = tunnels.length
    const env = { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, TALENT_DESK_EXTRA_CA_CERTS: caFile }
    const logs: LogRecord[] = []
    const trust = loadTrustedCertificates(
      env,
      createLogger((record) => logs.push(record))
    )
    expect(trust.extra).toBe(1)
    const app = await appWith({ proxy: envProxyResolver(env), ca: trust.certificates })
    try {
      expect((await app.test()).map((p) => p.ok)).toEqual([true, true, true, true])
      expect(tunnels.slice(before)).toContain(`${HOST}:443`)
    } finally {
      await app.close()
    }
  })

  it('goes direct for a NO_PROXY host (partner.test has no DNS entry: it cannot be reached)', async () => {
    const before = tunnels.length
    const env = { HTTPS_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: `localhost,${HOST}` }
    const app = await appWith({ proxy: envProxyResolver(env), ca: withTestCa() })
    try {
      const parts = await app.test()
      expect(parts[0]).toMatchObject({ part: 'baseUrl', ok: false })
      expect(parts[0]!.message).toMatch(/could not reach the service/)
      expect(tunnels.slice(before)).toEqual([])
    } finally {
      await app.close()
    }
  })
})
