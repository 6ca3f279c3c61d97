import type { BackupProblem, RestoreSummary } from '../../../../shared/ipc/channels/export'
import { formatCount } from '../../lib/format'

const plural = formatCount

/** "Restored 3 shortlists, 120 people" (and which came back renamed). */
export function restoreMessage(summary: RestoreSummary): string {
  const visible = summary.shortlists.filter((shortlist) => !shortlist.deleted)
  const head = `Restored ${plural(visible.length, 'shortlist', 'shortlists')}, ${plural(summary.members, 'person', 'people')}`
  const renamed = summary.shortlists.filter((shortlist) => shortlist.renamed).length
  const parts = [`${head}.`]
  const deleted = recentlyDeletedText(summary.recentlyDeleted)
  if (deleted !== '') parts.push(deleted)
  if (renamed === 1) parts.push('One was already here, so it came back as a “(restored)” copy.')
  if (renamed > 1) parts.push(`${renamed} were already here, so they came back as “(restored)” copies.`)
  const skipped = summary.skipped.length
  if (skipped > 0) parts.push(`${plural(skipped, 'record', 'records')} could not be read and stayed out.`)
  // People forgotten since the backup was made stay forgotten: the recruiter is told how many.
  const forgotten = summary.forgotten ?? 0
  if (forgotten > 0)
    parts.push(`${plural(forgotten, 'person was', 'people were')} left out: forgotten since the backup was made.`)
  return parts.join(' ')
}

/** “Recently deleted: 1 shortlist, 4 people.”, or '' when it holds nothing. */
export function recentlyDeletedText(counts: { shortlists: number; members: number }): string {
  if (counts.shortlists === 0 && counts.members === 0) return ''
  const parts = [
    ...(counts.shortlists > 0 ? [plural(counts.shortlists, 'shortlist', 'shortlists')] : []),
    ...(counts.members > 0 ? [plural(counts.members, 'person', 'people')] : [])
  ]
  return `Recently deleted: ${parts.join(', ')}.`
}

/** One line per backup record that cannot be restored: “Backend — Jane Doe: reason”. */
export function problemLine(problem: BackupProblem): string {
  return `${problem.shortlist}${problem.person === undefined ? '' : ` — ${problem.person}`}: ${problem.reason}`
}
