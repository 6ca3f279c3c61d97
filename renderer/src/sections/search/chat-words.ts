import type { MatchProfileRequest } from '../../../../shared/api/match-request'

/** Whether a search named someone: a name or an identifier (what Match Profiles looks people up by). */
export const namesSomeone = (request: MatchProfileRequest): boolean =>
  Boolean(request.name || request.key || request.emails?.length || request.handles?.length)

/**
 * A search for a role or a place and no one in particular, as words to ask Chat with ("Backend
 * engineer at Acme in Berlin"); '' when it named someone, or gave neither a title nor a place.
 */
export function chatWords(request: MatchProfileRequest): string {
  if (namesSomeone(request)) return ''
  const title = request.title?.trim() ?? ''
  const location = request.location?.trim() ?? ''
  if (title === '' && location === '') return ''
  const company = request.company?.trim() ?? ''
  const school = request.school?.trim() ?? ''
  return [
    title || 'People',
    company ? `at ${company}` : '',
    school ? `who studied at ${school}` : '',
    location ? `in ${location}` : ''
  ]
    .filter(Boolean)
    .join(' ')
}
