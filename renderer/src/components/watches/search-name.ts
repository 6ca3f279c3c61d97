import type { MatchProfileRequest } from '../../../../shared/api/match-request'

/**
 * The name "Save search…" suggests: the search's own words, short enough to read whole in the
 * dialog's field and in the saved searches' list (the recruiter may type a better one).
 */
export const SUGGESTED_NAME_LENGTH = 80

/**
 * Parts of a query joined with " · ", whole parts while they fit; repeats (any case) once. A
 * first part longer than the limit is cut at a word and marked with "…", never mid-word.
 */
export function nameFromParts(parts: readonly string[], limit = SUGGESTED_NAME_LENGTH): string {
  const seen = new Set<string>()
  const kept: string[] = []
  for (const raw of parts) {
    const part = raw.replace(/\s+/g, ' ').trim()
    const key = part.toLocaleLowerCase()
    if (part === '' || seen.has(key)) continue
    seen.add(key)
    const next = [...kept, part].join(' · ')
    if (next.length <= limit) kept.push(part)
    else if (kept.length === 0) return cutAtWord(part, limit)
  }
  return kept.join(' · ')
}

function cutAtWord(text: string, limit: number): string {
  const room = text.slice(0, limit - 1)
  const space = room.lastIndexOf(' ')
  return `${(space > limit / 2 ? room.slice(0, space) : room).trimEnd()}…`
}

/**
 * A Match Profiles search by who it looks for: name, title, employer, place, school, then
 * identifiers (also the query a provenance line records, within ORIGIN_DETAIL_LENGTH).
 */
export function searchName(request: MatchProfileRequest, limit = SUGGESTED_NAME_LENGTH): string {
  return nameFromParts(
    [
      request.name ?? '',
      request.title ?? '',
      request.company ?? '',
      request.location ?? '',
      request.school ?? '',
      request.key ?? '',
      ...(request.emails ?? []),
      ...(request.handles ?? [])
    ],
    limit
  )
}

/** The most of a search's or chat's words a provenance line keeps (addMembers' origin.detail). */
export const ORIGIN_DETAIL_LENGTH = 300
