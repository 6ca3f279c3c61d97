import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import type { ToolContext } from './tools/context'
import { registerContactsTool } from './tools/contacts'
import { registerExportsTool } from './tools/exports'
import { registerIndexSearchTool } from './tools/index-search'
import { registerSearchTool } from './tools/search'
import { registerWorkspacesTool } from './tools/workspaces'

/** One MCP server per request, bound to the caller (stateless Streamable HTTP). */
export function createToolServer(ctx: ToolContext): McpServer {
  const server = new McpServer({ name: 'talent-desk-sandbox', version: '1.0.0' }, { capabilities: { tools: {} } })
  registerSearchTool(server, ctx)
  registerContactsTool(server, ctx)
  registerExportsTool(server, ctx)
  registerWorkspacesTool(server, ctx)
  registerIndexSearchTool(server, ctx)
  return server
}
