import type { MatchProfileRequest } from '../../../shared/api/match-request'

/**
 * Looser asks for a row whose first ask found no one who fits: a name misspelt in the sheet
 * ("Isbaella Coleman", "Matrha Klein", "Isabella Colemna") may find nobody, or only namesakes,
 * when every word of it must be the candidate's. First the last name alone with the row's
 * employer, title, school and place (transaction id suffix `-loose`); when that finds no one, the
 * last name was the misspelt word: the first name with the same (`-loose-first`). The row's own
 * values then judge the candidates as before. None when the name has a single word or nothing
 * else would tell the people of that name apart.
 */
export function looserAsks(request: MatchProfileRequest): Array<{ body: MatchProfileRequest; suffix: string }> {
  const names = (request.name ?? '').split(/[\s,]+/).filter((word) => /\p{L}{2,}/u.test(word))
  if (names.length < 2) return []
  const context: MatchProfileRequest = {}
  if (request.company) context.company = request.company
  if (request.title) context.title = request.title
  if (request.school) context.school = request.school
  if (request.location) context.location = request.location
  if (Object.keys(context).length === 0) return []
  return [
    { body: { name: names[names.length - 1]!, ...context }, suffix: '-loose' },
    { body: { name: names[0]!, ...context }, suffix: '-loose-first' }
  ]
}

/** The first answer's candidates, then the looser one's that are new (by key). */
export function withLooser(
  first: ReadonlyArray<Record<string, unknown>>,
  looser: ReadonlyArray<Record<string, unknown>>
): Array<Record<string, unknown>> {
  const keys = new Set(first.map((profile) => profile['key']).filter((key) => typeof key === 'string' && key !== ''))
  return [...first, ...looser.filter((profile) => !keys.has(profile['key']))]
}
