import {
  columnChoiceSchema,
  type ColumnChoice,
  type ColumnPreset,
  type CsvColumn
} from '../../../../shared/ipc/channels/export'
import { formatNumber } from '../../lib/format'

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
