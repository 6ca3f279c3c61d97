import { z } from 'zod'

/*
 * The local data file's state and the ways out when it was refused at start. Recovery never
 * deletes or overwrites: the refused file is renamed aside and copies are copied, not moved.
 */

/** Why the data file was refused (the store's own codes). */
export const storeRefusalCodeSchema = z.enum([
  'store_corrupt',
  'store_newer_than_app',
  'store_foreign',
  'store_unreadable',
  'store_migration_failed'
])
export type StoreRefusalCode = z.infer<typeof storeRefusalCodeSchema>

/** A copy of the data file written before a schema upgrade; restoring it copies it into place. */
export const storeCopySchema = z.object({
  path: z.string(),
  /** When the copy was made (ISO 8601). */
  createdAt: z.string(),
  /** The schema the file had when it was copied, when the file name says so. */
  fromVersion: z.number().int().nonnegative().optional(),
  bytes: z.number().int().nonnegative()
})
export type StoreCopy = z.infer<typeof storeCopySchema>

export const storeStatusSchema = z.discriminatedUnion('state', [
  z.object({ state: z.literal('open'), file: z.string() }),
  z.object({
    state: z.literal('refused'),
    code: storeRefusalCodeSchema,
    /** What happened and what to do, in the recruiter's words. */
    message: z.string(),
    /** The technical reason (the store's own message), one click away. */
    technical: z.string(),
    /** The refused data file. */
    file: z.string(),
    /** Pre-migration copies, newest first. */
    copies: z.array(storeCopySchema),
    /** Whether renaming the file aside and starting empty is offered. */
    canMoveAside: z.boolean()
  })
])
export type StoreStatus = z.infer<typeof storeStatusSchema>

/**
 * `moveAside`: rename the refused file and start an empty store. `restoreCopy`: put one of the
 * listed copies in place (the current file is moved aside first). `reopen`: try the same file
 * again, after the recruiter fixed permissions or closed the program holding it.
 */
export const recoverStoreInputSchema = z.discriminatedUnion('action', [
  z.strictObject({ action: z.literal('moveAside') }),
  z.strictObject({ action: z.literal('restoreCopy'), path: z.string().min(1).max(4096) }),
  z.strictObject({ action: z.literal('reopen') })
])
export type RecoverStoreInput = z.infer<typeof recoverStoreInputSchema>

export const recoverStoreResultSchema = z.object({
  /** Where the refused file went, if it was moved aside. */
  movedTo: z.string().optional(),
  /** The copy put in place, if one was restored. */
  restoredFrom: z.string().optional(),
  status: storeStatusSchema
})
export type RecoverStoreResult = z.infer<typeof recoverStoreResultSchema>

export const storeChannels = {
  getStoreStatus: { input: z.strictObject({}), output: storeStatusSchema },
  recoverStore: { input: recoverStoreInputSchema, output: recoverStoreResultSchema }
}
