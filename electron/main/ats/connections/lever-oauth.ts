import { once } from 'node:events'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import * as oauth from 'oauth4webapi'
import { AppError } from '../../../../shared/ipc/errors'
import { isLoopbackUrl } from '../../../../shared/loopback'
import { describeConnectionError } from '../../net/connection-problem'
import type { AtsAuth } from '../ats-client'

/*
 * Lever OAuth, as https://hire.lever.co/developer/oauth documents it (partner apps registered with
 * Lever, a client id and secret issued by Lever): the recruiter's browser goes to
 * `https://auth.lever.co/authorize` with `client_id`, `redirect_uri`, `state`,
 * `response_type=code`, the `scope` list, `prompt=consent` and `audience=https://api.lever.co/v1/`;
 * the code that comes back is exchanged at `https://auth.lever.co/oauth/token` with
 * `grant_type=authorization_code`, `client_id`, `client_secret`, `code` and `redirect_uri`; access
 * tokens expire in one hour; the `offline_access` scope gives a refresh token, used with
 * `grant_type=refresh_token`; calls carry `Authorization: Bearer <access token>`. Lever's page does
 * not mention PKCE; its authorization server (Auth0) accepts `code_challenge` beside the secret, so
 * the desk sends S256 (RFC 7636) too. The code comes back on a loopback redirect (RFC 8252 §7.3):
 * `http://127.0.0.1:<port>/callback`, one request, its state checked, the listener closed after.
 */

/** What the desk asks Lever for: reads for the pull, opportunity and note writes for the send, a refresh token. */
export const LEVER_SCOPES = [
  'offline_access',
  'opportunities:read:admin',
  'opportunities:write:admin',
  'notes:write:admin',
  'postings:read:admin',
  'stages:read:admin',
  'users:read:admin'
] as const
export const LEVER_AUTH_URL = 'https://auth.lever.co'
/** An access token is renewed this long before it expires, so a call never goes out with a dying one. */
export const LEVER_TOKEN_MARGIN_MS = 60_000
/** How long the desk waits for the browser to come back before it gives up on a sign-in. */
export const AUTHORIZE_WAIT_MS = 10 * 60_000

export const REVOKED_MESSAGE =
  'Lever said the authorization was revoked — connect again (Settings → ATS: remove this connection and connect Lever with OAuth).'

/** The tokens and the app they were issued to: kept in the keychain (ats-keys.ts), never in SQLite, never logged. */
export interface LeverOAuthTokens {
  clientId: string
  clientSecret: string
  /** The authorization server's root (https://auth.lever.co, or the Sandbox's fake). */
  authUrl: string
  accessToken: string
  refreshToken: string | null
  /** When the access token expires (ms since the epoch, by the desk's clock). */
  expiresAt: number
}

export interface LeverOAuthDeps {
  /** undici's fetch on the app's dispatcher, answers read within the limits. */
  fetch: typeof fetch
  now: () => number
  /** Told each secret as it is made or read, so the log masks it. */
  mask?: (secret: string) => void
}

/** oauth4webapi's view of Lever's authorization server at `authUrl` (no discovery: Lever publishes none). */
export function leverAuthServer(authUrl: string): oauth.AuthorizationServer {
  const root = new URL(authUrl.endsWith('/') ? authUrl : `${authUrl}/`)
  if (root.protocol !== 'https:' && !(root.protocol === 'http:' && isLoopbackUrl(root)))
    throw new AppError('invalid_input', 'Lever’s authorization address must start with https://.')
  return {
    issuer: root.href,
    authorization_endpoint: new URL('authorize', root).href,
    token_endpoint: new URL('oauth/token', root).href
  }
}

const fetchOptions = (deps: LeverOAuthDeps, as: oauth.AuthorizationServer) => ({
  [oauth.customFetch]: deps.fetch,
  ...(new URL(as.issuer).protocol === 'http:' ? { [oauth.allowInsecureRequests]: true } : {})
})

/** A sign-in under way: where the browser goes, and the tokens once Lever sent the recruiter back. */
export interface LeverAuthorization {
  authorizeUrl: string
  redirectUri: string
  tokens: Promise<LeverOAuthTokens>
  cancel(): void
}

/**
 * Starts a sign-in: a one-shot loopback listener for the redirect, the authorize URL (state and
 * PKCE), then — once the browser comes back with the right state — the code exchanged for tokens.
 * A callback with another state, an error from Lever, a cancel or no answer within
 * AUTHORIZE_WAIT_MS ends it with an AppError; the listener closes either way.
 */
