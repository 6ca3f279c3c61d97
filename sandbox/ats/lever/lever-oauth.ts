import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '../../server/clock'
import { sendBody, sendJson } from '../../server/http/respond'

/** Lever's API audience (its OAuth page: `audience=https://api.lever.co/v1/`). */
export const LEVER_AUDIENCE = 'https://api.lever.co/v1/'
/** Access tokens live one hour (Lever's OAuth page); codes a few minutes. */
export const ACCESS_TOKEN_SECONDS = 3600
export const CODE_TTL_MS = 10 * 60_000
/** The query flag that approves at once instead of showing the consent form (the fake's own). */
export const FAKE_APPROVE_FLAG = 'fake_approve'

export interface LeverOAuthClient {
  clientId: string
  clientSecret: string
}

interface Code {
  clientId: string
  redirectUri: string
  scope: string
  challenge: string | null
  expiresAt: number
  used: boolean
  /** The refresh token issued from it (revoked if the code is replayed, RFC 6749 §4.1.2). */
  refresh: string | null
}

interface Grant {
  clientId: string
  scope: string
  revoked: boolean
}

/** What an access token lets a caller do on the API. */
export interface Bearer {
  clientId: string
  mayWrite: boolean
}

class Problem {
  constructor(
    readonly status: number,
    readonly error: string,
    readonly description: string
  ) {}
}
const problem = (status: number, error: string, description: string) => new Problem(status, error, description)

const token = (prefix: string) => `${prefix}_${randomBytes(24).toString('base64url')}`

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A loopback redirect (RFC 8252 §7.3: any port), or one of the client's registered addresses. */
function redirectAllowed(uri: string): boolean {
  try {
    const url = new URL(uri)
    return url.protocol === 'http:' && url.hostname === '127.0.0.1' && url.pathname === '/callback' && url.hash === ''
  } catch {
    return false
  }
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * Lever's authorization server (auth.lever.co), faked on the Lever fake's own port: the OAuth 2.0
 * authorization-code flow as https://hire.lever.co/developer/oauth documents it — `GET /authorize`
 * with `client_id`, `redirect_uri`, `state`, `response_type=code`, `scope` (space-separated; the
 * `offline_access` scope gives a refresh token), `prompt=consent` and `audience`; `POST
 * /oauth/token` with `grant_type=authorization_code` (`client_id`, `client_secret`, `code`,
 * `redirect_uri`) or `grant_type=refresh_token`; access tokens expire after an hour and the API
 * takes them as `Authorization: Bearer`. PKCE (`code_challenge`, S256) is checked when sent.
 *
 * The fake's own parts: the consent page is a small form (Allow / Deny) a test can submit, or
 * `fake_approve=1` on the authorize URL approves at once; redirect URIs are any loopback
 * `http://127.0.0.1:<port>/callback`; `revokeAll()` is the Super Admin revoking the app in Lever's
 * settings (every refresh and access token refused from then on).
 */
export class LeverOAuthServer {
  readonly #codes = new Map<string, Code>()
  readonly #grants = new Map<string, Grant>()
  readonly #access = new Map<string, { grant: Grant; expiresAt: number }>()
  /** Token requests answered (tests read how many refreshes were made). */
  readonly counts = { codes: 0, refreshes: 0 }

  constructor(
    private readonly client: LeverOAuthClient,
    private readonly clock: Clock,
    /** The fake API's own audience (its base URL + /v1/), taken beside Lever's. */
    private readonly ownAudience: () => string
  ) {}

  /** Every token issued so far refused from now on (the app was revoked in Lever). */
  revokeAll(): void {
    for (const grant of this.#grants.values()) grant.revoked = true
  }

  /** The API's view of an `Authorization: Bearer` token: what it may do, or why it is refused. */
  bearer(value: string): Bearer | 'expired' | 'invalid' {
    const access = this.#access.get(value)
    if (access === undefined || access.grant.revoked) return 'invalid'
    if (this.clock.now() >= access.expiresAt) return 'expired'
    return {
      clientId: access.grant.clientId,
      mayWrite: access.grant.scope.split(' ').includes('opportunities:write:admin')
    }
  }

  /** Answers `/authorize` and `/oauth/token`; false for any other path (the API's). */
  async handle(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
    if (url.pathname === '/authorize') {
      if (req.method === 'GET')
        this.#authorize(res, url.searchParams, url.searchParams.get(FAKE_APPROVE_FLAG) === '1' ? 'allow' : null)
      else if (req.method === 'POST') {
        const form = new URLSearchParams(await readText(req))
        this.#authorize(res, form, form.get('decision') === 'allow' ? 'allow' : 'deny')
      } else sendJson(res, 405, { error: 'invalid_request', error_description: 'GET or POST' })
      return true
    }
    if (url.pathname === '/oauth/token') {
      if (req.method !== 'POST') sendJson(res, 405, { error: 'invalid_request', error_description: 'POST only' })
      else await this.#token(req, res)
      return true
    }
    return false
  }

  #authorize(res: ServerResponse, query: URLSearchParams, decision: 'allow' | 'deny' | null): void {
    const redirectUri = query.get('redirect_uri') ?? ''
    // an unknown client or redirect is said on the page, never redirected to (RFC 6749 §4.1.2.1)
    if (query.get('client_id') !== this.client.clientId || !redirectAllowed(redirectUri)) {
      sendBody(res, 400, '<!doctype html><title>Lever</title><p>Unknown client_id or redirect_uri.</p>', {
        'content-type': 'text/html; charset=utf-8'
      })
      return
    }
    const back = new URL(redirectUri)
    const state = query.get('state')
    if (state !== null) back.searchParams.set('state', state)
    const refuse = (error: string, description: string) => {
      back.searchParams.set('error', error)
      back.searchParams.set('error_description', description)
      res.writeHead(302, { location: back.href }).end()
    }
    if (query.get('response_type') !== 'code') return refuse('unsupported_response_type', 'response_type must be code')
    const audience = query.get('audience')
    if (audience !== LEVER_AUDIENCE && audience !== this.ownAudience())
      return refuse('invalid_request', `audience must be ${LEVER_AUDIENCE}`)
    const method = query.get('code_challenge_method')
    const challenge = query.get('code_challenge')
    if (challenge !== null && method !== 'S256') return refuse('invalid_request', 'code_challenge_method must be S256')
    const scope = (query.get('scope') ?? '').trim()
    if (decision === null) {
      sendBody(res, 200, consentPage(query, scope), { 'content-type': 'text/html; charset=utf-8' })
      return
    }
    if (decision === 'deny') return refuse('access_denied', 'The user denied access')
    const code = token('code')
    this.#codes.set(code, {
      clientId: this.client.clientId,
      redirectUri,
      scope,
      challenge,
      expiresAt: this.clock.now() + CODE_TTL_MS,
      used: false,
      refresh: null
    })
    back.searchParams.set('code', code)
    res.writeHead(302, { location: back.href }).end()
  }

  async #token(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = this.#grant(await readParams(req), basicClient(req))
    if (answer instanceof Problem) {
      sendJson(
        res,
        answer.status,
        { error: answer.error, error_description: answer.description },
        { 'cache-control': 'no-store' }
      )
      return
    }
    sendJson(res, 200, answer, { 'cache-control': 'no-store', pragma: 'no-cache' })
  }

  #grant(params: URLSearchParams, basic: LeverOAuthClient | null): Problem | Record<string, unknown> {
    const clientId = basic?.clientId ?? params.get('client_id') ?? ''
    const secret = basic?.clientSecret ?? params.get('client_secret') ?? ''
    if (!sameText(clientId, this.client.clientId) || !sameText(secret, this.client.clientSecret))
      return problem(401, 'access_denied', 'Unauthorized')
    const type = params.get('grant_type')
    if (type === 'authorization_code') {
      const value = params.get('code') ?? ''
      const code = this.#codes.get(value)
      if (code === undefined) return problem(403, 'invalid_grant', 'Invalid authorization code')
      if (code.used) {
        // a replayed code: what it gave is withdrawn too
        const grant = code.refresh === null ? undefined : this.#grants.get(code.refresh)
        if (grant !== undefined) grant.revoked = true
        return problem(403, 'invalid_grant', 'Invalid authorization code')
      }
      code.used = true
      if (this.clock.now() >= code.expiresAt) return problem(403, 'invalid_grant', 'Authorization code expired')
      if (params.get('redirect_uri') !== code.redirectUri)
        return problem(403, 'invalid_grant', 'redirect_uri does not match the authorize request')
      if (code.challenge !== null) {
        const verifier = params.get('code_verifier') ?? ''
        if (createHash('sha256').update(verifier).digest('base64url') !== code.challenge)
          return problem(403, 'invalid_grant', 'Failed to verify code verifier')
      }
      this.counts.codes++
      const grant: Grant = { clientId, scope: code.scope, revoked: false }
      const issued = this.#issue(grant)
      if (code.scope.split(' ').includes('offline_access')) {
        const refresh = token('refresh')
        this.#grants.set(refresh, grant)
        code.refresh = refresh
        return { ...issued, refresh_token: refresh }
      }
      return issued
    }
    if (type === 'refresh_token') {
      const grant = this.#grants.get(params.get('refresh_token') ?? '')
      if (grant === undefined || grant.revoked || grant.clientId !== clientId)
        return problem(403, 'invalid_grant', 'Unknown or invalid refresh token.')
      this.counts.refreshes++
      return this.#issue(grant)
    }
    return problem(400, 'unsupported_grant_type', 'grant_type must be authorization_code or refresh_token')
  }

  #issue(grant: Grant): Record<string, unknown> {
    const access = token('access')
    this.#access.set(access, { grant, expiresAt: this.clock.now() + ACCESS_TOKEN_SECONDS * 1000 })
    return { access_token: access, token_type: 'Bearer', expires_in: ACCESS_TOKEN_SECONDS, scope: grant.scope }
  }
}

