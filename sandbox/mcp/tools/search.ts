import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { describeQuery, guarded, profileSummary, toolResult, type ToolContext } from './context'

/** Natural-language people search over the public index; available to every credential. */
export function registerSearchTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'search',
    {
      title: 'Search people',
      description: 'Find people from a natural-language description, e.g. "senior rust engineers in Berlin".',
      // the app believes these hints from its own sandbox only (electron/main/tools/tool-spend.ts)
      annotations: { readOnlyHint: true, openWorldHint: false },
      inputSchema: {
        query: z.string().min(1).max(2000).describe('what you are looking for, in plain words'),
        limit: z.number().int().min(1).max(50).default(10),
        offset: z.number().int().min(0).default(0)
      }
    },
    async ({ query, limit, offset }) =>
      guarded(() => {
        const { query: structured, message } = ctx.interpret(query, {})
        const { total, results } = ctx.catalog.search(structured, { limit, offset })
        return toolResult(`${message} ${total} match(es) for ${describeQuery(structured)}.`, {
          message,
          query: structured,
          total,
          results: results.map(profileSummary)
        })
      })
  )
}
