/**
 * Seeded generator of whole-person profiles for the sandbox. Profile i depends only on the seed,
 * i and the handles/emails/NPIs claimed by profiles before it, so the same seed always yields the
 * same profiles and a smaller count yields a prefix of a larger one.
 */
import type { WholePersonProfile } from '../../shared/api'
import { buildCareer, type Career } from './career'
import type { Person } from './context'
import { isoDay, isoMonth, parseMonth, type Month } from './dates'
import { fnv1a, stableId } from './hash'
import { PROFILENET_ORIGIN } from './handles'
import { ArrayInterner } from './intern'
import { LazySections } from './lazy'
import { Random } from './random'
import { applyAcademic } from './sections/academic'
import { fictionalPhone } from './sections/address'
import { applyAts } from './sections/ats'
import { applyCodehost } from './sections/codehost'
import { applyHealthcare } from './sections/healthcare'
import { applyNurse } from './sections/nurse'
import { applyQasite } from './sections/qasite'
import { SalaryBands } from './sections/salary'
import { asciiSlug, placeLabel } from './text'
import { interests as interestList, languagesSpoken } from './vocab/families'
import { firstNames, lastNames } from './vocab/names'
import { placeId } from './vocab/places'

export interface GenerateOptions {
  /** Number of profiles; default 20,000. */
  count?: number
  /** Any integer; default 1. */
  seed?: number
  /** "Now" of the data set (ISO date); every generated date is before it. Default 2026-01-01. */
  referenceDate?: string
}

export const DEFAULT_PROFILE_COUNT = 20_000
export const DEFAULT_REFERENCE_DATE = '2026-01-01'

/** Shares of the optional sections (expected values; tests check them within tolerance). */
export const SECTION_SHARES = {
  ats: 0.12,
  salary: 0.25,
  emails: 0.6,
  phones: 0.3
} as const

/** Stable, unique key of profile `index` under `seed`: a bijective scramble of the index. */
export function profileKey(seed: number, index: number): string {
  const mixed = (Math.imul(index + 1, 0x2c9277b5) ^ fnv1a(`seed:${seed}`)) >>> 0
  return 'p_' + mixed.toString(36).padStart(7, '0')
}

/**
 * Bump when the generator's output changes for the same seed and index (a field added, a
 * vocabulary edited, a draw moved): it keys the sandbox's catalog cache (sandbox/search/catalog-file.ts).
 */
export const DATA_VERSION = 1

/** What a claim is for: unique across the data set, each in its own namespace. */
export type ClaimKind = 'handle' | 'email' | 'npi'

/**
 * The only thing profile i takes from the profiles before it: whether an identifier it wants
 * (a handle, an email, an NPI) is someone else's already. `claim` answers true when the value is
 * now this profile's (free, or for a handle, already its own), false when it is taken (the
 * generator then draws another). Given the same answers, a profile is generated the same way, so
 * a log of the false answers lets any one profile be generated without the others (`ReplayClaims`).
 */
export interface Claims {
  claim(kind: ClaimKind, value: string, index: number): boolean
}

/**
 * Which of a data set's claims were refused, as sorted pairs (profile index, the number of that
 * profile's claim call, from 0): everything `ReplayClaims` needs to generate profile i alone.
 */
export type CollisionLog = Uint32Array

/** The real claims of a sequential run, noting every refusal (its collision log). */
export class RecordingClaims implements Claims {
  readonly #owners = {
    handle: new Map<string, number>(),
    email: new Map<string, number>(),
    npi: new Map<string, number>()
  }
  readonly #refused: number[] = []
  #index = -1
  #call = 0

  claim(kind: ClaimKind, value: string, index: number): boolean {
    if (index !== this.#index) {
      this.#index = index
      this.#call = 0
    }
    const call = this.#call++
    const owners = this.#owners[kind]
    const owner = owners.get(value)
    // a person may reuse their own handle on several sites; emails and NPIs are never reused
    const free = owner === undefined || (kind === 'handle' && owner === index)
    if (free) owners.set(value, index)
    else this.#refused.push(index, call)
    return free
  }

  /** The refusals so far (profiles are generated in index order, so the pairs are sorted). */
  log(): CollisionLog {
    return Uint32Array.from(this.#refused)
  }
}

/** Answers one profile's claims from a collision log, as the sequential run answered them. */
export class ReplayClaims implements Claims {
  readonly #log: CollisionLog
  #index = -1
  #call = 0
  /** This profile's refused call numbers. */
  #refused: number[] = []

  constructor(log: CollisionLog) {
    this.#log = log
  }

