import { z } from 'zod'
import { deskSchema, inviteSchema, teamRoleSchema } from '../../team/protocol'
import { isSecureOrLoopback } from '../../loopback'

/*
 * The team (issue #38): this desk creates or joins a team on the agency's team server, sees who is
 * in and how its sync stands, and (an admin) invites and revokes. Main holds the device credential
 * in the keychain; the page never sees it.
 */

const nameSchema = z.string().trim().min(1, 'Type a name.').max(120, 'Keep it under 120 characters.')

/**
 * The server's address: https://, or http:// only for a server on this computer. A URL in the
 * contract (JSON Schema `format: uri`), as the connections' addresses are.
 */
export const teamServerSchema = z
  .url({ protocol: /^https?$/, error: 'Type the address as your IT gave it, starting with https://.' })
  .trim()
  .max(500)
  .refine(
    isSecureOrLoopback,
    'Use an https:// address: http:// is accepted only for a server on this computer, so the credential cannot be read on the way.'
  )

export const createTeamInputSchema = z.strictObject({
  server: teamServerSchema,
  setupCode: z.string().trim().min(8, 'The setup code is at least 8 characters.').max(200),
  teamName: nameSchema,
  personName: nameSchema,
  deskName: nameSchema
})

export const joinTeamInputSchema = z.strictObject({
  server: teamServerSchema,
  inviteCode: z.string().trim().min(8, 'The invite code is at least 8 characters.').max(200),
  personName: nameSchema,
  deskName: nameSchema
})

/** A change the server refused: kept aside on this desk with its reason. */
export const refusedChangeSchema = z.object({
  changeId: z.string(),
  kind: z.string(),
  code: z.string(),
  message: z.string()
})

/** How this desk's sync stands. */
export const teamSyncSchema = z.object({
  /** Whether the server answered the last time it was asked (its live stream is open or a call went through). */
  online: z.boolean(),
  /** Changes in the outbox not yet accepted (refused ones not counted). */
  waiting: z.number().int().nonnegative(),
  refused: z.array(refusedChangeSchema),
  /** When a push or pull last went through (ISO), or null. */
  lastSyncedAt: z.string().nullable(),
  lastSeq: z.number().int().nonnegative(),
  /** What went wrong the last time, in the recruiter's words, or null. */
  problem: z.string().nullable()
})
export type TeamSync = z.infer<typeof teamSyncSchema>

export const teamStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('none') }),
  z.object({
    state: z.literal('joined'),
    server: z.string(),
    team: z.object({ id: z.string(), name: z.string() }),
    me: z.object({ deskId: z.string(), personName: z.string(), deskName: z.string(), role: teamRoleSchema }),
    sync: teamSyncSchema,
    /** Who is in, as the server said last (null until it answered once this session). */
    desks: z.array(deskSchema).nullable()
  })
])
export type TeamStatus = z.infer<typeof teamStatusSchema>

export const teamChannels = {
  /** The team this desk is in, who is in (asked of the server when it answers) and the sync's state. */
  getTeam: { input: z.strictObject({}), output: teamStatusSchema },
  /** Creates a team on the server with its setup code; this desk becomes its first admin. */
  createTeam: { input: createTeamInputSchema, output: teamStatusSchema },
  /** Joins a team with a one-time invite code. */
  joinTeam: { input: joinTeamInputSchema, output: teamStatusSchema },
  /** (Admin) a one-time code for a new desk, shown once. */
  inviteToTeam: {
    input: z.strictObject({
      role: teamRoleSchema,
      validMinutes: z
        .number()
        .int()
        .min(5)
        .max(7 * 24 * 60)
        .default(24 * 60)
    }),
    output: inviteSchema
  },
  /** (Admin) revokes one desk, or every desk of a person. */
  revokeTeamDesk: { input: z.strictObject({ deskId: z.string().trim().min(1).max(200) }), output: teamStatusSchema },
  revokeTeamPerson: { input: z.strictObject({ personName: nameSchema }), output: teamStatusSchema },
  /** Leaves the team: the credential is deleted from the keychain, the outbox and the team's lists dropped. */
  leaveTeam: { input: z.strictObject({}), output: teamStatusSchema },
  /** Pushes and pulls now. */
  syncTeam: { input: z.strictObject({}), output: teamStatusSchema }
} as const

export const teamEvents = {
  /** The team's state changed: joined or left, synced, online or offline, who is in. */
  teamChanged: teamStatusSchema
} as const
