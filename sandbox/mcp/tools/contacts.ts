import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js'
import { z } from 'zod'
import { contactTypeSchema } from '../../../shared/api'
import { contactResults, maxContactKeys } from '../../server/partner/premium-contacts'
import { guarded, m2mCredits, requireUser, toolResult, ToolError, type ToolContext } from './context'

/**
 * Contact lookups on the organisation's credit pool, the same one the Partner API spends.
 * action lookup = Partner API "New", poll = "Polling", credits = the balance.
 */
export function registerContactsTool(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    'contacts',
    {
      title: 'Contact details and credits',
      description:
        'lookup: buy email or phone lookups for profile keys (one credit per key not bought before); poll: current state of bought lookups; credits: the credit balance.',
      // the app believes these hints from its own sandbox only (electron/main/tools/tool-spend.ts)
      annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
      inputSchema: {
        action: z.enum(['lookup', 'poll', 'credits']).default('lookup'),
        keys: z.array(z.string().min(1)).max(maxContactKeys).default([]),
        contact_type: contactTypeSchema.default('Email')
      }
    },
    async ({ action, keys, contact_type }) =>
      guarded(() => {
        if (action === 'credits') {
          if (ctx.principal.kind !== 'user') throw new ToolError(m2mCredits)
          const credits = { available: ctx.org.credits.available, used: ctx.org.credits.used }
          return toolResult(`${credits.available} credit(s) available, ${credits.used} used.`, { credits })
        }
        const user = requireUser(ctx.principal)
        if (action === 'lookup' && keys.length === 0)
          throw new ToolError('keys: give at least one profile key to look up')
        const { results, newRequestedCount } = contactResults({
          catalog: ctx.catalog,
          book: ctx.org.contacts,
          keys,
          contactType: contact_type,
          requestType: action === 'lookup' ? 'New' : 'Polling',
          requester: {
            organisationId: ctx.org.id,
            userId: user.userId,
            recruiterEmail: user.email,
            callerId: 'tool-server'
          },
          now: ctx.clock.now()
        })
        const rows = results.map((r) => ({
          key: r.request?.key ?? r.card?.key ?? null,
          status: r.status ?? null,
          emails: (r.emails ?? []).map((e) => ({
            email: e.email ?? null,
            validation: e.validation ?? null,
            confidence: e.confidence ?? null
          })),
          phones: (r.phone_numbers ?? []).map((p) => ({ number: p.number ?? null, type: p.type ?? null })),
          error: r.execution_trace?.error ?? null
        }))
        const credits = { available: ctx.org.credits.available, used: ctx.org.credits.used, newRequestedCount }
        return toolResult(
          `${rows.length} contact result(s); ${newRequestedCount} new, ${credits.available} credit(s) left.`,
          {
            results: rows,
            credits
          }
        )
      })
  )
}
