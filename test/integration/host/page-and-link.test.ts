import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { composeHostServices } from '../../../electron/host/app-host'
import { startBrowserHost, type BrowserHost } from '../../../electron/host/server'
import type { MainServices } from '../../../electron/main/compose'
import { createLogger } from '../../../electron/main/logging/logger'

const logger = createLogger(() => undefined)
const script = 'console.log("the first screen")\n'.repeat(40)

/** A built page: index.html, a hashed script with the build's brotli copy, an icon without one. */
function builtPage(): string {
  const dir = mkdtempSync(join(tmpdir(), 'td-host-page-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>t</title><script src="./assets/index-a1.js"></script>')
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'assets', 'index-a1.js'), script)
  writeFileSync(join(dir, 'assets', 'index-a1.js.br'), brotliCompressSync(script))
  return dir
}

const hosts: BrowserHost[] = []
afterEach(async () => {
  for (const host of hosts.splice(0)) await host.close()
})

describe('the browser host’s start', () => {
  it('tells its link as soon as it listens: the page loads, and bridge calls wait for the services', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'td-host-data-'))
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    let made = false
    let told!: (link: { url: string; loginUrl: string }) => void
    const link = new Promise<{ url: string; loginUrl: string }>((resolve) => (told = resolve))
    const starting = startBrowserHost({
      rendererDir: builtPage(),
      logger,
      onListening: told,
      createServices: async (origins): Promise<MainServices> => {
        await gate
        const services = await composeHostServices(
          { dataDir, appName: 'Talent Desk', appVersion: '9.9.9', logger, versions: { node: process.versions.node } },
          origins
        )
        made = true
        return services
      }
    })
    const { url, loginUrl } = await link
    expect(made).toBe(false)
    // the page and its files are there before the main process is
    const page = await request(url)
    expect(page.statusCode).toBe(200)
    expect(await page.body.text()).toContain('<title>t</title>')
    // the login (a bridge call) is answered once the services are made
    const origin = new URL(url).origin
    const secret = new URLSearchParams(new URL(loginUrl).hash.slice(1)).get('login')!
    const login = request(`${origin}/bridge/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ login: secret })
    })
    release()
    const answered = await login
    expect(made).toBe(true)
    expect(answered.statusCode).toBe(200)
    const { data } = (await answered.body.json()) as { data: { session: string } }
    const host = await starting
    hosts.push(host)
    const info = await request(`${origin}/bridge/getAppInfo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin, 'x-talent-desk-session': data.session },
      body: '{}'
    })
    expect(await info.body.json()).toMatchObject({ ok: true, data: { version: '9.9.9' } })
  })

  it('closes its port when the services cannot be made', async () => {
    let port = 0
    await expect(
      startBrowserHost({
        rendererDir: builtPage(),
        logger,
        onListening: ({ url }) => (port = Number(new URL(url).port)),
        createServices: () => Promise.reject(new Error('the store is locked'))
      })
    ).rejects.toThrow('the store is locked')
    expect(port).toBeGreaterThan(0)
    await expect(request(`http://127.0.0.1:${port}/`)).rejects.toThrow()
  })
})

describe('the page’s files', () => {
  const start = async (rendererDir: string) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'td-host-data-'))
    const host = await startBrowserHost({
      rendererDir,
      logger,
      createServices: (origins) =>
        composeHostServices(
          { dataDir, appName: 'Talent Desk', appVersion: '9.9.9', logger, versions: { node: process.versions.node } },
          origins
        )
    })
    hosts.push(host)
    return host
  }

  it('are sent from memory, the build’s brotli copy to a browser that takes it, hashed assets cached for good', async () => {
    const dir = builtPage()
    const host = await start(dir)
    const brotli = await request(`${host.origin}/assets/index-a1.js`, {
      headers: { 'accept-encoding': 'gzip, deflate, br' }
    })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toBe('text/javascript; charset=utf-8')
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers['vary']).toBe('accept-encoding')
    expect(brotli.headers['content-security-policy']).toContain("script-src 'self'")
    expect(brotliDecompressSync(Buffer.from(await brotli.body.arrayBuffer())).toString()).toBe(script)
    // without br (or refused by q=0): the file itself
    for (const accept of [undefined, 'gzip', 'br;q=0, gzip']) {
      const plain = await request(`${host.origin}/assets/index-a1.js`, {
        headers: accept === undefined ? {} : { 'accept-encoding': accept }
      })
      expect(plain.headers['content-encoding'], accept).toBeUndefined()
      expect(await plain.body.text()).toBe(script)
    }
    // the page is asked for again each time; the same page answers 304 to its ETag
    const page = await request(`${host.origin}/`)
    expect(page.headers['cache-control']).toBe('no-cache')
    const etag = String(page.headers['etag'])
    await page.body.dump()
    const same = await request(`${host.origin}/index.html`, { headers: { 'if-none-match': etag } })
    expect(same.statusCode).toBe(304)
    expect(await same.body.text()).toBe('')
    // the brotli copies are not pages of their own; nothing outside the folder, nothing added later
    writeFileSync(join(dir, 'assets', 'later.js'), 'console.log(2)')
    for (const path of [
      '/assets/index-a1.js.br',
      '/assets/later.js',
      '/../package.json',
      '/assets/..%2Findex.html',
      '/assets/..%5Cindex.html',
      '/%E0%A4%A'
    ]) {
      const refused = await request(`${host.origin}${path}`)
      expect(refused.statusCode, path).toBeGreaterThanOrEqual(403)
      expect(refused.statusCode, path).toBeLessThanOrEqual(404)
      await refused.body.dump()
    }
  })
})
