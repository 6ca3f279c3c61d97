'use strict'
/*
 * Serving a custom scheme (app://talent-desk) to a Chromium that has never heard of it.
 *
 * Tried first: CDP's Fetch domain with a pattern on `app://*`. Chromium does not send a navigation
 * to an unknown scheme to the network stack at all (it is an external protocol), so nothing is
 * paused and Page.navigate answers net::ERR_ABORTED. Hence this: one loopback HTTP server per
 * scheme://host, every request of which is answered by the handler the app registered with
 * `protocol.handle`, with the app:// URL, the method, the request headers and the body; the
 * handler's Response (status, headers — the CSP among them — and body) goes back as it is.
 * URLs are mapped both ways (http://127.0.0.1:P/x ↔ app://talent-desk/x), so main only ever
 * sees app:// URLs and origins.
 *
 * What this cannot prove: the scheme's privileges (standard, secure, no CORS, no fetch, code
 * cache) — the page's origin really is http://127.0.0.1:P, a secure context because it is
 * loopback, under HTTP's rules; and Electron's own request path (its net::URLRequestJob, the
 * headers Chromium sends to a custom scheme, how it treats a handler that throws).
 */
const http = require('node:http')
const { Readable } = require('node:stream')

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'host', 'transfer-encoding', 'upgrade', 'proxy-connection'])

/** Every running server, by `scheme://host`. */
const servers = new Map()
/** While true, every request's connection is dropped (the page sees net::ERR_EMPTY_RESPONSE). */
let failing = false
const setFailing = (value) => {
  failing = value
}

/**
 * The server for one scheme://host (started once), answering with `handlerOf(scheme)` at the
 * time of each request (a handler may be replaced or removed).
 * @returns {Promise<{ appOrigin: string, httpOrigin: string }>}
 */
async function serverFor(scheme, host, handlerOf, record) {
  const appOrigin = `${scheme}://${host}`
  const existing = servers.get(appOrigin)
  if (existing) return existing.ready
  const server = http.createServer((req, res) => {
    if (failing) return void res.destroy()
    void answer(req, res).catch((error) => {
      record('protocol-error', { url: `${appOrigin}${req.url}`, error: String(error?.stack ?? error) })
      res.destroy()
    })
  })
  async function answer(req, res) {
    const handler = handlerOf(scheme)
    if (!handler) throw new Error(`no protocol.handle for ${scheme}:`)
    const headers = new Headers()
    for (const [name, value] of Object.entries(req.headers)) {
      if (HOP_BY_HOP.has(name) || value === undefined) continue
      for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one)
    }
    const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
    const request = new Request(`${appOrigin}${req.url}`, {
      method: req.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(req), duplex: 'half' } : {})
    })
    const response = await handler(request)
    if (!(response instanceof Response)) throw new Error(`the ${scheme}: handler did not answer a Response`)
    const out = {}
    for (const [name, value] of response.headers) if (name !== 'set-cookie') out[name] = value
    const cookies = response.headers.getSetCookie()
    if (cookies.length > 0) out['set-cookie'] = cookies
    res.writeHead(response.status, response.statusText, out)
    res.end(req.method === 'HEAD' || response.body === null ? undefined : Buffer.from(await response.arrayBuffer()))
  }
  const ready = new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const entry = { appOrigin, httpOrigin: `http://127.0.0.1:${server.address().port}` }
      record('scheme-served', entry)
      resolve(entry)
    })
  })
  servers.set(appOrigin, { server, ready })
  return ready
}

/** The http://127.0.0.1 URL that serves an app:// URL (null when its origin is not served). */
function toHttpUrl(appUrl) {
  for (const [appOrigin, { server }] of servers) {
    const address = server.address()
    if (address && (appUrl === appOrigin || appUrl.startsWith(`${appOrigin}/`))) {
      return `http://127.0.0.1:${address.port}${appUrl.slice(appOrigin.length) || '/'}`
    }
  }
  return null
}

/** The app:// form of a loopback URL; any other URL as it is. */
function toAppUrl(url) {
  if (typeof url !== 'string') return url
  for (const [appOrigin, { server }] of servers) {
    const address = server.address()
    const httpOrigin = address ? `http://127.0.0.1:${address.port}` : null
    if (httpOrigin && (url === httpOrigin || url.startsWith(`${httpOrigin}/`))) {
      return `${appOrigin}${url.slice(httpOrigin.length)}`
    }
  }
  return url
}

function closeServers() {
  for (const { server } of servers.values()) server.close()
  servers.clear()
}

module.exports = { serverFor, toHttpUrl, toAppUrl, closeServers, setFailing }
