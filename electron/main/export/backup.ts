import fs from 'node:fs'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { z } from 'zod'
import { StoreError } from '../store/errors'
import { isoNow, type Clock } from '../store/clock'
import { displayName, readStoredProfile, storedProfile } from '../store/profile-fields'
import { shortlistNameSchema, type ShortlistsRepo } from '../store/shortlists-repo'
import { stageNameSchema, type StagesRepo } from '../store/stages-repo'
import {
  memberNotesSchema,
  memberRatingSchema,
  memberTagsSchema,
  snapshotSourceSchema,
  type MembersRepo
} from '../store/members-repo'
import type { MemberRecordsRepo } from '../store/member-records-repo'
import type { SnapshotsRepo } from '../store/snapshots-repo'
import type { Store } from '../store/index'
import type { RestoreSummary } from '../../../shared/ipc/channels/export'
import { isWellFormed, toWellFormed } from '../../../shared/ipc/text'

/** The part of the store a backup needs. */
export type BackupStore = Pick<
  Store,
  'shortlists' | 'members' | 'memberRecords' | 'snapshots' | 'stages' | 'transaction' | 'schemaVersion'
>

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

const backupShortlistHeadSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: shortlistNameSchema,
  createdAt: isoSchema,
  updatedAt: isoSchema,
  deletedAt: isoSchema.nullable(),
  members: z.array(z.unknown())
})

const backupShortlistSchema = backupShortlistHeadSchema.extend({ members: z.array(backupMemberSchema) })

export const shortlistsBackupSchema = z.strictObject({
  format: z.literal(BACKUP_FORMAT),
  version: z.union([z.literal(1), z.literal(BACKUP_VERSION)]),
  exportedAt: isoSchema,
  schemaVersion: z.number().int().min(1),
  stages: z.array(z.strictObject({ name: stageNameSchema, position: z.number().int() })),
  shortlists: z.array(backupShortlistSchema)
})
export type ShortlistsBackup = z.infer<typeof shortlistsBackupSchema>
type BackupMember = z.infer<typeof backupMemberSchema>

/** The file's frame: everything but the shortlists, which are checked one record at a time. */
const backupFrameSchema = shortlistsBackupSchema.extend({ shortlists: z.array(z.unknown()) })

/** A record of a backup that cannot be restored, named as the recruiter knows it. */
export interface BackupProblem {
  shortlist: string
  /** The person, when the problem is one member; absent when a whole shortlist is unreadable. */
  person?: string
  reason: string
}

/** What a backup holds that can be restored, and what cannot (each bad record on its own). */
export interface InspectedBackup {
  backup: ShortlistsBackup
  problems: BackupProblem[]
}

/**
 * What a backup holds as the recruiter sees it: live shortlists and the people in them, and
 * apart, what is in Recently deleted (deleted shortlists with their people, removed people).
 */
export interface BackupCounts {
  shortlists: number
  members: number
  recentlyDeleted: { shortlists: number; members: number }
}

export function countBackup(backup: Pick<ShortlistsBackup, 'shortlists'>): BackupCounts {
  const counts: BackupCounts = { shortlists: 0, members: 0, recentlyDeleted: { shortlists: 0, members: 0 } }
  for (const shortlist of backup.shortlists) {
    if (shortlist.deletedAt !== null) {
      counts.recentlyDeleted.shortlists += 1
      counts.recentlyDeleted.members += shortlist.members.length
      continue
    }
    counts.shortlists += 1
    for (const member of shortlist.members) {
      if (member.removedAt == null) counts.members += 1
      else counts.recentlyDeleted.members += 1
    }
  }
  return counts
}

/** Just enough to tell "not ours" and "from a newer app" apart from "ours but damaged". */
const envelopeSchema = z.looseObject({ format: z.string(), version: z.number() })

/**
 * JSON backup of every shortlist (live and recently deleted) with its members, snapshot history
 * and the stage list; and restore of such a file. Restore validates the whole file before it
 * writes anything, then adds everything in one transaction: a bad or foreign file changes nothing.
 * Restore never overwrites: a shortlist whose id already exists comes back as a new shortlist
 * named "… (restored)".
 */
