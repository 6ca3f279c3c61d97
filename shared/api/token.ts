import { z } from 'zod'

// OAuth 2.0 client-credentials exchange of the tool server (RFC 6749 §4.4, resource per RFC 8707).

/**
 * Form fields of POST {auth_url}/api/oauth/token. Not strict: RFC 6749 §3.2 says the server
 * MUST ignore unrecognized parameters, so extra fields are stripped rather than rejected.
 * scope and resource are optional in the RFCs; the spec's client sends `mcp:tools` and the
 * tool-server URL.
 */
export const tokenRequestSchema = z.object({
  grant_type: z.literal('client_credentials'),
  client_id: z.string().min(1),
  client_secret: z.string().min(1),
  scope: z.string().optional(),
  resource: z.string().optional()
})
export type TokenRequest = z.infer<typeof tokenRequestSchema>

/**
 * Successful token response. access_token and token_type are REQUIRED by RFC 6749 §5.1;
 * token_type is case-insensitive (§5.1, §7.1), so "bearer" is accepted and kept as sent.
 * expires_in is in whole seconds (example 3600). Undeclared fields are kept.
 */
export const tokenResponseSchema = z.looseObject({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i, 'token_type must be "Bearer"'),
  expires_in: z.int().nonnegative().optional(),
  scope: z.string().optional()
})
export type TokenResponse = z.infer<typeof tokenResponseSchema>

/** Error response of the token endpoint (RFC 6749 §5.2). */
export const oauthErrorSchema = z.looseObject({
  error: z.string(),
  error_description: z.string().optional(),
  error_uri: z.string().optional()
})
export type OAuthError = z.infer<typeof oauthErrorSchema>