  claim(_kind: ClaimKind, _value: string, index: number): boolean {
    if (index !== this.#index) this.#start(index)
    return !this.#refused.includes(this.#call++)
  }

  #start(index: number): void {
    this.#index = index
    this.#call = 0
    this.#refused = []
    // binary search for the first pair of `index`
    const log = this.#log
    let lo = 0
    let hi = log.length >> 1
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      if ((log[mid * 2] as number) < index) lo = mid + 1
      else hi = mid
    }
    for (let at = lo * 2; at < log.length && log[at] === index; at += 2) this.#refused.push(log[at + 1] as number)
  }
}

function claimHandle(claims: Claims, rng: Random, index: number, wanted: string): string {
  const base = wanted.toLowerCase()
  let h = base
  while (!claims.claim('handle', h, index)) h = `${base}${rng.int(2, 9999)}`
  return h
}

function claimEmail(claims: Claims, rng: Random, index: number, local: string, domain: string): string {
  let e = `${local}@${domain}`
  while (!claims.claim('email', e, index)) e = `${local}${rng.int(2, 999)}@${domain}`
  return e
}

const lowerCache = new Map<string, string>()
const lowerOf = (s: string): string => {
  let l = lowerCache.get(s)
  if (l === undefined) lowerCache.set(s, (l = s.toLowerCase()))
  return l
}

function summaryOf(c: Career): string {
  const skills = c.skills.slice(0, 3)
  const list =
    skills.length > 1
      ? `${skills.slice(0, -1).join(', ')} and ${skills[skills.length - 1] as string}`
      : (skills[0] ?? '')
  const s = `${c.title} at ${c.company.name} with ${Math.max(1, c.years)} years of experience in ${lowerOf(c.role.specialization)}. Skilled in ${list}.`
  // Reading a character flattens the concatenation tree into one compact string (half the memory).
  s.charCodeAt(0)
  return s
}

/**
 * The start of profile i's random stream: its names are its first two draws, so every profile's
 * name is known without generating the rest (the catalog answers name searches from it early).
 */
export function profileStart(seed: number, index: number): { rng: Random; first: string; last: string } {
  const rng = new Random((Math.imul(seed, 0x9e3779b1) ^ Math.imul(index + 1, 0x85ebca77)) >>> 0)
  const first = rng.pick(firstNames)
  const last = rng.pick(lastNames)
  return { rng, first, last }
}

function generateOne(
  seed: number,
  index: number,
  now: Month,
  claims: Claims,
  bands: SalaryBands,
  shared: ArrayInterner,
  lazy: LazySections
): WholePersonProfile {
  const { rng, first, last } = profileStart(seed, index)
  const full = `${first} ${last}`
  const key = profileKey(seed, index)
  const career = buildCareer(rng, now, shared)
  const { place, company } = career
  const person: Person = {
    rng,
    index,
    key,
    first,
    last,
    full,
    career,
    now,
    shared,
    claimHandle: (wanted) => claimHandle(claims, rng, index, wanted)
  }

  const slugFirst = asciiSlug(first)
  const slugLast = asciiSlug(last)
  const profilenetHandle = claimHandle(
    claims,
    rng,
    index,
    rng.chance(0.5) ? `${slugFirst}-${slugLast}` : `${slugFirst}-${slugLast}-${rng.uint32().toString(16).slice(0, 6)}`
  )
  const updated = now - rng.int(1, 12)
  const level = career.level

  const profile: WholePersonProfile = {
    key,
    li_id: String(100_000_000 + stableId(key, 0, 899_999_999)),
    first_name: first,
    last_name: last,
    full_name: full,
    state: place.state,
    country: place.country,
    city: place.city,
    li_urls: [`${PROFILENET_ORIGIN}/in/${profilenetHandle}`],
    locations: shared.of([placeLabel(place)]),
    location_ids: shared.of([String(placeId(place))]),
    cur_company: company.name,
    cur_title: career.title,
    cur_title_specialization: career.role.specialization,
    cur_seniority: career.seniority,
    industry: company.industry,
    summary: summaryOf(career),
    department: career.family.department,
    cur_company_id: company.id,
    cur_title_id: career.positions[0]?.title_id ?? undefined,
    company_size: company.size,
    grad_year: career.gradYear,
    start_date_in_role: isoMonth(career.roleStart),
    start_date_in_company: isoMonth(career.companyStart),
    last_updated: isoDay(updated, rng.int(1, 28)),
    last_refreshed: isoDay(Math.min(now - 1, updated + rng.int(0, 2)), 28),
    is_student: false,
    positions: career.positions,
    educations: career.educations,
    headlines: shared.of([`${career.title} at ${company.name}`]),
    past_companies: career.pastCompanies,
    past_titles: career.pastTitles,
    majors: career.majors,
    degrees: career.degrees,
    degree_ids: career.degreeIds,
    languages: shared.of(rng.chance(0.4) ? ['English', rng.pick(languagesSpoken.slice(1))] : ['English']),
    skills: career.skills,
    key_phrases: shared.of([career.role.specialization]),
    likely_skills: career.likelySkills,
    likely_to_switch: Math.round(Math.min(0.95, 0.1 + (now - career.roleStart) / 120 + rng.next() * 0.3) * 100) / 100,
    time_zone_delta: place.utcOffset,
    contact_quality: rng.int(0, 3)
  }
  if (rng.chance(0.7)) profile.image_urls = [`https://media.profilenet.com/img/${key}.jpg`]
  if (career.prevPlace) profile.prev_locations = shared.of([placeLabel(career.prevPlace)])
  if (level >= 6) {
    profile.direct_reports = rng.int(level === 6 ? 3 : 2, level === 6 ? 12 : 9)
    profile.org_size = profile.direct_reports * (level === 6 ? 1 : level * rng.int(3, 12))
  }
  if (rng.chance(0.35)) profile.interests = shared.of(rng.sample(interestList, rng.int(1, 3)))
  if (career.family.certifications && rng.chance(0.3))
    profile.certifications = shared.of(rng.sample(career.family.certifications, rng.int(1, 2)))

  // Emails: a work address at the current employer, sometimes a personal one too.
  let emails: string[] = []
  if (rng.chance(SECTION_SHARES.emails)) {
    const local = `${slugFirst}.${slugLast}`
    emails.push(claimEmail(claims, rng, index, local, company.domain))
    if (rng.chance(0.5))
      emails.push(claimEmail(claims, rng, index, `${slugFirst}${slugLast}${rng.int(1, 99)}`, 'mail.example'))
    if (rng.chance(0.3)) emails = emails.reverse()
    profile.email = emails[0] ?? undefined
    ;(profile as { emails?: string[] }).emails = emails
  }
  if (place.countryCode === 'US' && rng.chance(SECTION_SHARES.phones / 0.7)) profile.phones = [fictionalPhone(rng)]

  const rates = career.family.rates
  if (rng.chance(rates.codehost)) applyCodehost(person, profile, lazy)
  if (rng.chance(rates.qasite)) applyQasite(person, profile, lazy)
  if (rng.chance(rates.academic)) applyAcademic(person, profile, lazy)
  if (career.family.id === 'physician') applyHealthcare(person, profile, lazy, (npi) => claims.claim('npi', npi, index))
  if (career.family.id === 'nurse') applyNurse(person, profile, lazy, (npi) => claims.claim('npi', npi, index))
  if (rng.chance(SECTION_SHARES.ats)) applyAts(person, profile, emails)
  if (rng.chance(SECTION_SHARES.salary)) profile.salary_data = bands.bandFor(career.family, level, place)
  return profile
}

