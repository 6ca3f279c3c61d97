import { z } from 'zod'
import { notTooDeep } from '../nesting'
import { contactQuoteSchema } from './contacts'
import { requestIdSchema } from './search'

/*
 * The tool server (MCP over Streamable HTTP) of the active connection: the tools it lists, each
 * with its input schema (JSON Schema, as the server sent it), and a call with its result.
 */

/** A JSON Schema object as the server sent it: opaque here, read by the form and by Ajv in main. */
const jsonSchemaObject = z.record(z.string(), z.unknown())

export const toolSchema = z.object({
  name: z.string(),
  title: z.string().nullable(),
  description: z.string().nullable(),
  inputSchema: jsonSchemaObject,
  /** The server's hints (MCP annotations); null when it gave none. */
  readOnly: z.boolean().nullable(),
  destructive: z.boolean().nullable()
})
export type Tool = z.infer<typeof toolSchema>

/**
 * What the tool server's credential is: bound to a user (acts with their credits and indexes), an
 * older credential that is not (search only), or not known yet — the service says it only when
 * an operation needs a user.
 */
export const credentialKindSchema = z.enum(['user', 'legacy', 'unknown'])
export type CredentialKind = z.infer<typeof credentialKindSchema>

export const toolsOverviewSchema = z.object({
  connectionId: z.string(),
  connectionName: z.string(),
  mcpUrl: z.string(),
  /** The server's own name and version, from the MCP handshake. */
  server: z.object({ name: z.string(), version: z.string() }).nullable(),
  credential: credentialKindSchema,
  tools: z.array(toolSchema),
  durationMs: z.number()
})
export type ToolsOverview = z.infer<typeof toolsOverviewSchema>

/** One block of a tool's result (text, image, resource…), kept whole: the screen shows what it knows. */
export const toolContentSchema = z.looseObject({ type: z.string() })
export type ToolContent = z.infer<typeof toolContentSchema>

export const toolCallResultSchema = z.object({
  name: z.string(),
  isError: z.boolean(),
  content: z.array(toolContentSchema),
  structuredContent: z.record(z.string(), z.unknown()).nullable(),
  /** Set when the answer says the credential is an older one not bound to a user: what it means. */
  notice: z.string().nullable(),
  credential: credentialKindSchema,
  durationMs: z.number()
})
export type ToolCallResult = z.infer<typeof toolCallResultSchema>

/**
 * What a tool call that may spend credits would cost, to confirm before it is sent (the refusal
 * of a `callTool` without `quoteId` carries it as `details.quote`). A contact lookup is priced
 * by the Contacts screen's own quote (`contacts`); any other tool that may spend does not say
 * what it costs (`contacts` null). One use, good until `expiresAt`.
 */
export const toolSpendQuoteSchema = z.object({
  quoteId: z.string(),
  tool: z.string(),
  contacts: contactQuoteSchema.nullable(),
  /** Why this call asks first, in the recruiter's words. */
  reason: z.string(),
  /** Credits available as last seen on the connection (null before the first answer). */
  available: z.number().int().nullable(),
  expiresAt: z.string(),
  /**
   * Whether the recruiter may confirm it for good ("Always allow this tool on this connection"):
   * `offered` for a tool whose calls have never moved the balance on this connection,
   * `spentBefore` for one whose calls have (it asks every time), null for a contact lookup (it
   * keeps its priced quote). Absent: not offered.
   */
  alwaysAllow: z.enum(['offered', 'spentBefore']).nullable().optional()
})
export type ToolSpendQuote = z.infer<typeof toolSpendQuoteSchema>

/**
 * A connection's tools allowed without asking: each was confirmed once with "Always allow this
 * tool on this connection", and none of its calls has moved the balance since (one that does
 * loses it).
 */
export const toolAllowancesSchema = z.object({
  connectionId: z.string(),
  allowances: z.array(z.object({ tool: z.string(), allowedAt: z.string() }))
})
export type ToolAllowances = z.infer<typeof toolAllowancesSchema>

/** `details` of the refusal of a call that may spend and was sent without a confirmed quote. */
export const toolQuoteRequiredSchema = z.object({ quote: toolSpendQuoteSchema })

/** The arguments of a call: any JSON object; checked against the tool's schema in main. */
export const toolArgumentsSchema = z.record(z.string(), z.unknown())

export const toolsChannels = {
  /** The tools of the active connection's tool server (every page of the list). */
  listTools: {
    input: z.strictObject({ reload: z.boolean().optional() }),
    output: toolsOverviewSchema
  },
  /**
   * Calls a tool once (never retried: it may spend credits). Arguments that do not fit the
   * tool's schema are refused before anything is sent, as invalid_input naming each field. A
   * call that may spend credits is sent only with the `quoteId` of its confirmed quote: without
   * one it is refused as `conflict` with the quote to confirm in `details.quote`, nothing sent.
   */
  callTool: {
    input: z.strictObject({
      name: z.string().min(1).max(200),
      arguments: notTooDeep(toolArgumentsSchema),
      requestId: requestIdSchema,
      quoteId: z.string().min(1).max(100).optional(),
      /** The recruiter confirmed going past a budget for this call only (its quote is used once). */
      overBudget: z.boolean().optional(),
      /**
       * With its confirmed quote: allow this tool on this connection from now on without asking
       * (refused for a contact lookup and for a tool whose calls have moved the balance).
       */
      alwaysAllow: z.boolean().optional()
    }),
    output: toolCallResultSchema
  },
  /** The tools a connection allows without asking (Settings), newest first. */
  listToolAllowances: {
    input: z.strictObject({ connectionId: z.string().min(1).max(200) }),
    output: toolAllowancesSchema
  },
  /** Takes a tool's "always allow" back: its next call that may spend asks again. */
  revokeToolAllowance: {
    input: z.strictObject({ connectionId: z.string().min(1).max(200), tool: z.string().min(1).max(200) }),
    output: toolAllowancesSchema
  }
}