export class BackupService {
  private readonly shortlists: ShortlistsRepo
  private readonly members: MembersRepo
  private readonly memberRecords: MemberRecordsRepo
  private readonly snapshots: SnapshotsRepo
  private readonly stages: StagesRepo

  constructor(
    private readonly store: BackupStore,
    private readonly clock: Clock
  ) {
    this.shortlists = store.shortlists
    this.members = store.members
    this.memberRecords = store.memberRecords
    this.snapshots = store.snapshots
    this.stages = store.stages
  }

  /** Streams the backup to `<file>.part-*`, then renames it into place. */
  async writeBackup(file: string): Promise<
    BackupCounts & {
      path: string
      bytes: number
      /** Members whose saved profile was damaged: backed up with their key, name and notes only. */
      damaged: Array<{ shortlist: string; person: string }>
    }
  > {
    const target = path.resolve(file)
    const part = `${target}.part-${randomBytes(4).toString('hex')}`
    const out = fs.createWriteStream(part, { flags: 'wx', mode: 0o600 })
    const write = async (text: string): Promise<void> => {
      if (!out.write(text)) await once(out, 'drain')
    }
    let memberCount = 0
    const damaged: Array<{ shortlist: string; person: string }> = []
    const lists = [...this.shortlists.list(), ...this.shortlists.listDeleted()]
    try {
      const head = {
        format: BACKUP_FORMAT,
        version: BACKUP_VERSION,
        exportedAt: isoNow(this.clock),
        schemaVersion: this.store.schemaVersion,
        stages: this.stages.list().map(({ name, position }) => ({ name, position }))
      }
      await write(`${JSON.stringify(head).slice(0, -1)},"shortlists":[`)
      for (const [s, shortlist] of lists.entries()) {
        const { id, name, createdAt, updatedAt, deletedAt } = shortlist
        await write(
          `${s === 0 ? '' : ','}\n${JSON.stringify({ id, name, createdAt, updatedAt, deletedAt }).slice(0, -1)},"members":[`
        )
        let first = true
        for (const record of this.memberRecords.records({
          shortlistId: id,
          includeDeleted: true,
          includeRemoved: true
        })) {
          // A profile damaged on disk cannot travel as it is (restore would refuse it): the
          // member goes with what can be read (key and name, plus notes, tags, stage, rating),
          // and the backup names them. Unreadable older snapshots are left out.
          const readable = readStoredProfile(record.profileJson) !== undefined
          if (!readable) damaged.push({ shortlist: name, person: record.name || record.profileKey })
          const member = {
            profileKey: record.profileKey,
            profileJson: readable
              ? record.profileJson
              : JSON.stringify({ key: record.profileKey, full_name: record.name }),
            profileCapturedAt: record.profileCapturedAt,
            profileSource: record.profileSource,
            notes: record.notes,
            tags: record.tags,
            stage: record.stage,
            rating: record.rating,
            addedAt: record.addedAt,
            updatedAt: record.updatedAt,
            history: this.snapshots
              .history(record.id)
              .filter((snapshot) => readStoredProfile(snapshot.profileJson) !== undefined),
            ...(record.removedAt === null ? {} : { removedAt: record.removedAt })
          }
          await write(`${first ? '' : ','}\n${JSON.stringify(member)}`)
          first = false
          memberCount += 1
        }
        await write(']}')
      }
      await write('\n]}\n')
      out.end()
      await once(out, 'finish')
    } catch (error) {
      out.destroy()
      fs.rmSync(part, { force: true })
      throw new StoreError('export_failed', 'The backup could not be written.', { path: target, cause: error })
    }
    // Read the file back and check it as a restore would, before calling it done: a backup that
    // restore would refuse is no backup. The counts reported are the file's own.
    let counts: BackupCounts
    try {
      const check = this.readBackup(part)
      const people = check.shortlists.reduce((sum, shortlist) => sum + shortlist.members.length, 0)
      if (check.shortlists.length !== lists.length || people !== memberCount) throw new Error('counts differ')
      counts = countBackup(check)
    } catch (error) {
      fs.rmSync(part, { force: true })
      throw new StoreError('export_failed', 'The backup did not read back correctly, so it was not saved.', {
        path: target,
        cause: error
      })
    }
    fs.renameSync(part, target)
    return { path: target, ...counts, bytes: fs.statSync(target).size, damaged }
  }

