import { z } from 'zod'
import { isSecureOrLoopback } from '../../loopback'
import { wellFormed } from '../text'

/*
 * Settings → ATS (issue #39 item 1): Greenhouse (Harvest API) and Lever connections. The key goes
 * to main once, into the OS keychain bound to the API root's exact origin, and never comes back;
 * the page sees whether one is kept and its last four characters. A connection to the built-in
 * Sandbox's fake Greenhouse or Lever keeps no key: main reads it from the Sandbox when it calls.
 */

export const atsKindSchema = z.enum(['greenhouse', 'lever'])
export type AtsKindName = z.infer<typeof atsKindSchema>

/** Each ATS's name as the recruiter reads it (screens, messages, the log). */
export const atsKindNames: Record<AtsKindName, string> = { greenhouse: 'Greenhouse', lever: 'Lever' }

const atsUrl = z
  .url({
    protocol: /^https?$/,
    error: 'Enter the API’s address starting with https:// (or http:// for this computer).'
  })
  .trim()
  .max(500)
  .refine(isSecureOrLoopback, {
    error: 'Use https:// for this address: plain http:// is only for this computer (localhost, 127.0.0.1).'
  })

const atsName = wellFormed(z.string().trim().min(1, 'Give the connection a name.').max(100))
const apiKey = wellFormed(z.string().trim().min(1, 'Paste the API key.').max(500))

export const addAtsConnectionSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('greenhouse'),
    name: atsName,
    baseUrl: atsUrl,
    apiKey,
    /** The Greenhouse user writes are made on behalf of (Harvest's On-Behalf-Of header): their numeric id. */
    onBehalfOf: z
      .string()
      .trim()
      .regex(/^[0-9]{1,19}$/, 'Enter the Greenhouse user’s numeric id.')
  }),
  z.strictObject({
    kind: z.literal('lever'),
    name: atsName,
    baseUrl: atsUrl,
    apiKey,
    /** The Lever user writes are made as (Lever's `perform_as`): their id. */
    performAs: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Enter the Lever user’s id (letters, digits, “-”).')
  })
])
export type AddAtsConnection = z.infer<typeof addAtsConnectionSchema>

/**
 * An edit of a saved connection: its name, its key (replacing the one the keychain keeps for the
 * connection's address), the user it acts as (Greenhouse: a numeric id); what is absent is kept.
 */
export const editAtsConnectionSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: atsName.optional(),
  apiKey: apiKey.optional(),
  actingUser: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Enter the user’s id (letters, digits, “-”).')
    .optional()
})
export type EditAtsConnection = z.infer<typeof editAtsConnectionSchema>

/**
 * "Connect Lever with OAuth" (electron/main/ats/connections/lever-oauth.ts): the agency's OAuth app
 * (client id and secret, which Lever issues when it registers the app), Lever's API root and
 * authorization server, and the user writes are made as. The secret goes to the keychain with the
 * tokens, bound to their origins, once Lever sent the browser back; it never comes back.
 */
export const startLeverOAuthSchema = z.strictObject({
  name: atsName,
  baseUrl: atsUrl,
  /** Lever's authorization server (https://auth.lever.co). */
  authUrl: atsUrl,
  clientId: wellFormed(z.string().trim().min(1, 'Paste the OAuth app’s client id.').max(200)),
  clientSecret: wellFormed(z.string().trim().min(1, 'Paste the OAuth app’s client secret.').max(500)),
  performAs: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,100}$/, 'Enter the Lever user’s id (letters, digits, “-”).')
})
export type StartLeverOAuth = z.infer<typeof startLeverOAuthSchema>

export const leverOAuthStartedSchema = z.object({
  /** Names this sign-in for finishLeverOAuth / cancelLeverOAuth. */
  flowId: z.string(),
  /** Lever's consent page, opened in the system browser; the page shows it too (to open it again). */
  authorizeUrl: z.string(),
  /** Whether the system browser was asked to open it (false where the shell cannot, e.g. the browser host). */
  opened: z.boolean()
})
export type LeverOAuthStarted = z.infer<typeof leverOAuthStartedSchema>

