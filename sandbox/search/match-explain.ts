/**
 * Why a profile matched a partial Match Profiles request: the request's terms it holds
 * (matched_terms) and, per field, the value that matched (key_matches), current before past.
 */
import type { WholePersonProfile } from '../../shared/api'
import type { IndexParts } from './index-builder'
import { contains, type Postings } from './postings'
import { companyTokens, termTokens, titleTokens } from './text'

export type KeyMatch = NonNullable<WholePersonProfile['key_matches']>[number]

/** The request's tokens per field (empty when the request does not give the field). */
export interface RequestTokens {
  title: string[]
  company: string[]
  school: string[]
  location: string[]
}

/** The postings an explanation reads. */
export type ExplainPostings = Pick<
  IndexParts,
  'name' | 'title' | 'pastTitle' | 'company' | 'pastCompany' | 'school' | 'location'
>

/**
 * Explains profile `p` (id `id`): `variants` are the name terms matched per request name token
 * (exact, prefix or one edit away), `tokens` the request's other fields.
 */
export function explainMatch(
  p: WholePersonProfile,
  id: number,
  variants: ReadonlyArray<ReadonlyMap<string, number>>,
  tokens: RequestTokens,
  postings: ExplainPostings
): { matched: string[]; keyMatches: KeyMatch[] } {
  const matched: string[] = []
  const keyMatches: KeyMatch[] = [{ key: 'NAME', value: p.full_name ?? '' }]
  for (const v of variants) for (const [term] of v) if (contains(postings.name.get(term), id)) matched.push(term)
  const explain = (
    wanted: string[],
    key: string,
    current: Postings,
    currentValue: string | undefined,
    past?: Postings,
    pastValues?: readonly string[],
    tokenize = termTokens
  ): void => {
    if (wanted.length === 0) return
    const hit = wanted.filter((t) => contains(current.get(t), id))
    if (hit.length > 0) {
      matched.push(...hit)
      keyMatches.push({ key, value: currentValue ?? '' })
      return
    }
    if (!past) return
    const pastHit = wanted.filter((t) => contains(past.get(t), id))
    if (pastHit.length === 0) return
    matched.push(...pastHit)
    const which = pastValues?.find((s) => tokenize(s).some((t) => pastHit.includes(t)))
    keyMatches.push({ key, value: which ?? '' })
  }
  explain(
    tokens.title,
    'TITLE',
    postings.title,
    p.cur_title ?? undefined,
    postings.pastTitle,
    p.past_titles ?? [],
    titleTokens
  )
  explain(
    tokens.company,
    'COMPANY',
    postings.company,
    p.cur_company ?? undefined,
    postings.pastCompany,
    p.past_companies ?? [],
    companyTokens
  )
  const schoolName = (p.educations ?? []).find(
    (e) => e.school && tokens.school.some((t) => termTokens(e.school as string).includes(t))
  )?.school
  explain(tokens.school, 'SCHOOL', postings.school, schoolName ?? p.educations?.[0]?.school ?? undefined)
  explain(tokens.location, 'LOCATION', postings.location, p.locations?.[0] ?? p.city ?? undefined)
  return { matched, keyMatches }
}
