/*
 * Which tool calls can spend credits, and what a tool's answer says about money. The tool server
 * shares the organisation's credit pool with the Partner API (spec: "contact retrieval" on both
 * surfaces), so a lookup made on the Tools screen must end in the same ledger as one made from
 * Search or Shortlists.
 */

/** Actions of a tool that only read (a poll, the balance, a list): they never spend. */
const READING_ACTIONS = new Set(['poll', 'polling', 'credits', 'balance', 'list', 'get', 'status', 'existing'])

/**
 * Whether a call may spend: a tool whose name says it buys or looks up contact data, unless its
 * `action` argument names a reading action. Calls that are not caught here are still recorded when
 * their answer shows the balance fell (see `creditsIn`).
 */
export function mightSpend(name: string, args: Record<string, unknown>): boolean {
  if (!/contact|lookup|enrich|buy|purchase|reveal|unlock|credit/i.test(name)) return false
  const action = typeof args['action'] === 'string' ? args['action'].toLowerCase() : null
  if (action !== null && READING_ACTIONS.has(action)) return false
  return true
}

/** What a tool call may spend, and so what it asks before it is sent. */
export type ToolSpend =
  | { kind: 'free' }
  /** A contact lookup: priced and confirmed as the Contacts screen's purchases are. */
  | { kind: 'contacts'; keys: string[]; contactType: 'Email' | 'Phone' }
  /** May spend, by an amount nobody can say before: confirmed with that said. */
  | { kind: 'unknown'; reason: string }

/**
 * Whether a call may spend, and how it is priced. A contact lookup (a contacts tool's lookup of
 * named people) is priced like a purchase on the Contacts screen, on any server. For the rest,
 * a tool's annotations are believed only from a server we trust: the built-in Sandbox's tool
 * server, whose tools are ours (only the contacts lookup spends there). There, a tool marked
 * read-only, or a call whose `action` only reads, is free. Any other server's annotations are
 * hints, never a promise: each of its calls may spend, and asks first.
 */
export function spendOf(
  tool: { name: string; annotations?: { readOnlyHint?: boolean | undefined } | undefined },
  args: Record<string, unknown>,
  trusted: boolean
): ToolSpend {
  const keys = keysIn(args)
  if (/contact/i.test(tool.name) && keys.length > 0 && mightSpend(tool.name, args)) {
    return { kind: 'contacts', keys: [...new Set(keys)], contactType: contactTypeIn(args) }
  }
  if (trusted) {
    if (tool.annotations?.readOnlyHint === true) return { kind: 'free' }
    const action = typeof args['action'] === 'string' ? args['action'].toLowerCase() : null
    if (action !== null && READING_ACTIONS.has(action)) return { kind: 'free' }
    return {
      kind: 'unknown',
      reason: `“${tool.name}” is not marked read-only: it may spend credits, and does not say how many.`
    }
  }
  return {
    kind: 'unknown',
    reason:
      tool.annotations?.readOnlyHint === true
        ? `“${tool.name}” says it only reads, but this tool server is not one Talent Desk can vouch for: it may spend credits, and does not say how many.`
        : `“${tool.name}” is not marked read-only: it may spend credits, and does not say how many.`
  }
}

export interface ToolCredits {
  available: number
  used: number | null
  newRequestedCount: number | null
}

/** The balance a tool's structured answer carries (`credits` or `count`: { available, used, … }). */
export function creditsIn(structured: Record<string, unknown> | null): ToolCredits | null {
  if (structured === null) return null
  for (const name of ['credits', 'count', 'balance']) {
    const value = structured[name]
    if (value === null || typeof value !== 'object') continue
    const record = value as Record<string, unknown>
    const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)
    const available = int(record['available'])
    if (available === null) continue
    return { available, used: int(record['used']), newRequestedCount: int(record['newRequestedCount']) }
  }
  return null
}

export interface ToolContactRow {
  key: string
  status: string | null
  emails: unknown[]
  phones: unknown[]
  error: string | null
}

/** Contact results in a tool's structured answer (`results: [{ key, status, emails, phones }]`). */
export function contactRowsIn(structured: Record<string, unknown> | null): ToolContactRow[] {
  const results = structured?.['results']
  if (!Array.isArray(results)) return []
  return results.flatMap((row): ToolContactRow[] => {
    if (row === null || typeof row !== 'object') return []
    const record = row as Record<string, unknown>
    if (typeof record['key'] !== 'string' || record['key'] === '') return []
    return [
      {
        key: record['key'],
        status: typeof record['status'] === 'string' ? record['status'] : null,
        emails: Array.isArray(record['emails']) ? record['emails'] : [],
        phones: Array.isArray(record['phones']) ? record['phones'] : [],
        error: typeof record['error'] === 'string' ? record['error'] : null
      }
    ]
  })
}

/** The argument names of a call (never their values: keys of people, not secrets, but kept short). */
export function argumentNames(args: Record<string, unknown>): string[] {
  return Object.keys(args).sort()
}

/** The profile keys a call names (`keys: [...]`), for the ledger. */
export function keysIn(args: Record<string, unknown>): string[] {
  const keys = args['keys']
  return Array.isArray(keys) ? keys.filter((key): key is string => typeof key === 'string') : []
}

/** Email or Phone, from the call's `contact_type` (Email when it names none, as the tool does). */
export function contactTypeIn(args: Record<string, unknown>): 'Email' | 'Phone' {
  const type = args['contact_type'] ?? args['contactType']
  return type === 'Phone' ? 'Phone' : 'Email'
}
