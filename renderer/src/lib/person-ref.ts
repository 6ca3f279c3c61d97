import { handleInProfileUrl } from '../../../shared/api/handles'
import type { PersonToCheck } from '../../../shared/ipc/channels/do-not-contact'
import {
  atsDataOfProfile,
  type AtsDataToCheck,
  type KnownPersonToCheck
} from '../../../shared/ipc/channels/known-people'

/** A person as the place that shows them knows them. */
export interface PersonRef {
  key?: string | null
  emails?: readonly string[]
  handles?: readonly string[]
  /** Name and employer: how a known-people list without emails or links still recognises them. */
  name?: string
  employer?: string
  /** The profile's `ats_data`: the service's own match to the organisation's ATS. */
  atsData?: AtsDataToCheck
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

/**
 * A person as a profile names them, for their marks: the key, the handles of its profile links
 * (…/in/<handle>), code host and Q&A site, the emails it carries at its top level (a match
 * request's `emails`, a profile's `email`), the name and current company. Read shallowly: it runs
 * for every row on screen.
 */
export function personRefOf(key: string | null | undefined, profile: unknown): PersonRef {
  const record =
    profile !== null && typeof profile === 'object' && !Array.isArray(profile)
      ? (profile as Record<string, unknown>)
      : {}
  const handles: string[] = []
  for (const url of Array.isArray(record.li_urls) ? record.li_urls : []) {
    const handle = typeof url === 'string' ? handleInProfileUrl(url) : undefined
    if (handle !== undefined) handles.push(handle)
  }
  for (const handle of [record.codehost_handle, record.qasite_name]) if (text(handle) !== '') handles.push(text(handle))
  if (Array.isArray(record.handles)) handles.push(...record.handles.map(text).filter((handle) => handle !== ''))
  const emails = [record.email, ...(Array.isArray(record.emails) ? record.emails : [])]
    .map(text)
    .filter((email) => EMAIL.test(email))
  const name = text(record.full_name) || [text(record.first_name), text(record.last_name)].filter(Boolean).join(' ')
  const atsData = atsDataOfProfile(record)
  return {
    key: key ?? (text(record.key) || null),
    emails,
    handles,
    name,
    employer: text(record.cur_company),
    ...(atsData === undefined ? {} : { atsData })
  }
}

/** The person as the check takes them (emails and handles lower-cased, sorted, once), or null when nothing names them. */
export function personToCheck(person: PersonRef): PersonToCheck | null {
  const key = typeof person.key === 'string' && person.key.trim() !== '' ? person.key.trim().slice(0, 200) : undefined
  const emails = unique(person.emails, 320)
  const handles = unique(person.handles, 300)
  if (key === undefined && emails.length === 0 && handles.length === 0) return null
  return key === undefined ? { emails, handles } : { key, emails, handles }
}

function unique(values: readonly string[] | undefined, longest: number): string[] {
  if (values === undefined) return []
  const kept = new Set<string>()
  for (const value of values) {
    const trimmed = value.trim().toLowerCase()
    if (trimmed !== '' && trimmed.length <= longest) kept.add(trimmed)
    if (kept.size === 50) break
  }
  return [...kept].sort()
}

/** The person as the known-people check takes them: as for do-not-contact, with name and employer. */
export function knownToCheck(person: PersonRef, checked: PersonToCheck): KnownPersonToCheck {
  const name = person.name?.trim().slice(0, 300) ?? ''
  const employer = person.employer?.trim().slice(0, 300) ?? ''
  return {
    ...checked,
    ...(name === '' ? {} : { name }),
    ...(employer === '' ? {} : { employer }),
    ...(person.atsData === undefined ? {} : { atsData: person.atsData })
  }
}

/** The person as the known-people check (and a quote) takes them, or null when nothing names them. */
export function knownOf(person: PersonRef): KnownPersonToCheck | null {
  const checked = personToCheck(person)
  return checked === null ? null : knownToCheck(person, checked)
}

/** One id per person checked the same way: what the answers are kept by. */
export function idOf(person: KnownPersonToCheck): string {
  return JSON.stringify([
    person.key ?? '',
    person.emails ?? [],
    person.handles ?? [],
    person.name?.toLowerCase() ?? '',
    person.employer?.toLowerCase() ?? '',
    person.atsData ?? null
  ])
}
