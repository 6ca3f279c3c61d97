import {
  columnChoiceSchema,
  type ColumnChoice,
  type ColumnPreset,
  type CsvColumn
} from '../../../../shared/ipc/channels/export'
import type { BackupProblem, RestoreSummary } from '../../../../shared/ipc/channels/export'
import { formatCount, formatNumber } from '../../lib/format'

export type ColumnMode = ColumnPreset | 'custom'

export const presetLabels: Record<ColumnPreset, { label: string; hint: string }> = {
  basic: { label: 'Basic', hint: 'Name, role, place, skills, stage and notes' },
  contact: { label: 'Contact', hint: 'Name and role with emails, phones and profile links' },
  full: { label: 'Full', hint: 'Every field that reads well in a cell' }
}

/** The contract's column choice for a mode; null when a custom choice has no column yet. */
export function columnChoice(mode: ColumnMode, custom: readonly CsvColumn[]): ColumnChoice | null {
  const choice = mode === 'custom' ? { columns: [...custom] } : { preset: mode }
  const parsed = columnChoiceSchema.safeParse(choice)
  return parsed.success ? parsed.data : null
}

/** "1,250 of 10,000 rows" with a ratio for the bar (null while the total is unknown). */
export function progressText(written: number, total: number | null): { text: string; ratio: number | null } {
  if (total === null || total === 0) return { text: `${formatNumber(written)} rows`, ratio: null }
  return { text: `${formatNumber(written)} of ${formatNumber(total)} rows`, ratio: Math.min(written / total, 1) }
}

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
