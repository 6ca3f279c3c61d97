import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { oauthErrorSchema, tokenResponseSchema } from '../../../shared/api'
import { startTestSandbox } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
let sb: Sandbox
beforeAll(async () => {
  sb = await startTestSandbox({ tokenTtlSeconds: 2 })
})
afterAll(() => sb.close())

async function token(fields: Record<string, string>, init: { contentType?: string; authorization?: string } = {}) {
  const res = await request(`${sb.authUrl}/api/oauth/token`, {
    method: 'POST',
    headers: {
      'content-type': init.contentType ?? 'application/x-www-form-urlencoded',
      ...(init.authorization ? { authorization: init.authorization } : {})
    },
    body: new URLSearchParams(fields).toString()
  })
  return { status: res.statusCode, headers: res.headers, body: (await res.body.json()) as Record<string, unknown> }
}

const good = () => ({
  grant_type: 'client_credentials',
  client_id: sb.clientId,
  client_secret: sb.clientSecret,
  scope: 'mcp:tools',
  resource: sb.mcpUrl
})

describe('POST /api/oauth/token', () => {
  it('issues a bearer token with the configured lifetime, not cacheable', async () => {
    const res = await token(good())
    expect(res.status).toBe(200)
    const body = tokenResponseSchema.parse(res.body)
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 2, scope: 'mcp:tools' })
    expect(res.headers['cache-control']).toBe('no-store')
  })
  it('issues different tokens on each request, for the legacy credential too', async () => {
    const a = await token(good())
    const b = await token({ ...good(), client_id: sb.legacyClientId, client_secret: sb.legacyClientSecret })
    expect(b.status).toBe(200)
    expect(a.body['access_token']).not.toBe(b.body['access_token'])
  })
  it('accepts HTTP Basic client authentication (RFC 6749 §2.3.1)', async () => {
    const { client_id, client_secret, ...rest } = good()
    const basic = Buffer.from(`${encodeURIComponent(client_id)}:${encodeURIComponent(client_secret)}`).toString(
      'base64'
    )
    const res = await token(rest, { authorization: `Basic ${basic}` })
    expect(res.status).toBe(200)
  })

  const cases: [string, () => Record<string, string>, number, string][] = [
    ['a wrong secret', () => ({ ...good(), client_secret: 'nope' }), 401, 'invalid_client'],
    ['an unknown client', () => ({ ...good(), client_id: 'who' }), 401, 'invalid_client'],
    ['no client credentials', () => ({ grant_type: 'client_credentials', scope: 'mcp:tools' }), 401, 'invalid_client'],
    ['no grant_type', () => ({ ...good(), grant_type: '' }), 400, 'invalid_request'],
    ['another grant_type', () => ({ ...good(), grant_type: 'password' }), 400, 'unsupported_grant_type'],
    ['an unknown scope', () => ({ ...good(), scope: 'admin' }), 400, 'invalid_scope'],
    ['another resource', () => ({ ...good(), resource: 'http://127.0.0.1:1/mcp' }), 400, 'invalid_target']
  ]
  it.each(cases)('refuses %s', async (_name, fields, status, error) => {
    const res = await token(fields())
    expect(res.status).toBe(status)
    const body = oauthErrorSchema.parse(res.body)
    expect(body.error).toBe(error)
    expect(body.error_description).toBeTruthy()
    if (status === 401) expect(res.headers['www-authenticate']).toMatch(/^Basic /)
  })
  it('refuses a JSON body with invalid_request', async () => {
    const res = await request(`${sb.authUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(good())
    })
    expect(res.statusCode).toBe(400)
    expect(((await res.body.json()) as { error: string }).error).toBe('invalid_request')
  })
  it('refuses a repeated parameter with invalid_request', async () => {
    const body = `${new URLSearchParams(good()).toString()}&scope=mcp:tools`
    const res = await request(`${sb.authUrl}/api/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body
    })
    expect(res.statusCode).toBe(400)
    expect(((await res.body.json()) as { error: string }).error).toBe('invalid_request')
  })
})
