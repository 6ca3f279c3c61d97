import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { createInterface } from 'node:readline'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { until } from '../until'

describe('npm run sandbox (sandbox/cli.ts)', () => {
  it('prints one JSON line, serves on 127.0.0.1, expires tokens on the real clock, stops on SIGTERM', async () => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'sandbox/cli.ts', '--profiles', '300', '--seed', '5', '--token-ttl', '1', '--credits', '3'],
      {
        stdio: ['ignore', 'pipe', 'inherit']
      }
    )
    const lines = createInterface({ input: child.stdout! })
    const [first] = (await once(lines, 'line')) as [string]
    const info = JSON.parse(first)
    expect(Object.keys(info).sort()).toEqual(
      [
        'apiKey',
        'authUrl',
        'baseUrl',
        'clientId',
        'clientSecret',
        'legacyClientId',
        'legacyClientSecret',
        'mcpUrl',
        'greenhouse',
        'lever'
      ].sort()
    )
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // the fake Greenhouse and Lever, each on its own loopback port, with the printed keys
    for (const [ats, path] of [
      [info.greenhouse, '/v1/candidates?per_page=1'],
      [info.lever, '/v1/opportunities?limit=1']
    ] as const) {
      expect(ats.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
      expect(ats.baseUrl).not.toBe(info.baseUrl)
      const answer = await request(`${ats.baseUrl}${path}`, {
        headers: { authorization: `Basic ${Buffer.from(`${ats.apiKey}:`).toString('base64')}` }
      })
      expect(answer.statusCode).toBe(200)
      await answer.body.dump()
    }
    expect(info.mcpUrl).toBe(`${info.baseUrl}/mcp`)

    const contacts = await request(`${info.baseUrl}/api/Contacts/GetPremiumContacts`, {
      method: 'POST',
      headers: { 'api-key': info.apiKey, 'content-type': 'application/json' },
      body: '[]'
    })
    expect(contacts.statusCode).toBe(200)
    expect(((await contacts.body.json()) as { count: { available: number } }).count.available).toBe(3)

    const tokenRes = await request(`${info.authUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: info.clientId,
        client_secret: info.clientSecret,
        scope: 'mcp:tools',
        resource: info.mcpUrl
      }).toString()
    })
    const token = (await tokenRes.body.json()) as { access_token: string; expires_in: number }
    expect(token.expires_in).toBe(1)
    const ping = async () => {
      const res = await request(info.mcpUrl, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token.access_token}`,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream'
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } }
        })
      })
      await res.body.text()
      return res.statusCode
    }
    expect(await ping()).toBe(200)
    // the token lives one second: the server refuses it once that second is over
    expect(await until(ping, (status) => status === 401, 5_000)).toBe(401)

    child.kill('SIGTERM')
    const [code] = await once(child, 'exit')
    expect(code).toBe(0)
  })

  it('refuses a bad flag with exit code 2', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/cli.ts', '--faults', 'teapot=1'], {
      stdio: ['ignore', 'ignore', 'pipe']
    })
    let err = ''
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()))
    const [code] = await once(child, 'exit')
    expect(code).toBe(2)
    expect(err).toContain('teapot')
  })
})
