import type { MatchProfileRequest } from '../../../shared/api/match-request'
import { handleInProfileUrl } from '../../../shared/api/handles'
import { displayName } from '../../../shared/display-name'
import { closeness, fold, placeParts, sameCompany, sameSchool, sameTitle, words } from './linkage-text'

/*
 * A row of the recruiter's sheet against one candidate, field by field, in the manner of
 * Fellegi–Sunter record linkage (as Splink and dedupe do it): each field agrees, agrees in part,
 * disagrees, or is missing on one side, and each outcome adds its weight of evidence — roughly
 * log2 of how much likelier it is for the same person than for two people who share a name.
 * Identifiers (key, email, profile link) that agree outweigh everything else.
 */

export type NameLevel = 'exact' | 'close' | 'part' | 'partial' | 'different' | 'missing'
export type PlaceLevel = 'city' | 'region' | 'country' | 'different' | 'missing'

export interface Comparison {
  key: string
  /** An identifier of the row the candidate holds (or the service matched exactly on). */
  identifier: 'key' | 'email' | 'handle' | null
  /** The row gives a profile key and the candidate has another: the sheet names someone else. */
  otherKey: boolean
  /** With the row's word and the candidate's when they are close or differ (for the reason). */
  name: { level: NameLevel; pair: [string, string] | null }
  employer: 'current' | 'past' | 'different' | 'missing'
  title: 'same' | 'past' | 'different' | 'missing'
  /** With what the row's place names (a city, a region or a country), for the reason. */
  place: { level: PlaceLevel; kind: 'city' | 'region' | 'country' }
  school: 'same' | 'different' | 'missing'
  /** The service's own word (COMPLETE, match_score) as one input among the others. */
  service: number
  /** The sum of every field's weight of evidence. */
  weight: number
}

/** Weights of evidence (log2 Bayes factors, set by hand from what a recruiter's sheets look like). */
export const WEIGHTS = {
  identifier: 16,
  otherKey: -6,
  name: { exact: 6, close: 4.5, part: 3, partial: -4, different: -8, missing: 0 },
  employer: { current: 5.5, past: 1.5, different: -4, missing: 0 },
  title: { same: 2, past: 0.5, different: -1, missing: 0 },
  place: { city: 2.5, region: 1, country: 0.3, different: -2.5, missing: 0 },
  school: { same: 2, different: -0.5, missing: 0 }
} as const

/** Two name words this close (Jaro-Winkler) are taken as one misspelt: Isbaella ~ Isabella is 0.97. */
export const CLOSE_NAME = 0.88

const NAME_FILLER = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'prof', 'jr', 'sr', 'ii', 'iii', 'phd', 'md', 'mba'])

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(text).filter((item) => item !== '') : []

export function compareCandidate(request: MatchProfileRequest, profile: Record<string, unknown>): Comparison {
  const name = compareNames(request.name ?? '', profile)
  const employer = compareEmployer(request.company ?? '', profile)
  const title = compareTitle(request.title ?? '', profile)
  const place = comparePlace(request.location ?? '', profile)
  const school = compareSchool(request.school ?? '', profile)
  const identifier = sharedIdentifier(request, profile)
  const key = text(profile['key'])
  const otherKey = identifier === null && !!request.key?.trim() && key !== '' && key !== request.key.trim()
  const service = serviceWeight(profile)
  const weight =
    (identifier === null ? 0 : WEIGHTS.identifier) +
    (otherKey ? WEIGHTS.otherKey : 0) +
    WEIGHTS.name[name.level] +
    WEIGHTS.employer[employer] +
    WEIGHTS.title[title] +
    WEIGHTS.place[place.level] +
    WEIGHTS.school[school] +
    service
  return { key, identifier, otherKey, name, employer, title, place, school, service, weight }
}

/** The service's COMPLETE counts for a little, its score for less: it is one witness, not the judge. */
function serviceWeight(profile: Record<string, unknown>): number {
  if (text(profile['match_type']).toUpperCase() === 'COMPLETE') return 2
  const score = profile['match_score']
  if (typeof score !== 'number') return 0
  return score >= 80 ? 1 : score < 40 ? -1 : 0
}

