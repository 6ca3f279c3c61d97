import { z } from 'zod'

/*
 * The team protocol: what a desk and the team server (team-server/) say to each other over HTTPS,
 * declared once and validated on both sides (the server strictly, the desk tolerantly: undeclared
 * fields are kept). Desks never hold database credentials; a desk proves itself with its device
 * credential (`Authorization: Bearer <credential>`, kept in the desk's OS keychain), and the
 * server takes the author of every change from that credential, never from the body.
 *
 * Team state travels as changes: a desk appends a change to its durable outbox, pushes it (a change
 * id makes a push idempotent: sent twice, kept once, answered with the same sequence number), and
 * every desk pulls changes after the last sequence number it applied. The server nudges online
 * desks over a server-sent event stream when new changes are in, so a desk pulls at once.
 *
 * What a feature shares, and how a change of its kinds applies on a desk, is declared in the
 * feature's own folder (`team-share.ts`), as its `personal-data.ts` is.
 */

export const TEAM_PROTOCOL_VERSION = 1

/** The largest change payload the server accepts, in bytes of its JSON. */
export const MAX_CHANGE_PAYLOAD_BYTES = 64 * 1024
/** The most changes one push carries, and one pull returns. */
export const MAX_CHANGES_PER_PUSH = 500
export const MAX_CHANGES_PER_PULL = 1000
/** The largest push the server reads, in bytes of its JSON body: a desk sends fewer changes at a time when they are large. */
export const MAX_PUSH_BYTES = 2 * 1024 * 1024

const idSchema = z.string().trim().min(1).max(200)
const nameSchema = z.string().trim().min(1).max(120)

export const teamRoleSchema = z.enum(['admin', 'recruiter'])
export type TeamRole = z.infer<typeof teamRoleSchema>

/** A team's salt: 32 random bytes, hex. Tombstones and do-not-contact entries are hashed with it. */
export const teamSaltSchema = z.string().regex(/^[0-9a-f]{64}$/)

export const teamSchema = z.object({
  id: idSchema,
  name: nameSchema,
  salt: teamSaltSchema
})
export type Team = z.infer<typeof teamSchema>

/** A desk of the team: one installation of Talent Desk, used by one person. */
export const deskSchema = z.object({
  id: idSchema,
  personName: nameSchema,
  deskName: nameSchema,
  role: teamRoleSchema,
  joinedAt: z.string(),
  /** When the server last heard from it (a push, a pull or its live stream). */
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable()
})
export type Desk = z.infer<typeof deskSchema>

/** POST /v1/teams — create a team with the server's setup code; the creating desk is its first admin. */
export const createTeamRequestSchema = z.strictObject({
  setupCode: z.string().trim().min(8).max(200),
  teamName: nameSchema,
  personName: nameSchema,
  deskName: nameSchema
})
/** POST /v1/join — join with a one-time invite code. */
export const joinRequestSchema = z.strictObject({
  inviteCode: z.string().trim().min(8).max(200),
  personName: nameSchema,
  deskName: nameSchema
})
/** The answer to both: the team, this desk, and its credential (shown once, kept in the keychain). */
export const joinedSchema = z.object({
  team: teamSchema,
  desk: deskSchema,
  credential: z.string().min(32).max(400)
})
export type Joined = z.infer<typeof joinedSchema>

/** POST /v1/invites (admin) — a one-time code for a new desk. */
export const inviteRequestSchema = z.strictObject({
  role: teamRoleSchema,
  /** Minutes the code stays valid: at most 7 days. */
  validMinutes: z
    .number()
    .int()
    .min(5)
    .max(7 * 24 * 60)
    .default(24 * 60)
})
export const inviteSchema = z.object({ code: z.string(), role: teamRoleSchema, expiresAt: z.string() })
export type Invite = z.infer<typeof inviteSchema>

/** GET /v1/team — who is in. POST /v1/desks/:id/revoke and /v1/people/:personName/revoke (admin); POST /v1/leave. */
export const teamOverviewSchema = z.object({
  team: teamSchema.omit({ salt: true }),
  me: deskSchema,
  desks: z.array(deskSchema),
  /** The newest sequence number the server has given. */
  lastSeq: z.number().int().nonnegative()
})
export type TeamOverview = z.infer<typeof teamOverviewSchema>

