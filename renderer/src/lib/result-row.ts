import type { SearchResult, ShortlistRef } from '../../../shared/ipc/channels/search'
import { personName } from './person-name'

/** What a result row shows, read defensively from whatever the service sent. */
export interface ResultRow {
  /** Position in the results: rows are keyed and ticked by it (a key may repeat or be missing). */
  index: number
  key: string | null
  name: string
  title: string
  company: string
  location: string
  matchType: string | null
  score: number | null
  matchedTerms: string[]
  issues: number
  shortlistedIn: ShortlistRef[]
  profile: unknown
  result: SearchResult
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

export function readRow(result: SearchResult, index: number): ResultRow {
  const p =
    result.profile !== null && typeof result.profile === 'object' ? (result.profile as Record<string, unknown>) : {}
  const place = [text(p['city']), text(p['state']), text(p['country'])].filter(Boolean)
  const locations = Array.isArray(p['locations'])
    ? p['locations'].filter((l): l is string => typeof l === 'string')
    : []
  const score = typeof p['match_score'] === 'number' ? p['match_score'] : null
  const terms = Array.isArray(p['matched_terms'])
    ? p['matched_terms'].filter((t): t is string => typeof t === 'string')
    : []
  return {
    index,
    key: result.key,
    name: personName(p, result.key),
    title: text(p['cur_title']),
    company: text(p['cur_company']),
    location: place.length > 0 ? [...new Set(place)].join(', ') : (locations[0] ?? ''),
    matchType: typeof p['match_type'] === 'string' ? p['match_type'] : null,
    score,
    matchedTerms: terms,
    issues: result.issues.length,
    shortlistedIn: result.shortlistedIn,
    profile: result.profile,
    result
  }
}

/**
 * Splits `text` into plain and highlighted parts where a matched term occurs (whole words or word
 * starts, case- and accent-insensitive), for <mark> in the row.
 */
export function highlight(text: string, terms: readonly string[]): Array<{ text: string; hit: boolean }> {
  const words = terms
    .flatMap((term) => term.split(/\s+/))
    .map((word) => word.trim())
    .filter((word) => word.length >= 2)
  if (words.length === 0 || text === '') return [{ text, hit: false }]
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
  const folded = fold(text)
  // NFD folding can change lengths; only highlight when it does not, otherwise show plain text.
  if (folded.length !== text.length) return [{ text, hit: false }]
  const marks = new Array<boolean>(text.length).fill(false)
  for (const word of new Set(words.map(fold))) {
    let from = 0
    for (let at = folded.indexOf(word, from); at !== -1; at = folded.indexOf(word, from)) {
      const startsWord = at === 0 || !/[\p{L}\p{N}]/u.test(folded[at - 1] ?? '')
      if (startsWord) marks.fill(true, at, at + word.length)
      from = at + 1
    }
  }
  const parts: Array<{ text: string; hit: boolean }> = []
  for (let i = 0; i < text.length; i++) {
    const last = parts.at(-1)
    if (last && last.hit === marks[i]) last.text += text[i]
    else parts.push({ text: text[i] ?? '', hit: marks[i] ?? false })
  }
  return parts
}
