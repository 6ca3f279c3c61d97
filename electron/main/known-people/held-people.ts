import type BetterSqlite3 from 'better-sqlite3'
import { atsDataOfProfile, type KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import { mergeTraits, parseOrUndefined, traitsOf } from '../personal-data/person-match'

// Read-only over the store's tables (no feature is imported): the profile saved in a shortlist (the
// latest saved per key) and the contact results bought for the person.
const PROFILES = `SELECT profile_key AS key, profile_json AS json, MAX(updated_at) FROM members
  WHERE profile_key IN (SELECT value FROM json_each(?)) GROUP BY profile_key`
const RESULTS = `SELECT profile_key AS key, result_json AS json FROM contact_results
  WHERE profile_key IN (SELECT value FROM json_each(?))`

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** Name, employer and `ats_data` of a profile (its card's or top level's full name, its current company). */
function namedIn(profile: unknown): Pick<KnownPersonToCheck, 'name' | 'employer' | 'atsData'> {
  if (profile === null || typeof profile !== 'object' || Array.isArray(profile)) return {}
  const record = profile as Record<string, unknown>
  const name = text(record.full_name) || [text(record.first_name), text(record.last_name)].filter(Boolean).join(' ')
  const employer = text(record.cur_company)
  const atsData = atsDataOfProfile(record)
  return {
    ...(name === '' ? {} : { name: name.slice(0, 300) }),
    ...(employer === '' ? {} : { employer: employer.slice(0, 300) }),
    ...(atsData === undefined ? {} : { atsData })
  }
}

/**
 * Each person with everything the app holds of them by key added to what the caller said: the
 * emails and handles of their saved profile and bought contacts, and the saved profile's name,
 * employer and `ats_data` where the caller gave none. A quote that names people by key alone, a
 * shortlist row that passes only its key, and a search result with its whole profile are then
 * checked alike.
 */
export function withHeldTraits(
  db: BetterSqlite3.Database,
  people: readonly KnownPersonToCheck[]
): KnownPersonToCheck[] {
  const keys = [...new Set(people.flatMap((person) => (person.key === undefined ? [] : [person.key])))]
  if (keys.length === 0) return [...people]
  const list = JSON.stringify(keys)
  const profiles = new Map<string, unknown>()
  /** A bought contact result's card (the Partner API's: name, company…): who was looked up, saved or not. */
  const cards = new Map<string, Pick<KnownPersonToCheck, 'name' | 'employer'>>()
  const traits = new Map<string, ReturnType<typeof traitsOf>[]>()
  for (const [sql, isProfile] of [
    [PROFILES, true],
    [RESULTS, false]
  ] as const) {
    for (const row of db.prepare(sql).iterate(list) as Iterable<{ key: string; json: string }>) {
      const value = parseOrUndefined(row.json)
      if (isProfile) profiles.set(row.key, value)
      else if (!cards.has(row.key)) {
        const card = cardOf(value)
        if (card !== null) cards.set(row.key, card)
      }
      traits.set(row.key, [...(traits.get(row.key) ?? []), traitsOf(value)])
    }
  }
  return people.map((person) => {
    if (person.key === undefined) return person
    const held = traits.get(person.key)
    if (held === undefined) return person
    const { emails, handles } = mergeTraits(
      { names: [], phones: [], emails: [...(person.emails ?? [])], handles: [...(person.handles ?? [])] },
      ...held
    )
    // the saved profile first, else the card of a contact result bought for them (Contacts: people never saved)
    const saved = { ...cards.get(person.key), ...namedIn(profiles.get(person.key)) }
    return {
      ...saved,
      ...person,
      ...(person.name === undefined || person.name.trim() === '' ? (saved.name ? { name: saved.name } : {}) : {}),
      ...(person.employer === undefined || person.employer.trim() === ''
        ? saved.employer
          ? { employer: saved.employer }
          : {}
        : {}),
      ...(person.atsData === undefined && saved.atsData !== undefined ? { atsData: saved.atsData } : {}),
      emails: emails.slice(0, 50),
      handles: handles.slice(0, 50)
    }
  })
}

/** The name and company a contact result's `card` gives, or null when it gives neither. */
function cardOf(result: unknown): Pick<KnownPersonToCheck, 'name' | 'employer'> | null {
  if (result === null || typeof result !== 'object' || Array.isArray(result)) return null
  const card = (result as Record<string, unknown>).card
  if (card === null || typeof card !== 'object' || Array.isArray(card)) return null
  const name = text((card as Record<string, unknown>).name).slice(0, 300)
  const employer = text((card as Record<string, unknown>).company).slice(0, 300)
  if (name === '' && employer === '') return null
  return { ...(name === '' ? {} : { name }), ...(employer === '' ? {} : { employer }) }
}
