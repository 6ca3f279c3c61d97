import { handleInProfileUrl } from '../../../../shared/api/handles'
import { displayName } from '../../../../shared/display-name'
import type { AtsRecord, PushPerson } from './push-ports'

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** Strings of a list of strings or of `{ [field]: string }` (a contact result's emails, phones). */
function strings(value: unknown, field?: string): string[] {
  if (typeof value === 'string') return value.trim() === '' ? [] : [value.trim()]
  if (!Array.isArray(value)) return []
  return value.flatMap((item: unknown) => {
    const v =
      typeof item === 'string'
        ? item
        : field === undefined
          ? undefined
          : (item as Record<string, unknown> | null)?.[field]
    return typeof v === 'string' && v.trim() !== '' ? [v.trim()] : []
  })
}

const unique = (list: string[], key: (s: string) => string = (s) => s.toLowerCase()): string[] => {
  const seen = new Set<string>()
  return list.filter((item) => {
    const k = key(item)
    if (seen.has(k)) return false
    seen.add(k)
    return true
  })
}

/**
 * A person to send, from a saved or matched profile (and the contact data bought for them, when
 * given): the name as every screen shows it, split into first and last at its first space when the
 * profile has neither; every email and phone known; the profile links; the member's tags and notes.
 */
export function pushPersonOf(
  profile: Record<string, unknown>,
  extra: {
    personKey: string
    memberId?: number | null
    tags?: readonly string[]
    notes?: string
    contact?: Record<string, unknown> | null
  }
): PushPerson {
  const name = displayName(profile)
  const first = text(profile.first_name)
  const last = text(profile.last_name)
  const split = name.indexOf(' ')
  const contact = extra.contact ?? null
  const links = unique([...strings(profile.li_urls), ...strings(profile.codehost_url)], normalizeLink)
  const handles = unique([
    ...links.map((url) => handleInProfileUrl(url) ?? '').filter(Boolean),
    ...strings(profile.codehost_handle)
  ])
  return {
    personKey: extra.personKey,
    memberId: extra.memberId ?? null,
    name,
    firstName: first || last ? first : split < 0 ? name : name.slice(0, split),
    lastName: first || last ? last : split < 0 ? '' : name.slice(split + 1).trim(),
    company: text(profile.cur_company),
    title: text(profile.cur_title),
    emails: unique(
      [...strings(contact?.emails, 'email'), ...strings(profile.emails, 'email'), ...strings(profile.email)].filter(
        (e) => e.includes('@')
      )
    ),
    phones: unique([...strings(contact?.phone_numbers, 'number'), ...strings(profile.phones, 'number')]),
    links,
    handles,
    tags: [...(extra.tags ?? [])],
    notes: extra.notes ?? ''
  }
}

/** A profile link compared without scheme, `www.`, query or trailing slash, in lower case. */
export function normalizeLink(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, '')
    .replace(/^www\./, '')
    .replace(/[?#].*$/, '')
    .replace(/\/+$/, '')
}

/** A name or company compared without case, accents, punctuation or extra spaces. */
export function normalizeWords(value: string): string {
  return value
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/**
 * Whether a record is this person by name and company: the same name, and the record's company
 * (Greenhouse) or headline (Lever: "Title at Company") names the person's company.
 */
export function sameNameAndCompany(person: PushPerson, record: AtsRecord): boolean {
  const company = normalizeWords(person.company)
  if (
    company === '' ||
    normalizeWords(person.name) === '' ||
    normalizeWords(record.name) !== normalizeWords(person.name)
  )
    return false
  if (record.company !== '') return normalizeWords(record.company) === company
  return ` ${normalizeWords(record.headline)} `.includes(` ${company} `)
}
