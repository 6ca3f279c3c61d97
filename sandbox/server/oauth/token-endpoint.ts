import type { IncomingMessage, ServerResponse } from 'node:http'
import contentType from 'content-type'
import { timingSafeEqual } from 'node:crypto'
import { tokenRequestSchema } from '../../../shared/api'
import { readRawBody } from '../http/body'
import { sendJson } from '../http/respond'
import type { ClientCredential } from './principals'
import type { TokenStore } from './token-store'

export const toolScope = 'mcp:tools'

/** RFC 6749 §5.2 error codes, plus invalid_target from RFC 8707. */
type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'invalid_target'

class OAuthFailure extends Error {
  constructor(
    readonly code: OAuthErrorCode,
    message: string,
    readonly basicChallenge = false
  ) {
    super(message)
  }
}

const noStore = { 'cache-control': 'no-store', pragma: 'no-cache' }

const sameSecret = (a: string, b: string): boolean => {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

function basicCredentials(req: IncomingMessage): { id: string; secret: string } | undefined {
  const header = req.headers.authorization
  if (!header) return undefined
  const m = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header)
  if (!m) throw new OAuthFailure('invalid_client', 'Unsupported client authentication scheme', true)
  const decoded = Buffer.from(m[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon < 0) throw new OAuthFailure('invalid_client', 'Malformed Basic credentials', true)
  // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
  return { id: decodeURIComponent(decoded.slice(0, colon)), secret: decodeURIComponent(decoded.slice(colon + 1)) }
}

/**
 * POST /api/oauth/token: the client-credentials grant (RFC 6749 §4.4) with the resource
 * indicator of RFC 8707. 400 for request errors, 401 for client authentication failures.
 */
export function createTokenEndpoint(options: {
  clients: ClientCredential[]
  tokens: TokenStore
  mcpUrl: () => string
}) {
  return async function handleToken(req: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      if (req.method !== 'POST') {
        req.resume()
        res.setHeader('allow', 'POST')
        sendJson(res, 405, { error: 'invalid_request', error_description: 'Use POST' }, noStore)
        return
      }
      let type = ''
      try {
        type = contentType.parse(req.headers['content-type'] ?? '').type
      } catch {
        /* reported below */
      }
      const raw = (await readRawBody(req, 64 * 1024)).toString('utf8')
      if (type !== 'application/x-www-form-urlencoded') {
        throw new OAuthFailure('invalid_request', 'The body must be application/x-www-form-urlencoded')
      }
      const form = new URLSearchParams(raw)
      const fields: Record<string, string> = {}
      for (const [name, value] of form) {
        if (value === '') continue // §3.1: parameters sent without a value are treated as omitted
        if (name in fields) throw new OAuthFailure('invalid_request', `Parameter "${name}" is repeated`)
        fields[name] = value
      }
      if (!fields['grant_type']) throw new OAuthFailure('invalid_request', 'Missing grant_type')
      if (fields['grant_type'] !== 'client_credentials') {
        throw new OAuthFailure(
          'unsupported_grant_type',
          `grant_type "${fields['grant_type']}" is not supported; use client_credentials`
        )
      }
      const basic = basicCredentials(req)
      if (basic && (fields['client_id'] || fields['client_secret'])) {
        throw new OAuthFailure(
          'invalid_request',
          'Use one client authentication method, not both Basic and form fields'
        )
      }
      const id = basic?.id ?? fields['client_id']
      const secret = basic?.secret ?? fields['client_secret']
      if (!id || !secret)
        throw new OAuthFailure(
          'invalid_client',
          'Client authentication is required (client_id and client_secret)',
          !!basic
        )
      const client = options.clients.find((c) => c.clientId === id)
      if (!client || !sameSecret(client.clientSecret, secret)) {
        throw new OAuthFailure('invalid_client', 'Unknown client or wrong client secret', !!basic)
      }
      const scopes = (fields['scope'] ?? toolScope).split(' ').filter(Boolean)
      const unknownScope = scopes.find((s) => s !== toolScope)
      if (unknownScope)
        throw new OAuthFailure('invalid_scope', `Scope "${unknownScope}" is not available; use ${toolScope}`)
      const mcpUrl = options.mcpUrl()
      const resource = fields['resource'] ?? mcpUrl
      if (resource !== mcpUrl) throw new OAuthFailure('invalid_target', `Unknown resource "${resource}"; use ${mcpUrl}`)
      tokenRequestSchema.parse({ ...fields, client_id: id, client_secret: secret })
      const { accessToken, expiresIn } = options.tokens.issue(client.principal, resource)
      sendJson(
        res,
        200,
        { access_token: accessToken, token_type: 'Bearer', expires_in: expiresIn, scope: toolScope },
        noStore
      )
    } catch (error) {
      if (!(error instanceof OAuthFailure)) throw error
      const status = error.code === 'invalid_client' ? 401 : 400
      const headers: Record<string, string> = { ...noStore }
      if (status === 401) headers['www-authenticate'] = 'Basic realm="talent-desk-sandbox", charset="UTF-8"'
      if (!req.readableEnded) req.resume()
      sendJson(res, status, { error: error.code, error_description: error.message }, headers)
    }
  }
}