export const atsConnectionViewSchema = z.object({
  id: z.string(),
  kind: atsKindSchema,
  name: z.string(),
  /** The API root (a Sandbox connection's: where its fake listens now, or null while it is not up). */
  baseUrl: z.string().nullable(),
  /** The acting user's id (On-Behalf-Of, perform_as). */
  actingUser: z.string(),
  /** A connection to the built-in Sandbox's fake Greenhouse or Lever (no key of its own). */
  sandbox: z.boolean(),
  /** Whether a key is kept for this address, and its last four characters (null when short or none). */
  key: z.object({ configured: z.boolean(), hint: z.string().nullable() }),
  /** How it authenticates: an API key (Basic), or Lever OAuth (Bearer tokens kept in the keychain). */
  auth: z.enum(['apiKey', 'oauth']),
  /** The ATS's request limit per 10 seconds, as its X-RateLimit-Limit last said (Greenhouse), else null. */
  rateLimit: z.number().int().positive().nullable(),
  /**
   * Its pace (electron/main/pace/): the most calls a second it may be called at (under what the ATS
   * said), the rate it is called at now and the limit a 429 showed (null until it is called / meets one).
   */
  pace: z.object({ ceiling: z.number(), rate: z.number().nullable(), limit: z.number().nullable() }),
  createdAt: z.string()
})
export type AtsConnectionView = z.infer<typeof atsConnectionViewSchema>

export const atsConnectionsSchema = z.object({
  connections: z.array(atsConnectionViewSchema),
  /** Whether this build has the built-in Sandbox, whose fake Greenhouse and Lever can be tried. */
  sandboxAvailable: z.boolean()
})
export type AtsConnections = z.infer<typeof atsConnectionsSchema>

/** What "Test connection" found (electron/main/ats/connection-check.ts). */
export const atsCheckSchema = z.object({
  kind: atsKindSchema,
  actingUser: z.string(),
  mayReadCandidates: z.boolean(),
  mayCreateCandidates: z.boolean(),
  rateLimit: z.number().int().positive().nullable(),
  /** In the recruiter's words: who acts, what the key may do, which permission is missing. */
  summary: z.string()
})
export type AtsCheckView = z.infer<typeof atsCheckSchema>

const idInput = z.strictObject({ id: z.string().min(1).max(100) })

export const atsChannels = {
  listAtsConnections: { input: z.strictObject({}), output: atsConnectionsSchema },
  /** Saves a connection and its key (keychain, bound to the API root's origin); nothing is called yet. */
  addAtsConnection: { input: addAtsConnectionSchema, output: atsConnectionsSchema },
  /** Reads the acting user and what the key may do, changing nothing in the ATS. */
  testAtsConnection: { input: idInput, output: atsCheckSchema },
  /** Removes a connection at once (nothing calls it any more); its key goes when the undo is no longer offered. */
  removeAtsConnection: { input: idInput, output: atsConnectionsSchema },
  undoRemoveAtsConnection: { input: idInput, output: atsConnectionsSchema },
  /** Renames it, replaces its key in the keychain (same address), changes the user it acts as; Test it again after. */
  editAtsConnection: { input: editAtsConnectionSchema, output: atsConnectionsSchema },
  /** Puts back what the last edit changed (its old key too), while the page offers it. */
  undoEditAtsConnection: { input: idInput, output: atsConnectionsSchema },
  /** Starts the built-in Sandbox's fake Greenhouse or Lever (if not yet up) and connects to it. */
  connectSandboxAts: { input: z.strictObject({ kind: atsKindSchema }), output: atsConnectionsSchema },
  /** Starts a Lever OAuth sign-in: a loopback redirect listener, Lever's consent page in the browser. */
  startLeverOAuth: { input: startLeverOAuthSchema, output: leverOAuthStartedSchema },
  /** Waits for Lever to send the browser back, exchanges the code, keeps the tokens, saves the connection. */
  finishLeverOAuth: { input: z.strictObject({ flowId: z.string().min(1).max(100) }), output: atsConnectionsSchema },
  /** Stops waiting for a sign-in (its finishLeverOAuth answers `cancelled`). */
  cancelLeverOAuth: {
    input: z.strictObject({ flowId: z.string().min(1).max(100) }),
    output: z.object({ cancelled: z.boolean() })
  }
} as const

export const atsEvents = {
  /** A connection was added, removed or restored, or a Sandbox fake came up: the page shows the list anew. */
  atsConnectionsChanged: atsConnectionsSchema
} as const
