import type { MatchProfileRequest } from '../../../shared/api/match-request'
import { handleInProfileUrl } from '../../../shared/api/handles'
import type { ImportField } from '../../../shared/ipc/channels/imports'
import type { PreparedRow } from './imports-repo'

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

const clean = (value: string | undefined) => (value ?? '').replace(/\s+/g, ' ').trim()

/** A profile link or a bare handle as the handle Match Profiles takes ("…/in/ana-pena" → "ana-pena"). */
export function handleOf(text: string): string | null {
  const value = text.trim().replace(/^@/, '')
  if (value === '') return null
  if (!/[/.]/.test(value) || !/\//.test(value)) return value
  const inUrl = handleInProfileUrl(value)
  if (inUrl !== undefined) return decodeURIComponentSafe(inUrl)
  const path = value
    .replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
    .replace(/[?#].*$/, '')
    .split('/')
    .filter(Boolean)
  return path.length >= 2 ? decodeURIComponentSafe(path[path.length - 1]!) : value
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * The Match Profiles request a row makes under a mapping: first and last name joined when there
 * is no name; several location columns joined; emails and handles from every column mapped to
 * them (a cell may hold several, split at ; , or spaces). Null when nothing names a person (no
 * name, email, handle or key): such a row is listed, not sent.
 */
export function requestOf(cells: readonly string[], mapping: readonly ImportField[]): MatchProfileRequest | null {
  const values = (field: ImportField) =>
    mapping
      .flatMap((mapped, column) => (mapped === field ? [clean(cells[column])] : []))
      .filter((value) => value !== '')
  const name = values('name')[0] ?? [values('first_name')[0], values('last_name')[0]].filter(Boolean).join(' ')
  const emails = unique(
    values('email')
      .flatMap((cell) => cell.split(/[;,\s]+/))
      .map((email) => email.replace(/^mailto:/i, '').toLowerCase())
      .filter((email) => EMAIL.test(email))
  )
  const handles = unique(
    values('handle')
      .flatMap((cell) => cell.split(/[;,\s]+/))
      .map(handleOf)
      .filter((handle): handle is string => handle !== null)
  )
  const key = values('key')[0]
  const request: MatchProfileRequest = {}
  if (key) request.key = key
  if (name) request.name = name
  const company = values('company')[0]
  if (company) request.company = company
  const title = values('title')[0]
  if (title) request.title = title
  const school = values('school')[0]
  if (school) request.school = school
  const location = unique(values('location')).join(', ')
  if (location) request.location = location
  if (emails.length > 0) request.emails = emails
  if (handles.length > 0) request.handles = handles
  return key || name || emails.length > 0 || handles.length > 0 ? request : null
}

/** The identifiers alone (key, emails, handles), asked first: they give exact matches. Null if none. */
export function identifiersOf(request: MatchProfileRequest): MatchProfileRequest | null {
  const out: MatchProfileRequest = {}
  if (request.key) out.key = request.key
  if (request.emails && request.emails.length > 0) out.emails = request.emails
  if (request.handles && request.handles.length > 0) out.handles = request.handles
  return Object.keys(out).length > 0 ? out : null
}

/** What makes two rows the same person: the key, else the first email, else the first handle. */
export function identityOf(request: MatchProfileRequest): string | null {
  if (request.key) return `key:${request.key}`
  if (request.emails?.[0]) return `email:${request.emails[0].toLowerCase()}`
  if (request.handles?.[0]) return `handle:${request.handles[0].toLowerCase()}`
  return null
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}

/**
 * Every row's outcome under a header row and a mapping: rows up to the header `skipped`, rows
 * naming nobody `unmatchable`, rows repeating an earlier one's identity `duplicate` (folded into
 * it, which counts them, and naming it by its row in the sheet), the rest `pending`.
 */
export function prepareRows(
  rows: Iterable<{ rowNo: number; sheetRow?: number; cells: string[] }>,
  headerRow: number,
  mapping: readonly ImportField[]
): PreparedRow[] {
  const prepared: PreparedRow[] = []
  const first = new Map<string, { row: PreparedRow; sheetRow: number }>()
  for (const { rowNo, sheetRow = rowNo, cells } of rows) {
    if (rowNo <= headerRow + 1) {
      prepared.push({ rowNo, request: null, outcome: 'skipped', duplicateOf: null, duplicates: 0 })
      continue
    }
    const request = requestOf(cells, mapping)
    if (request === null) {
      prepared.push({ rowNo, request: null, outcome: 'unmatchable', duplicateOf: null, duplicates: 0 })
      continue
    }
    const identity = identityOf(request)
    const earlier = identity === null ? undefined : first.get(identity)
    if (earlier !== undefined) {
      earlier.row.duplicates += 1
      prepared.push({ rowNo, request, outcome: 'duplicate', duplicateOf: earlier.sheetRow, duplicates: 0 })
      continue
    }
    const row: PreparedRow = { rowNo, request, outcome: 'pending', duplicateOf: null, duplicates: 0 }
    if (identity !== null) first.set(identity, { row, sheetRow })
    prepared.push(row)
  }
  return prepared
}