function sharedIdentifier(request: MatchProfileRequest, profile: Record<string, unknown>): Comparison['identifier'] {
  const key = text(profile['key'])
  if (request.key && key !== '' && request.key.trim() === key) return 'key'
  const rowEmails = new Set((request.emails ?? []).map((email) => email.trim().toLowerCase()))
  const rowHandles = new Set((request.handles ?? []).map((handle) => handle.trim().toLowerCase()))
  if (emailsOf(profile).some((email) => rowEmails.has(email))) return 'email'
  if (handlesOf(profile).some((handle) => rowHandles.has(handle))) return 'handle'
  // the service says it matched exactly on one of the row's own identifiers
  if (text(profile['match_type']).toUpperCase() !== 'COMPLETE') return null
  const keyMatches = Array.isArray(profile['key_matches']) ? (profile['key_matches'] as unknown[]) : []
  for (const match of keyMatches) {
    const kind = text((match as { key?: unknown } | null)?.key).toUpperCase()
    const value = text((match as { value?: unknown } | null)?.value).toLowerCase()
    if (kind === 'KEY' && request.key && value === request.key.trim().toLowerCase()) return 'key'
    if (kind === 'EMAIL' && rowEmails.has(value)) return 'email'
    if (kind === 'HANDLE' && rowHandles.has(value.replace(/^@/, ''))) return 'handle'
  }
  const terms = strings(profile['matched_terms']).map((term) => term.toLowerCase())
  if (terms.some((term) => rowEmails.has(term))) return 'email'
  if (terms.some((term) => rowHandles.has(term.replace(/^@/, '')))) return 'handle'
  // a service that says neither which identifier it matched nor shows the person's own: an exact
  // match on the row's email or link is taken at its word (the name still has to agree)
  if (keyMatches.length === 0 && terms.length === 0) {
    if (rowEmails.size > 0 && emailsOf(profile).length === 0) return 'email'
    if (rowHandles.size > 0 && handlesOf(profile).length === 0) return 'handle'
  }
  return null
}

function emailsOf(profile: Record<string, unknown>): string[] {
  const emails = Array.isArray(profile['emails']) ? (profile['emails'] as unknown[]) : []
  return emails
    .map((email) =>
      typeof email === 'string'
        ? email
        : text((email as { email?: unknown } | null)?.email) || text((email as { address?: unknown } | null)?.address)
    )
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== '')
}

function handlesOf(profile: Record<string, unknown>): string[] {
  const links = [...strings(profile['li_urls']), text(profile['li_url'])].filter((link) => link !== '')
  const handles = links.map((link) => handleInProfileUrl(link) ?? '')
  handles.push(text(profile['codehost_handle']), text(profile['qasite_name']))
  return handles.map((handle) => handle.toLowerCase()).filter((handle) => handle !== '')
}