export async function startLeverAuthorization(
  deps: LeverOAuthDeps,
  app: { authUrl: string; apiUrl: string; clientId: string; clientSecret: string },
  waitMs = AUTHORIZE_WAIT_MS
): Promise<LeverAuthorization> {
  const as = leverAuthServer(app.authUrl)
  const client: oauth.Client = { client_id: app.clientId }
  const state = oauth.generateRandomState()
  const verifier = oauth.generateRandomCodeVerifier()
  const challenge = await oauth.calculatePKCECodeChallenge(verifier)
  let settle: { resolve(url: URL): void; reject(error: AppError): void } | null = null
  const callback = new Promise<URL>((resolve, reject) => (settle = { resolve, reject }))
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (req.method !== 'GET' || url.pathname !== '/callback' || settle === null) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found')
      return
    }
    const came = settle
    settle = null
    const good = url.searchParams.get('state') === state && url.searchParams.has('code')
    res
      .writeHead(good ? 200 : 400, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      .end(
        `<!doctype html><html lang="en"><title>Talent Desk</title><p>${
          good
            ? 'Lever answered Talent Desk. You can close this tab and go back to Talent Desk.'
            : 'Talent Desk did not connect Lever: this answer was not for the sign-in it started. Go back to Talent Desk.'
        }</p></html>`
      )
    came.resolve(new URL(url.href))
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const redirectUri = `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback`
  const close = () => {
    server.close()
    server.closeAllConnections()
  }
  const timer = setTimeout(() => {
    settle?.reject(new AppError('timeout', 'Lever did not send the browser back within 10 minutes. Start again.'))
    settle = null
  }, waitMs)
  timer.unref()
  const authorizeUrl = new URL(as.authorization_endpoint as string)
  for (const [name, value] of Object.entries({
    client_id: app.clientId,
    redirect_uri: redirectUri,
    state,
    response_type: 'code',
    scope: LEVER_SCOPES.join(' '),
    prompt: 'consent',
    audience: new URL('/v1/', app.apiUrl).href,
    code_challenge: challenge,
    code_challenge_method: 'S256'
  }))
    authorizeUrl.searchParams.set(name, value)

  const tokens = callback
    .then(async (url) => {
      let params: URLSearchParams
      try {
        params = oauth.validateAuthResponse(as, client, url, state)
      } catch (error) {
        if (error instanceof oauth.AuthorizationResponseError)
          throw new AppError(
            error.error === 'access_denied' ? 'cancelled' : 'unauthorized',
            error.error === 'access_denied'
              ? 'Lever was not allowed to connect (Deny was chosen on Lever’s page). Nothing was connected.'
              : `Lever refused the sign-in (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`,
            { error: error.error }
          )
        throw new AppError(
          'forbidden',
          'The answer that came back was not for the sign-in Talent Desk started (its state did not match), so nothing was connected. Start again.'
        )
      }
      let result: oauth.TokenEndpointResponse
      try {
        const response = await oauth.authorizationCodeGrantRequest(
          as,
          client,
          oauth.ClientSecretPost(app.clientSecret),
          params,
          redirectUri,
          verifier,
          fetchOptions(deps, as)
        )
        result = await oauth.processAuthorizationCodeResponse(as, client, response)
      } catch (error) {
        throw tokenError(error, as)
      }
      return issued(deps, app, result, null)
    })
    .finally(() => {
      clearTimeout(timer)
      close()
    })
  tokens.catch(() => undefined)
  return {
    authorizeUrl: authorizeUrl.href,
    redirectUri,
    tokens,
    cancel: () => {
      settle?.reject(new AppError('cancelled', 'The Lever sign-in was cancelled. Nothing was connected.'))
      settle = null
    }
  }
}

function issued(
  deps: LeverOAuthDeps,
  app: { authUrl: string; clientId: string; clientSecret: string },
  result: oauth.TokenEndpointResponse,
  previousRefresh: string | null
): LeverOAuthTokens {
  if (String(result.token_type).toLowerCase() !== 'bearer')
    throw new AppError('invalid_response', `Lever gave a “${result.token_type}” token; its API takes Bearer tokens.`)
  const refreshToken = typeof result.refresh_token === 'string' ? result.refresh_token : previousRefresh
  deps.mask?.(result.access_token)
  if (refreshToken !== null) deps.mask?.(refreshToken)
  return {
    clientId: app.clientId,
    clientSecret: app.clientSecret,
    authUrl: app.authUrl,
    accessToken: result.access_token,
    refreshToken,
    expiresAt: deps.now() + (typeof result.expires_in === 'number' ? result.expires_in : 3600) * 1000
  }
}

