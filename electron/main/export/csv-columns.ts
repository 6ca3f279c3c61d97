import { stringifyJson } from '../../../shared/json'
import { MAX_PROFILE_DEPTH, objectDepthExceeds } from '../store/profile-fields'
import { isLinkPath, safeText, webLink } from './cell-safety'
import { atsPresets } from './ats-presets'
import type { ExportRow } from '../platform/export-row'
import {
  columnChoiceSchema,
  type ColumnChoice,
  type ColumnPreset,
  type CsvColumn
} from '../../../shared/ipc/channels/export'
export {
  columnChoiceSchema,
  columnPresetSchema,
  csvColumnSchema,
  type ColumnChoice,
  type ColumnPreset,
  type CsvColumn
} from '../../../shared/ipc/channels/export'

export type { ExportRow } from '../platform/export-row'

const col = (header: string, path: string): CsvColumn => ({ header, path })

const identity = [
  col('Name', 'person.name'),
  col('Title', 'profile.cur_title'),
  col('Company', 'profile.cur_company'),
  col('City', 'profile.city'),
  col('State', 'profile.state'),
  col('Country', 'profile.country')
]
const memberColumns = [
  col('Shortlist', 'member.shortlist'),
  col('Stage', 'member.stage'),
  col('Rating', 'member.rating'),
  col('Tags', 'member.tags'),
  col('Notes', 'member.notes'),
  col('Added', 'member.addedAt'),
  col('Profile saved', 'member.profileCapturedAt')
]
const contactColumns = [
  col('Emails', 'contact.emails.email'),
  col('Phones', 'contact.phone_numbers.number'),
  col('Profiles', 'contact.profiles.url'),
  col('Websites', 'contact.websites.url'),
  col('Work email', 'profile.email'),
  col('Work phones', 'profile.phones')
]

/** Declared WholePersonProfile fields that read well in a cell (scalars and string arrays). */
const profileFields = [
  'key',
  'li_id',
  'first_name',
  'last_name',
  'li_urls',
  'locations',
  'caption',
  'cur_title_specialization',
  'cur_seniority',
  'industry',
  'summary',
  'department',
  'company_size',
  'grad_year',
  'org_size',
  'direct_reports',
  'start_date_in_role',
  'start_date_in_company',
  'last_updated',
  'last_refreshed',
  'is_student',
  'headlines',
  'past_companies',
  'past_titles',
  'majors',
  'degrees',
  'prev_locations',
  'languages',
  'groups',
  'interests',
  'volunteering',
  'skills',
  'certifications',
  'projects',
  'key_phrases',
  'likely_skills',
  'match_type',
  'match_score',
  'likely_to_switch',
  'codehost_handle',
  'codehost_url',
  'organizations',
  'topics',
  'websites',
  'stars',
  'followers',
  'num_repos',
  'coder_rank',
  'qasite_url',
  'qasite_name',
  'author_id',
  'affiliations',
  'publication_count',
  'citation_count',
  'office_location',
  'employee_id',
  'redirect_url'
]
const nestedFields = [
  col('Positions: title', 'profile.positions.title'),
  col('Positions: company', 'profile.positions.company'),
  col('Positions: start', 'profile.positions.start_date'),
  col('Positions: end', 'profile.positions.end_date'),
  col('Education: school', 'profile.educations.school'),
  col('Education: degree', 'profile.educations.degree'),
  col('Education: major', 'profile.educations.major'),
  col('Salary median', 'profile.salary_data.median'),
  col('Salary min', 'profile.salary_data.min'),
  col('Salary max', 'profile.salary_data.max'),
  col('ATS candidate', 'profile.ats_data.candidate_id'),
  col('ATS stage', 'profile.ats_data.current_stage'),
  col('Security clearance', 'profile.security_clearance.name'),
  col('Manager', 'profile.manager.name')
]

export const columnPresets: Record<ColumnPreset, readonly CsvColumn[]> = {
  basic: [
    ...identity,
    col('Skills', 'profile.skills'),
    col('Profile URL', 'profile.li_urls'),
    ...memberColumns.slice(0, 5),
    col('Key', 'profile.key')
  ],
  contact: [...identity.slice(0, 3), ...contactColumns, col('Stage', 'member.stage'), col('Key', 'profile.key')],
  full: [
    ...identity,
    ...memberColumns,
    ...contactColumns,
    ...profileFields.map((field) => col(field, `profile.${field}`)),
    ...nestedFields
  ]
}

export function resolveColumns(choice: ColumnChoice): CsvColumn[] {
  const parsed = columnChoiceSchema.parse(choice)
  if ('preset' in parsed) return [...columnPresets[parsed.preset]]
  if ('ats' in parsed) return [...atsPresets[parsed.ats].columns]
  return parsed.columns.map((column) => (typeof column === 'string' ? { header: column, path: column } : column))
}

/**
 * Reads a dotted path. Through an array, a numeric segment picks an element and any other
 * segment is read from every element: `profile.positions.title` gives every position's title.
 * The first array read that way gives one slot per element, empty ones kept (a position with no
 * end date still has its place in "Positions: end"), so the lists of two columns line up; what a
 * slot holds is read as before (arrays inside it are walked and joined in the cell).
 */
