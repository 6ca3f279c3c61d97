import { handleInProfileUrl, refreshHandleOf } from '../../../shared/api/handles'
import type { Person, PersonTraits } from './personal-data-owner'

/*
 * How the owners recognise a person in what they store: a profile (or a contact result) gives the
 * traits, and JSON text is scrubbed of the person without touching the others it names.
 */

const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/

export function noTraits(): PersonTraits {
  return { names: [], emails: [], phones: [], handles: [] }
}

/** The union of some traits, each list without repeats (emails lower-cased). */
export function mergeTraits(...all: PersonTraits[]): PersonTraits {
  const merged = noTraits()
  for (const traits of all) {
    merged.names.push(...traits.names)
    merged.emails.push(...traits.emails.map((email) => email.toLowerCase()))
    merged.phones.push(...traits.phones)
    merged.handles.push(...traits.handles)
  }
  const unique = (list: string[]) => [...new Set(list.map((item) => item.trim()).filter((item) => item !== ''))]
  return {
    names: unique(merged.names),
    emails: unique(merged.emails),
    phones: unique(merged.phones),
    handles: unique(merged.handles)
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/**
 * The names, emails, phones and handles a stored value gives its person: a profile, a contact
 * result, a match request. Emails and phones are read wherever they are nested (contact results
 * keep them in lists of entries); names only from the value's own top-level or card/request fields.
 */
export function traitsOf(value: unknown): PersonTraits {
  const traits = noTraits()
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return traits
  const record = value as Record<string, unknown>
  for (const part of [record, record.request, record.card]) {
    if (part === null || typeof part !== 'object' || Array.isArray(part)) continue
    const named = part as Record<string, unknown>
    const full = text(named.full_name) || [text(named.first_name), text(named.last_name)].filter(Boolean).join(' ')
    traits.names.push(full, text(named.name))
  }
  const handle = refreshHandleOf(record)
  if (handle !== null) traits.handles.push(handle)
  for (const url of Array.isArray(record.li_urls) ? record.li_urls : []) {
    const inUrl = typeof url === 'string' ? handleInProfileUrl(url) : undefined
    if (inUrl !== undefined) traits.handles.push(inUrl)
  }
  traits.handles.push(text(record.codehost_handle), text(record.qasite_name))
  // a contact result names its person's profile by URL: its card's, and each of its profiles'
  const card = record.card !== null && typeof record.card === 'object' ? (record.card as Record<string, unknown>) : {}
  const profiles = Array.isArray(record.profiles) ? (record.profiles as unknown[]) : []
  for (const url of [card.url, ...profiles.map((entry) => (entry as Record<string, unknown> | null)?.url)]) {
    const inUrl = typeof url === 'string' ? handleInProfileUrl(url) : undefined
    if (inUrl !== undefined) traits.handles.push(inUrl)
  }
  if (Array.isArray(record.handles)) traits.handles.push(...record.handles.map(text))
  collectContacts(record, traits, false)
  return mergeTraits(traits)
}

/**
 * Whether a string is shaped like a phone number: digits with spaces, dots, dashes, slashes or
 * brackets, a leading +, 6 to 20 digits. A PhoneEntry's `valid_since`, `last_seen` and
 * `time_stamp` sit under a key that says phone too; a date or a time is not a number to call.
 */
export function looksLikePhone(value: string): boolean {
  const trimmed = value.trim()
  if (!/^\+?[\d\s().\-/]+(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i.test(trimmed)) return false
  if (/^\d{4}-\d{2}-\d{2}/.test(trimmed)) return false
  const digits = trimmed.replace(/\D/g, '').length
  return digits >= 6 && digits <= 20
}

/** Email-shaped strings anywhere; phone numbers under a key that says phone (or an entry's `number`). */
function collectContacts(value: unknown, traits: PersonTraits, phoneContext: boolean): void {
  const stack: Array<[unknown, boolean]> = [[value, phoneContext]]
  while (stack.length > 0) {
    const [item, phone] = stack.pop() as [unknown, boolean]
    if (typeof item === 'string') {
      if (EMAIL.test(item.trim())) traits.emails.push(item.trim())
      else if (phone && looksLikePhone(item)) traits.phones.push(item.trim())
    } else if (Array.isArray(item)) {
      for (const child of item) stack.push([child, phone])
    } else if (item !== null && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        const phoneKey = /phone/i.test(key) || (phone && key === 'number')
        if (typeof child === 'string' && !phoneKey && !EMAIL.test(child.trim())) continue
        stack.push([child, phoneKey])
      }
    }
  }
}

/** The value as JSON, or undefined when the text is not JSON. */
export function parseOrUndefined(json: string | null): unknown {
  if (json === null) return undefined
  try {
    return JSON.parse(json) as unknown
  } catch {
    return undefined
  }
}

/** Whether a string names the person: their key, one of their handles or emails. */
export function isPersonString(value: string, person: Person): boolean {
  const trimmed = value.trim()
  return (
    trimmed === person.key ||
    person.handles.includes(trimmed) ||
    person.emails.includes(trimmed.toLowerCase()) ||
    person.phones.includes(trimmed)
  )
}

/**
 * Whether an object is about the person: a profile or result with their key (or li_id), a failed
 * handle entry with their handle, a NewPerson with their key. With `byName`, also an entry that
 * names them ({ memberId, name, changes } of a refresh outcome), for rows already tied to them.
 */
export function isPersonObject(value: unknown, person: Person, byName = false): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  const key = text(record.key) || text(record.li_id) || text(record.profile_key)
  if (key !== '') return key === person.key
  if (typeof record.handle === 'string' && person.handles.includes(record.handle.trim())) return true
  if (byName) {
    const name = text(record.name) || text(record.full_name)
    return name !== '' && person.names.some((own) => own.toLowerCase() === name.toLowerCase())
  }
  return false
}

/**
 * The value without the person: list items that are the person (their profile, their key or a
 * handle of theirs) are left out, at any depth; everything else is kept as it was.
 */
export function withoutPerson(value: unknown, person: Person, byName = false): { value: unknown; removed: number } {
  let removed = 0
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) {
      const kept = item.filter((child) => {
        const drop =
          (typeof child === 'string' && isPersonString(child, person)) || isPersonObject(child, person, byName)
        if (drop) removed += 1
        return !drop
      })
      return kept.map(walk)
    }
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, walk(child)]))
    }
    return item
  }
  return { value: walk(value), removed }
}

