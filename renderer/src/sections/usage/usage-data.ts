import type { LedgerRow, TransactionRow } from '../../../../shared/ipc/channels/usage'
import { formatDay } from '../../lib/format'

/*
 * The Usage screen's arithmetic, apart from the components: local days, sorting the table, and
 * the chart's series (calls per day by request type, credits used over time).
 */

export type SortColumn = 'requestDate' | 'requestType' | 'durationMs' | 'partnerName' | 'id'
export interface Sort {
  column: SortColumn
  descending: boolean
}

/** `YYYY-MM-DD` of an instant in the recruiter's time zone. */
export function localDay(instant: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${instant.getFullYear()}-${pad(instant.getMonth() + 1)}-${pad(instant.getDate())}`
}

/** Today, a local `YYYY-MM-DD`. */
export const today = (): string => localDay(new Date())

/** Local midnight starting a `YYYY-MM-DD` day. */
export function dayStart(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return new Date(year, month - 1, date)
}

export function addDays(day: string, days: number): string {
  const start = dayStart(day)
  start.setDate(start.getDate() + days)
  return localDay(start)
}

/** Every distinct value of the lists, sorted. */
export function distinctSorted(...lists: ReadonlyArray<ReadonlyArray<string | null>>): string[] {
  return [...new Set(lists.flat().filter((value): value is string => value !== null && value !== ''))].sort()
}

/** A date-time of the service: one without an offset is UTC, as .NET services and the sandbox write it. */
export function parseServiceDate(text: string | null): Date | null {
  if (text === null) return null
  const withZone = /[zZ]|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`
  const ms = Date.parse(withZone)
  return Number.isFinite(ms) ? new Date(ms) : null
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' })

/** A stable sort; rows missing the value go last whatever the direction. */
export function sortRows(rows: readonly TransactionRow[], sort: Sort): TransactionRow[] {
  const value = (row: TransactionRow): number | string | null => {
    if (sort.column === 'requestDate') return parseServiceDate(row.requestDate)?.getTime() ?? null
    if (sort.column === 'durationMs') return row.durationMs
    return row[sort.column]
  }
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => {
      if (a.key === null || b.key === null) return a.key === b.key ? a.index - b.index : a.key === null ? 1 : -1
      const order =
        typeof a.key === 'number' && typeof b.key === 'number'
          ? a.key - b.key
          : collator.compare(String(a.key), String(b.key))
      return (sort.descending ? -order : order) || a.index - b.index
    })
    .map((entry) => entry.row)
}

export interface UsageSeries {
  /** Every local day of the range, oldest first. */
  days: string[]
  /** Calls per day for each request type, aligned with `days`. */
  calls: Array<{ type: string; counts: number[] }>
  /** Credits used since the start of the range, at the end of each day (from the ledger). */
  credits: number[]
  totalCalls: number
  totalCredits: number
  /** Lines of the credit ledger in these days: each is one call that asked to buy (`New`). */
  purchases: number
}

/** Most days drawn as bars; a longer range shows its last days. */
const MAX_CHART_DAYS = 366

/**
 * The chart's series over the days `from`..`to` (inclusive, local). Calls come from the service's
 * transaction records (or this app's own calls when those cannot be read); credits from the
 * local ledger (what this app spent, per purchase).
 */
export function usageSeries(
  rows: ReadonlyArray<Pick<TransactionRow, 'requestType' | 'requestDate'>>,
  ledger: readonly LedgerRow[],
  range: { from: string; to: string }
): UsageSeries {
  let first = range.from <= range.to ? range.from : range.to
  const last = range.from <= range.to ? range.to : range.from
  if (addDays(first, MAX_CHART_DAYS - 1) < last) first = addDays(last, -(MAX_CHART_DAYS - 1))
  const days: string[] = []
  for (let day = first; day <= last; day = addDays(day, 1)) days.push(day)
  const index = new Map(days.map((day, i) => [day, i]))

  const byType = new Map<string, number[]>()
  let totalCalls = 0
  for (const row of rows) {
    const at = parseServiceDate(row.requestDate)
    const i = at === null ? undefined : index.get(localDay(at))
    if (i === undefined) continue
    const type = row.requestType ?? 'Unknown'
    let counts = byType.get(type)
    if (counts === undefined) byType.set(type, (counts = days.map(() => 0)))
    counts[i] = (counts[i] ?? 0) + 1
    totalCalls++
  }

  const spent = days.map(() => 0)
  let purchases = 0
  for (const entry of ledger) {
    const i = index.get(localDay(new Date(entry.recordedAt)))
    if (i !== undefined) purchases++
    if (i !== undefined && entry.creditsSpent !== null) spent[i] = (spent[i] ?? 0) + entry.creditsSpent
  }
  let running = 0
  const credits = spent.map((n) => (running += n))

  return {
    days,
    calls: [...byType].sort(([a], [b]) => collator.compare(a, b)).map(([type, counts]) => ({ type, counts })),
    credits,
    totalCalls,
    totalCredits: running,
    purchases
  }
}

