import { z } from 'zod'
import { isSecureOrLoopback } from '../../loopback'
import { wellFormed } from '../text'
import { keychainStatusSchema } from './keychain'

const httpUrl = z
  .url({
    protocol: /^https?$/,
    error: 'Enter a web address starting with https:// (or http:// for this computer).'
  })
  // a key sent over plain http to another computer could be read on the way
  .refine(isSecureOrLoopback, {
    error: 'Use https:// for this address: plain http:// is only for this computer (localhost, 127.0.0.1).'
  })
/** A query-parameter name: letters, digits, `_`, `-`, `.` (what ASP.NET and others bind). */
const paramName = z
  .string()
  .trim()
  .regex(/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/, 'Use letters, digits, “_”, “-” or “.”, starting with a letter.')

/**
 * The names of the query parameters the spec leaves unnamed. Defaults are the sandbox's, which
 * follow the .NET service's own naming.
 */
export const queryNamesSchema = z.strictObject({
  /** Get Premium Contacts: the enum allowing Email, Phone. */
  contactType: paramName,
  /** Get Premium Contacts: the enum allowing New, Polling, Existing. */
  requestType: paramName,
  /** Get Api Transaction Data filters. */
  from: paramName,
  to: paramName,
  type: paramName,
  limit: paramName
})
export type QueryNames = z.infer<typeof queryNamesSchema>
export const defaultQueryNames: QueryNames = {
  contactType: 'contactType',
  requestType: 'requestType',
  from: 'from',
  to: 'to',
  type: 'type',
  limit: 'limit'
}

export const secretKindSchema = z.enum(['apiKey', 'clientSecret'])
export type SecretKind = z.infer<typeof secretKindSchema>

/** What the renderer may know about a secret: never the value. */
export const secretStatusSchema = z.object({
  configured: z.boolean(),
  /** The last four characters, to tell keys apart. */
  hint: z.string().max(4).nullable(),
  updatedAt: z.string().nullable(),
  /** `keychain`: saved in the OS keychain; `session`: kept in memory until Talent Desk quits. */
  storage: z.enum(['keychain', 'session']).nullable()
})
export type SecretStatus = z.infer<typeof secretStatusSchema>

export const sandboxStateSchema = z.object({
  state: z.enum(['starting', 'ready', 'failed']),
  /** Profiles in the built-in sandbox, once it runs. */
  profileCount: z.number().int().nullable(),
  message: z.string().nullable()
})
export type SandboxState = z.infer<typeof sandboxStateSchema>

export const connectionViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['sandbox', 'remote']),
  baseUrl: z.string(),
  authUrl: z.string().nullable(),
  mcpUrl: z.string().nullable(),
  clientId: z.string().nullable(),
  queryNames: queryNamesSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  secrets: z.object({ apiKey: secretStatusSchema, clientSecret: secretStatusSchema }),
  /** Only for the built-in sandbox: whether it has started. */
  sandbox: sandboxStateSchema.nullable()
})
export type ConnectionView = z.infer<typeof connectionViewSchema>

export const connectionsOverviewSchema = z.object({
  connections: z.array(connectionViewSchema),
  activeId: z.string(),
  keychain: keychainStatusSchema
})
export type ConnectionsOverview = z.infer<typeof connectionsOverviewSchema>

/** Settings of a remote connection, as the Settings form sends them (secrets go separately). */
export const connectionSettingsSchema = z.strictObject({
  id: z.string().min(1).max(100).optional(),
  name: wellFormed(z.string().trim().min(1, 'Give the connection a name.').max(100)),
  baseUrl: httpUrl,
  authUrl: httpUrl.nullable().optional(),
  mcpUrl: httpUrl.nullable().optional(),
  clientId: wellFormed(z.string().trim().max(200)).nullable().optional(),
  queryNames: queryNamesSchema.optional()
})
export type ConnectionSettings = z.infer<typeof connectionSettingsSchema>

const testPartSchema = z.object({
  part: z.enum(['baseUrl', 'apiKey', 'token', 'toolServer']),
  label: z.string(),
  /** null: not checked (and `message` says why). */
  ok: z.boolean().nullable(),
  message: z.string(),
  durationMs: z.number().int().nullable()
})
export type ConnectionTestPart = z.infer<typeof testPartSchema>