/**
 * A change as a desk pushes it. `kind` names the feature and what changed ("do-not-contact.entry",
 * "erasure.tombstone", "spend.purchase", "shortlist.field"); `payload` is the feature's own,
 * validated by the feature's team-share declaration on both ends. `subjects` are the salted
 * hashes of the people the payload is about (keys, emails, handles): an erasure of one of them
 * deletes the change's payload on the server. `deskTime` is the desk's own clock, kept for the
 * record only: order is the server's sequence.
 */
export const changeToPushSchema = z.strictObject({
  id: z.uuid(),
  kind: z.string().regex(/^[a-z][a-z-]*\.[a-z][a-z-]*$/),
  payload: z.json(),
  subjects: z
    .array(z.string().regex(/^[0-9a-f]{64}$/))
    .max(50)
    .default([]),
  deskTime: z.string().max(40),
  /**
   * The desks the change is meant for (a shortlist shared with named colleagues): the server keeps
   * it and gives the change to no other desk, in a pull or otherwise; absent, the whole team. The
   * server adds the author, refuses a change naming a desk that is not of the author's team, and
   * ignores it on an "erasure.tombstone" (a forget reaches every desk).
   */
  audience: z.array(z.uuid()).min(1).max(200).optional()
})
export type ChangeToPush = z.infer<typeof changeToPushSchema>

/**
 * "contacts.bought": contact data a desk of the team bought, so a colleague's quote reads it from
 * the team, free, instead of buying it again. The payload is the service's result for one person
 * and one contact type as the Partner API gave it; who bought it is the change's author, when is
 * `boughtAt`. Its `subjects` are the person's team-salted hashes (at least the key's): an erasure
 * of the person deletes the payload on the server, and on every desk its copy.
 */
export const CONTACTS_BOUGHT_KIND = 'contacts.bought'
export const contactsBoughtPayloadSchema = z.strictObject({
  key: z.string().trim().min(1).max(200),
  contactType: z.enum(['Email', 'Phone']),
  /** The result as the API gave it (the person's emails or phones, the lookup's status). */
  result: z.record(z.string(), z.json()),
  boughtAt: z.string().max(40)
})
export type ContactsBoughtPayload = z.infer<typeof contactsBoughtPayloadSchema>

/**
 * The most do-not-contact entries one "do-not-contact.batch" change carries: the payload limit
 * decides it (64 KiB of JSON holds 900 entries of 68 bytes each — a kind letter, 64 hex and
 * their quotes and comma — with a reason of 500 characters and room to spare).
 */
export const MAX_DO_NOT_CONTACT_BATCH = 900

/**
 * "do-not-contact.batch": entries read from a file on one desk, shared with the team as their
 * team-salted hashes, up to MAX_DO_NOT_CONTACT_BATCH a change. Each entry is its kind's letter
 * (e mail, d omain, h andle, k ey) and its hash (sha256 hex of the salt's bytes and the value
 * normalised; a domain's of the lower-cased domain). `import` names the import on the desk that
 * read it (one id for all its batches); `added` false takes them off the team's list again. The
 * subjects of a batch are empty: it holds hashes only, and a forgotten person's tombstone keeps
 * them suppressed whatever a batch says.
 */
export const doNotContactBatchSchema = z.strictObject({
  import: z.uuid(),
  part: z.number().int().nonnegative(),
  reason: z.string().max(500),
  entries: z
    .array(z.string().regex(/^[edhk][0-9a-f]{64}$/))
    .min(1)
    .max(MAX_DO_NOT_CONTACT_BATCH),
  added: z.boolean()
})
export type DoNotContactBatch = z.infer<typeof doNotContactBatchSchema>

/** POST /v1/changes */
export const pushRequestSchema = z.strictObject({
  changes: z.array(changeToPushSchema).min(1).max(MAX_CHANGES_PER_PUSH)
})
export const pushResultSchema = z.object({
  accepted: z.array(z.object({ id: z.string(), seq: z.number().int().positive() })),
  /** A refused change is not kept; the desk keeps it aside with the reason and says so. */
  refused: z.array(z.object({ id: z.string(), code: z.string(), message: z.string() }))
})
export type PushResult = z.infer<typeof pushResultSchema>

