/**
 * Which proxy a request goes through, in the form the system answers it: a PAC result such as
 * `DIRECT`, `PROXY proxy.corp:3128; DIRECT` or `HTTPS proxy.corp:443` (what Electron's
 * `session.resolveProxy(url)` returns from the OS settings, a PAC file or WPAD). The browser host
 * has no such service, so it builds the same answers from HTTPS_PROXY / HTTP_PROXY / NO_PROXY.
 * Pure functions: no network, no Electron.
 */

/** Answers the proxy decision for a URL, as a PAC result string. */
export type ProxyResolver = (url: string) => Promise<string>

/** Where one origin's requests go: straight to the server, or through a proxy (its URL). */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string; skipped: string[] }

const DIRECT: ProxyRoute = { kind: 'direct' }

/** PAC keywords undici can use, and the proxy URL scheme for each. */
const pacSchemes: Record<string, string> = { PROXY: 'http:', HTTP: 'http:', HTTPS: 'https:', SOCKS5: 'socks5:' }

/**
 * The route for a PAC result: its first entry Talent Desk can use. `SOCKS`/`SOCKS4` and `QUIC`
 * entries cannot be used (undici speaks HTTP, HTTPS and SOCKS5 proxies): they are skipped, and
 * named in `skipped` so the log says why a later entry was taken. An empty answer is DIRECT;
 * an answer with no usable entry too (as Chromium does when every proxy fails). Credentials in
 * an entry (`PROXY user:pass@host:port`, only from an environment variable) are kept.
 */
export function parsePacResult(result: string): ProxyRoute {
  const skipped: string[] = []
  for (const raw of result.split(';')) {
    const entry = raw.trim()
    if (entry === '') continue
    const [keyword = '', address = ''] = entry.split(/\s+/, 2)
    const upper = keyword.toUpperCase()
    if (upper === 'DIRECT') return DIRECT
    const scheme = pacSchemes[upper]
    const url = scheme === undefined ? null : proxyUrl(scheme, address)
    if (url === null) {
      skipped.push(upper === '' ? entry : `${upper} ${hostPart(address)}`)
      continue
    }
    return { kind: 'proxy', url, skipped }
  }
  return DIRECT
}

/** `[user[:pass]@]host[:port]`, host a name, IPv4 or bracketed IPv6: nothing else is an address. */
const ADDRESS = /^(?:[^@/\s]+@)?(?:\[[0-9a-f:.]+\]|[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?)(?::\d{1,5})?$/i

function proxyUrl(scheme: string, address: string): string | null {
  if (!ADDRESS.test(address)) return null
  let url: URL
  try {
    url = new URL(`${scheme}//${address}`)
  } catch {
    return null
  }
  if (url.hostname === '' || (url.pathname !== '/' && url.pathname !== '')) return null
  return url.href.replace(/\/$/, '')
}

/** `host:port` of a proxy address, without any credentials: what may be logged. */
export function hostPart(address: string): string {
  const at = address.lastIndexOf('@')
  return at === -1 ? address : address.slice(at + 1)
}

/** A proxy URL without its credentials, for the log and for messages. */
export function proxyLabel(url: string): string {
  try {
    const parsed = new URL(url)
    return `${parsed.protocol}//${parsed.host}`
  } catch {
    return 'the proxy'
  }
}

/**
 * Loopback is never proxied: the built-in sandbox and anything on this computer. (A system proxy
 * usually says DIRECT for these too, but a PAC file or HTTPS_PROXY without NO_PROXY may not.)
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host === '::1' ||
    host === '0:0:0:0:0:0:0:1' ||
    /^127(?:\.\d{1,3}){3}$/.test(host) ||
    /^::ffff:127(?:\.\d{1,3}){3}$/.test(host)
  )
}

interface NoProxyEntry {
  host: string
  port: number | null
}

/**
 * The browser host's proxy resolver, from the variables curl, git, npm and undici read:
 * `https_proxy`/`HTTPS_PROXY` for https URLs (else the http one), `http_proxy`/`HTTP_PROXY` for
 * http URLs, lower case first. `no_proxy`/`NO_PROXY` lists hosts that go direct: `*` for all,
 * `example.com` (and its subdomains; `.example.com` and `*.example.com` mean the same), with an
 * optional `:port`. Undefined when no proxy variable is set (everything goes direct).
 */
export function envProxyResolver(env: Record<string, string | undefined>): ProxyResolver | undefined {
  const httpProxy = nonEmpty(env['http_proxy']) ?? nonEmpty(env['HTTP_PROXY'])
  const httpsProxy = nonEmpty(env['https_proxy']) ?? nonEmpty(env['HTTPS_PROXY']) ?? httpProxy
  if (httpProxy === undefined && httpsProxy === undefined) return undefined
  const noProxy = nonEmpty(env['no_proxy']) ?? nonEmpty(env['NO_PROXY']) ?? ''
  const entries = parseNoProxy(noProxy)
  return (raw) => {
    const url = new URL(raw)
    if (noProxy.trim() === '*' || bypasses(url, entries)) return Promise.resolve('DIRECT')
    const proxy = url.protocol === 'https:' ? httpsProxy : httpProxy
    return Promise.resolve(proxy === undefined ? 'DIRECT' : pacEntryOfProxyVariable(proxy))
  }
}

/** `http://user:pass@proxy:3128` → `PROXY user:pass@proxy:3128` (a bare `proxy:3128` is http). */
export function pacEntryOfProxyVariable(value: string): string {
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `http://${value}`
  let url: URL
  try {
    url = new URL(withScheme)
  } catch {
    return `INVALID ${hostPart(value)}`
  }
  const keyword = { 'http:': 'PROXY', 'https:': 'HTTPS', 'socks5:': 'SOCKS5', 'socks5h:': 'SOCKS5' }[url.protocol]
  if (keyword === undefined) return `INVALID ${url.host}`
  const port = url.port || (url.protocol === 'https:' ? '443' : url.protocol === 'http:' ? '80' : '1080')
  const credentials = url.username === '' ? '' : `${url.username}${url.password === '' ? '' : `:${url.password}`}@`
  return `${keyword} ${credentials}${url.hostname}:${port}`
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim()
}

function parseNoProxy(value: string): NoProxyEntry[] {
  return value
    .split(/[,\s]+/)
    .filter((entry) => entry !== '' && entry !== '*')
    .map((entry) => {
      const match = /^(.+):(\d+)$/.exec(entry)
      const host = (match ? match[1]! : entry)
        .replace(/^\*?\./, '')
        .replace(/^\[|\]$/g, '')
        .toLowerCase()
      return { host, port: match ? Number(match[2]) : null }
    })
}

function bypasses(url: URL, entries: NoProxyEntry[]): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80))
  return entries.some(
    (entry) => (entry.port === null || entry.port === port) && (host === entry.host || host.endsWith(`.${entry.host}`))
  )
}
