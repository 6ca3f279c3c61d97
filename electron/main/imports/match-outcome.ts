import type { ImportCandidate } from '../../../shared/ipc/channels/imports'
import { displayName } from '../store/profile-fields'
import { locationText } from '../store/search-text'

export type MatchOutcome = { outcome: 'matched'; key: string } | { outcome: 'doubtful' | 'none'; key: null }

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const keyOf = (profile: Record<string, unknown>) => text(profile['key'])
const scoreOf = (profile: Record<string, unknown>) =>
  typeof profile['match_score'] === 'number' ? (profile['match_score'] as number) : null

/**
 * A row's outcome from its candidates: matched when exactly one is COMPLETE, or when one is
 * ahead of the next by at least `threshold` match_score points (a single candidate is ahead of
 * nothing); doubtful when several are close (or several are COMPLETE); none without candidates.
 * A candidate without a key cannot be shortlisted, so it never counts as the match.
 */
export function classify(profiles: ReadonlyArray<Record<string, unknown>>, threshold: number): MatchOutcome {
  const candidates = profiles.filter((profile) => keyOf(profile) !== '')
  if (candidates.length === 0) return { outcome: 'none', key: null }
  const complete = candidates.filter((profile) => text(profile['match_type']).toUpperCase() === 'COMPLETE')
  if (complete.length === 1) return { outcome: 'matched', key: keyOf(complete[0]!) }
  if (complete.length > 1) return { outcome: 'doubtful', key: null }
  const ranked = [...candidates].sort((a, b) => (scoreOf(b) ?? 0) - (scoreOf(a) ?? 0))
  if (ranked.length === 1) return { outcome: 'matched', key: keyOf(ranked[0]!) }
  const lead = (scoreOf(ranked[0]!) ?? 0) - (scoreOf(ranked[1]!) ?? 0)
  return lead >= threshold ? { outcome: 'matched', key: keyOf(ranked[0]!) } : { outcome: 'doubtful', key: null }
}

/** A candidate as the review shows it beside the row's own values. */
export function candidateOf(profile: Record<string, unknown>): ImportCandidate {
  const links = Array.isArray(profile['li_urls']) ? (profile['li_urls'] as unknown[]) : []
  const emails = Array.isArray(profile['emails']) ? (profile['emails'] as unknown[]) : []
  const firstEmail = emails.map((email) =>
    typeof email === 'string' ? email : text((email as { email?: unknown } | null)?.email)
  )[0]
  return {
    key: keyOf(profile),
    name: displayName(profile),
    title: text(profile['cur_title']),
    company: text(profile['cur_company']),
    location: locationText(profile),
    link: text(profile['li_url']) || links.map(text).find((link) => link !== '') || '',
    email: firstEmail ?? '',
    score: scoreOf(profile),
    matchType: text(profile['match_type']) || null
  }
}
