import * as oauth from 'oauth4webapi'
import { AppError } from '../../../shared/ipc/errors'
import { isLoopbackUrl } from '../../../shared/loopback'
import { describeConnectionError } from '../net/connection-problem'

/** The scope the tool server's tokens carry (spec: Authentication). */
export const TOOL_SCOPE = 'mcp:tools'
/** A token is renewed this long before it expires, so a call never goes out with a dying one. */
export const TOKEN_MARGIN_MS = 60_000

export interface TokenSourceDeps {
  authUrl: string
  mcpUrl: string
  clientId: string
  /** Read at each exchange: a rotated secret is used at once and never kept here. */
  clientSecret: () => Promise<string | null>
  /** undici's fetch on the app's dispatcher. */
  fetch: typeof fetch
  now?: () => number
  marginMs?: number
  /** Told each token issued, so the log masks it should it ever appear in a message. */
  mask?: (token: string) => void
}

/**
 * The tool server's access token: OAuth 2.0 client credentials (oauth4webapi), form-encoded to
 * `{authUrl}/api/oauth/token` with `client_secret_post`, `scope=mcp:tools` and
 * `resource={mcpUrl}`; no discovery. Kept in memory only, until `expires_in` minus a margin;
 * callers at the same moment share one request. Never logged, never stored.
 */
export class TokenSource {
  readonly #deps: TokenSourceDeps
  readonly #as: oauth.AuthorizationServer
  readonly #insecureAllowed: boolean
  #token: { value: string; expiresAt: number } | null = null
  #pending: Promise<string> | null = null
  /** Exchanges made (tests and the connection test read it). */
  exchanges = 0

  constructor(deps: TokenSourceDeps) {
    this.#deps = deps
    const auth = new URL(deps.authUrl.endsWith('/') ? deps.authUrl : `${deps.authUrl}/`)
    if (auth.protocol !== 'https:' && !(auth.protocol === 'http:' && isLoopbackUrl(auth))) {
      throw new AppError(
        'invalid_input',
        'The authorization address must start with https:// (plain http:// only for this computer). Check the Auth URL in Settings → Connections.'
      )
    }
    this.#insecureAllowed = auth.protocol === 'http:'
    this.#as = { issuer: auth.href, token_endpoint: new URL('api/oauth/token', auth).href }
  }

  /** A valid token: the cached one, the one being fetched, or a new one. */
  async token(): Promise<string> {
    const now = (this.#deps.now ?? Date.now)()
    if (this.#token !== null && now < this.#token.expiresAt) return this.#token.value
    this.#pending ??= this.#exchange().finally(() => {
      this.#pending = null
    })
    return this.#pending
  }

  /** Forgets the token (a 401 from the tool server, a rotated secret). */
  drop(): void {
    this.#token = null
  }

  async #exchange(): Promise<string> {
    const secret = await this.#deps.clientSecret()
    if (secret === null || secret === '') {
      throw new AppError(
        'unauthorized',
        'This connection has no client secret yet. Add it in Settings → Connections to use the tool server.'
      )
    }
    const client: oauth.Client = { client_id: this.#deps.clientId }
    const options = {
      [oauth.customFetch]: this.#deps.fetch,
      ...(this.#insecureAllowed ? { [oauth.allowInsecureRequests]: true } : {})
    }
    let result: oauth.TokenEndpointResponse
    try {
      this.exchanges += 1
      const response = await oauth.clientCredentialsGrantRequest(
        this.#as,
        client,
        oauth.ClientSecretPost(secret),
        new URLSearchParams({ scope: TOOL_SCOPE, resource: this.#deps.mcpUrl }),
        options
      )
      result = await oauth.processClientCredentialsResponse(this.#as, client, response)
    } catch (error) {
      throw tokenError(error, this.#as.token_endpoint as string)
    }
    // oauth4webapi lowercases token_type; compared without regard to case all the same (RFC 6749 §5.1)
    if (String(result.token_type).toLowerCase() !== 'bearer') {
      throw new AppError(
        'invalid_response',
        `The authorization server gave a “${result.token_type}” token; the tool server needs a Bearer token.`
      )
    }
    const lifetimeMs = (typeof result.expires_in === 'number' ? result.expires_in : 3600) * 1000
    const margin = Math.min(this.#deps.marginMs ?? TOKEN_MARGIN_MS, lifetimeMs / 2)
    this.#deps.mask?.(result.access_token)
    this.#token = { value: result.access_token, expiresAt: (this.#deps.now ?? Date.now)() + lifetimeMs - margin }
    return result.access_token
  }
}

/** RFC 6749 errors as what to check; the token endpoint's own words go in the details. */
function tokenError(error: unknown, endpoint: string): AppError {
  // an answer refused while it was read (too large, too deep, past the deadline: net/limited-fetch.ts)
  if (error instanceof AppError) return error
  if (error instanceof Error && error.cause instanceof AppError) return error.cause
  if (error instanceof oauth.ResponseBodyError) {
    const details = { error: error.error, status: error.status, description: error.error_description ?? null }
    switch (error.error) {
      case 'invalid_client':
        return new AppError(
          'unauthorized',
          'The authorization server did not accept the client id or client secret. Check both in Settings → Connections.',
          details
        )
      case 'invalid_scope':
        return new AppError(
          'forbidden',
          `The authorization server refused the scope ${TOOL_SCOPE}. Ask your provider to allow it for this client id.`,
          details
        )
      case 'invalid_target':
        return new AppError(
          'invalid_input',
          'The authorization server does not issue tokens for this tool server address. Check the MCP URL in Settings → Connections.',
          details
        )
      default:
        return new AppError(
          'server_error',
          `The authorization server refused the token request (${error.error}${error.error_description ? `: ${error.error_description}` : ''}).`,
          details
        )
    }
  }
  if (error instanceof oauth.WWWAuthenticateChallengeError) {
    // a 401 with WWW-Authenticate (RFC 6749 §5.2 allows it for invalid_client)
    const challenge = error.cause[0]
    const code = challenge?.parameters.error ?? (error.status === 401 ? 'invalid_client' : 'invalid_request')
    if (code === 'invalid_client' || error.status === 401) {
      return new AppError(
        'unauthorized',
        'The authorization server did not accept the client id or client secret. Check both in Settings → Connections.',
        { error: code, status: error.status }
      )
    }
    return new AppError('server_error', `The authorization server refused the token request (${code}).`, {
      error: code,
      status: error.status
    })
  }
  if (error instanceof oauth.OperationProcessingError || error instanceof oauth.UnsupportedOperationError) {
    return new AppError(
      'invalid_response',
      `The authorization server's answer could not be used (${error.message}). Check the Auth URL in Settings → Connections.`
    )
  }
  const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message
  // a certificate or proxy problem says what it is; anything else: check the address and the network
  const advice = (describeConnectionError(error) ?? 'Check the Auth URL and your network').replace(/\.$/, '')
  return new AppError(
    'network',
    `Could not reach the authorization server at ${new URL(endpoint).origin}. ${advice}.`,
    {
      cause
    }
  )
}
