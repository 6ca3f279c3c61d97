import { displayName } from '../../../shared/display-name'
import { readStoredProfile } from '../store/profile-fields'
import type { MemberRecord } from '../store/member-records-repo'
import type { ExportRow } from './csv-columns'

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
  return {
    profile,
    person: { name: displayName(profile) },
    member: {
      shortlist: record.shortlistName,
      stage: record.stage,
      rating: record.rating,
      tags: record.tags,
      notes: record.notes,
      addedAt: record.addedAt,
      profileCapturedAt: record.profileCapturedAt
    },
    contact: record.contactJson === null ? profileContacts(profile) : (readStoredProfile(record.contactJson) ?? null)
  }
}

/** A search result (not saved) as a CSV row; contacts come from the profile itself. */
export function profileRow(profile: Record<string, unknown>): ExportRow {
  return { profile, person: { name: displayName(profile) }, contact: profileContacts(profile) }
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
