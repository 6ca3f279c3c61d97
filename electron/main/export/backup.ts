import fs from 'node:fs'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { z } from 'zod'
import { StoreError } from '../store/errors'
import { isoNow, type Clock } from '../store/clock'
import { storedProfile } from '../store/profile-fields'
import { shortlistNameSchema, type ShortlistsRepo } from '../store/shortlists-repo'
import { stageNameSchema, type StagesRepo } from '../store/stages-repo'
import { memberRatingSchema, memberTagsSchema, snapshotSourceSchema, type MembersRepo } from '../store/members-repo'
import type { Store } from '../store/index'
import type { RestoreSummary } from '../../../shared/ipc/channels/export'

/** The part of the store a backup needs. */
export type BackupStore = Pick<Store, 'shortlists' | 'members' | 'stages' | 'transaction' | 'schemaVersion'>

/** Marks a file as ours; a restore refuses anything else. */
export const BACKUP_FORMAT = 'talent-desk/shortlists-backup'
export const BACKUP_VERSION = 1

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
  notes: z.string(),
  tags: memberTagsSchema,
  stage: stageNameSchema,
  rating: memberRatingSchema,
  addedAt: isoSchema,
  updatedAt: isoSchema,
  history: z.array(backupSnapshotSchema)
})

const backupShortlistSchema = z.strictObject({
  id: z.string().min(1).max(100),
  name: shortlistNameSchema,
  createdAt: isoSchema,
  updatedAt: isoSchema,
  deletedAt: isoSchema.nullable(),
  members: z.array(backupMemberSchema)
})

export const shortlistsBackupSchema = z
  .strictObject({
    format: z.literal(BACKUP_FORMAT),
    version: z.literal(BACKUP_VERSION),
    exportedAt: isoSchema,
    schemaVersion: z.number().int().min(1),
    stages: z.array(z.strictObject({ name: stageNameSchema, position: z.number().int() })),
    shortlists: z.array(backupShortlistSchema)
  })
  .superRefine((backup, ctx) => {
    const ids = new Set<string>()
    backup.shortlists.forEach((shortlist, s) => {
      if (ids.has(shortlist.id))
        ctx.addIssue({ code: 'custom', path: ['shortlists', s, 'id'], message: 'duplicate shortlist id' })
      ids.add(shortlist.id)
      const keys = new Set<string>()
      shortlist.members.forEach((member, m) => {
        const at = ['shortlists', s, 'members', m]
        if (keys.has(member.profileKey))
          ctx.addIssue({ code: 'custom', path: [...at, 'profileKey'], message: 'duplicate profile key' })
        keys.add(member.profileKey)
        for (const [json, where] of [
          [member.profileJson, 'profileJson'],
          ...member.history.map((h, i) => [h.profileJson, `history.${i}`])
        ]) {
          try {
            if (storedProfile(json as string).key !== member.profileKey) {
              ctx.addIssue({
                code: 'custom',
                path: [...at, where as string],
                message: 'profile key differs from profileKey'
              })
            }
          } catch (error) {
            ctx.addIssue({ code: 'custom', path: [...at, where as string], message: (error as Error).message })
          }
        }
      })
    })
  })
export type ShortlistsBackup = z.infer<typeof shortlistsBackupSchema>

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
  private readonly stages: StagesRepo

  constructor(
    private readonly store: BackupStore,
    private readonly clock: Clock
  ) {
    this.shortlists = store.shortlists
    this.members = store.members
    this.stages = store.stages
  }

  /** Streams the backup to `<file>.part-*`, then renames it into place. */
  async writeBackup(file: string): Promise<{ path: string; shortlists: number; members: number; bytes: number }> {
    const target = path.resolve(file)
    const part = `${target}.part-${randomBytes(4).toString('hex')}`
    const out = fs.createWriteStream(part, { flags: 'wx' })
    const write = async (text: string): Promise<void> => {
      if (!out.write(text)) await once(out, 'drain')
    }
    let memberCount = 0
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
        for (const record of this.members.records({ shortlistId: id, includeDeleted: true })) {
          const member = {
            profileKey: record.profileKey,
            profileJson: record.profileJson,
            profileCapturedAt: record.profileCapturedAt,
            profileSource: record.profileSource,
            notes: record.notes,
            tags: record.tags,
            stage: record.stage,
            rating: record.rating,
            addedAt: record.addedAt,
            updatedAt: record.updatedAt,
            history: this.members.history(record.id)
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
      fs.renameSync(part, target)
    } catch (error) {
      out.destroy()
      fs.rmSync(part, { force: true })
      throw new StoreError('export_failed', `The backup could not be written: ${target}`, {
        path: target,
        cause: error
      })
    }
    return { path: target, shortlists: lists.length, members: memberCount, bytes: fs.statSync(target).size }
  }

  /** Reads and checks a backup file without changing anything. */
  readBackup(file: string): ShortlistsBackup {
    let text: string
    try {
      text = fs.readFileSync(file, 'utf8')
    } catch (error) {
      throw new StoreError('backup_invalid', `The backup file cannot be read: ${file}`, {
        path: file,
        details: { reason: 'unreadable' },
        cause: error
      })
    }
    return parseBackup(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, file)
  }

  /** Validates the whole file first, then restores it in one transaction. */
  restore(file: string): RestoreSummary {
    const backup = this.readBackup(file)
    return this.store.transaction((): RestoreSummary => {
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
        const renamed = this.shortlists.exists(shortlist.id)
        const id = renamed ? randomUUID() : shortlist.id
        const name = renamed ? `${shortlist.name.slice(0, 188)} (restored)` : shortlist.name
        this.shortlists.insertRestored({ ...shortlist, id, name })
        for (const member of shortlist.members) this.members.insertRestored(id, member)
        return { id, name, members: shortlist.members.length, originalId: shortlist.id, renamed }
      })
      const members = restored.reduce((sum, shortlist) => sum + shortlist.members, 0)
      return { shortlists: restored, stagesAdded, members }
    })
  }
}

function parseBackup(text: string, file: string): ShortlistsBackup {
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch (error) {
    throw new StoreError('backup_invalid', 'This file is not a Talent Desk backup (it is not JSON)', {
      path: file,
      details: { reason: 'not_json' },
      cause: error
    })
  }
  const envelope = envelopeSchema.safeParse(data)
  if (!envelope.success || envelope.data.format !== BACKUP_FORMAT) {
    throw new StoreError('backup_invalid', 'This file is not a Talent Desk backup', {
      path: file,
      details: { reason: 'foreign' }
    })
  }
  if (envelope.data.version > BACKUP_VERSION) {
    throw new StoreError('backup_invalid', 'This backup was made by a newer version of Talent Desk', {
      path: file,
      details: { reason: 'newer_version', version: envelope.data.version }
    })
  }
  const parsed = shortlistsBackupSchema.safeParse(data)
  if (!parsed.success) {
    throw new StoreError('backup_invalid', 'This backup is damaged; nothing was restored', {
      path: file,
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