/** JSON text without the person (see withoutPerson); null stays null, text that is not JSON is left. */
export function jsonWithoutPerson(json: string | null, person: Person, byName = false): string | null {
  const parsed = parseOrUndefined(json)
  if (parsed === undefined) return json
  const { value, removed } = withoutPerson(parsed, person, byName)
  return removed === 0 ? json : JSON.stringify(value)
}

/** Whether JSON text (or any text) may name the person: the cheap test before parsing it. */
export function mayMention(textValue: string | null, person: Person): boolean {
  if (textValue === null || textValue === '') return false
  const lower = textValue.toLowerCase()
  return (
    textValue.includes(person.key) ||
    person.handles.some((handle) => textValue.includes(handle)) ||
    person.emails.some((email) => lower.includes(email))
  )
}

/** Free text with the person's names, emails and handles replaced (a turn's or entry's sentence). */
export function textWithoutPerson(value: string, person: Person): string {
  return personPattern(person)?.replace(value) ?? value
}

/** Whether free text names the person: one of their names (in any order of its words), emails, handles, phones or key. */
export function textNamesPerson(value: string | null, person: Person): boolean {
  const pattern = personPattern(person)
  return value !== null && pattern !== null && pattern.test(value)
}

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Every order of a list's items (names have a few words: "Ana Peña", "Mehta, James"). */
function orders(words: readonly string[]): string[][] {
  if (words.length <= 1) return [[...words]]
  return words.flatMap((word, index) =>
    orders([...words.slice(0, index), ...words.slice(index + 1)]).map((rest) => [word, ...rest])
  )
}

/**
 * One pattern for everything that names the person, longest first. A name of two to four words
 * also matches in any other order, its words apart by spaces or commas ("Mehta, James" for James
 * Mehta, as a list of names or a sheet's "Last, First" writes it).
 */
function personPattern(person: Person): PersonPattern | null {
  // a person's pattern is made once per erase (its owners ask for every row they scrub)
  if (patterns.has(person)) return patterns.get(person) ?? null
  const pattern = makePattern(person)
  patterns.set(person, pattern)
  return pattern
}

interface PersonPattern {
  replace(value: string): string
  test(value: string): boolean
}
const patterns = new WeakMap<Person, PersonPattern | null>()

function makePattern(person: Person): PersonPattern | null {
  const names = person.names.flatMap((name) => {
    const words = name.split(/[\s,]+/).filter((word) => word !== '')
    if (words.length < 2 || words.length > 4) return [escaped(name)]
    return orders(words).map((order) => order.map(escaped).join('[\\s,]+'))
  })
  const others = [...person.emails, ...person.handles, ...person.phones, person.key]
    .filter((word) => word.length > 0)
    .map(escaped)
  const parts = [...new Set([...names, ...others])].sort((a, b) => b.length - a.length)
  if (parts.length === 0) return null
  const all = new RegExp(parts.join('|'), 'giu')
  const one = new RegExp(parts.join('|'), 'iu')
  return { replace: (value) => value.replace(all, '[erased]'), test: (value) => one.test(value) }
}

