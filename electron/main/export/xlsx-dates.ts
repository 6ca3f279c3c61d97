/**
 * ISO dates and times as the store and the service write them ("2026-03-02",
 * "2026-03-02T10:15:00.000Z"), turned into what a spreadsheet calls a date: a Date cell with a
 * date format, so Excel and Calc sort, filter and reckon with it (a text cell "2026-03-02" is
 * none of those). Only a whole cell that is exactly one such date is turned; anything else, a
 * list of dates included, stays text. Times are written in UTC, as stored ("Z" dropped, since a
 * spreadsheet date has no zone); a time with an offset is moved to UTC. Days before 1 March 1900
 * stay text (Excel's calendar counts a 29 February 1900 that never was).
 */

export const DATE_FORMAT = 'yyyy-mm-dd'
export const DATE_TIME_FORMAT = 'yyyy-mm-dd hh:mm:ss'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i
const FIRST_DAY = Date.UTC(1900, 2, 1)
const LAST_DAY = Date.UTC(9999, 11, 31, 23, 59, 59, 999)

export interface SpreadsheetDate {
  date: Date
  numFmt: string
}

export function spreadsheetDate(text: string): SpreadsheetDate | undefined {
  if (text.length < 10 || text.length > 40) return undefined
  const day = DATE.exec(text)
  if (day !== null) {
    const time = calendarTime(Number(day[1]), Number(day[2]), Number(day[3]), 0, 0, 0, 0)
    return time === undefined ? undefined : { date: new Date(time), numFmt: DATE_FORMAT }
  }
  const moment = DATE_TIME.exec(text)
  if (moment === null) return undefined
  const [, y, mo, d, h, mi, s = '0', fraction = '0', zone] = moment
  const ms = Math.round(Number(`0.${fraction}`) * 1000)
  const local = calendarTime(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s), ms)
  if (local === undefined) return undefined
  const time = local - offsetMinutes(zone) * 60_000
  if (time < FIRST_DAY || time > LAST_DAY) return undefined
  return { date: new Date(time), numFmt: DATE_TIME_FORMAT }
}

/** The time of a calendar day and clock time, or undefined when there is no such day or time. */
function calendarTime(y: number, mo: number, d: number, h: number, mi: number, s: number, ms: number) {
  if (h > 23 || mi > 59 || s > 59) return undefined
  const time = Date.UTC(y, mo - 1, d, h, mi, s, ms)
  const date = new Date(time)
  // 2026-02-30 would roll over to March: not a day
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined
  return time < FIRST_DAY || time > LAST_DAY ? undefined : time
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone.toUpperCase() === 'Z') return 0
  const digits = zone.replace(':', '')
  const minutes = Number(digits.slice(1, 3)) * 60 + Number(digits.slice(3, 5))
  return digits.startsWith('-') ? -minutes : minutes
}
