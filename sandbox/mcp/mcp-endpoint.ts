import type { IncomingMessage, ServerResponse } from 'node:http'
import { sendJson } from '../server/http/respond'
import type { TokenStore } from '../server/oauth/token-store'
import { toolScope } from '../server/oauth/token-endpoint'
import type * as McpHandler from './mcp-handler'
import type { ToolContext } from './tools/context'

/**
 * The MCP SDK's server and the tools are loaded at the first /mcp call: they were a third of the
 * sandbox's start, before it could answer its first search.
 */
let handler: Promise<typeof McpHandler> | undefined
const loadHandler = () => (handler ??= import('./mcp-handler'))

const realm = 'talent-desk-sandbox'

/** RFC 6750 §3: no error code when the request carried no token, invalid_token otherwise. */
function challenge(res: ServerResponse, error?: string): void {
  const params = [`realm="${realm}"`, `scope="${toolScope}"`]
  if (error) params.push('error="invalid_token"', `error_description="${error.replace(/"/g, "'")}"`)
  sendJson(
    res,
    401,
    { error: error ? 'invalid_token' : 'unauthorized', error_description: error ?? 'A bearer token is required' },
    { 'www-authenticate': `Bearer ${params.join(', ')}` }
  )
}

/**
 * /mcp: bearer check, then a fresh McpServer + stateless StreamableHTTPServerTransport for the
 * request (JSON responses, no sessions), so every call is authorised on its own token.
 */
export function createMcpEndpoint(options: {
  tokens: TokenStore
  mcpUrl: () => string
  context: (principal: ToolContext['principal']) => ToolContext
}) {
  return async function handleMcp(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const header = req.headers.authorization
    const m = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
    if (!m) {
      req.resume()
      challenge(res, header ? 'Malformed Authorization header' : undefined)
      return
    }
    const check = options.tokens.check(m[1] as string, options.mcpUrl())
    if (!check.ok) {
      req.resume()
      challenge(res, check.reason)
      return
    }
    if (req.method !== 'POST') {
      // Stateless server: no standalone SSE stream (GET) and no session to delete (DELETE).
      req.resume()
      sendJson(
        res,
        405,
        { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed' }, id: null },
        { allow: 'POST' }
      )
      return
    }
    const { serveMcp } = await loadHandler()
    await serveMcp(options.context(check.principal), req, res)
  }
}