/** A change as the server gives it back: with its sequence number, author and the server's time. */
export const teamChangeSchema = z.object({
  seq: z.number().int().positive(),
  id: z.string(),
  kind: z.string(),
  /** null once an erasure of one of its subjects has deleted it. */
  payload: z.json().nullable(),
  subjects: z.array(z.string()),
  author: z.object({ deskId: z.string(), personName: z.string() }),
  serverTime: z.string(),
  deskTime: z.string()
})
export type TeamChange = z.infer<typeof teamChangeSchema>

/** GET /v1/changes?after=<seq>&limit=<n> */
export const pullResultSchema = z.object({
  changes: z.array(teamChangeSchema),
  /** The last sequence number in this page (or `after` when empty). */
  last: z.number().int().nonnegative(),
  more: z.boolean()
})
export type PullResult = z.infer<typeof pullResultSchema>

/** GET /v1/events — text/event-stream; each `changes` event's data is this. */
export const changesEventSchema = z.object({ lastSeq: z.number().int().nonnegative() })

/**
 * POST /v1/budgets/admit — admission of a spend against a team budget, one step on the server
 * (two desks cannot together pass one). The hold stays until the spend is reported (a
 * "spend.purchase" change naming `holdId`) or released, or expires after `holdMinutes`.
 */
export const admitRequestSchema = z.strictObject({
  holdId: z.uuid(),
  /** The Partner API account the credits come from (a hash of its key id, never the key). */
  account: z.string().regex(/^[0-9a-f]{64}$/),
  month: z.string().regex(/^\d{4}-\d{2}$/),
  credits: z.number().int().nonnegative(),
  /** Lifted for this one spend by the recruiter after an over-budget confirmation. */
  overBudget: z.boolean().default(false)
})
export const admitResultSchema = z.object({
  admitted: z.boolean(),
  /** The team budget for that account and month, or null when none is set. */
  budget: z.number().int().positive().nullable(),
  spent: z.number().int().nonnegative(),
  held: z.number().int().nonnegative()
})
export type AdmitResult = z.infer<typeof admitResultSchema>
/** POST /v1/budgets/release { holdId } — a spend that did not happen. */
export const releaseRequestSchema = z.strictObject({ holdId: z.uuid() })
/** Whether a hold of this desk was there to release (false when it had expired or was booked). */
export const releaseResultSchema = z.object({ released: z.boolean() })

/**
 * GET /v1/spend?month=YYYY-MM — the team's book for a month, read by every member: each reported
 * spend ("spend.purchase") with who, when and which account, and the budgets set.
 */
export const spendBookSchema = z.object({
  month: z.string(),
  entries: z.array(
    z.object({
      /** The sequence number of the "spend.purchase" change that booked it. */
      seq: z.number().int().positive(),
      desk: z.object({ deskId: z.string(), personName: z.string(), deskName: z.string() }),
      account: z.string(),
      credits: z.number().int().nonnegative(),
      connectionName: z.string(),
      contactType: z.string(),
      people: z.number().int().nonnegative(),
      /** When the server booked it, and the desk's own clock for the purchase. */
      bookedAt: z.string(),
      deskTime: z.string()
    })
  ),
  budgets: z.array(z.object({ account: z.string(), credits: z.number().int().positive() }))
})
export type SpendBook = z.infer<typeof spendBookSchema>

/** The answer to a revoke (a desk, a person's desks) and to leave: the desks now revoked. */
export const revokedSchema = z.object({ desks: z.array(deskSchema) })

/**
 * GET /v1/health — no credential: answered when the server and its database both answer (503
 * 'unavailable' when the database does not); for container and proxy healthchecks.
 */
export const healthSchema = z.object({ ok: z.literal(true), protocol: z.number().int().positive() })

/** Every error the server answers: a code from this list and a message that says what to do. */
export const teamErrorCodeSchema = z.enum([
  'bad-request',
  'unauthorized',
  'revoked',
  'forbidden',
  'not-found',
  'too-large',
  'conflict',
  'over-budget',
  'unavailable'
])
export type TeamErrorCode = z.infer<typeof teamErrorCodeSchema>
export const teamErrorSchema = z.object({ error: z.object({ code: teamErrorCodeSchema, message: z.string() }) })