/**
 * Generates the profiles of one data set (a seed and a reference date): all of them in order
 * (`run`), or any one alone given the collision log of a sequential run (`one`) — the same
 * profile either way.
 */
export class ProfileGenerator {
  readonly seed: number
  readonly #now: Month
  readonly #bands = new SalaryBands()
  readonly #shared = new ArrayInterner()
  readonly #lazy: LazySections

  constructor(options: { seed?: number; referenceDate?: string } = {}) {
    this.seed = options.seed ?? 1
    this.#now = parseMonth(options.referenceDate ?? DEFAULT_REFERENCE_DATE)
    this.#lazy = new LazySections(this.#now)
  }

  /** A sequential run: `next(n)` generates the next n profiles; `log()` is its collision log so far. */
  run(count: number): SequentialRun {
    if (!Number.isInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer: ${count}`)
    const claims = new RecordingClaims()
    const profiles = new Array<WholePersonProfile>(count)
    let done = 0
    return {
      profiles,
      get done() {
        return done
      },
      next: (n) => {
        const end = Math.min(count, done + n)
        for (; done < end; done++) profiles[done] = this.#generate(done, claims)
        return done
      },
      log: () => claims.log()
    }
  }

  /** Profile `index` alone, as a sequential run whose collision log is `log` generated it. */
  one(index: number, log: CollisionLog): WholePersonProfile {
    return this.#generate(index, new ReplayClaims(log))
  }

  #generate(index: number, claims: Claims): WholePersonProfile {
    return generateOne(this.seed, index, this.#now, claims, this.#bands, this.#shared, this.#lazy)
  }
}

export interface SequentialRun {
  /** Filled in index order as `next` runs. */
  readonly profiles: WholePersonProfile[]
  readonly done: number
  /** Generates up to `n` more profiles; returns how many are done. */
  next(n: number): number
  log(): CollisionLog
}

/** `count` profiles for `seed`, deterministic: same options, same profiles. */
export function generateProfiles(options: GenerateOptions = {}): WholePersonProfile[] {
  const count = options.count ?? DEFAULT_PROFILE_COUNT
  const run = new ProfileGenerator(options).run(count)
  run.next(count)
  return run.profiles
}
