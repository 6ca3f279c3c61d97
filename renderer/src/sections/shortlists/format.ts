import type { MemberSummary } from '../../../../shared/ipc/channels/shortlists'
import { dataAgeSentence } from '../../lib/freshness'
import { formatDateTime, formatDay } from '../../lib/format'

// Numbers and dates: one format everywhere (lib/format); the names this section has always used.
export {
  formatCount,
  formatDateTime as formatDate,
  formatDay,
  formatMonth,
  formatNumber,
  formatSpan
} from '../../lib/format'

export const sourceLabels = { saved: 'Saved', refreshed: 'Refreshed', restored: 'Restored' } as const

/**
 * How old a saved person's data is and what says so, with the save when that is another date:
 * "Refreshed by the service 13 months ago (Oct 20, 2025); saved here Nov 22, 2026, 9:00 AM".
 */
export function dataAgeLine(
  member: Pick<MemberSummary, 'dataAsOf' | 'profileCapturedAt' | 'profileSource'>,
  now: number = Date.now()
): string {
  const own = `${dataAgeSentence(member.dataAsOf, now)} (${formatDay(member.dataAsOf.at)})`
  if (member.dataAsOf.at === member.profileCapturedAt) return own
  return `${own}; ${sourceLabels[member.profileSource].toLowerCase()} here ${formatDateTime(member.profileCapturedAt)}`
}

/** One colour per stage (by id, so it survives renames and reordering), AA on both themes. */
export function stageTone(stageId: number): string {
  return `tone-${(((stageId - 1) % 6) + 6) % 6}`
}
