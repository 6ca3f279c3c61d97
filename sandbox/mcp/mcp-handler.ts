import type { IncomingMessage, ServerResponse } from 'node:http'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { createToolServer } from './tool-server'
import type { ToolContext } from './tools/context'

/**
 * One /mcp request, authorised already: a fresh McpServer + stateless StreamableHTTPServerTransport
 * (JSON responses, no sessions). Loaded at the first /mcp call (mcp-endpoint.ts).
 */
export async function serveMcp(ctx: ToolContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const server = createToolServer(ctx)
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true })
  res.on('close', () => {
    void transport.close()
    void server.close()
  })
  await server.connect(transport)
  await transport.handleRequest(req, res)
}
