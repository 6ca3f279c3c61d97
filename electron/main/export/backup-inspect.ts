import type { BackupPreview, BackupProblem } from '../../../shared/ipc/channels/export'
import { StoreError } from '../store/store-error'
import { parseOrUndefined } from '../personal-data/person-match'
import type { ForgottenPeople } from '../personal-data/tombstones'
import {
  checkFrame,
  memberProblem,
  personLabel,
  readShortlistHead,
  shortlistLabel,
  type BackupFrame,
  type BackupMember,
  type BackupShortlistHead
} from './backup-format'
import { repeatedListError, walkBackup, type BackupSource } from './backup-walk'

/**
 * What a backup holds as the recruiter sees it: live shortlists and the people in them, and
 * apart, what is in Recently deleted (deleted shortlists with their people, removed people).
 */
export type BackupCounts = Omit<BackupPreview, 'problems'>

/** A backup read through once: what a restore will write, and what it cannot (each bad record on its own). */
export interface BackupPlan {
  frame: BackupFrame
  /** The shortlists that can be restored, by their place in the file. */
  shortlists: Map<number, BackupShortlistHead>
  /** People in those shortlists that can be restored (live, removed, or in a deleted shortlist). */
  people: number
  /** Stage names the people carry, in the file's order, each once in any case. */
  memberStages: string[]
  counts: BackupCounts
  problems: BackupProblem[]
}

/** One shortlist's people while they are read, until its own fields (after them) say whether it stands. */
interface Reading {
  index: number
  keys: Set<string>
  seen: number
  people: number
  live: number
  /** Of `people`, those forgotten since the backup was made (a restore skips them), and of `live`. */
  forgotten: number
  forgottenLive: number
  /** Stage names as written, each once. */
  stages: Set<string>
  problems: Array<{ person: string; reason: string }>
}

/**
 * Reads a backup once, checking every record as a restore would and keeping only what the plan
 * needs (never the people themselves): a bad record becomes a problem that names it, never a
 * refusal of the rest. Refuses a file that is not JSON, not ours, newer, or damaged in its frame.
 */
export function inspectBackup(source: BackupSource, forgottenPeople?: ForgottenPeople): BackupPlan {
  const shortlists = new Map<number, BackupShortlistHead>()
  const ids = new Set<string>()
  const problems: BackupProblem[] = []
  const counts: BackupCounts = {
    shortlists: 0,
    members: 0,
    recentlyDeleted: { shortlists: 0, members: 0 },
    forgotten: 0
  }
  const stageKeys = new Set<string>()
  const memberStages: string[] = []
  let people = 0
  let reading: Reading | null = null
  const start = (index: number): Reading => ({
    index,
    keys: new Set(),
    seen: 0,
    people: 0,
    live: 0,
    forgotten: 0,
    forgottenLive: 0,
    stages: new Set(),
    problems: []
  })

  const { root, repeated } = walkBackup(source, {
    member(index, raw) {
      if (reading?.index !== index) reading = start(index)
      const reason = memberProblem(raw, reading.keys)
      if (reason === undefined) {
        const member = raw as BackupMember
        reading.people += 1
        if (member.removedAt == null) reading.live += 1
        reading.stages.add(member.stage)
        if (forgottenPeople?.isForgotten(member.profileKey, parseOrUndefined(member.profileJson))) {
          reading.forgotten += 1
          if (member.removedAt == null) reading.forgottenLive += 1
        }
      } else reading.problems.push({ person: personLabel(raw, reading.seen), reason })
      reading.seen += 1
    },
    shortlist(index, raw) {
      const read = reading?.index === index ? reading : start(index)
      reading = null
      const head = readShortlistHead(raw)
      const label = head?.name ?? shortlistLabel(raw, index)
      if (head === undefined || ids.has(head.id)) {
        problems.push({
          shortlist: label,
          reason: head === undefined ? 'This shortlist cannot be read.' : 'This shortlist appears twice in the file.'
        })
        return
      }
      ids.add(head.id)
      shortlists.set(index, head)
      people += read.people
      for (const problem of read.problems) problems.push({ shortlist: label, ...problem })
      for (const stage of read.stages) {
        if (stageKeys.has(stage.toLowerCase())) continue
        stageKeys.add(stage.toLowerCase())
        memberStages.push(stage)
      }
      // the forgotten are counted apart: a restore leaves them out
      counts.forgotten += read.forgotten
      if (head.deletedAt !== null) {
        counts.recentlyDeleted.shortlists += 1
        counts.recentlyDeleted.members += read.people - read.forgotten
      } else {
        counts.shortlists += 1
        counts.members += read.live - read.forgottenLive
        counts.recentlyDeleted.members += read.people - read.live - (read.forgotten - read.forgottenLive)
      }
    }
  })
  const frame = checkFrame(root)
  if (repeated) throw repeatedListError()
  return { frame, shortlists, people, memberStages, counts, problems }
}

/** The plan, or the refusal a strict restore gives when any record is bad. */
export function strict(plan: BackupPlan): BackupPlan {
  const { problems } = plan
  if (problems.length === 0) return plan
  throw new StoreError(
    'backup_invalid',
    `This backup is damaged in ${problems.length === 1 ? 'one place' : `${problems.length} places`}; nothing was restored.`,
    { details: { reason: 'invalid', problems: problems.slice(0, 50) } }
  )
}

/**
 * What restoring would bring back, and what could not be (the preview the page shows); with the
 * tombstones, the people it would leave out as forgotten are counted apart.
 */
export function previewBackup(source: BackupSource, forgottenPeople?: ForgottenPeople): BackupPreview {
  const plan = inspectBackup(source, forgottenPeople)
  return { ...plan.counts, problems: plan.problems }
}