function consentPage(query: URLSearchParams, scope: string): string {
  const hidden = [...query.entries()]
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('')
  const scopes = scope
    .split(' ')
    .filter(Boolean)
    .map((s) => `<li>${escapeHtml(s)}</li>`)
    .join('')
  return `<!doctype html><html lang="en"><title>Authorize — Lever (Sandbox)</title><h1>Allow Talent Desk to use your Lever?</h1><ul>${scopes}</ul><form method="post" action="/authorize">${hidden}<button name="decision" value="allow">Allow</button> <button name="decision" value="deny">Deny</button></form></html>`
}

async function readText(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > 64 * 1024) break
    chunks.push(chunk as Buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

/** A token request's parameters: form-encoded (as oauth4webapi sends) or JSON (as Lever's examples). */
async function readParams(req: IncomingMessage): Promise<URLSearchParams> {
  const text = await readText(req)
  if ((req.headers['content-type'] ?? '').startsWith('application/json')) {
    try {
      const body = JSON.parse(text) as Record<string, unknown>
      return new URLSearchParams(
        Object.entries(body).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []))
      )
    } catch {
      return new URLSearchParams()
    }
  }
  return new URLSearchParams(text)
}

function basicClient(req: IncomingMessage): LeverOAuthClient | null {
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(req.headers.authorization ?? '')
  if (m === null) return null
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) return null
  return {
    clientId: decodeURIComponent(decoded.slice(0, colon)),
    clientSecret: decodeURIComponent(decoded.slice(colon + 1))
  }
}