/**
 * A Lever connection's Bearer auth for AtsClient: the access token while it has more than
 * LEVER_TOKEN_MARGIN_MS to live, else a refresh first (callers at the same moment share it); a 401
 * makes the client call `renew()` once. Each new token set is handed to `save` (the keychain) before
 * it is used. A refused refresh (`invalid_grant`: the app was revoked in Lever) is REVOKED_MESSAGE.
 */
export class LeverTokenAuth implements AtsAuth {
  readonly kind = 'oauth' as const
  #tokens: LeverOAuthTokens
  #pending: Promise<string> | null = null
  /** Refreshes made (tests read it). */
  refreshes = 0

  constructor(
    private readonly deps: LeverOAuthDeps & { save: (tokens: LeverOAuthTokens) => Promise<void> },
    tokens: LeverOAuthTokens,
    private readonly marginMs = LEVER_TOKEN_MARGIN_MS
  ) {
    this.#tokens = tokens
    deps.mask?.(tokens.accessToken)
    if (tokens.refreshToken !== null) deps.mask?.(tokens.refreshToken)
  }

  async authorization(): Promise<string> {
    const margin = Math.min(this.marginMs, 30 * 60_000)
    if (this.deps.now() < this.#tokens.expiresAt - margin) return `Bearer ${this.#tokens.accessToken}`
    return `Bearer ${await this.#refresh()}`
  }

  /** The API refused the token (401): a new one — unless a call refused at the same time already got it. */
  async renew(refused: string): Promise<void> {
    if (this.#pending === null && refused !== `Bearer ${this.#tokens.accessToken}`) return
    await this.#refresh()
  }

  #refresh(): Promise<string> {
    this.#pending ??= this.#exchange().finally(() => {
      this.#pending = null
    })
    return this.#pending
  }

  async #exchange(): Promise<string> {
    const current = this.#tokens
    if (current.refreshToken === null)
      throw new AppError(
        'unauthorized',
        'Lever’s access for this connection expired and Lever gave no refresh token (offline_access) — connect again.'
      )
    const as = leverAuthServer(current.authUrl)
    const client: oauth.Client = { client_id: current.clientId }
    let result: oauth.TokenEndpointResponse
    try {
      this.refreshes++
      const response = await oauth.refreshTokenGrantRequest(
        as,
        client,
        oauth.ClientSecretPost(current.clientSecret),
        current.refreshToken,
        fetchOptions(this.deps, as)
      )
      result = await oauth.processRefreshTokenResponse(as, client, response)
    } catch (error) {
      throw tokenError(error, as)
    }
    const next = issued(this.deps, current, result, current.refreshToken)
    await this.deps.save(next)
    this.#tokens = next
    return next.accessToken
  }
}

/** Lever's token endpoint's refusals in the recruiter's words; its own words go in the details. */
function tokenError(error: unknown, as: oauth.AuthorizationServer): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Error && error.cause instanceof AppError) return error.cause
  if (error instanceof oauth.ResponseBodyError) {
    const details = { error: error.error, status: error.status, description: error.error_description ?? null }
    if (error.error === 'invalid_grant') return new AppError('unauthorized', REVOKED_MESSAGE, details)
    if (error.error === 'invalid_client' || error.error === 'access_denied' || error.status === 401)
      return new AppError(
        'unauthorized',
        'Lever did not accept the OAuth app’s client id or client secret. Check both (Lever sends them when it registers the app).',
        details
      )
    return new AppError(
      'server_error',
      `Lever refused the token request (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`,
      details
    )
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError)
    return new AppError(
      'unauthorized',
      'Lever did not accept the OAuth app’s client id or client secret. Check both (Lever sends them when it registers the app).',
      { status: error.status }
    )
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError)
    return new AppError('invalid_response', `Lever’s token answer could not be used (${error.message}).`)
  const advice = (describeConnectionError(error) ?? 'Check the address and your network').replace(/\.$/, '')
  return new AppError(
    'network',
    `Could not reach Lever’s authorization server at ${new URL(as.issuer).origin}. ${advice}.`,
    {
      cause: (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
    }
  )
}
