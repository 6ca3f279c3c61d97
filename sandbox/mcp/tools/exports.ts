import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { stringify } from 'csv-stringify/sync'
import { z } from 'zod'
import { guarded, profileSummary, requireUser, toolResult, ToolError, type ToolContext } from './context'

/** Exports profiles (by keys, or a workspace's keys) as CSV or JSON text; needs a user-bound credential. */
export function registerExportsTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'exports',
    {
      title: 'Export profiles',
      description: 'Export profiles as CSV or JSON: give profile keys or a workspace_id.',
      // the app believes these hints from its own sandbox only (electron/main/tools/tool-spend.ts)
      annotations: { readOnlyHint: true, openWorldHint: false },
      inputSchema: {
        keys: z.array(z.string().min(1)).max(1000).optional(),
        workspace_id: z.string().optional(),
        format: z.enum(['csv', 'json']).default('csv')
      }
    },
    async ({ keys, workspace_id, format }) =>
      guarded(() => {
        const user = requireUser(ctx.principal)
        let wanted = keys ?? []
        if (workspace_id) {
          const workspace = ctx.workspaces.get(user.userId, workspace_id)
          if (!workspace) throw new ToolError(`Workspace "${workspace_id}" was not found`)
          wanted = [...wanted, ...workspace.keys]
        }
        if (wanted.length === 0) throw new ToolError('Nothing to export: give keys or a workspace_id')
        const profiles = [...new Set(wanted)].map((k) => ctx.catalog.get(k)).filter((p) => p !== undefined)
        const rows = profiles.map(profileSummary).map((s) => ({ ...s, skills: s.skills.join('; ') }))
        const columns = ['key', 'full_name', 'title', 'company', 'location', 'skills', 'last_refreshed']
        const content = format === 'csv' ? stringify(rows, { header: true, columns }) : JSON.stringify(rows)
        const missing = new Set(wanted).size - profiles.length
        return toolResult(
          `Exported ${rows.length} profile(s) as ${format}${missing ? `; ${missing} key(s) not found` : ''}.`,
          {
            format,
            rows: rows.length,
            missing,
            content
          }
        )
      })
  )
}