const idInput = z.strictObject({ id: z.string().min(1).max(100) })

/**
 * What saving a connection did besides saving: the secrets it removed because the address they
 * are sent to changed (the API key goes to the base URL, the client secret to the Auth URL and
 * its token to the MCP URL), so a moved connection never carries its keys to a new server.
 */
export const savedConnectionSchema = connectionsOverviewSchema.extend({
  clearedSecrets: z.array(secretKindSchema)
})
export type SavedConnection = z.infer<typeof savedConnectionSchema>

/** The built-in Sandbox connection's id (always there, active on first start). */
export const SANDBOX_CONNECTION_ID = 'sandbox'

/** Requests a second a connection's pace may reach when none is set: a remote service… */
export const DEFAULT_PACE_CEILING = 100
/** …and the built-in Sandbox, on this computer (at 1,000 calls are not spaced at all). */
export const SANDBOX_PACE_CEILING = 1000
export const MIN_PACE_CEILING = 1
export const MAX_PACE_CEILING = 1000

/**
 * A connection's pace: the most requests a second Talent Desk sends it (`ceiling`, set in
 * Settings or the default), the rate it calls it at now and the limit the service last showed
 * with a "slow down" (null: not called yet, or it never said so).
 */
export const connectionPaceSchema = z.object({
  connectionId: z.string(),
  ceiling: z.number().int().min(MIN_PACE_CEILING).max(MAX_PACE_CEILING),
  isDefault: z.boolean(),
  defaultCeiling: z.number().int().min(MIN_PACE_CEILING).max(MAX_PACE_CEILING),
  rate: z.number().nullable(),
  limit: z.number().nullable()
})
export type ConnectionPaceInfo = z.infer<typeof connectionPaceSchema>

export const connectionChannels = {
  listConnections: { input: z.strictObject({}), output: connectionsOverviewSchema },
  saveConnection: { input: connectionSettingsSchema, output: savedConnectionSchema },
  removeConnection: { input: idInput, output: connectionsOverviewSchema },
  setActiveConnection: { input: idInput, output: connectionsOverviewSchema },
  /** Sets or replaces (rotates) a secret. The value goes in and never comes back. */
  setSecret: {
    input: z.strictObject({
      connectionId: z.string().min(1).max(100),
      kind: secretKindSchema,
      value: wellFormed(z.string().trim().min(1, 'Paste the key first.').max(4096)),
      /** Chosen by the recruiter after being told the keychain is unavailable. */
      sessionOnly: z.boolean().optional()
    }),
    output: secretStatusSchema
  },
  clearSecret: {
    input: z.strictObject({ connectionId: z.string().min(1).max(100), kind: secretKindSchema }),
    output: secretStatusSchema
  },
  testConnection: { input: idInput, output: z.object({ parts: z.array(testPartSchema) }) },
  /** Back to the sandbox's first state: full credits, no purchases, jobs, calls or conversations. */
  resetSandbox: { input: z.strictObject({}), output: sandboxStateSchema },
  /** A connection's pace: its ceiling (requests a second) and the rate it is called at now. */
  getConnectionPace: {
    input: z.strictObject({ connectionId: z.string().min(1).max(100) }),
    output: connectionPaceSchema
  },
  /** Sets the ceiling (a whole number of requests a second, 1–1000), or back to the default with null. */
  setConnectionPace: {
    input: z.strictObject({
      connectionId: z.string().min(1).max(100),
      ceiling: z
        .number()
        .int('The most requests a second is a whole number.')
        .min(MIN_PACE_CEILING, `The most requests a second is at least ${MIN_PACE_CEILING}.`)
        .max(MAX_PACE_CEILING, `The most requests a second is at most ${MAX_PACE_CEILING}.`)
        .nullable()
    }),
    output: connectionPaceSchema
  }
}

export const connectionEvents = {
  /** Something about the connections changed (the sandbox started, another window switched). */
  connectionsChanged: connectionsOverviewSchema
}
