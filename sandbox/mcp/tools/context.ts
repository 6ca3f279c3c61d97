import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'
import type { StructuredQuery, WholePersonProfile } from '../../../shared/api'
import type { Clock } from '../../server/clock'
import type { Organisation } from '../../server/partner/organisation'
import type { Principal } from '../../server/oauth/principals'
import type { InterpretUtterance } from '../../server/partner/conversational-search'
import type { ProfileCatalog } from '../../search/profile-catalog'
import type { WorkspaceStore } from './workspace-store'

/** What every tool sees: the caller, its organisation, and the shared data. */
export interface ToolContext {
  principal: Principal
  org: Organisation
  catalog: ProfileCatalog
  interpret: InterpretUtterance
  workspaces: WorkspaceStore
  clock: Clock
}

export const recruiterNotFound = 'Recruiter was not found'
export const m2mCredits = "credit balances aren't available for M2M service credentials"

/** Thrown inside a tool to answer with an error result (isError) carrying exactly this text. */
export class ToolError extends Error {}

export type UserPrincipal = Extract<Principal, { kind: 'user' }>

/** Operations that act as a recruiter need a user-bound credential. */
export function requireUser(principal: Principal): UserPrincipal {
  if (principal.kind !== 'user') throw new ToolError(recruiterNotFound)
  return principal
}

export function toolResult(summary: string, structured: Record<string, unknown>): CallToolResult {
  return {
    content: [{ type: 'text', text: `${summary}\n${JSON.stringify(structured)}` }],
    structuredContent: structured
  }
}

/** Runs a tool body, turning ToolError into an error result the model can read. */
export async function guarded(body: () => CallToolResult | Promise<CallToolResult>): Promise<CallToolResult> {
  try {
    return await body()
  } catch (error) {
    if (error instanceof ToolError) return { isError: true, content: [{ type: 'text', text: error.message }] }
    throw error
  }
}

/** The short form of a profile that tool outputs carry. */
export function profileSummary(p: WholePersonProfile) {
  return {
    key: p.key ?? null,
    full_name: p.full_name ?? null,
    title: p.cur_title ?? null,
    company: p.cur_company ?? null,
    location: [p.city, p.state, p.country].filter(Boolean).join(', ') || null,
    skills: (p.skills ?? []).slice(0, 8),
    last_refreshed: p.last_refreshed ?? null
  }
}

export const describeQuery = (q: StructuredQuery): string =>
  Object.entries(q)
    .filter(([, v]) => Array.isArray(v) && v.length > 0)
    .map(([k, v]) => `${k}: ${(v as string[]).join(', ')}`)
    .join('; ') || 'everyone'
