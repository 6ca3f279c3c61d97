import { formatCalendarDayOf, formatMonthOf, formatNumber, formatWhole } from '../../lib/format'
// Defensive readers for API records: every field is optional and nullable, and a server may
// send a field of the wrong type. A view shows what it can read and skips the rest, never throws.

export type Obj = Record<string, unknown>

export const obj = (value: unknown): Obj | null =>
  value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : null

export const str = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' || typeof value === 'bigint' ? String(value) : ''

export const num = (value: unknown): number | null => {
  if (typeof value === 'number' && Number.isFinite(value)) return value
  if (typeof value === 'bigint') return Number(value)
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value)
  return null
}

export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : [])
export const objects = (value: unknown): Obj[] => list(value).flatMap((item) => (obj(item) ? [obj(item)!] : []))
export const strings = (value: unknown): string[] =>
  list(value)
    .map(str)
    .filter((s) => s !== '')

/** "Mar 2021" from an ISO date-time (with or without offset); '' when unreadable. */
export function month(value: unknown): string {
  const text = str(value)
  if (text === '') return ''
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`)
  if (Number.isNaN(at)) return text
  return formatMonthOf(at)
}

export function day(value: unknown): string {
  const text = str(value)
  if (text === '') return ''
  const at = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`)
  if (Number.isNaN(at)) return text
  return formatCalendarDayOf(at)
}

export const count = (value: unknown): string => {
  const n = num(value)
  return n === null ? '' : formatNumber(n)
}

export const money = (value: unknown): string => {
  const n = num(value)
  return n === null ? '' : formatWhole(n)
}

/** An https link safe to hand to the OS browser, or null (the shell checks again). */
export function httpsUrl(value: unknown): string | null {
  const text = str(value)
  if (text === '') return null
  try {
    const url = new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
      ? url.href
      : null
  } catch {
    return null
  }
}

/** Joins the non-empty parts. */
export const join = (parts: unknown[], separator = ' · '): string =>
  parts
    .map(str)
    .filter((part) => part !== '')
    .join(separator)
