import type { MemberSummary } from '../../../../shared/ipc/channels/shortlists'
import { dataAgeSentence } from '../../lib/freshness'

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
const numbers = new Intl.NumberFormat('en')

export function formatDate(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date)
}

const day = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

/** "Oct 20, 2025": a date without its time (how old data is). */
export function formatDay(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? iso : day.format(date)
}

// Month and year read in UTC: "2021-03-01T00:00:00Z" is March wherever the recruiter is.
const monthYear = new Intl.DateTimeFormat('en', { month: 'short', year: 'numeric', timeZone: 'UTC' })

/** "Mar 2021" from an ISO date-time or date ("2021-03", "2021-03-01T00:00:00Z"); other text as it is. */
export function formatMonth(value: string): string {
  const text = value.trim()
  if (text === '' || /^\d{4}$/.test(text)) return text
  const date = new Date(/^\d{4}-\d{2}$/.test(text) ? `${text}-01T00:00:00Z` : text)
  return Number.isNaN(date.getTime()) || !/^\d{4}/.test(text) ? text : monthYear.format(date)
}

/** A role's or a school's span: "Mar 2021 – now", "2015 – Jun 2019", "? – Dec 2020". */
export function formatSpan(start: string, end: string): string {
  return `${formatMonth(start) || '?'} – ${formatMonth(end) || 'now'}`
}

export function formatNumber(value: number): string {
  return numbers.format(value)
}

export function formatCount(count: number, one: string, many: string): string {
  return `${numbers.format(count)} ${count === 1 ? one : many}`
}

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
  return `${own}; ${sourceLabels[member.profileSource].toLowerCase()} here ${formatDate(member.profileCapturedAt)}`
}

/** One colour per stage (by id, so it survives renames and reordering), AA on both themes. */
export function stageTone(stageId: number): string {
  return `tone-${(((stageId - 1) % 6) + 6) % 6}`
}