/** The request type of contact calls, bought or free, in the service's words. */
export const CONTACT_CALLS = 'GetPremiumContacts'

/**
 * Why contact calls outnumber purchases, in words; '' when they do not. Only a call that asks to
 * buy (a line of the credit ledger) spends; the rest of the same name are free: reading the credit
 * balance, and following a purchase until its lookups end (polling).
 */
export function contactCallsNote(series: UsageSeries): string {
  const calls = series.calls.find(({ type }) => type === CONTACT_CALLS)?.counts.reduce((sum, n) => sum + n, 0) ?? 0
  const bought = Math.min(series.purchases, calls)
  const free = calls - bought
  if (free === 0) return ''
  const why = `${free === 1 ? 'it' : 'they'} read the credit balance or followed a purchase until its lookups ended (polling).`
  if (bought === 0) {
    return `${free === 1 ? `The ${CONTACT_CALLS} call` : `The ${free} ${CONTACT_CALLS} calls`} spent 0 credits: ${why}`
  }
  return (
    `Of the ${calls} ${CONTACT_CALLS} calls, ${bought} asked to buy (${bought === 1 ? 'a line' : 'lines'} of the ` +
    `Credit ledger, with what ${bought === 1 ? 'it' : 'each'} spent); the other ${free} spent 0 credits: ${why}`
  )
}

/** What the chart shows, in words: its caption and the canvas's accessible name. */
export function describeSeries(series: UsageSeries): string {
  const span = series.days.length === 1 ? '1 day' : `${series.days.length} days`
  if (series.totalCalls === 0 && series.totalCredits === 0) return `No calls and no credits used in ${span}.`
  const perType = series.calls.map(({ type, counts }) => `${type} ${counts.reduce((sum, n) => sum + n, 0)}`).join(', ')
  const busiest = series.days.reduce(
    (best, day, i) => {
      const total = series.calls.reduce((sum, { counts }) => sum + (counts[i] ?? 0), 0)
      return total > best.total ? { day, total } : best
    },
    { day: '', total: 0 }
  )
  const calls = `${series.totalCalls} ${series.totalCalls === 1 ? 'call' : 'calls'} in ${span}${perType ? ` (${perType})` : ''}`
  const peak = busiest.total > 0 ? `; busiest day ${formatDay(busiest.day)} with ${busiest.total}` : ''
  const credits = `${series.totalCredits} ${series.totalCredits === 1 ? 'credit' : 'credits'} used`
  return `${calls}${peak}. ${credits}.`
}

/** The bars' colours, one CSS variable per request type in turn (styles/app.css). */
export const seriesColourVariables = [
  '--chart-1',
  '--chart-2',
  '--chart-3',
  '--chart-4',
  '--chart-5',
  '--chart-6'
] as const
export const creditsColourVariable = '--chart-credits'

/**
 * How the credits line steps between days (chart.js's `stepped`). Chart.js's 'after' draws the
 * rise at the previous point, so a day's spend showed on the day before; with 'before' the line
 * runs level to the day itself and rises there.
 */
export const CREDITS_STEP = 'before' as const

/**
 * The x axis's labels: a day's date for about `most` evenly spaced days, always the first and
 * the last (chart.js's own skipping could drop the last day); '' for the rest.
 */
export function dayTickLabels(days: readonly string[], format: (day: string) => string, most = 8): string[] {
  if (days.length === 0) return []
  const step = Math.max(1, Math.ceil((days.length - 1) / Math.max(1, most - 1)))
  const last = days.length - 1
  return days.map((day, index) => {
    const shown = index === last || (index % step === 0 && last - index >= step / 2)
    return shown ? format(day) : ''
  })
}
