import { z } from 'zod'
import { StoreError } from '../store/store-error'
import { displayName } from '../../../shared/display-name'
import { readStoredProfile, storedProfile } from '../store/profile-fields'
import { shortlistNameSchema } from '../store/shortlists-repo'
import { stageNameSchema } from '../store/stages-repo'
import { memberNotesSchema, memberRatingSchema, memberTagsSchema, snapshotSourceSchema } from '../store/members-repo'

/** Marks a file as ours; a restore refuses anything else. */
export const BACKUP_FORMAT = 'talent-desk/shortlists-backup'
/** 2 added `removedAt` (people in Recently deleted); version 1 files restore as they are. */
export const BACKUP_VERSION = 2

const isoSchema = z.iso.datetime({ offset: true })

/**
 * Profiles travel as JSON text, exactly as stored: a profile's int64 ids (co-author ids) and
 * number spellings would not survive a parse and re-serialise, and "lossless" means lossless.
 */
const backupSnapshotSchema = z.strictObject({
  capturedAt: isoSchema,
  source: snapshotSourceSchema,
  profileJson: z.string()
})

const backupMemberSchema = z.strictObject({
  profileKey: z.string().min(1),
  profileJson: z.string(),
  profileCapturedAt: isoSchema,
  profileSource: snapshotSourceSchema,
  // as long as the store takes (a longer one would pass the preview and fail the restore)
  notes: memberNotesSchema,
  tags: memberTagsSchema,
  stage: stageNameSchema,
  rating: memberRatingSchema,
  addedAt: isoSchema,
  updatedAt: isoSchema,
  history: z.array(backupSnapshotSchema),
  /** In Recently deleted since then (version 2). */
  removedAt: isoSchema.nullable().optional()
})
export type BackupMember = z.infer<typeof backupMemberSchema>

/** A shortlist's own fields; its people are read one by one apart (`members` is emptied by then). */
const backupShortlistHeadSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: shortlistNameSchema,
  createdAt: isoSchema,
  updatedAt: isoSchema,
  deletedAt: isoSchema.nullable(),
  members: z.array(z.unknown())
})
export type BackupShortlistHead = Omit<z.infer<typeof backupShortlistHeadSchema>, 'members'>

/** The file's frame: everything but the shortlists, whose records are checked one at a time. */
const backupFrameSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  exportedAt: isoSchema,
  schemaVersion: z.number().int().min(1),
  stages: z.array(z.strictObject({ name: stageNameSchema, position: z.number().int() })),
  shortlists: z.array(z.unknown())
})
export type BackupFrame = Omit<z.infer<typeof backupFrameSchema>, 'shortlists'>

/** Just enough to tell "not ours" and "from a newer app" apart from "ours but damaged". */
const envelopeSchema = z.looseObject({ format: z.string(), version: z.number() })

/** A backup's frame as read (its people taken out), checked: ours, not newer, whole. */
export function checkFrame(root: unknown): BackupFrame {
  const envelope = envelopeSchema.safeParse(root)
  if (!envelope.success || envelope.data.format !== BACKUP_FORMAT) {
    throw new StoreError('backup_invalid', 'This file is not a Talent Desk backup.', {
      details: { reason: 'foreign' }
    })
  }
  if (envelope.data.version > BACKUP_VERSION) {
    throw new StoreError('backup_invalid', 'This backup was made by a newer version of Talent Desk.', {
      details: { reason: 'newer_version', version: envelope.data.version }
    })
  }
  const parsed = backupFrameSchema.safeParse(root)
  if (!parsed.success) {
    throw new StoreError('backup_invalid', 'This backup is damaged; nothing was restored.', {
      details: {
        reason: 'invalid',
        issues: parsed.error.issues
          .slice(0, 20)
          .map((issue) => ({ path: issue.path.join('.'), message: issue.message }))
      }
    })
  }
  const { shortlists: _emptied, ...frame } = parsed.data
  return frame
}

/** A shortlist's own fields, or undefined when they cannot be read. */
export function readShortlistHead(raw: unknown): BackupShortlistHead | undefined {
  const head = backupShortlistHeadSchema.safeParse(raw)
  if (!head.success) return undefined
  const { members: _emptied, ...own } = head.data
  return own
}

/**
 * Why one member of a backup cannot be restored, or undefined when it can; `keys` holds the
 * profile keys seen so far in the same shortlist (and gets this one).
 */
export function memberProblem(raw: unknown, keys: Set<string>): string | undefined {
  const parsed = backupMemberSchema.safeParse(raw)
  if (!parsed.success) {
    const fields = [...new Set(parsed.error.issues.map((issue) => issue.path.join('.') || 'the record'))]
    return `Some of this person’s fields are missing or not valid (${fields.slice(0, 5).join(', ')}).`
  }
  const member = parsed.data
  if (keys.has(member.profileKey)) return 'This person appears twice in the same shortlist.'
  keys.add(member.profileKey)
  for (const json of [member.profileJson, ...member.history.map((h) => h.profileJson)]) {
    try {
      if (storedProfile(json).key !== member.profileKey) return 'The saved profile belongs to someone else.'
    } catch (error) {
      return error instanceof StoreError ? error.message : 'The saved profile cannot be read.'
    }
  }
  return undefined
}

export function shortlistLabel(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name
  return typeof name === 'string' && name.trim() !== '' ? name : `Shortlist ${index + 1}`
}

export function personLabel(raw: unknown, index: number): string {
  const member = (raw ?? {}) as { profileJson?: unknown; profileKey?: unknown }
  if (typeof member.profileJson === 'string') {
    const profile = readStoredProfile(member.profileJson)
    const name = profile === undefined ? '' : displayName(profile)
    if (name !== '') return name
  }
  return typeof member.profileKey === 'string' && member.profileKey !== '' ? member.profileKey : `Person ${index + 1}`
}
