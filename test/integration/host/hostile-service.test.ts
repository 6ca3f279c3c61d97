import { mkdtempSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fetch as undiciFetch } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import { SESSION_HEADER, type BrowserHost } from '../../../electron/host/server'
import { createLogger } from '../../../electron/main/logging/logger'
import { createHttpBridge } from '../../../renderer/src/bridge/http-bridge'
import type { TalentDeskBridge } from '../../../shared/ipc/bridge'

/*
 * The page, over the browser host, searching a service that answers 200,000 levels deep: the
 * host is fine, so the page is told the service's answer could not be read — not that the host
 * stopped answering (before, the reply could not be written and the connection was cut).
 */
let host: BrowserHost
let service: Server
let page: TalentDeskBridge

beforeAll(async () => {
  service = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('['.repeat(200_000) + ']'.repeat(200_000))
    })
  })
  service.listen(0, '127.0.0.1')
  await once(service, 'listening')
  const rendererDir = mkdtempSync(join(tmpdir(), 'td-hostile-renderer-'))
  writeFileSync(join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  host = await startBrowserHostApp({
    rendererDir,
    dataDir: mkdtempSync(join(tmpdir(), 'td-hostile-host-')),
    appName: 'Talent Desk',
    appVersion: '0.0.0-test',
    logger: createLogger(() => {}),
    versions: { node: process.versions.node }
  })
  const session = host.newSession()
  // the page's own bridge, its requests sent to the host as the browser would
  const pageFetch = ((url: string, init?: RequestInit) =>
    undiciFetch(`${host.origin}${url}`, {
      ...(init as object),
      headers: { ...(init?.headers as Record<string, string>), origin: host.origin, [SESSION_HEADER]: session }
    })) as unknown as typeof fetch
  page = createHttpBridge(session, pageFetch)
})
afterAll(async () => {
  await host?.close()
  service.closeAllConnections()
  await new Promise((resolve) => service.close(resolve))
})

describe('a hostile service seen from the page', () => {
  it('says the service’s answer could not be read, and the host goes on answering', async () => {
    const baseUrl = `http://127.0.0.1:${(service.address() as AddressInfo).port}`
    const saved = await page.saveConnection({ name: 'Deep', baseUrl } as never)
    if (!saved.ok) throw new Error(saved.error.message)
    const connection = saved.data.connections.find((c) => c.name === 'Deep')!
    const secret = await page.setSecret({
      connectionId: connection.id,
      kind: 'apiKey',
      value: 'a-key-for-the-deep-service',
      sessionOnly: true
    })
    expect(secret.ok).toBe(true)
    await page.setActiveConnection({ id: connection.id })

    const reply = await page.searchProfiles({ requestId: 'req-00000001', request: { name: 'Anna Fischer' } } as never)
    expect(reply.ok).toBe(false)
    if (reply.ok) return
    expect(reply.error.code).toBe('invalid_response')
    expect(reply.error.message).toMatch(
      /^The service’s answer to Match Profiles could not be read: it nests more than 512/
    )
    expect(reply.error.message).not.toMatch(/host/)
    expect((await page.getAppInfo({})).ok).toBe(true)
  })
})
