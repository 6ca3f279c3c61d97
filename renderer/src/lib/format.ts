/**
 * The one place numbers and dates become text: one number format and one date format, in the
 * recruiter's locale (the browser's language), everywhere in the app. Lint keeps it that way:
 * `toLocaleString` and `Intl.NumberFormat`/`DateTimeFormat` are refused anywhere else in renderer/.
 */

let locale: string | undefined = typeof navigator === 'undefined' ? undefined : navigator.language

/**
 * Each format is made the first time it is used, not when this module loads: making all seven
 * took ~30 ms of the page's first task (the first-result bench's trace), before anything was shown.
 */
function lazy<T>(make: () => T): { get(): T; reset(): void } {
  let made: T | undefined
  return {
    get: () => (made ??= make()),
    reset: () => (made = undefined)
  }
}

const numbers = lazy(() => new Intl.NumberFormat(locale))
const whole = lazy(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }))
const dateTime = lazy(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }))
const day = lazy(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }))
// Calendar dates ("2021-03-01", a month) are read in UTC: March is March wherever the recruiter is.
const calendarDay = lazy(() => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }))
const monthYear = lazy(() => new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' }))
const monthDay = lazy(() => new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' }))

/**
 * Has a worker make the number and date formats first (intl-warm.worker.ts), and resolves when it
 * has, or could not (no workers here, it failed, or it took over `limitMs`): the page's own first
 * format is then ~0.3 ms, not the ~20–60 ms a page's first Intl object costs (the browser's list
 * of locales, built once per renderer process; issue #36 item 12). main.ts starts it first and
 * mounts the app once it has resolved. Nothing depends on it but speed: without it the formats
 * are made where first used, as before.
 */
export function warmFormats(limitMs = 2000): Promise<void> {
  if (typeof Worker === 'undefined') return Promise.resolve()
  return new Promise<void>((resolve) => {
    let worker: Worker
    try {
      worker = new Worker(new URL('./intl-warm.worker.ts', import.meta.url), { type: 'module' })
    } catch {
      return resolve()
    }
    const done = () => {
      clearTimeout(timer)
      worker.terminate()
      resolve()
    }
    const timer = setTimeout(done, limitMs)
    worker.onmessage = done
    worker.onerror = done
  })
}

/** For tests: format as another locale would. */
export function useLocale(next: string | undefined): void {
  locale = next
  for (const format of [numbers, whole, dateTime, day, calendarDay, monthYear, monthDay]) format.reset()
}

/** 1,234 (or 1.234, 1 234: the recruiter's locale). */
export function formatNumber(value: number): string {
  return numbers.get().format(value)
}

/** A whole amount: salaries, money. */
export function formatWhole(value: number): string {
  return whole.get().format(value)
}

/** "1,234 people", "1 person". */
export function formatCount(count: number, one: string, many: string): string {
  return `${numbers.get().format(count)} ${count === 1 ? one : many}`
}

const toTime = (value: string | number | Date): number =>
  value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value)

/** An instant, to the minute: "Mar 1, 2026, 8:30 AM"; text that is no date stays as it is. */
export function formatDateTime(value: string | number | Date): string {
  const at = toTime(value)
  return Number.isNaN(at) ? String(value) : dateTime.get().format(at)
}

/** An instant's day ("Mar 1, 2026"); a bare calendar date ("2026-03-01") as that very day. */
export function formatDay(value: string | number | Date): string {
  const at = toTime(value)
  if (Number.isNaN(at)) return String(value)
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value.trim())
    ? calendarDay.get().format(at)
    : day.get().format(at)
}

/** A calendar day ("2026-03-01") as a chart's axis says it: "Mar 1"; other text as it is. */
export function formatShortDay(value: string): string {
  const at = /^\d{4}-\d{2}-\d{2}$/.test(value.trim()) ? Date.parse(`${value.trim()}T00:00:00Z`) : NaN
  return Number.isNaN(at) ? value : monthDay.get().format(at)
}

/** "Mar 2021" from an ISO date-time or date ("2021-03", "2021-03-01T00:00:00Z"); other text as it is. */
export function formatMonth(value: string): string {
  const text = value.trim()
  if (text === '' || /^\d{4}$/.test(text)) return text
  const date = new Date(/^\d{4}-\d{2}$/.test(text) ? `${text}-01T00:00:00Z` : text)
  return Number.isNaN(date.getTime()) || !/^\d{4}/.test(text) ? text : monthYear.get().format(date)
}

/** A month from a moment already read (milliseconds), in UTC. */
export function formatMonthOf(at: number): string {
  return monthYear.get().format(at)
}

/** A calendar day from a moment already read (milliseconds), in UTC. */
export function formatCalendarDayOf(at: number): string {
  return calendarDay.get().format(at)
}

/** A role's or a school's span: "Mar 2021 – now", "2015 – Jun 2019", "? – Dec 2020". */
export function formatSpan(start: string, end: string): string {
  return `${formatMonth(start) || '?'} – ${formatMonth(end) || 'now'}`
}