  /** Reads and checks a backup file without changing anything; any bad record refuses it. */
  readBackup(file: string): ShortlistsBackup {
    return strict(inspectBackup(readBackupText(file)))
  }

  /** What restoring `text` would bring back, and which records could not be (nothing is written). */
  inspect(text: string): InspectedBackup {
    return inspectBackup(text)
  }

  /**
   * Restores in one transaction. By default any bad record refuses the whole file; with
   * `partial`, everything readable is restored and the rest is listed in `skipped`.
   */
  restore(file: string, options: { partial?: boolean } = {}): RestoreSummary {
    return this.restoreText(readBackupText(file), options)
  }

  restoreText(text: string, options: { partial?: boolean } = {}): RestoreSummary {
    const inspected = inspectBackup(text)
    const backup = options.partial === true ? inspected.backup : strict(inspected)
    const summary = this.store.transaction((): Omit<RestoreSummary, 'skipped' | 'recentlyDeleted'> => {
      const known = new Set(this.stages.list().map((stage) => stage.name.toLowerCase()))
      const stagesAdded: string[] = []
      const stageNames = [
        ...[...backup.stages].sort((a, b) => a.position - b.position).map((s) => s.name),
        ...backup.shortlists.flatMap((s) => s.members.map((m) => m.stage))
      ]
      for (const name of stageNames) {
        if (known.has(name.toLowerCase())) continue
        this.stages.add(name)
        known.add(name.toLowerCase())
        stagesAdded.push(name)
      }
      const restored = backup.shortlists.map((shortlist) => {
        // Deleted meanwhile, so only in Recently deleted: the backup brings that very shortlist
        // back (no "(restored)" copy beside the one in the bin), adding the people it lacks.
        if (this.shortlists.exists(shortlist.id)) {
          const binned = this.shortlists.get(shortlist.id, { includeDeleted: true })
          if (binned.deletedAt !== null) return this.#intoBinned(binned, shortlist)
        }
        const renamed = this.shortlists.exists(shortlist.id)
        const id = renamed ? randomUUID() : shortlist.id
        const name = renamed ? `${shortlist.name.slice(0, 188)} (restored)` : shortlist.name
        this.shortlists.insertRestored({ ...shortlist, id, name })
        for (const member of shortlist.members) this.memberRecords.insertRestored(id, member)
        // Counted as the recruiter will see them: people in Recently deleted are counted apart.
        const deleted = shortlist.deletedAt !== null
        const members = deleted ? 0 : shortlist.members.filter((member) => member.removedAt == null).length
        return { id, name, members, originalId: shortlist.id, renamed, deleted }
      })
      const members = restored.reduce((sum, shortlist) => sum + shortlist.members, 0)
      return { shortlists: restored, stagesAdded, members }
    })
    return {
      ...summary,
      recentlyDeleted: countBackup(backup).recentlyDeleted,
      skipped: options.partial === true ? inspected.problems : []
    }
  }

  /**
   * Restores a backed-up shortlist into the same shortlist where it lies in Recently deleted:
   * live again when the backup has it live, its name kept, and each backed-up person it does not
   * hold (live or removed) added; what it holds stays as it is.
   */
  #intoBinned(
    binned: { id: string; name: string },
    shortlist: z.infer<typeof backupShortlistSchema>
  ): RestoreSummary['shortlists'][number] {
    if (shortlist.deletedAt === null) this.shortlists.undoDelete(binned.id)
    for (const member of shortlist.members) {
      if (this.members.findByKey(binned.id, member.profileKey) === undefined)
        this.memberRecords.insertRestored(binned.id, member)
    }
    const deleted = shortlist.deletedAt !== null
    const members = deleted ? 0 : this.members.list(binned.id).length
    return { id: binned.id, name: binned.name, members, originalId: shortlist.id, renamed: false, deleted }
  }
}

