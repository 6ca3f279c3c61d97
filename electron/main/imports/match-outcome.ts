import type { MatchProfileRequest } from '../../../shared/api/match-request'
import type { ImportCandidate } from '../../../shared/ipc/channels/imports'
import { displayName } from '../../../shared/display-name'
import { locationText } from '../store/search-text'
import { reasonOf } from './match-reason'
import { compareCandidate, type Comparison } from './record-linkage'

export type MatchOutcome = ({ outcome: 'matched'; key: string } | { outcome: 'doubtful' | 'none'; key: null }) & {
  /** Why, in the recruiter's words. */
  reason: string
  /** How many candidates the evidence fits (none: a looser ask may find the person). */
  fitting: number
}

/** Evidence enough to name a person: a name and an employer, or a name, a title and a city… */
export const MATCH_WEIGHT = 9
/** Evidence enough to show a candidate as worth a look. */
export const DOUBT_WEIGHT = 2

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '')
const keyOf = (profile: Record<string, unknown>) => text(profile['key'])
const scoreOf = (profile: Record<string, unknown>) =>
  typeof profile['match_score'] === 'number' ? (profile['match_score'] as number) : null

/**
 * Whether the row's own values name this candidate: an identifier they share (and a name that is
 * not another's), or a name that agrees or is close with enough agreeing fields — and never one
 * that differs on both employer and place, nor one whose key is not the key the row gives.
 */
export function fits(comparison: Comparison): boolean {
  const name = comparison.name.level
  if (comparison.identifier !== null) return name !== 'partial' && name !== 'different'
  // the sheet's own key names another profile: a recruiter looks before taking this one
  if (comparison.otherKey) return false
  if (name !== 'exact' && name !== 'close') return false
  if (comparison.employer === 'different' && comparison.place.level === 'different') return false
  return comparison.weight >= MATCH_WEIGHT
}

/**
 * A row's outcome from its candidates, weighed against the row's own values (record-linkage.ts):
 * matched when exactly one candidate fits, or when one that fits is ahead of every other that fits
 * by at least `threshold` match_score points (one with an identifier the row gave goes before those
 * without); doubtful when several fit and none is far enough ahead, or when none fits but one is
 * worth a look; none otherwise. The service's score and COMPLETE count as one input, never alone.
 * A candidate without a key cannot be shortlisted, so it never counts.
 */
export function classify(
  request: MatchProfileRequest,
  profiles: ReadonlyArray<Record<string, unknown>>,
  threshold: number
): MatchOutcome {
  const candidates = profiles.filter((profile) => keyOf(profile) !== '')
  if (candidates.length === 0) return { outcome: 'none', key: null, reason: 'no candidate found', fitting: 0 }
  const weighed = candidates
    .map((profile) => ({ profile, comparison: compareCandidate(request, profile) }))
    .sort((a, b) => b.comparison.weight - a.comparison.weight || (scoreOf(b.profile) ?? 0) - (scoreOf(a.profile) ?? 0))
  let fitting = weighed.filter(({ comparison }) => fits(comparison))
  const withIdentifier = fitting.filter(({ comparison }) => comparison.identifier !== null)
  if (withIdentifier.length === 1) fitting = withIdentifier
  const best = fitting[0]
  if (best === undefined) {
    const top = weighed[0]!
    const reason = reasonOf(top.comparison)
    return top.comparison.weight >= DOUBT_WEIGHT
      ? { outcome: 'doubtful', key: null, reason, fitting: 0 }
      : { outcome: 'none', key: null, reason, fitting: 0 }
  }
  const reason = reasonOf(best.comparison)
  if (fitting.length === 1) return { outcome: 'matched', key: keyOf(best.profile), reason, fitting: 1 }
  const next = Math.max(...fitting.slice(1).map(({ profile }) => scoreOf(profile) ?? 0))
  const lead = (scoreOf(best.profile) ?? 0) - next
  const several = `${fitting.length} candidates fit (${reason})`
  if (lead < threshold) {
    return {
      outcome: 'doubtful',
      key: null,
      reason: `${several}; none ahead by ${threshold} points`,
      fitting: fitting.length
    }
  }
  const others = fitting.length === 2 ? 'the other' : `${fitting.length - 1} others`
  return {
    outcome: 'matched',
    key: keyOf(best.profile),
    reason: `${reason}; ahead of ${others} that fit by ${lead} points`,
    fitting: fitting.length
  }
}

/** Candidates as the row's values rank them, the best fit first (the order they came in among equals). */
export function byEvidence(
  request: MatchProfileRequest,
  profiles: ReadonlyArray<Record<string, unknown>>
): Array<Record<string, unknown>> {
  const weights = new Map(profiles.map((profile) => [profile, compareCandidate(request, profile).weight]))
  return [...profiles].sort((a, b) => weights.get(b)! - weights.get(a)!)
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
