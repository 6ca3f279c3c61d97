import { displayName } from '../store/profile-fields'
import type { MemberRecord } from '../store/members-repo'
import type { ExportRow } from './csv-columns'

/** A stored member as a CSV row: parsed profile, recruiter fields, latest contact result. */
export function memberRow(record: MemberRecord): ExportRow {
  const profile = JSON.parse(record.profileJson) as Record<string, unknown>
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
    contact:
      record.contactJson === null
        ? profileContacts(profile)
        : (JSON.parse(record.contactJson) as Record<string, unknown>)
  }
}

/** A search result (not saved) as a CSV row; contacts come from the profile itself. */
export function profileRow(profile: Record<string, unknown>): ExportRow {
  return { profile, person: { name: displayName(profile) }, contact: profileContacts(profile) }
}

export function* memberRows(records: Iterable<MemberRecord>): Generator<ExportRow> {
  for (const record of records) yield memberRow(record)
}

function profileContacts(profile: Record<string, unknown>): Record<string, unknown> | null {
  const contacts = profile.contacts
  return contacts !== null && typeof contacts === 'object' && !Array.isArray(contacts)
    ? (contacts as Record<string, unknown>)
    : null
}