/**
 * Whether a Match Profiles request looks for this person: by key, email or handle, and (unless
 * `byName` is false) by their full name. A name alone may be someone else's: a recent search by it
 * can go, a spreadsheet row should not.
 */
export function requestNamesPerson(request: unknown, person: Person, byName = true): boolean {
  if (request === null || typeof request !== 'object' || Array.isArray(request)) return false
  const { key, name, emails, handles } = request as Record<string, unknown>
  const list = (value: unknown) => (Array.isArray(value) ? value.filter((item) => typeof item === 'string') : [])
  return (
    key === person.key ||
    list(emails).some((email) => person.emails.includes(email.trim().toLowerCase())) ||
    list(handles).some((handle) => person.handles.includes(handle.trim())) ||
    (byName && typeof name === 'string' && person.names.some((own) => own.toLowerCase() === name.trim().toLowerCase()))
  )
}

/** What stands in an access copy where another person's words were. */
export const SOMEONE_ELSE = '[someone else]'

/** A key an object gives its person (key, li_id or profile_key), or ''. */
const keyOf = (record: Record<string, unknown>): string =>
  text(record.key) || text(record.li_id) || text(record.profile_key)

/**
 * Whether an object is about someone other than the person: it carries another key, or it is a
 * handle entry (`{ handle, … }`) for a handle not theirs.
 */
function isOtherPerson(value: unknown, person: Person): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false
  const record = value as Record<string, unknown>
  const key = keyOf(record)
  if (key !== '') return key !== person.key
  return typeof record.handle === 'string' && record.handle.trim() !== '' && !isPersonObject(record, person)
}

/**
 * Rows as an access copy gives them (GDPR art. 15(4): a copy must not disclose others): in every
 * list (JSON text included, at any depth), an entry about someone else is left out (a profile or
 * result with another key, another's handle entry), and a list of identifiers naming the person
 * keeps only theirs (a purchase's keys, a refresh's handles). The words of the people left out —
 * names, emails, phones, handles, keys — are then replaced in every text that stays (an answer's
 * message, a title), never the person's own. Rows keep their columns; JSON text stays JSON text.
 */
export function rowsOnlyAbout(rows: readonly Record<string, unknown>[], person: Person): Record<string, unknown>[] {
  const others: PersonTraits[] = []
  const otherKeys: string[] = []
  const drop = (item: unknown): boolean => {
    if (!isOtherPerson(item, person)) return false
    const record = item as Record<string, unknown>
    otherKeys.push(keyOf(record))
    others.push(traitsOf(record))
    return true
  }
  const walk = (item: unknown): unknown => {
    if (Array.isArray(item)) {
      const namesThem = item.some((child) => typeof child === 'string' && isPersonString(child, person))
      const kept = item.filter((child) => {
        if (typeof child === 'string' && namesThem && !isPersonString(child, person)) {
          otherKeys.push(child)
          return false
        }
        return !drop(child)
      })
      return kept.map(walk)
    }
    if (item !== null && typeof item === 'object') {
      return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, walk(child)]))
    }
    return item
  }
  const structural = rows.map((row) =>
    Object.fromEntries(
      Object.entries(row).map(([column, value]) => {
        if (typeof value !== 'string') return [column, walk(value)]
        const trimmed = value.trim()
        if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return [column, value]
        const parsed = parseOrUndefined(value)
        return [column, parsed === undefined ? value : JSON.stringify(walk(parsed))]
      })
    )
  )
  const own = new Set(
    [person.key, ...person.names, ...person.emails, ...person.phones, ...person.handles].map((word) =>
      word.toLowerCase()
    )
  )
  const words = [
    ...new Set(
      [
        ...otherKeys,
        ...others.flatMap((traits) => [...traits.names, ...traits.emails, ...traits.phones, ...traits.handles])
      ]
        .map((word) => word.trim())
        .filter((word) => word.length >= 3 && !own.has(word.toLowerCase()))
    )
  ].sort((a, b) => b.length - a.length)
  if (words.length === 0) return structural
  const pattern = new RegExp(words.map((word) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'gi')
  const scrub = (item: unknown): unknown => {
    if (typeof item === 'string') return item.replace(pattern, SOMEONE_ELSE)
    if (Array.isArray(item)) return item.map(scrub)
    if (item !== null && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, child]) => [key, scrub(child)]))
    return item
  }
  return structural.map((row) => scrub(row) as Record<string, unknown>)
}