export function valueAt(row: ExportRow, path: string): unknown {
  return readPath(row, path.split('.'))
}

/** One value per element of the array a path was read through, in order, empty ones included. */
export class Slots {
  constructor(readonly values: readonly unknown[]) {}
}

const isIndex = (segment: string) => /^\d+$/.test(segment)

function readPath(row: unknown, segments: readonly string[]): unknown {
  let current = row
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!
    if (Array.isArray(current)) {
      if (isIndex(segment)) {
        current = current[Number(segment)]
      } else {
        const rest = segments.slice(i)
        return new Slots(elementsOf(current).map((element) => readAll(element, rest)))
      }
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment)) {
      current = (current as Record<string, unknown>)[segment]
    } else {
      return undefined
    }
    if (current === undefined || current === null) return undefined
  }
  return current
}

/** The elements of an array, arrays inside it walked in place (with a stack, not recursion). */
function elementsOf(array: readonly unknown[]): unknown[] {
  const out: unknown[] = []
  const pending: unknown[] = [array]
  while (pending.length > 0) {
    const current = pending.pop()
    if (Array.isArray(current)) for (let i = current.length - 1; i >= 0; i--) pending.push(current[i])
    else out.push(current)
  }
  return out
}

/** A path read inside one slot: every match, through any arrays, absent ones left out. */
function readAll(row: unknown, segments: readonly string[]): unknown {
  let values: unknown[] = [row]
  for (const segment of segments) {
    const next: unknown[] = []
    for (const value of values) step(value, segment, next)
    values = next
    if (values.length === 0) return undefined
  }
  return values.length === 1 ? values[0] : values
}

/** One segment, from one value. Arrays inside arrays are walked with a stack, not recursion. */
function step(value: unknown, segment: string, out: unknown[]): void {
  const index = isIndex(segment) ? Number(segment) : undefined
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const current = pending.pop()
    if (Array.isArray(current)) {
      if (index !== undefined) {
        if (index < current.length) out.push(current[index])
      } else {
        for (let i = current.length - 1; i >= 0; i--) pending.push(current[i])
      }
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, segment)) {
      const child = (current as Record<string, unknown>)[segment]
      if (child !== undefined && child !== null) out.push(child)
    }
  }
}

export const TOO_DEEP_CELL = '(nested too deeply to show)'

/**
 * A column turned into a function from row to cell, with its path split once. What no cell may
 * carry is taken out here, for every format (cell-safety.ts): bidirectional controls, and in a
 * column of links anything but an http(s) address.
 */
export function compileColumn(column: CsvColumn): (row: ExportRow) => string | number {
  const segments = column.path.split('.')
  const links = isLinkPath(column.path)
  return (row) => {
    const raw = readPath(row, segments)
    const cell = cellValue(links ? webLinksOnly(raw) : raw)
    return typeof cell === 'string' ? safeText(cell) : cell
  }
}

/**
 * A link column's value with everything but web addresses left out: a lone value kept or
 * dropped, lists flattened (with a stack) to their web addresses, per-element slots kept in place
 * (emptied) so the columns still line up.
 */
export function webLinksOnly(value: unknown): unknown {
  return value instanceof Slots ? new Slots(value.values.map(linksIn)) : linksIn(value)
}

function linksIn(value: unknown): unknown {
  const link = (item: unknown) => (typeof item === 'string' ? webLink(item) : undefined)
  if (!Array.isArray(value)) return link(value)
  const links: string[] = []
  const pending: unknown[] = [value]
  while (pending.length > 0) {
    const current = pending.pop()
    if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--) pending.push(current[i])
    } else {
      const found = link(current)
      if (found !== undefined) links.push(found)
    }
  }
  return links
}

/** Between the slots of a per-element column ("2019-01-01; ; 2023-06-30"). */
export const SLOT_SEPARATOR = '; '

/** One slot: a list inside it joined with ", " so its commas never read as another slot. */
function slotCell(value: unknown): string | number {
  if (!Array.isArray(value)) return cellValue(value)
  return value
    .map((item) => cellValue(item))
    .filter((item) => item !== '')
    .join(', ')
}

/**
 * The cell for a value: arrays joined with "; " (per-element slots too, empty ones kept), objects
 * as JSON, null and absent as empty.
 * Numbers stay numbers so the spreadsheet sees them as numbers.
 */
export function cellValue(value: unknown): string | number {
  if (value === undefined || value === null) return ''
  if (value instanceof Slots) {
    // one place per element, so "Positions: end" lines up with "Positions: title"
    if (value.values.length === 1) return slotCell(value.values[0])
    return value.values.map((slot) => String(slotCell(slot))).join(SLOT_SEPARATOR)
  }
  // Deeper than any record the API describes (and than the store saves): named, not written out,
  // so the rest of the row and the file are exported.
  if (typeof value === 'object' && objectDepthExceeds(value, MAX_PROFILE_DEPTH)) return TOO_DEEP_CELL
  if (typeof value === 'string') return value
  if (typeof value === 'number') return Number.isFinite(value) ? value : ''
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  if (typeof value === 'bigint') return value.toString()
  if (Array.isArray(value)) {
    return value
      .map((item) => cellValue(item))
      .filter((item) => item !== '')
      .join('; ')
  }
  return stringifyJson(value)
}
