import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import type { StructuredQuery, WholePersonProfile } from '../../../shared/api'
import { describeQuery, guarded, profileSummary, requireUser, toolResult, type ToolContext } from './context'

const list = z.array(z.string().min(1)).max(20).optional()

/**
 * Structured search of an index. `public` is the shared index; `private` is the organisation's
 * own index (people with applicant-tracking data), which needs a user-bound credential.
 */
export function registerIndexSearchTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'index_search',
    {
      title: 'Search an index with filters',
      description:
        'Structured search: titles, skills, locations, companies, schools, seniorities, keywords and exclusions.',
      // the app believes these hints from its own sandbox only (electron/main/tools/tool-spend.ts)
      annotations: { readOnlyHint: true, openWorldHint: false },
      inputSchema: {
        index: z.enum(['public', 'private']).default('public'),
        titles: list,
        skills: list,
        locations: list,
        companies: list,
        schools: list,
        seniorities: list,
        keywords: list,
        exclude_companies: list,
        exclude_titles: list,
        limit: z.number().int().min(1).max(50).default(10),
        offset: z.number().int().min(0).default(0)
      }
    },
    async ({ index, limit, offset, ...filters }) =>
      guarded(() => {
        if (index === 'private') requireUser(ctx.principal)
        const query: StructuredQuery = Object.fromEntries(Object.entries(filters).filter(([, v]) => v && v.length > 0))
        // The private index is the organisation's own people: those with applicant-tracking data.
        const where = index === 'private' ? (profile: WholePersonProfile) => !!profile.ats_data : undefined
        const { total, results } = ctx.catalog.search(query, { limit, offset, ...(where ? { where } : {}) })
        return toolResult(`${total} match(es) in the ${index} index for ${describeQuery(query)}.`, {
          index,
          query,
          total,
          results: results.map(profileSummary)
        })
      })
  )
}
