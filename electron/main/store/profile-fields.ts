import type { WholePersonProfile } from '../../../shared/api'
import { profileDates, type ProfileDates } from '../../../shared/data-age'
import { jsonDepth, parseJson, stringifyJson } from '../../../shared/json'
import { StoreError } from './store-error'
import { locationText } from './search-text'
import { displayName } from '../../../shared/display-name'

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
  /** The profile's own last_refreshed and last_updated: what its age is counted from. */
  dates: ProfileDates
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
    checkBounds(json)
    try {
      parsed = parseJson(input)
    } catch (error) {
      throw new StoreError('invalid_input', 'The profile is not valid JSON.', { cause: error })
    }
  } else {
    parsed = input
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw notAnObject()
    // An object this deep would overflow the stack while being written out: measure it first.
    if (objectDepthExceeds(input, MAX_PROFILE_DEPTH)) throw tooDeep()
    json = stringifyJson(input)
    checkBounds(json)
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw notAnObject()
  const profile = parsed as Record<string, unknown>
  const key = text(profile.key) || text(profile.li_id)
  if (key === '') {
    throw new StoreError('profile_without_key', 'The profile has no key (nor li_id), so it cannot be saved.')
  }
  return {
    json,
    profile,
    key,
    name: displayName(profile),
    title: text(profile.cur_title),
    company: text(profile.cur_company),
    skills: strings(profile.skills).join(', '),
    location: locationText(profile),
    dates: profileDates(profile)
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * Bounds on one saved profile. Real profiles nest about eight levels (profile → healthcare →
 * academic data → papers → authors) and weigh a few hundred KB at most; these leave ample room
 * while keeping a hostile or broken record (100,000 levels, hundreds of MB) from being saved,
 * restored, or later overflowing the stack when it is opened.
 */
export const MAX_PROFILE_DEPTH = 100
export const MAX_PROFILE_CHARS = 8 * 1024 * 1024

function checkBounds(json: string): void {
  if (json.length > MAX_PROFILE_CHARS) {
    throw new StoreError(
      'invalid_input',
      `The profile is larger than ${MAX_PROFILE_CHARS / 1024 / 1024} MB, so it was not saved.`,
      { details: { reason: 'too_large', chars: json.length } }
    )
  }
  if (jsonDepth(json, MAX_PROFILE_DEPTH) > MAX_PROFILE_DEPTH) throw tooDeep()
}

function notAnObject(): StoreError {
  return new StoreError('invalid_input', 'A profile must be a JSON object.')
}

function tooDeep(): StoreError {
  return new StoreError(
    'invalid_input',
    `The profile is nested more than ${MAX_PROFILE_DEPTH} levels deep, so it was not saved.`,
    { details: { reason: 'too_deep', limit: MAX_PROFILE_DEPTH } }
  )
}

/** Depth of an in-memory value, walked with an explicit stack; stops once past `limit`. */
export function objectDepthExceeds(root: unknown, limit: number): boolean {
  const stack: Array<[unknown, number]> = [[root, 1]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop() as [unknown, number]
    if (value === null || typeof value !== 'object') continue
    if (depth > limit) return true
    for (const child of Object.values(value))
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1])
  }
  return false
}

/**
 * Reads a stored profile's text back, or undefined when it cannot be: bytes damaged on disk,
 * or a record saved before the bounds above existed. Never throws, so one bad record cannot
 * turn opening, exporting or backing up into an error for everything else.
 */
export function readStoredProfile(json: string): Record<string, unknown> | undefined {
  if (json.length > MAX_PROFILE_CHARS || jsonDepth(json, MAX_PROFILE_DEPTH) > MAX_PROFILE_DEPTH) return undefined
  try {
    const value = parseJson(json)
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined
  } catch {
    return undefined
  }
}
