import type { WholePersonProfile } from '../../shared/api'
import { fnv1a } from '../data/hash'
import { emailsOf } from '../data/handles'
import { firstNames, lastNames } from '../data/vocab/names'

/** One of the Sandbox's own people, as the fake ATSs hold them (what a recruiter pushed once). */
export interface AtsPerson {
  /** The Sandbox profile's key (null for the filler people of a large fake). */
  key: string | null
  firstName: string
  lastName: string
  company: string | null
  title: string | null
  emails: string[]
  phones: string[]
  /** Profile links (profilenet, code host). */
  links: string[]
  /** Stage of the latest application; the Partner API's `ats_data.current_stage` when the profile has one. */
  stage: string | null
  /** The profile's own `ats_data.candidate_id`, when the Partner API says the person is in the ATS. */
  partnerCandidateId: string | null
  /** Days before the fake's start when the record was created and last changed. */
  createdDaysAgo: number
  updatedDaysAgo: number
}

export interface AtsPeopleOptions {
  seed: number
  /** The Sandbox's first profiles (`generateProfiles` with its seed: the same people it serves). */
  profiles: readonly WholePersonProfile[]
  /** Share (0..1) of the people WITHOUT `ats_data` taken too, chosen by a hash of their key and `salt`. */
  extraShare: number
  /** Distinguishes the two ATSs' choices, so they overlap only in part. */
  salt: string
  /** Filler people appended after the Sandbox's own (for a large pull); made from the seed. */
  filler?: number
}

const STAGES = ['Application Review', 'Recruiter Screen', 'Hiring Manager Screen', 'Onsite', 'Offer'] as const

/**
 * The people of a fake ATS: every one of the Sandbox's first profiles whose Partner
 * API answer carries `ats_data` (so its `is_matched` and `candidate_id` meet a real record), plus a
 * hashed share of the others (people in the ATS the Partner API does not know are there), then
 * `filler` made-up people. Deterministic from the seed: the profiles are the Sandbox's own
 * (`generateProfiles` gives the first N of any larger run), the choices are hashes.
 */
export function atsPeople(options: AtsPeopleOptions): AtsPerson[] {
  const out: AtsPerson[] = []
  const threshold = Math.round(options.extraShare * 0xffff_ffff)
  for (const profile of options.profiles) {
    const ats = profile.ats_data
    const hash = fnv1a(`${options.salt}:${profile.key}`)
    if (ats === undefined && hash > threshold) continue
    const links = [...(profile.li_urls ?? []), ...(profile.codehost_url ? [profile.codehost_url] : [])]
    out.push({
      key: profile.key ?? null,
      firstName: profile.first_name ?? profile.full_name?.split(' ')[0] ?? 'Unknown',
      lastName: profile.last_name ?? profile.full_name?.split(' ').slice(1).join(' ') ?? 'Unknown',
      company: profile.cur_company ?? null,
      title: profile.cur_title ?? null,
      emails: emailsOf(profile),
      phones: ((profile as { phones?: unknown }).phones as string[] | undefined) ?? [],
      links,
      stage: ats?.current_stage ?? null,
      partnerCandidateId: ats?.candidate_id ?? null,
      createdDaysAgo: 30 + (hash % 700),
      updatedDaysAgo: 1 + ((hash >>> 10) % 29)
    })
  }
  for (let i = 0; i < (options.filler ?? 0); i++) {
    const hash = fnv1a(`${options.salt}:filler:${options.seed}:${i}`)
    const first = firstNames[hash % firstNames.length] as string
    const last = lastNames[(hash >>> 8) % lastNames.length] as string
    out.push({
      key: null,
      firstName: first,
      lastName: last,
      company: null,
      title: null,
      emails: [`${first}.${last}.${i}@filler.example`.toLowerCase()],
      phones: [],
      links: [],
      stage: STAGES[hash % STAGES.length] as string,
      partnerCandidateId: null,
      createdDaysAgo: 30 + (hash % 700),
      updatedDaysAgo: 1 + ((hash >>> 10) % 29)
    })
  }
  return out
}
