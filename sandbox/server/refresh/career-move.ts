import type { WholePersonProfile } from '../../../shared/api'
import { fnv1a, stableId } from '../../data/hash'
import { companies } from '../../data/vocab/companies'

/** Share of refreshes in which the person turns out to have changed employer, and title only. */
export const CAREER_MOVE_SHARES = { employer: 0.2, title: 0.1 }

const PROMOTIONS: ReadonlyArray<[RegExp, string]> = [
  [/^(Senior|Sr\.?) /i, 'Staff '],
  [/^Staff /i, 'Principal '],
  [/^(Junior|Jr\.?|Associate) /i, ''],
  [/^/, 'Senior ']
]

/**
 * What a refresh finds: most people are as before, some moved to another employer, some got a new
 * title. Decided by the profile's key and its previous refresh time, so a state file replays the
 * same moves and the first refresh of a person is the same in every run (tests rely on it). The
 * sandbox's search index keeps the values it was built with: a moved person is still found by
 * the old employer, as a service whose index lags its profiles would.
 */
export function applyCareerMove(profile: WholePersonProfile, refreshedAt: string): void {
  const roll = fnv1a(`${profile.key ?? ''}|${profile.last_refreshed ?? ''}`)
  const share = (roll % 1000) / 1000
  const month = refreshedAt.slice(0, 7)
  if (share < CAREER_MOVE_SHARES.employer) moveEmployer(profile, roll, month)
  else if (share < CAREER_MOVE_SHARES.employer + CAREER_MOVE_SHARES.title) promote(profile, month)
}

function moveEmployer(profile: WholePersonProfile, roll: number, month: string): void {
  let next = companies[(roll >>> 10) % companies.length]
  if (next === undefined) return
  if (next.name === profile.cur_company) next = companies[((roll >>> 10) + 1) % companies.length] ?? next
  const title = profile.cur_title ?? ''
  const previous = (profile.positions ?? []).map((p, i) =>
    i === 0 && !p.end_date ? { ...p, end_date: month, end: Number(month.slice(0, 4)) } : p
  )
  const location = previous[0]?.location
  profile.positions = [
    {
      index: 0,
      years_ago: 0,
      company_id: next.id,
      company_size: next.size,
      title_id: stableId(title),
      start: Number(month.slice(0, 4)),
      company: next.name,
      title,
      ...(location ? { location } : {}),
      start_date: month
    },
    ...previous.map((p, i) => ({ ...p, index: i + 1 }))
  ]
  if (profile.cur_company) {
    profile.past_companies = [
      profile.cur_company,
      ...(profile.past_companies ?? []).filter((c) => c !== profile.cur_company)
    ]
  }
  profile.cur_company = next.name
  profile.cur_company_id = next.id
  profile.company_size = next.size
  profile.industry = next.industry
  profile.start_date_in_company = month
  profile.start_date_in_role = month
  profile.headlines = [`${title} at ${next.name}`]
}

function promote(profile: WholePersonProfile, month: string): void {
  const title = profile.cur_title ?? ''
  if (title === '') return
  const [pattern, replacement] = PROMOTIONS.find(([p]) => p.test(title)) ?? PROMOTIONS[PROMOTIONS.length - 1]!
  const next = title.replace(pattern, replacement)
  if (next === title) return
  profile.past_titles = [title, ...(profile.past_titles ?? []).filter((t) => t !== title)]
  profile.cur_title = next
  profile.start_date_in_role = month
  const current = profile.positions?.[0]
  if (current)
    profile.positions = [{ ...current, title: next, title_id: stableId(next) }, ...(profile.positions ?? []).slice(1)]
  if (profile.cur_company) profile.headlines = [`${next} at ${profile.cur_company}`]
}