export function readBackupText(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8')
  } catch (error) {
    throw new StoreError('backup_invalid', 'The backup file cannot be read.', {
      path: file,
      details: { reason: 'unreadable' },
      cause: error
    })
  }
}

/** The whole backup, or the refusal a strict restore gives when any record is bad. */
function strict({ backup, problems }: InspectedBackup): ShortlistsBackup {
  if (problems.length === 0) return backup
  throw new StoreError(
    'backup_invalid',
    `This backup is damaged in ${problems.length === 1 ? 'one place' : `${problems.length} places`}; nothing was restored.`,
    { details: { reason: 'invalid', problems: problems.slice(0, 50) } }
  )
}

/**
 * Checks a backup's frame (ours, not newer, stages) as a whole, then every shortlist and every
 * member on its own: a bad record becomes a problem that names it, never a refusal of the rest.
 */
export function inspectBackup(input: string): InspectedBackup {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input
  const frame = parseFrame(text)
  const problems: BackupProblem[] = []
  const ids = new Set<string>()
  const shortlists: ShortlistsBackup['shortlists'] = []
  frame.shortlists.forEach((raw, s) => {
    const head = backupShortlistHeadSchema.safeParse(raw)
    const label = head.success ? head.data.name : shortlistLabel(raw, s)
    if (!head.success || ids.has(head.data.id)) {
      problems.push({
        shortlist: label,
        reason: head.success ? 'This shortlist appears twice in the file.' : 'This shortlist cannot be read.'
      })
      return
    }
    ids.add(head.data.id)
    const keys = new Set<string>()
    const members: BackupMember[] = []
    head.data.members.forEach((rawMember, m) => {
      const reason = memberProblem(rawMember, keys)
      if (reason === undefined) members.push(rawMember as BackupMember)
      else problems.push({ shortlist: label, person: personLabel(rawMember, m), reason })
    })
    shortlists.push({ ...head.data, members })
  })
  return { backup: { ...frame, shortlists }, problems }
}

/** Why one member of a backup cannot be restored, or undefined when it can. */
function memberProblem(raw: unknown, keys: Set<string>): string | undefined {
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

function shortlistLabel(raw: unknown, index: number): string {
  const name = (raw as { name?: unknown } | null)?.name
  return typeof name === 'string' && name.trim() !== '' ? name : `Shortlist ${index + 1}`
}

function personLabel(raw: unknown, index: number): string {
  const member = (raw ?? {}) as { profileJson?: unknown; profileKey?: unknown }
  if (typeof member.profileJson === 'string') {
    const profile = readStoredProfile(member.profileJson)
    const name = profile === undefined ? '' : displayName(profile)
    if (name !== '') return name
  }
  return typeof member.profileKey === 'string' && member.profileKey !== '' ? member.profileKey : `Person ${index + 1}`
}

/** A `\uD800`–`\uDFFF` escape: JSON text that may parse to a lone surrogate. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/

function parseFrame(text: string): z.infer<typeof backupFrameSchema> {
  let data: unknown
  try {
    // Half a surrogate pair (an escape in an edited file; our own backups carry them in tags)
    // cannot be stored as UTF-8: it comes back as U+FFFD, as SQLite would have kept it, so the
    // preview and the restore read the same text. Profile JSON stays as it is (its escapes are
    // text inside the string). Only such files pay for the reviver.
    data =
      isWellFormed(text) && !SURROGATE_ESCAPE.test(text)
        ? JSON.parse(text)
        : JSON.parse(text, (_key, value: unknown) => (typeof value === 'string' ? toWellFormed(value) : value))
  } catch (error) {
    throw new StoreError('backup_invalid', 'This file is not a Talent Desk backup (it is not JSON).', {
      details: { reason: 'not_json' },
      cause: error
    })
  }
  const envelope = envelopeSchema.safeParse(data)
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
  const parsed = backupFrameSchema.safeParse(data)
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
  return parsed.data
}
