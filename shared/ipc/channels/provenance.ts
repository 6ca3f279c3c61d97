import { z } from 'zod'

/*
 * Provenance and lawful basis (issue #31 item 1): for every person and contact held, where it came
 * from (search, chat, an import's batch and row, a tool call, a watch, a restore, a hand edit, a
 * purchase), on which connection and when; and per person the basis the recruiter holds them on
 * and the date a candidate notice was sent.
 */

const personKeySchema = z.string().trim().min(1).max(200)

/** Where a person or contact came from. */
export const provenanceKindSchema = z.enum([
  'search',
  'chat',
  'import',
  'tool',
  'watch',
  'restore',
  'manual',
  'purchase',
  'team'
])
export type ProvenanceKind = z.infer<typeof provenanceKindSchema>

/** The kinds in the recruiter's words. */
export const provenanceKindLabels: Record<ProvenanceKind, string> = {
  search: 'Found by a search',
  chat: 'Found in a chat',
  import: 'From an imported spreadsheet',
  tool: 'Through a tool call',
  watch: 'Added by a watch',
  restore: 'Restored from a backup',
  manual: 'Added by hand',
  purchase: 'Contact details bought',
  team: 'Shared by a colleague'
}

/**
 * Where the page says people it adds came from (addMembers' `origin`); the rest (import, restore,
 * purchase, tool) main knows itself.
 */
export const memberOriginSchema = z.strictObject({
  kind: z.enum(['search', 'chat', 'watch', 'manual']),
  /** In the recruiter's words: the query, the conversation's title, the watch's name. */
  detail: z.string().max(300).optional()
})
export type MemberOrigin = z.infer<typeof memberOriginSchema>

export const provenanceLineSchema = z.object({
  id: z.number().int().positive(),
  key: z.string(),
  /** ISO 8601. */
  at: z.string(),
  kind: provenanceKindSchema,
  /** A person's profile, or their contact details. */
  what: z.enum(['person', 'contact']),
  /** In the recruiter's words: a query, a spreadsheet's name and row, a contact type, a tool's name. */
  detail: z.string(),
  /** The shortlist they went into, when one did. */
  shortlist: z.string().nullable(),
  importBatchId: z.string().nullable(),
  /** The spreadsheet's own row number. */
  importRow: z.number().int().nullable(),
  purchaseId: z.string().nullable(),
  connection: z.object({ id: z.string(), name: z.string() }).nullable()
})
export type ProvenanceLine = z.infer<typeof provenanceLineSchema>

export const lawfulBasisKindSchema = z.enum(['legitimate-interest', 'consent', 'other'])
export type LawfulBasisKind = z.infer<typeof lawfulBasisKindSchema>

export const lawfulBasisLabels: Record<LawfulBasisKind, string> = {
  'legitimate-interest': 'Legitimate interest',
  consent: 'Consent',
  other: 'Another basis'
}

const dateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')

export const lawfulBasisSchema = z.object({
  basis: lawfulBasisKindSchema,
  /** The day they consented (consent only). */
  consentedOn: z.string().nullable(),
  /** The basis in the recruiter's words (other only). */
  other: z.string().nullable(),
  /** The day a candidate notice was sent them; null when none was. */
  noticeSentOn: z.string().nullable(),
  /** When the recruiter last set it; null for the default (legitimate interest, nothing set). */
  setAt: z.string().nullable()
})
export type LawfulBasis = z.infer<typeof lawfulBasisSchema>

export const personProvenanceSchema = z.object({
  key: z.string(),
  /** Oldest first. */
  lines: z.array(provenanceLineSchema),
  basis: lawfulBasisSchema
})
export type PersonProvenance = z.infer<typeof personProvenanceSchema>

/** Consent needs its day and another basis its name: main answers invalid_input otherwise. */
export const setLawfulBasisInputSchema = z.strictObject({
  key: personKeySchema,
  basis: lawfulBasisKindSchema,
  consentedOn: dateSchema.nullable().optional(),
  other: z.string().trim().max(300).nullable().optional(),
  noticeSentOn: dateSchema.nullable().optional()
})

export const provenanceChannels = {
  /** Where a person and their contacts came from, and the basis they are held on. */
  personProvenance: { input: z.strictObject({ key: personKeySchema }), output: personProvenanceSchema },
  /** Sets a person's lawful basis and the day a notice was sent (answers what is now held). */
  setLawfulBasis: { input: setLawfulBasisInputSchema, output: lawfulBasisSchema }
}
