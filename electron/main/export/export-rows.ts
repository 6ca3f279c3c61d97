import { displayName } from '../../../shared/display-name'
import { readStoredProfile } from '../store/profile-fields'
import type { MemberRecord } from '../store/member-records-repo'
import type { ExportRow } from './csv-columns'
import { ATS_SOURCE } from './ats-presets'

/** A member whose saved profile could not be read, so its row was left out of an export. */
export interface UnreadableRow {
  name: string
  profileKey: string
}

/**
 * A stored member as a CSV row: parsed profile, recruiter fields, latest contact result; or
 * undefined when the saved profile cannot be read (damaged on disk).
 */
export function memberRow(record: MemberRecord): ExportRow | undefined {
  const profile = readStoredProfile(record.profileJson)
  if (profile === undefined) return undefined
  const contact =
    record.contactJson === null ? profileContacts(profile) : (readStoredProfile(record.contactJson) ?? null)
  return {
    profile,
    person: personOf(profile, contact),
    member: {
      shortlist: record.shortlistName,
      stage: record.stage,
      rating: record.rating,
      tags: record.tags,
      notes: record.notes,
      addedAt: record.addedAt,
      profileCapturedAt: record.profileCapturedAt
    },
    contact
  }
}

/** A search result (not saved) as a CSV row; contacts come from the profile itself. */
export function profileRow(profile: Record<string, unknown>): ExportRow {
  const contact = profileContacts(profile)
  return { profile, person: personOf(profile, contact), contact }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** The strings of `field` in a list of entries ({ email: … }), or of a list of strings, or one string. */
function strings(value: unknown, field?: string): string[] {
  const list = Array.isArray(value) ? (value as unknown[]) : [value]
  return list
    .map((item) =>
      field !== undefined && item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[field] : item
    )
    .map(text)
    .filter(Boolean)
}

const unique = (list: string[]) => [...new Set(list)]

/**
 * The values read from a profile for a row: the name as every screen shows it; for an ATS's
 * import file, first and last name (the profile's, else the full name split at its first space),
 * the place in one line, the source, and every email and phone known (contact result first).
 */
export function personOf(
  profile: Record<string, unknown>,
  contact: Record<string, unknown> | null = null
): NonNullable<ExportRow['person']> {
  const name = displayName(profile)
  const first = text(profile.first_name)
  const last = text(profile.last_name)
  const split = name.indexOf(' ')
  const address = [profile.city, profile.state, profile.country].map(text).filter(Boolean).join(', ')
  return {
    name,
    firstName: first || last ? first : split < 0 ? name : name.slice(0, split),
    lastName: first || last ? last : split < 0 ? '' : name.slice(split + 1).trim(),
    address,
    source: ATS_SOURCE,
    emails: unique([
      ...strings(contact?.emails, 'email'),
      ...strings(profile.emails, 'email'),
      ...strings(profile.email)
    ]),
    phones: unique([...strings(contact?.phone_numbers, 'number'), ...strings(profile.phones, 'number')])
  }
}

/** Rows of every readable member; the unreadable ones are named in `unreadable`, not written. */
export function* memberRows(records: Iterable<MemberRecord>, unreadable: UnreadableRow[] = []): Generator<ExportRow> {
  for (const record of records) {
    const row = memberRow(record)
    if (row === undefined) unreadable.push({ name: record.name || record.profileKey, profileKey: record.profileKey })
    else yield row
  }
}

function profileContacts(profile: Record<string, unknown>): Record<string, unknown> | null {
  const contacts = profile.contacts
  return contacts !== null && typeof contacts === 'object' && !Array.isArray(contacts)
    ? (contacts as Record<string, unknown>)
    : null
}
