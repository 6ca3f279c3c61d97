import type { DataAsOf, DataBasis } from '../../../shared/data-age'
import { STALE_AFTER_DAYS, type ProfileChange } from '../../../shared/ipc/channels/shortlists'

const DAY_MS = 86_400_000

/** Whole days since an ISO instant (0 for today or a date in the future). */
function ageDays(iso: string, now: number = Date.now()): number {
  const at = Date.parse(iso)
  return Number.isNaN(at) ? 0 : Math.max(0, Math.floor((now - at) / DAY_MS))
}

export const isStale = (iso: string, now: number = Date.now()): boolean => ageDays(iso, now) > STALE_AFTER_DAYS

/** "today", "3 d", "5 wk", "4 mo", "2 yr": short enough for a list row. */
export function ageText(iso: string, now: number = Date.now()): string {
  const days = ageDays(iso, now)
  if (days === 0) return 'today'
  if (days < 14) return `${days} d`
  if (days < 60) return `${Math.round(days / 7)} wk`
  if (days < 730) return `${Math.round(days / 30)} mo`
  return `${Math.round(days / 365)} yr`
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/** "today", "yesterday", "3 days ago", "5 weeks ago", "13 months ago", "2 years ago". */
export function ageWords(iso: string, now: number = Date.now()): string {
  const days = ageDays(iso, now)
  if (days < 14) return relative.format(-days, 'day')
  if (days < 60) return relative.format(-Math.round(days / 7), 'week')
  if (days < 730) return relative.format(-Math.round(days / 30), 'month')
  return relative.format(-Math.round(days / 365), 'year')
}

const basisWords: Record<DataBasis, string> = {
  refreshed: 'refreshed by the service',
  updated: 'updated at the service',
  saved: 'saved'
}

/**
 * How old the data is and what says so, for a sentence: "refreshed by the service 13 months ago"
 * (the profile's own date), "saved today" (no date of its own: the save).
 */
export const dataAgeText = (asOf: DataAsOf, now: number = Date.now()): string =>
  `${basisWords[asOf.basis]} ${ageWords(asOf.at, now)}`

/** The same, opening a sentence: "Refreshed by the service 13 months ago". */
export function dataAgeSentence(asOf: DataAsOf, now: number = Date.now()): string {
  const words = dataAgeText(asOf, now)
  return `${words.charAt(0).toUpperCase()}${words.slice(1)}`
}

const fieldNames: Record<ProfileChange['field'], string> = {
  company: 'Employer',
  title: 'Title',
  location: 'Place',
  seniority: 'Seniority',
  education: 'Education',
  open_to_work: 'Open to a move'
}

/** "Acme → Globex" (the row); with the field's name for a tooltip or a list. */
export function changeText(change: ProfileChange, withField = false): string {
  const field = withField ? `${fieldNames[change.field]}: ` : ''
  if (change.kind === 'added') return `${field}added ${change.to}`
  if (change.kind === 'no_longer_sent') return `${field}no longer sent (was ${change.from})`
  return `${field}${change.from} → ${change.to}`
}

/** The service's .NET-style duration ("00:01:02.500") as "1 min 2 s"; other text as it is. */
export function durationText(value: string | null): string {
  if (value === null) return ''
  const match = /^(?:(\d+)\.)?(\d{1,2}):(\d{2}):(\d{2})(?:\.(\d+))?$/.exec(value.trim())
  if (!match) return value
  const [, days, h, m, s, fraction] = match
  const hours = Number(days ?? 0) * 24 + Number(h)
  const minutes = Number(m)
  const seconds = Number(s) + Number(`0.${fraction ?? '0'}`)
  if (hours > 0) return `${hours} h ${minutes} min`
  if (minutes > 0) return `${minutes} min ${Math.round(seconds)} s`
  return `${seconds < 10 ? seconds.toFixed(1) : Math.round(seconds)} s`
}
