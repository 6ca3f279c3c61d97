import { z } from 'zod'
import { personToCheckSchema } from './do-not-contact'

/*
 * The known-people lists (issue #32 items 1, 2 and 5): people the recruiter already has, read from
 * an ATS export (Greenhouse, Lever) or any sheet with emails, profile links or name and company.
 * Main keeps a salted hash of each email, handle and key (as the do-not-contact list does), the
 * name and employer normalised (to recognise a row with neither), and the ATS's id and stage to
 * show back. People are checked against every shared list and the connection's own.
 */

/** How a person was recognised, strongest first: their profile key, an email, a handle, or name and employer. */
export const knownBySchema = z.enum(['key', 'email', 'handle', 'name-employer'])
export type KnownBy = z.infer<typeof knownBySchema>

/** The ways in the recruiter's words. */
export const knownByLabels: Record<KnownBy, string> = {
  key: 'profile key',
  email: 'email',
  handle: 'profile link',
  'name-employer': 'name and company'
}

/** A person to check: as for do-not-contact, and their name and employer for the fuzzy case. */
export const knownPersonToCheckSchema = personToCheckSchema.extend({
  name: z.string().max(300).optional(),
  employer: z.string().max(300).optional()
})
export type KnownPersonToCheck = z.input<typeof knownPersonToCheckSchema>

export const knownMatchSchema = z.object({
  /** The person's place in the list checked. */
  index: z.number().int().nonnegative(),
  listId: z.number().int().positive(),
  listName: z.string(),
  /** The ATS's own id of the candidate, when the list had one. */
  atsId: z.string().nullable(),
  /** Where they are in the ATS ("Phone Screen", "Offer"…), when the list said. */
  stage: z.string().nullable(),
  by: knownBySchema
})
export type KnownMatch = z.infer<typeof knownMatchSchema>

/** Where a list is checked: for every connection, or for one. */
export const knownListScopeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('shared') }),
  z.object({ kind: z.literal('connection'), connectionId: z.string().min(1).max(200) })
])
export type KnownListScope = z.infer<typeof knownListScopeSchema>

export const knownListSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  scope: knownListScopeSchema,
  /** The connection's name when the list is one connection's (null when shared or the connection is gone). */
  connectionName: z.string().nullable(),
  /** What the file was read as: 'greenhouse', 'lever' or 'sheet'. */
  source: z.string(),
  fileName: z.string(),
  people: z.number().int().nonnegative(),
  /** ISO 8601. */
  importedAt: z.string()
})
export type KnownList = z.infer<typeof knownListSchema>

export const knownPeopleChannels = {
  /**
   * Which of these people the recruiter already has: one line per person and list that knows them
   * (by the strongest way). The lists checked are the shared ones and those of `connectionId`
   * (the active connection when not given).
   */
  checkKnownPeople: {
    input: z.strictObject({
      people: z.array(knownPersonToCheckSchema).max(5000),
      connectionId: z.string().max(200).optional()
    }),
    output: z.object({ known: z.array(knownMatchSchema) })
  },
  /** Every list, newest import first. */
  listKnownPeopleLists: {
    input: z.strictObject({}),
    output: z.object({ lists: z.array(knownListSchema) })
  }
} as const

export const knownPeopleEvents = {
  /** A list was imported, re-imported or removed, or people were forgotten: whoever shows marks checks again. */
  knownPeopleChanged: z.object({})
} as const