/** The row's name words paired with the candidate's, each with its closest, in any order. */
export function compareNames(rowName: string, profile: Record<string, unknown>): Comparison['name'] {
  const written = rowName
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((word) => !NAME_FILLER.has(fold(word)) && fold(word) !== '')
  const theirs = displayName(profile)
    .split(/[^\p{L}\p{N}'’-]+/u)
    .filter((word) => !NAME_FILLER.has(fold(word)) && fold(word) !== '')
  if (written.length === 0 || theirs.length === 0) return { level: 'missing', pair: null }
  const row = written.flatMap((word) => words(word).map((folded) => ({ folded, shown: word })))
  const candidate = theirs.flatMap((word) => words(word).map((folded) => ({ folded, shown: word })))
  const used = new Set<number>()
  let exact = 0
  let close: [string, string] | null = null
  let missed: [string, string] | null = null
  // exact words first, so a close one never takes the word another matches exactly
  const pending = row.filter((word) => {
    const at = candidate.findIndex((other, index) => !used.has(index) && other.folded === word.folded)
    if (at === -1) return true
    used.add(at)
    exact += 1
    return false
  })
  for (const word of pending) {
    let best = -1
    let bestScore = 0
    candidate.forEach((other, index) => {
      if (used.has(index)) return
      const score =
        word.folded.length === 1 || other.folded.length === 1
          ? word.folded[0] === other.folded[0]
            ? 1
            : 0
          : closeness(word.folded, other.folded)
      if (score > bestScore) [best, bestScore] = [index, score]
    })
    if (best !== -1 && bestScore >= CLOSE_NAME) {
      used.add(best)
      close ??= [word.shown, candidate[best]!.shown]
    } else if (word.folded.length > 1) {
      // a middle initial the candidate does not spell out says nothing either way
      const other = candidate.find((_, index) => !used.has(index))
      missed ??= [word.shown, other?.shown ?? '']
    }
  }
  // a middle name the row gives and the profile leaves out: every word of theirs was found
  if (missed !== null && used.size === candidate.length && exact + (close === null ? 0 : 1) >= 2)
    return { level: 'close', pair: [written.join(' '), theirs.join(' ')] }
  if (missed !== null) return { level: exact > 0 ? 'partial' : 'different', pair: missed }
  if (close !== null) return { level: 'close', pair: close }
  // a single word against a whole name is only part of it
  return row.length === 1 && candidate.length > 1
    ? { level: 'part', pair: [row[0]!.shown, theirs.join(' ')] }
    : { level: 'exact', pair: null }
}

function compareEmployer(company: string, profile: Record<string, unknown>): Comparison['employer'] {
  const current = text(profile['cur_company'])
  const past = strings(profile['past_companies'])
  if (company === '' || (current === '' && past.length === 0)) return 'missing'
  if (current !== '' && sameCompany(company, current)) return 'current'
  if (past.some((other) => sameCompany(company, other))) return 'past'
  return current === '' ? 'missing' : 'different'
}

function compareTitle(title: string, profile: Record<string, unknown>): Comparison['title'] {
  const current = text(profile['cur_title'])
  if (title === '' || current === '') return 'missing'
  if (sameTitle(title, current)) return 'same'
  return strings(profile['past_titles']).some((other) => sameTitle(title, other)) ? 'past' : 'different'
}

function compareSchool(school: string, profile: Record<string, unknown>): Comparison['school'] {
  const educations = Array.isArray(profile['educations']) ? (profile['educations'] as unknown[]) : []
  const schools = [
    ...educations.map((education) => text((education as { school?: unknown } | null)?.school)),
    ...strings(profile['schools'])
  ].filter((name) => name !== '')
  if (school === '' || schools.length === 0) return 'missing'
  return schools.some((other) => sameSchool(school, other)) ? 'same' : 'different'
}

/** The row's place against the candidate's city, region and country (and the places it lists). */
export function comparePlace(location: string, profile: Record<string, unknown>): Comparison['place'] {
  const parts = placeParts(location)
  const kind = parts.find((part) => part.kind === 'city')?.kind ?? parts[0]?.kind ?? 'city'
  const listed = strings(profile['locations']).map((place) => place.split(',').map(fold))
  const cities = new Set([fold(text(profile['city'])), ...listed.map((place) => place[0] ?? '')])
  const regions = new Set([fold(text(profile['state'])), ...listed.map((place) => (place.length > 2 ? place[1]! : ''))])
  const countries = new Set([fold(text(profile['country'])), ...listed.map((place) => place[place.length - 1] ?? '')])
  for (const known of [cities, regions, countries]) known.delete('')
  if (parts.length === 0 || cities.size + regions.size + countries.size === 0) return { level: 'missing', kind }
  const names = parts.flatMap((part) => part.names)
  if (names.some((name) => cities.has(name))) return { level: 'city', kind }
  // a named city that is not theirs outweighs a shared region or country
  if (parts.some((part) => part.kind === 'city')) return { level: 'different', kind }
  if (names.some((name) => regions.has(name))) return { level: 'region', kind }
  if (names.some((name) => countries.has(name))) return { level: 'country', kind }
  return { level: 'different', kind }
}
