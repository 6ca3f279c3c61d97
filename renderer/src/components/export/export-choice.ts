import {
  atsPresetSchema,
  columnChoiceSchema,
  type AtsPreset,
  type ColumnChoice,
  type ColumnPreset,
  type CsvColumn,
  type DoNotContactChoice,
  type KnownChoice
} from '../../../../shared/ipc/channels/export'
import { formatNumber } from '../../lib/format'

export type ColumnMode = ColumnPreset | AtsPreset | 'custom'

/** The files an applicant tracking system imports (main holds their columns: export/ats-presets.ts). */
export const atsLabels: Record<AtsPreset, { label: string; hint: string }> = {
  greenhouse: { label: 'Greenhouse', hint: 'The columns of Greenhouse’s bulk import spreadsheet' },
  ats: { label: 'ATS CSV', hint: 'Names, email, phone, links, company, title, source, tags and notes' }
}

export function isAtsMode(mode: ColumnMode): mode is AtsPreset {
  return atsPresetSchema.safeParse(mode).success
}

/** The two ways an export treats people who must not be contacted, in the dialog's words. */
export const doNotContactLabels: Record<DoNotContactChoice, { label: string; hint: string }> = {
  flag: { label: 'Mark them', hint: 'a “Do not contact” column says why' },
  'leave-out': { label: 'Leave them out', hint: 'they are not in the file' }
}

/** What the finished export says about them: "3 people left out: do not contact"; null when none. */
export function doNotContactText(counts: { flagged: number; leftOut: number }): string | null {
  const people = (count: number) => (count === 1 ? '1 person' : `${formatNumber(count)} people`)
  if (counts.leftOut > 0) return `${people(counts.leftOut)} left out: do not contact`
  if (counts.flagged > 0) return `${people(counts.flagged)} marked “Do not contact”`
  return null
}

/** The two ways an export treats people already in your ATS, in the dialog's words. */
export const knownLabels: Record<KnownChoice, { label: string; hint: string }> = {
  'leave-out': { label: 'Leave out those in your ATS', hint: 'importing them again would make duplicates' },
  flag: { label: 'Mark those in your ATS', hint: 'an “In your ATS” column says where they are' }
}

/** Left out of an ATS's import file by default, marked in any other export. */
export function defaultKnownChoice(mode: ColumnMode): KnownChoice {
  return isAtsMode(mode) ? 'leave-out' : 'flag'
}

/** What the finished export says about them: "2 people left out: already in your ATS"; null when none. */
export function knownText(counts: { flagged: number; leftOut: number }): string | null {
  const people = (count: number) => (count === 1 ? '1 person' : `${formatNumber(count)} people`)
  if (counts.leftOut > 0) return `${people(counts.leftOut)} left out: already in your ATS`
  if (counts.flagged > 0) return `${people(counts.flagged)} marked “In your ATS”`
  return null
}

export const presetLabels: Record<ColumnPreset, { label: string; hint: string }> = {
  basic: { label: 'Basic', hint: 'Name, role, place, skills, stage and notes' },
  contact: { label: 'Contact', hint: 'Name and role with emails, phones and profile links' },
  full: { label: 'Full', hint: 'Every field that reads well in a cell' }
}

/** The contract's column choice for a mode; null when a custom choice has no column yet. */
export function columnChoice(mode: ColumnMode, custom: readonly CsvColumn[]): ColumnChoice | null {
  const choice = mode === 'custom' ? { columns: [...custom] } : isAtsMode(mode) ? { ats: mode } : { preset: mode }
  const parsed = columnChoiceSchema.safeParse(choice)
  return parsed.success ? parsed.data : null
}

/** "1,250 of 10,000 rows" with a ratio for the bar (null while the total is unknown). */
export function progressText(written: number, total: number | null): { text: string; ratio: number | null } {
  if (total === null || total === 0) return { text: `${formatNumber(written)} rows`, ratio: null }
  return { text: `${formatNumber(written)} of ${formatNumber(total)} rows`, ratio: Math.min(written / total, 1) }
}
