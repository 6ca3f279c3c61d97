import { z } from 'zod'
import { handleInProfileUrl } from '../../api/handles'
import { erasureReasonLabels, erasureReasonSchema } from './personal-data'

/*
 * The do-not-contact list (issue #31 item 5): people the recruiter must not contact, named by an
 * email, a whole email domain, a profile handle (or its address) or a profile key. Main keeps a
 * salted hash of each (the tombstones' salt) and the value as the recruiter typed it, to show the
 * list back. Every forgotten person (a tombstone) counts as suppressed too, with no entry.
 */

export const doNotContactKindSchema = z.enum(['email', 'domain', 'handle', 'key'])
export type DoNotContactKind = z.infer<typeof doNotContactKindSchema>

/** The kinds in the recruiter's words. */
export const doNotContactKindLabels: Record<DoNotContactKind, string> = {
  email: 'Email',
  domain: 'Email domain',
  handle: 'Profile handle',
  key: 'Profile key'
}

const EMAIL = /^[^@\s,;]+@[^@\s,;]+\.[^@\s,;]+$/
const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/
const HANDLE = /^[^\s/?#@,;]{2,100}$/
/** The longest domain name DNS allows (RFC 1035: 255 octets on the wire, 253 characters written). */
export const MAX_DOMAIN_CHARS = 253

/** Entries the list holds at most (issue #36 item 4: a million imports in seconds, off main). */
export const MAX_DO_NOT_CONTACT = 1_000_000
/** Rows of the list shown at a time in Settings. */
export const DO_NOT_CONTACT_PAGE = 100
/** The largest file imported into the list. */
export const MAX_DO_NOT_CONTACT_BYTES = 100 * 1024 * 1024
/** A piece of an upload: base64 of up to 3 MB. */
export const DO_NOT_CONTACT_CHUNK_CHARS = 4_000_000

/** Said when the list is full, in the words of the field (a value typed, a file chosen). */
export const listFull = (held: number): string =>
  `The do-not-contact list is full: it holds ${held.toLocaleString('en')} entries, and ${MAX_DO_NOT_CONTACT.toLocaleString('en')} at most. Remove entries you no longer need, then add more.`
/** Said when a file would pass the cap: nothing of it is added. */
export const fileTooMany = (held: number): string =>
  `This file would take the do-not-contact list past ${MAX_DO_NOT_CONTACT.toLocaleString('en')} entries (it holds ${held.toLocaleString('en')}), so nothing of it was added. Import a shorter file, or remove entries first.`

/**
 * A value of a kind as it is compared (or null when it cannot be one): emails and domains
 * lower-cased ("@acme.com" is the domain acme.com), a handle read from a profile address or
 * "@name", a key as given. The same rule hashes an entry and a person checked against it.
 */
export function normalisedValue(kind: DoNotContactKind, text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (kind === 'email') {
    return EMAIL.test(trimmed) && trimmed.length - trimmed.lastIndexOf('@') - 1 <= MAX_DOMAIN_CHARS
      ? trimmed.toLowerCase()
      : null
  }
  if (kind === 'domain') {
    const domain = trimmed.toLowerCase().replace(/^@/, '')
    return domain.length <= MAX_DOMAIN_CHARS && DOMAIN.test(domain) ? domain : null
  }
  if (kind === 'handle') {
    const handle = (handleInProfileUrl(trimmed) ?? trimmed.replace(/^@/, '')).toLowerCase()
    return HANDLE.test(handle) ? handle : null
  }
  return /\s/.test(trimmed) || trimmed.length > 200 ? null : trimmed
}

/**
 * What a line of an imported file names, read without asking: an email, "@domain" or a bare
 * domain, a profile address, or "key:<key>". Anything else (a header, a name) is left out.
 */
export function detectedKind(text: string): DoNotContactKind | null {
  const trimmed = text.trim()
  if (EMAIL.test(trimmed)) return 'email'
  if (/^key:/i.test(trimmed)) return 'key'
  if (handleInProfileUrl(trimmed) !== undefined) return 'handle'
  if (normalisedValue('domain', trimmed) !== null) return 'domain'
  return null
}

export const doNotContactEntrySchema = z.object({
  id: z.number().int().positive(),
  kind: doNotContactKindSchema,
  /** As the recruiter typed it (forgetting the person it names deletes the entry). */
  value: z.string(),
  /** Why, in the recruiter's words ('' when none was given). */
  note: z.string(),
  /** ISO 8601. */
  addedAt: z.string()
})
export type DoNotContactEntry = z.infer<typeof doNotContactEntrySchema>

/** A file imported into this desk's list (removed whole: its entries go, and go from the team's list). */
export const doNotContactImportSchema = z.object({
  id: z.number().int().positive(),
  /** Entries it added to the list when it was read. */
  added: z.number().int().nonnegative(),
  note: z.string(),
  /** ISO 8601. */
  addedAt: z.string()
})
export type DoNotContactImport = z.infer<typeof doNotContactImportSchema>

const sharedBy = {
  /** Why, in the colleague's words ('' when none was given). */
  reason: z.string(),
  /** Who shared it; null when this desk no longer knows (an entry kept from before that was recorded). */
  personName: z.string().nullable(),
  /** When the team server took it (ISO 8601), or null as above. */
  sharedAt: z.string().nullable()
}

/**
 * A line of the team's list as this desk shows it (issue #38): the server and this desk hold only
 * team-salted hashes of colleagues' entries, so a line says the kind, why, who and when, never
 * the value; a file a colleague imported is one line with how many entries it holds here.
 */
export const teamDoNotContactLineSchema = z.discriminatedUnion('line', [
  z.object({ line: z.literal('entry'), key: z.string(), kind: doNotContactKindSchema, ...sharedBy }),
  z.object({ line: z.literal('import'), key: z.string(), entries: z.number().int().positive(), ...sharedBy })
])
export type TeamDoNotContactLine = z.infer<typeof teamDoNotContactLineSchema>

/** A person to check, as a search result, a saved profile or a spreadsheet row names them. */
export const personToCheckSchema = z.object({
  key: z.string().max(200).optional(),
  emails: z.array(z.string().max(320)).max(50).default([]),
  handles: z.array(z.string().max(300)).max(50).default([])
})
export type PersonToCheck = z.input<typeof personToCheckSchema>

/** Why a person is suppressed: they were forgotten, or an entry of the list names them. */
export const suppressionReasonSchema = z.discriminatedUnion('why', [
  /** The reason their tombstone records (a forget by retention is not one they asked for). */
  z.object({ why: z.literal('forgotten'), reason: erasureReasonSchema }),
  z.object({ why: z.literal('listed'), kind: doNotContactKindSchema, entryId: z.number().int().positive() }),
  /** A colleague's entry on the team's list (issue #38): kept here as a hash only. */
  z.object({ why: z.literal('team'), kind: doNotContactKindSchema })
])
export type SuppressionReason = z.infer<typeof suppressionReasonSchema>

/** The reasons in the recruiter's words. */
export function suppressionLabel(reason: SuppressionReason): string {
  if (reason.why === 'forgotten') return `Forgotten: ${erasureReasonLabels[reason.reason].toLowerCase()}`
  if (reason.why === 'team')
    return `On the team’s do-not-contact list (${doNotContactKindLabels[reason.kind].toLowerCase()})`
  return `On the do-not-contact list (${doNotContactKindLabels[reason.kind].toLowerCase()})`
}

export const suppressionSchema = z.object({
  /** The person's place in the list checked. */
  index: z.number().int().nonnegative(),
  reasons: z.array(suppressionReasonSchema).min(1)
})
export type Suppression = z.infer<typeof suppressionSchema>

/** Why a typed value was refused: a domain too long for DNS, else by the kind chosen. */
export function refusedValue(kind: DoNotContactKind, value: string): string {
  const trimmed = value.trim()
  const domain = kind === 'domain' ? trimmed.replace(/^@/, '') : trimmed.slice(trimmed.lastIndexOf('@') + 1)
  if ((kind === 'domain' || kind === 'email') && domain.length > MAX_DOMAIN_CHARS) {
    return `A domain has at most ${MAX_DOMAIN_CHARS} characters; this one has ${domain.length}.`
  }
  return notOfKind[kind]
}

/** Why a typed value was refused, by the kind chosen. */
export const notOfKind: Record<DoNotContactKind, string> = {
  email: 'This is not an email address.',
  domain: 'This is not an email domain (like acme.com).',
  handle: 'This is not a profile handle or a profile address.',
  key: 'A profile key has no spaces.'
}

const addInputSchema = z
  .strictObject({
    kind: doNotContactKindSchema,
    value: z.string().min(1).max(500),
    note: z.string().max(500).default('')
  })
  .superRefine((input, context) => {
    if (normalisedValue(input.kind, input.value) === null) {
      context.addIssue({
        code: 'custom',
        path: ['value'],
        message: refusedValue(input.kind, input.value)
      })
    }
  })

const uploadIdSchema = z.string().regex(/^[A-Za-z0-9_-]{24}$/, 'an upload id from startDoNotContactUpload')

export const doNotContactChannels = {
  /**
   * A page of the list, newest first, with how many entries it holds in all (kept as entries are
   * added and removed: never counted row by row) and how many forgotten people are suppressed
   * besides (no entry each).
   */
  listDoNotContact: {
    input: z.strictObject({
      offset: z.number().int().nonnegative().max(MAX_DO_NOT_CONTACT).default(0),
      limit: z.number().int().positive().max(500).default(DO_NOT_CONTACT_PAGE)
    }),
    output: z.object({
      entries: z.array(doNotContactEntrySchema),
      offset: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      forgotten: z.number().int().nonnegative()
    })
  },
  /** Adds one entry by hand; one already listed (the same kind and value) is not added twice. */
  addDoNotContact: {
    input: addInputSchema,
    output: z.object({ entry: doNotContactEntrySchema, added: z.boolean() })
  },
  /** Begins sending a file for the list in base64 pieces (the page reads the file, main keeps the bytes). */
  startDoNotContactUpload: {
    input: z.strictObject({ bytes: z.number().int().nonnegative().max(MAX_DO_NOT_CONTACT_BYTES) }),
    output: z.object({ uploadId: z.string() })
  },
  appendDoNotContactUpload: {
    input: z.strictObject({
      uploadId: uploadIdSchema,
      chunk: z
        .string()
        .max(DO_NOT_CONTACT_CHUNK_CHARS)
        .regex(/^[A-Za-z0-9+/]*={0,2}$/, 'base64'),
      last: z.boolean()
    }),
    output: z.object({ received: z.number().int().nonnegative() })
  },
  discardDoNotContactUpload: {
    input: z.strictObject({ uploadId: uploadIdSchema }),
    output: z.object({ discarded: z.boolean() })
  },
  /**
   * Adds every entry a file of lines or CSV names: each cell that is an email, a domain
   * ("@acme.com"), a profile address or "key:<key>"; the rest is reported. The file is an upload
   * (startDoNotContactUpload), or a short text sent whole; either is read in a worker over its own
   * connection, written hidden a few thousand entries at a time, then shown at once. A file that
   * would pass MAX_DO_NOT_CONTACT adds nothing.
   */
  importDoNotContact: {
    input: z
      .strictObject({
        uploadId: uploadIdSchema.optional(),
        fileName: z.string().min(1).max(300).default('list.csv'),
        text: z.string().max(5_000_000).optional(),
        note: z.string().max(500).default('')
      })
      .refine((input) => (input.uploadId === undefined) !== (input.text === undefined), {
        message: 'an upload id or a text, one of them',
        path: ['uploadId']
      }),
    output: z.object({
      added: z.number().int().nonnegative(),
      alreadyListed: z.number().int().nonnegative(),
      /** Lines with nothing to add (a header, a name), first 100, 1-based. */
      skipped: z.array(z.object({ line: z.number().int().positive(), text: z.string() })),
      skippedCount: z.number().int().nonnegative(),
      /** Entries the list holds now. */
      total: z.number().int().nonnegative()
    })
  },
  removeDoNotContact: {
    input: z.strictObject({ id: z.number().int().positive() }),
    output: z.object({ removed: z.boolean() })
  },
  /** The files imported into the list, newest first (at most 200). */
  listDoNotContactImports: {
    input: z.strictObject({}),
    output: z.object({ imports: z.array(doNotContactImportSchema) })
  },
  /**
   * Removes a whole import: its entries leave the list and every check at once, are deleted a
   * slice at a time after, and (in a team) are taken off every colleague's desk.
   */
  removeDoNotContactImport: {
    input: z.strictObject({ id: z.number().int().positive() }),
    output: z.object({ removed: z.boolean(), entries: z.number().int().nonnegative() })
  },
  /**
   * A page of the team's list as colleagues shared it (files first, one line each, newest first;
   * then entries added by hand, newest first), with how many lines and how many entries in all
   * (kept counts: never counted row by row). Empty outside a team.
   */
  listTeamDoNotContact: {
    input: z.strictObject({
      offset: z
        .number()
        .int()
        .nonnegative()
        .max(MAX_DO_NOT_CONTACT * 10)
        .default(0),
      limit: z.number().int().positive().max(500).default(DO_NOT_CONTACT_PAGE)
    }),
    output: z.object({
      lines: z.array(teamDoNotContactLineSchema),
      offset: z.number().int().nonnegative(),
      total: z.number().int().nonnegative(),
      entries: z.number().int().nonnegative()
    })
  },
  /** Which of these people are suppressed, and why (only those; each by its place in the list). */
  checkDoNotContact: {
    input: z.strictObject({ people: z.array(personToCheckSchema).max(5000) }),
    output: z.object({ suppressed: z.array(suppressionSchema) })
  }
} as const

export const doNotContactEvents = {
  /** The list changed (added, imported, removed): whoever shows marks checks again. */
  doNotContactChanged: z.object({})
} as const
