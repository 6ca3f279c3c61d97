/**
 * Month-granular dates for generated careers. A date is a month number (year * 12 + month - 1);
 * ISO strings are cached per month, so 200,000 profiles share a few hundred date strings
 * instead of holding millions of copies.
 */

export type Month = number

export const monthOf = (year: number, month1: number): Month => year * 12 + (month1 - 1)
export const yearOf = (m: Month): number => Math.floor(m / 12)

const isoCache = new Map<number, string>()

/** First day of the month at midnight UTC, e.g. `2019-03-01T00:00:00Z`. */
export function isoMonth(m: Month): string {
  let s = isoCache.get(m)
  if (s === undefined) {
    const year = yearOf(m)
    const month = (m % 12) + 1
    s = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-01T00:00:00Z`
    isoCache.set(m, s)
  }
  return s
}

const dayCache = new Map<number, string>()

/** A day inside month `m` (day 1..28), as an ISO date-time; cached like isoMonth. */
export function isoDay(m: Month, day: number): string {
  const k = m * 32 + day
  let s = dayCache.get(k)
  if (s === undefined) {
    s = isoMonth(m).replace('-01T', `-${String(day).padStart(2, '0')}T`)
    dayCache.set(k, s)
  }
  return s
}

/** Milliseconds since the epoch of the first day of month `m`. */
export const epochMs = (m: Month): number => Date.UTC(yearOf(m), m % 12, 1)

/** Parses `YYYY-MM...` into a Month. */
export function parseMonth(iso: string): Month {
  const match = /^(\d{4})-(\d{2})/.exec(iso)
  if (!match) throw new Error(`not an ISO date: ${iso}`)
  return monthOf(Number(match[1]), Number(match[2]))
}
