import { createHash } from 'node:crypto'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../sandbox/index'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'

// The fake Lever's authorization server over real HTTP (sandbox/ats/lever/lever-oauth.ts): the
// consent form and its query flag, the code exchange (once, in time, same redirect, PKCE), refresh,
// revocation, and the API taking Bearer tokens until they expire.
const clock = new ManualClock()
let fakes: RunningAtsFakes
let lever: RunningAtsFakes['lever']
const redirectUri = 'http://127.0.0.1:45678/callback'

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 5, clock, fromProfiles: 200, leverRateLimit: 1000 })
  lever = fakes.lever
})
afterAll(async () => fakes.close())

function authorizeUrl(extra: Record<string, string> = {}): string {
  const url = new URL('/authorize', lever.oauth.authUrl)
  for (const [k, v] of Object.entries({
    client_id: lever.oauth.clientId,
    redirect_uri: redirectUri,
    state: 'st-1',
    response_type: 'code',
    scope: 'offline_access opportunities:read:admin opportunities:write:admin users:read:admin',
    prompt: 'consent',
    audience: 'https://api.lever.co/v1/',
    ...extra
  }))
    url.searchParams.set(k, v)
  return url.href
}

async function token(params: Record<string, string>) {
  const res = await request(`${lever.oauth.authUrl}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      client_id: lever.oauth.clientId,
      client_secret: lever.oauth.clientSecret,
      ...params
    }).toString()
  })
  return { status: res.statusCode, body: (await res.body.json()) as Record<string, string | number> }
}

async function codeFor(extra: Record<string, string> = {}): Promise<string> {
  const res = await request(authorizeUrl({ fake_approve: '1', ...extra }))
  await res.body.dump()
  expect(res.statusCode).toBe(302)
  const back = new URL(String(res.headers.location))
  expect(back.searchParams.get('state')).toBe(extra['state'] ?? 'st-1')
  return back.searchParams.get('code')!
}

const me = (accessToken: string) =>
  request(`${lever.baseUrl}/v1/users/${lever.userId}`, { headers: { authorization: `Bearer ${accessToken}` } })

describe('fake Lever OAuth', () => {
  it('shows a consent form whose Allow redirects with a code and the state, and Deny with access_denied', async () => {
    const page = await request(authorizeUrl())
    const html = await page.body.text()
    expect(page.statusCode).toBe(200)
    expect(html).toContain('offline_access')
    expect(html).toContain('<button name="decision" value="allow">')
    const form = new URLSearchParams(
      [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [m[1]!, m[2]!])
    )
    for (const decision of ['allow', 'deny']) {
      form.set('decision', decision)
      const res = await request(`${lever.oauth.authUrl}/authorize`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form.toString()
      })
      await res.body.dump()
      expect(res.statusCode).toBe(302)
      const back = new URL(String(res.headers.location))
      expect(back.origin + back.pathname).toBe(redirectUri)
      expect(back.searchParams.get('state')).toBe('st-1')
      if (decision === 'allow') expect(back.searchParams.get('code')).toMatch(/^code_/)
      else expect(back.searchParams.get('error')).toBe('access_denied')
    }
    // an unknown client or a redirect elsewhere is said on the page, never followed
    const bads: Record<string, string>[] = [
      { client_id: 'someone-else' },
      { redirect_uri: 'https://evil.example/callback' }
    ]
    for (const bad of bads) {
      const res = await request(authorizeUrl({ fake_approve: '1', ...bad }))
      await res.body.dump()
      expect(res.statusCode).toBe(400)
    }
  })

  it('exchanges a code once for an hour’s Bearer token and a refresh token; a replayed code is invalid_grant', async () => {
    const code = await codeFor()
    const first = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
    expect(first.status).toBe(200)
    expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
    expect(first.body['refresh_token']).toMatch(/^refresh_/)
    const again = await token({ grant_type: 'authorization_code', code, redirect_uri: redirectUri })
    expect(again.status).toBe(403)
    expect(again.body['error']).toBe('invalid_grant')
    // the replay withdrew what the code gave
    const refreshed = await token({ grant_type: 'refresh_token', refresh_token: String(first.body['refresh_token']) })
    expect(refreshed.body['error']).toBe('invalid_grant')
    // wrong client secret, wrong redirect
    const other = await codeFor()
    expect(
      (await token({ grant_type: 'authorization_code', code: other, redirect_uri: redirectUri, client_secret: 'x' }))
        .status
    ).toBe(401)
    const moved = await token({
      grant_type: 'authorization_code',
      code: await codeFor(),
      redirect_uri: 'http://127.0.0.1:1/callback'
    })
    expect(moved.body['error']).toBe('invalid_grant')
  })

  it('refuses an expired code, checks PKCE when a challenge was sent, and omits the refresh token without offline_access', async () => {
    const late = await codeFor()
    clock.advance(10 * 60_000)
    expect(
      (await token({ grant_type: 'authorization_code', code: late, redirect_uri: redirectUri })).body
    ).toMatchObject({
      error: 'invalid_grant',
      error_description: 'Authorization code expired'
    })
    const verifier = 'v'.repeat(50)
    const challenge = createHash('sha256').update(verifier).digest('base64url')
    const pkce = { code_challenge: challenge, code_challenge_method: 'S256' }
    const wrong = await token({
      grant_type: 'authorization_code',
      code: await codeFor(pkce),
      redirect_uri: redirectUri,
      code_verifier: 'w'.repeat(50)
    })
    expect(wrong.body['error']).toBe('invalid_grant')
    const right = await token({
      grant_type: 'authorization_code',
      code: await codeFor({ ...pkce, scope: 'opportunities:read:admin' }),
      redirect_uri: redirectUri,
      code_verifier: verifier
    })
    expect(right.status).toBe(200)
    expect(right.body['refresh_token']).toBeUndefined()
  })

  it('takes the Bearer token on the API until it expires (401), refreshes, and refuses all once the app is revoked', async () => {
    const issued = await token({ grant_type: 'authorization_code', code: await codeFor(), redirect_uri: redirectUri })
    const access = String(issued.body['access_token'])
    const ok = await me(access)
    expect(ok.statusCode).toBe(200)
    await ok.body.dump()
    clock.advance(3600 * 1000)
    const expired = await me(access)
    expect(expired.statusCode).toBe(401)
    expect(expired.headers['www-authenticate']).toContain('error="invalid_token"')
    expect(await expired.body.json()).toEqual({ code: 'UnauthorizedError', message: 'Access token expired' })
    const renewed = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body['refresh_token']) })
    expect(renewed.status).toBe(200)
    const fresh = await me(String(renewed.body['access_token']))
    expect(fresh.statusCode).toBe(200)
    await fresh.body.dump()
    lever.oauth.server.revokeAll()
    const refused = await token({ grant_type: 'refresh_token', refresh_token: String(issued.body['refresh_token']) })
    expect(refused).toEqual({
      status: 403,
      body: { error: 'invalid_grant', error_description: 'Unknown or invalid refresh token.' }
    })
    const gone = await me(String(renewed.body['access_token']))
    expect(gone.statusCode).toBe(401)
    await gone.body.dump()
  })
})
