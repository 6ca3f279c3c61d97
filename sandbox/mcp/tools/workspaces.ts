import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { guarded, m2mCredits, requireUser, toolResult, ToolError, type ToolContext } from './context'

/** The recruiter's workspaces (named lists of profile keys), and the credit balance of their organisation. */
export function registerWorkspacesTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'workspaces',
    {
      title: 'Workspaces',
      description:
        'list, get, create, add or remove profile keys in your workspaces; credits shows your credit balance.',
      // the app believes these hints from its own sandbox only (electron/main/tools/tool-spend.ts)
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
      inputSchema: {
        action: z.enum(['list', 'get', 'create', 'add', 'remove', 'credits']).default('list'),
        workspace_id: z.string().optional(),
        name: z.string().min(1).max(200).optional(),
        keys: z.array(z.string().min(1)).max(1000).default([])
      }
    },
    async ({ action, workspace_id, name, keys }) =>
      guarded(() => {
        if (action === 'credits' && ctx.principal.kind !== 'user') throw new ToolError(m2mCredits)
        const user = requireUser(ctx.principal)
        const now = ctx.clock.now()
        switch (action) {
          case 'credits': {
            const credits = { available: ctx.org.credits.available, used: ctx.org.credits.used }
            return toolResult(`${credits.available} credit(s) available, ${credits.used} used.`, { credits })
          }
          case 'list': {
            const workspaces = ctx.workspaces.list(user.userId).map(({ keys: k, ...w }) => ({ ...w, size: k.length }))
            return toolResult(`${workspaces.length} workspace(s).`, { workspaces })
          }
          case 'create': {
            if (!name) throw new ToolError('name: a new workspace needs a name')
            const workspace = ctx.workspaces.create(user.userId, name, keys, now)
            return toolResult(`Created workspace "${name}".`, { workspace })
          }
          default: {
            if (!workspace_id) throw new ToolError(`workspace_id: "${action}" needs a workspace_id`)
            const workspace = ctx.workspaces.get(user.userId, workspace_id)
            if (!workspace) throw new ToolError(`Workspace "${workspace_id}" was not found`)
            if (action === 'add') ctx.workspaces.add(workspace, keys, now)
            if (action === 'remove') ctx.workspaces.remove(workspace, keys, now)
            return toolResult(`Workspace "${workspace.name}" holds ${workspace.keys.length} profile(s).`, { workspace })
          }
        }
      })
  )
}
