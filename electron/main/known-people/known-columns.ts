import type { KnownField } from '../../../shared/ipc/channels/known-people'
import { normalizeHeader, suggestMapping } from '../sheets/column-guess'

/*
 * What each column of an ATS export is. The Import section's guess (sheets/column-guess.ts: emails,
 * profile links, names, company by header and by values) is read first; the ATS's own columns are
 * added on top. The headers were checked against the vendors' public material:
 * - Greenhouse's candidate export: "Candidate ID", "First Name", "Last Name", "Current Company",
 *   "Current Title", "Email", "Stage", "Social Media", "Website" (Greenhouse Support's candidate
 *   export and the candidate_id / current_company fields of its data model as Fivetran documents it).
 * - Greenhouse's prospect import template (the spreadsheet its "Bulk import prospects from
 *   spreadsheet" article offers, and the file Talent Desk's Greenhouse export writes): "First Name",
 *   "Last Name", "Company", "Title", "Notes", "Email", "Phone", "Social Media", "Website",
 *   "Address", "Source", "Who gets credit", "Job", "Department", "Office", "Prospect Pool",
 *   "Prospect Stage" (https://support.greenhouse.io/hc/en-us/articles/203871039). Its stage is the
 *   prospect stage.
 * - Lever's candidates export and import template: "Name" or "Full name", "Email" (several
 *   separated by commas), "Current company", "Stage", "Links" (several, ", " between them),
 *   "Origin", "Sources", "Opportunity ID" / "Contact ID" (help.lever.co, "Bulk importing
 *   candidates" and "How do I add multiple / import many candidates?").
 */

/** Headers (normalised as column-guess does) that name an ATS's own columns. */
const ATS_HEADERS: ReadonlyMap<string, KnownField> = new Map([
  ['candidate id', 'ats_id'],
  ['opportunity id', 'ats_id'],
  ['contact id', 'ats_id'],
  ['contact', 'ats_id'],
  ['applicant id', 'ats_id'],
  ['person id', 'ats_id'],
  ['id', 'ats_id'],
  ['stage', 'stage'],
  ['current stage', 'stage'],
  ['application stage', 'stage'],
  ['pipeline stage', 'stage'],
  ['prospect stage', 'stage'],
  ['status', 'stage'],
  ['links', 'handle'],
  ['social media', 'handle'],
  ['linkedin', 'handle'],
  ['linkedin url', 'handle'],
  ['profile url', 'handle'],
  ['full name', 'name'],
  ['candidate name', 'name'],
  ['current company', 'employer'],
  ['company', 'employer'],
  ['employer', 'employer'],
  ['profile key', 'key'],
  ['key', 'key']
])

/** Fields only one column may have. */
const SINGLE: ReadonlySet<KnownField> = new Set([
  'key',
  'name',
  'first_name',
  'last_name',
  'employer',
  'ats_id',
  'stage'
])

const FROM_IMPORT: Readonly<Record<string, KnownField>> = {
  email: 'email',
  handle: 'handle',
  key: 'key',
  name: 'name',
  first_name: 'first_name',
  last_name: 'last_name',
  company: 'employer'
}

/** A field for each column: the ATS's own headers first, else what Import would guess. */
export function guessKnownColumns(headers: readonly string[], sample: readonly string[][]): KnownField[] {
  const imported = suggestMapping(headers, sample)
  const taken = new Set<KnownField>()
  return headers.map((header, column) => {
    const field = ATS_HEADERS.get(normalizeHeader(header)) ?? FROM_IMPORT[imported[column] ?? ''] ?? 'ignore'
    if (SINGLE.has(field)) {
      if (taken.has(field)) return 'ignore'
      taken.add(field)
    }
    return field
  })
}

/** Which ATS exported the file, by the headers only it writes. */
export function sourceOfHeaders(headers: readonly string[]): string {
  const names = new Set(headers.map(normalizeHeader))
  const named = names.has('first name') || names.has('last name')
  if (names.has('candidate id') && named) return 'greenhouse'
  // the prospect import template: no candidate id (they are not in Greenhouse yet), the CRM's pool and stage
  if ((names.has('prospect pool') || names.has('prospect stage')) && named) return 'greenhouse'
  if ((names.has('opportunity id') || names.has('contact id') || names.has('origin')) && names.has('links'))
    return 'lever'
  return 'sheet'
}
