import type { IncomingMessage } from 'node:http'
import { z } from 'zod'
import { invalidInput } from '../http/errors'
import type { Organisation } from './organisation'
import type { RequestType } from './transaction-log'

export interface PartnerContext {
  req: IncomingMessage
  url: URL
  /** capture groups of the route pattern, decoded */
  params: string[]
  org: Organisation
  now: number
  /** reads and parses the JSON body (415/400 handled) */
  body(): Promise<unknown>
}

export interface PartnerReply {
  status?: number
  body: unknown
  /** one line for the transaction record's `response` */
  summary: string
}

export interface PartnerRoute {
  method: 'GET' | 'POST'
  pattern: RegExp
  /** recorded in the transaction log when set */
  type?: RequestType
  run(ctx: PartnerContext): Promise<PartnerReply>
}

/** Query parameters are matched case-insensitively, like ASP.NET model binding; unknown ones are ignored. */
export function parseQuery<T extends z.ZodObject>(schema: T, url: URL): z.infer<T> {
  const byLower = new Map<string, string>()
  for (const [name, value] of url.searchParams) byLower.set(name.toLowerCase(), value)
  const raw: Record<string, string> = {}
  for (const name of Object.keys(schema.shape)) {
    const value = byLower.get(name.toLowerCase())
    if (value !== undefined) raw[name] = value
  }
  const parsed = schema.safeParse(raw)
  if (!parsed.success) throw invalidInput('query', parsed.error)
  return parsed.data
}

export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw invalidInput('body', parsed.error)
  return parsed.data
}

/** "true"/"false" in any case, as ASP.NET binds booleans. */
export const booleanParam = z
  .string()
  .regex(/^(true|false)$/i, 'expected true or false')
  .transform((v) => v.toLowerCase() === 'true')
