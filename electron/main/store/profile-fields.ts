import type { WholePersonProfile } from '../../../shared/api'
import { StoreError } from './errors'
import { locationText } from './search-text'

/** A profile as the API returned it: raw JSON text (kept verbatim) or an already parsed object. */
export type ProfileInput = string | WholePersonProfile | Record<string, unknown>

/** What the store keeps of a profile: its text as received, plus columns for listing and search. */
export interface StoredProfile {
  json: string
  profile: Record<string, unknown>
  key: string
  name: string
  title: string
  company: string
  skills: string
  /** City, state, country and listed locations, for the saved-people search. */
  location: string
}

/**
 * Reads the few fields the store indexes. Tolerant by design: a field of an unexpected type is
 * treated as absent (the profile is still saved verbatim), only a missing key is refused because
 * the key is what makes a member unique in its shortlist.
 */
export function storedProfile(input: ProfileInput): StoredProfile {
  let json: string
  let parsed: unknown
  if (typeof input === 'string') {
    json = input
    try {
      parsed = JSON.parse(input)
    } catch (error) {
      throw new StoreError('invalid_input', 'The profile is not valid JSON', { cause: error })
    }
  } else {
    parsed = input
    json = JSON.stringify(input)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new StoreError('invalid_input', 'A profile must be a JSON object')
  }
  const profile = parsed as Record<string, unknown>
  const key = text(profile.key) || text(profile.li_id)
  if (key === '') {
    throw new StoreError('profile_without_key', 'The profile has no key (nor li_id), so it cannot be saved')
  }
  return {
    json,
    profile,
    key,
    name: displayName(profile),
    title: text(profile.cur_title),
    company: text(profile.cur_company),
    skills: strings(profile.skills).join(', '),
    location: locationText(profile)
  }
}

/** full_name, else first and last name: what lists and the CSV "Name" column show. */
export function displayName(profile: Record<string, unknown>): string {
  return text(profile.full_name) || [text(profile.first_name), text(profile.last_name)].filter(Boolean).join(' ')
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}
