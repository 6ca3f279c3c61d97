// Numbers and dates: one format everywhere (lib/format); the names this section has always used.
export { formatCount, formatDateTime as formatDate, formatMonth, formatNumber, formatSpan } from '../../lib/format'

export const sourceLabels = { saved: 'Saved', refreshed: 'Refreshed', restored: 'Restored' } as const

/** One colour per stage (by id, so it survives renames and reordering), AA on both themes. */
export function stageTone(stageId: number): string {
  return `tone-${(((stageId - 1) % 6) + 6) % 6}`
}
