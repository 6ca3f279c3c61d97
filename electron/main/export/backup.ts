import fs from 'node:fs'
import path from 'node:path'
import { randomBytes, randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { StoreError } from '../store/store-error'
import { isoNow, type Clock } from '../store/clock'
import { readStoredProfile } from '../store/profile-fields'
import type { ShortlistsRepo } from '../store/shortlists-repo'
import type { StagesRepo } from '../store/stages-repo'
import type { MembersRepo } from '../store/members-repo'
import type { MemberRecordsRepo } from '../store/member-records-repo'
import type { SnapshotsRepo } from '../store/snapshots-repo'
import type { Store } from '../store/index'
import type { RestoreSummary } from '../../../shared/ipc/channels/export'
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  memberProblem,
  type BackupMember,
  type BackupShortlistHead
} from './backup-format'
import { inspectBackup, strict, type BackupCounts, type BackupPlan } from './backup-inspect'
import { walkBackup, type BackupSource } from './backup-walk'
import { parseOrUndefined } from '../personal-data/person-match'
import { ForgottenPeople } from '../personal-data/tombstones'

export { BACKUP_FORMAT, BACKUP_VERSION } from './backup-format'

/** The part of the store a backup needs. */
export type BackupStore = Pick<
  Store,
  'shortlists' | 'members' | 'memberRecords' | 'snapshots' | 'stages' | 'transaction' | 'schemaVersion'
> & { readonly database: Pick<Store['database'], 'db'> }

/** A shortlist being restored: where its people go, and what the summary says of it. */
interface Target {
  index: number
  id: string
  /** Deleted meanwhile: the backup's people go into that very shortlist, in Recently deleted. */
  binned: boolean
  keys: Set<string>
  live: number
  entry: RestoreSummary['shortlists'][number]
}

/**
 * JSON backup of every shortlist (live and recently deleted) with its members, snapshot history
 * and the stage list; and restore of such a file. Restore reads the file twice, one record at a
 * time, so memory does not grow with the file: first every record is checked (nothing written),
 * then everything is added in one transaction: a bad or foreign file changes nothing.
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
    private readonly clock: Clock,
    /** Masks every stored secret's value in what is written (the log's mask): a backup is a file that leaves. */
    private readonly mask: (text: string) => string = (text) => text
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
      // each piece is whole JSON (a head, a shortlist's start, a member): a secret is never cut in two
      if (!out.write(this.mask(text))) await once(out, 'drain')
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
      if (check.shortlists.size !== lists.length || check.people !== memberCount) throw new Error('counts differ')
      counts = check.counts
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
  readBackup(file: string): BackupPlan {
    return strict(inspectBackup({ file }))
  }

  /** What restoring `text` would bring back, and which records could not be (nothing is written). */
  inspect(text: string): BackupPlan {
    return inspectBackup({ text })
  }

  /**
   * Restores in one transaction. By default any bad record refuses the whole file; with
   * `partial`, everything readable is restored and the rest is listed in `skipped`.
   */
  restore(file: string, options: { partial?: boolean } = {}): RestoreSummary {
    return this.restoreFrom({ file }, options)
  }

  restoreText(text: string, options: { partial?: boolean } = {}): RestoreSummary {
    return this.restoreFrom({ text }, options)
  }

  restoreFrom(source: BackupSource, options: { partial?: boolean } = {}): RestoreSummary {
    const plan = options.partial === true ? inspectBackup(source) : strict(inspectBackup(source))
    // people forgotten since the backup was made stay forgotten: their tombstone skips them
    const forgottenPeople = ForgottenPeople.read(this.store.database.db)
    let forgotten = 0
    const summary = this.store.transaction((): Omit<RestoreSummary, 'skipped' | 'recentlyDeleted'> => {
      const stagesAdded = this.#addStages(plan)
      const restored: Array<RestoreSummary['shortlists'][number]> = []
      let target: Target | null = null
      let people = 0
      const open = (index: number): Target | null => {
        if (target?.index === index) return target
        const head = plan.shortlists.get(index)
        if (head === undefined) return null
        target = this.#open(index, head)
        restored.push(target.entry)
        return target
      }
      const { repeated } = walkBackup(source, {
        member: (index, raw) => {
          const into = open(index)
          // checked in the first reading: a record that now fails was skipped there (or the file changed)
          if (into === null || memberProblem(raw, into.keys) !== undefined) return
          const member = raw as BackupMember
          people += 1
          if (forgottenPeople.isForgotten(member.profileKey, parseOrUndefined(member.profileJson))) {
            forgotten += 1
            return
          }
          if (into.binned) {
            if (this.members.findByKey(into.id, member.profileKey) !== undefined) return
          } else if (member.removedAt == null) into.live += 1
          this.memberRecords.insertRestored(into.id, member)
        },
        shortlist: (index) => {
          const into = open(index)
          if (into === null) return
          // Counted as the recruiter will see them: people in Recently deleted are counted apart.
          if (!into.entry.deleted) into.entry.members = into.binned ? this.members.list(into.id).length : into.live
          target = null
        }
      })
      if (repeated || people !== plan.people || restored.length !== plan.shortlists.size) {
        throw new StoreError(
          'backup_invalid',
          'The backup file changed while it was being restored; nothing was restored.',
          {
            details: { reason: 'invalid' }
          }
        )
      }
      const members = restored.reduce((sum, shortlist) => sum + shortlist.members, 0)
      return { shortlists: restored, stagesAdded, members }
    })
    return {
      ...summary,
      recentlyDeleted: plan.counts.recentlyDeleted,
      skipped: options.partial === true ? plan.problems : [],
      forgotten
    }
  }

  /** The backup's stages the store lacks (its list in order, then those its people carry), added. */
  #addStages(plan: BackupPlan): string[] {
    const known = new Set(this.stages.list().map((stage) => stage.name.toLowerCase()))
    const stagesAdded: string[] = []
    const names = [
      ...[...plan.frame.stages].sort((a, b) => a.position - b.position).map((s) => s.name),
      ...plan.memberStages
    ]
    for (const name of names) {
      if (known.has(name.toLowerCase())) continue
      this.stages.add(name)
      known.add(name.toLowerCase())
      stagesAdded.push(name)
    }
    return stagesAdded
  }

  /**
   * Where a backed-up shortlist's people go. Deleted meanwhile, so only in Recently deleted: into
   * that very shortlist (no "(restored)" copy beside the one in the bin), live again when the
   * backup has it live, adding the people it lacks. Taken otherwise: a new shortlist
   * "… (restored)". Else: the shortlist as it was.
   */
  #open(index: number, head: BackupShortlistHead): Target {
    const deleted = head.deletedAt !== null
    const base = { index, keys: new Set<string>(), live: 0 }
    if (this.shortlists.exists(head.id)) {
      const binned = this.shortlists.get(head.id, { includeDeleted: true })
      if (binned.deletedAt !== null) {
        if (!deleted) this.shortlists.undoDelete(binned.id)
        const entry = { id: binned.id, name: binned.name, members: 0, originalId: head.id, renamed: false, deleted }
        return { ...base, id: binned.id, binned: true, entry }
      }
    }
    const renamed = this.shortlists.exists(head.id)
    const id = renamed ? randomUUID() : head.id
    const name = renamed ? `${head.name.slice(0, 188)} (restored)` : head.name
    this.shortlists.insertRestored({ ...head, id, name })
    return { ...base, id, binned: false, entry: { id, name, members: 0, originalId: head.id, renamed, deleted } }
  }
}

export type { BackupCounts, BackupPlan }
