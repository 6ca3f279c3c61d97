/**
 * Building the index, profile by profile: the parts a ProfileIndex serves (IndexParts), where it
 * reads profiles (ProfileSource), and the name postings alone (what an early name search needs).
 */
import type { WholePersonProfile } from '../../shared/api'
import { emailsOf, handlesOf } from '../data/handles'
import { places, type Place } from '../data/vocab/places'
import { schools } from '../data/vocab/schools'
import { FieldIndexer, PostingsBuilder, type Postings } from './postings'
import { canonicalSeniority } from './seniority'
import { companyTokens, nameTokens, phraseKey, placeTokens, termTokens, titleTokens } from './text'

/** Title words implied by the department (indexed as title terms, documented in DATA.md). */
export const FAMILY_TITLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  Medicine: ['physician', 'doctor'],
  Nursing: ['nurse']
}

const placesByCity = new Map<string, Place[]>()
for (const p of places) placesByCity.set(p.city, [...(placesByCity.get(p.city) ?? []), p])
const placeOf = (city: string, state: string, country: string): Place | undefined =>
  placesByCity.get(city)?.find((p) => p.state === state && p.country === country)

/** Where the index reads profiles: an array, or profiles made on demand (the catalog file's). */
export interface ProfileSource {
  readonly size: number
  /** Profile `id` (0 ≤ id < size); the same object on every call. */
  at(id: number): WholePersonProfile
  /** The key of profile `id` without making it, where the source knows it (generated people: `profileKey`). */
  keyAt?(id: number): string
}

/** Profiles already in memory. */
export function arraySource(profiles: readonly WholePersonProfile[]): ProfileSource {
  return { size: profiles.length, at: (id) => profiles[id] as WholePersonProfile }
}

/** An exact lookup: a key, an email or a handle → the id of the profile holding it. */
export interface Lookup {
  get(key: string): number | undefined
  entries(): Iterable<[string, number]>
}

/**
 * A lookup over keys and ids read from a file, made into a map at its first use (a name search
 * never needs one; building three of them was half of reading the catalog file).
 */
export class LazyLookup implements Lookup {
  #keys: readonly string[] | null
  #ids: Uint32Array | null
  #map: Map<string, number> | null = null

  constructor(keys: readonly string[], ids: Uint32Array) {
    if (keys.length !== ids.length) throw new RangeError(`${keys.length} keys, ${ids.length} ids`)
    this.#keys = keys
    this.#ids = ids
  }

  get(key: string): number | undefined {
    return this.#built().get(key)
  }

  entries(): Iterable<[string, number]> {
    return this.#built().entries()
  }

  #built(): Map<string, number> {
    if (this.#map === null) {
      const keys = this.#keys as readonly string[]
      const ids = this.#ids as Uint32Array
      this.#map = new Map()
      for (let i = 0; i < keys.length; i++) this.#map.set(keys[i] as string, ids[i] as number)
      this.#keys = null
      this.#ids = null
    }
    return this.#map
  }
}

/**
 * Everything the index knows besides the profiles themselves: exact maps, posting lists per
 * field, each profile's quality and its skills in order (ranking reads them without the
 * profile). The catalog file (catalog-file.ts) keeps these, so a later start need not index again.
 */
export interface IndexParts {
  /** Profiles indexed (ids 0 … size-1; a partial index may hold fewer of them). */
  size: number
  byKey: Lookup
  byEmail: Lookup
  byHandle: Lookup
  name: Postings
  title: Postings
  pastTitle: Postings
  company: Postings
  pastCompany: Postings
  school: Postings
  location: Postings
  skill: Postings
  seniority: Postings
  text: Postings
  /** Query-independent quality per profile in [0, 1]: completeness and freshness. */
  quality: Float32Array
  /** Each profile's skills as phrase keys, in its order: ids into `skillKeys`, from `skillStarts[id]` to `skillStarts[id + 1]`. */
  skillKeys: readonly string[]
  skillStarts: Uint32Array
  skillSeq: Uint32Array
}

/** Adds the name tokens of one profile: first and last name, else the full name. */
function indexName(names: FieldIndexer, id: number, first?: string | null, last?: string | null, full?: string | null) {
  if (first || last) {
    names.add(first, id)
    names.add(last, id)
  } else names.add(full, id)
}

/**
 * The name postings alone, from each profile's first and last name (what the index builds for
 * the name field): enough to find the candidates of a name search before any profile exists.
 */
export function namePostings(size: number, nameOf: (id: number) => { first: string; last: string }): Postings {
  const builder = new PostingsBuilder()
  const names = new FieldIndexer(builder, nameTokens)
  for (let id = 0; id < size; id++) {
    const { first, last } = nameOf(id)
    indexName(names, id, first, last)
  }
  return builder.build()
}

/**
 * Builds the index profile by profile, in increasing id order: all of them, in pieces (the
 * catalog indexes while it generates), or only some (the candidates of an early name search).
 */
export class IndexBuilder {
  readonly #size: number
  readonly #byKey = new Map<string, number>()
  readonly #byEmail = new Map<string, number>()
  readonly #byHandle = new Map<string, number>()
  readonly #builders = {
    name: new PostingsBuilder(),
    title: new PostingsBuilder(),
    pastTitle: new PostingsBuilder(),
    company: new PostingsBuilder(),
    pastCompany: new PostingsBuilder(),
    school: new PostingsBuilder(),
    location: new PostingsBuilder(),
    skill: new PostingsBuilder(),
    seniority: new PostingsBuilder(),
    text: new PostingsBuilder()
  }
  readonly #quality: Float32Array
  readonly #skillKeys = new Map<string, number>()
  readonly #skillStarts: Uint32Array
  #skillSeq = new Uint32Array(1024)
  #skillLength = 0
  #lastId = -1
  // Field values repeat a lot (they come from vocabularies): each distinct value is tokenized once.
  readonly #names: FieldIndexer
  readonly #titles: FieldIndexer
  readonly #familyTitleWords: FieldIndexer
  readonly #pastTitles: FieldIndexer
  readonly #companyNames: FieldIndexer
  readonly #pastCompanies: FieldIndexer
  readonly #schoolNames: FieldIndexer
  readonly #placeNames: FieldIndexer
  readonly #stateCodes: FieldIndexer
  readonly #skillPhrases: FieldIndexer
  readonly #seniorityLabels: FieldIndexer
  readonly #freeText: FieldIndexer
  readonly #tagText: FieldIndexer
  readonly #refMonth = monthNumber('2026-01')

  /** `size`: the ids the index will span (0 … size-1). */
  constructor(size: number) {
    this.#size = size
    this.#quality = new Float32Array(size)
    this.#skillStarts = new Uint32Array(size + 1)
    const b = this.#builders
    const aliasesBySchool = new Map(schools.map((s) => [s.name, s.aliases]))
    this.#names = new FieldIndexer(b.name, nameTokens)
    this.#titles = new FieldIndexer(b.title, titleTokens)
    this.#familyTitleWords = new FieldIndexer(b.title, (department) => FAMILY_TITLE_WORDS[department] ?? [])
    this.#pastTitles = new FieldIndexer(b.pastTitle, titleTokens)
    this.#companyNames = new FieldIndexer(b.company, companyTokens)
    this.#pastCompanies = new FieldIndexer(b.pastCompany, companyTokens)
    this.#schoolNames = new FieldIndexer(b.school, (v) => [
      ...termTokens(v),
      ...(aliasesBySchool.get(v) ?? []).flatMap(termTokens)
    ])
    this.#placeNames = new FieldIndexer(b.location, placeTokens)
    this.#stateCodes = new FieldIndexer(b.location, (v) => [v.toLowerCase()])
    this.#skillPhrases = new FieldIndexer(b.skill, (v) => [phraseKey(v)])
    this.#seniorityLabels = new FieldIndexer(b.seniority, (v) => [canonicalSeniority(v) ?? phraseKey(v)])
    this.#freeText = new FieldIndexer(b.text, termTokens)
    this.#tagText = new FieldIndexer(b.text, (v) => termTokens(v.replace(/-/g, ' ')))
  }

  /** Indexes profile `id`; ids come in increasing order. */
  add(id: number, p: WholePersonProfile): void {
    if (id <= this.#lastId || id >= this.#size) throw new RangeError(`profile ${id} out of order`)
    // profiles skipped (a partial index) have no skills
    this.#skillStarts.fill(this.#skillLength, this.#lastId + 1, id + 1)
    this.#lastId = id
    if (p.key) this.#byKey.set(p.key, id)
    for (const e of emailsOf(p)) if (!this.#byEmail.has(e)) this.#byEmail.set(e, id)
    for (const h of handlesOf(p)) if (!this.#byHandle.has(h)) this.#byHandle.set(h, id)

    indexName(this.#names, id, p.first_name, p.last_name, p.full_name)
    this.#titles.add(p.cur_title, id)
    // Family words that specialised titles lack: a cardiologist is a physician, a charge nurse a nurse.
    this.#familyTitleWords.add(p.department, id)
    this.#pastTitles.addAll(p.past_titles, id)
    this.#companyNames.add(p.cur_company, id)
    this.#pastCompanies.addAll(p.past_companies, id)
    for (const e of p.educations ?? []) this.#schoolNames.add(e.school, id)
    this.#placeNames.add(p.city, id)
    this.#placeNames.add(p.state, id)
    this.#placeNames.add(p.country, id)
    const place = p.city ? placeOf(p.city, p.state ?? '', p.country ?? '') : undefined
    if (place?.countryCode === 'US') this.#stateCodes.add(place.stateCode, id)
    this.#skillPhrases.addAll(p.skills, id)
    const freeText = this.#freeText
    freeText.addAll(p.skills, id)
    this.#seniorityLabels.add(p.cur_seniority, id)
    freeText.add(p.cur_title, id)
    freeText.add(p.cur_title_specialization, id)
    freeText.add(p.department, id)
    freeText.add(p.industry, id)
    freeText.add(p.cur_company, id)
    freeText.addAll(p.certifications, id)
    freeText.addAll(p.key_phrases, id)
    freeText.addAll(p.topics, id)
    freeText.addAll(p.categories, id)
    freeText.addAll(p.sub_categories, id)
    freeText.addAll(p.past_titles, id)
    freeText.addAll(p.interests, id)
    for (const tag of p.qasite_tags ?? []) this.#tagText.add(tag.name, id)

    for (const skill of p.skills ?? []) this.#pushSkill(skillKey(skill))
    this.#skillStarts[id + 1] = this.#skillLength

    // Completeness and freshness, for a deterministic order among equally relevant profiles.
    let q = 0
    if (p.email) q += 0.25
    if (p.phones?.length) q += 0.1
    if (p.codehost_handle) q += 0.1
    if (p.qasite_name) q += 0.05
    if (p.author_id) q += 0.05
    if (p.image_urls?.length) q += 0.05
    q += ((p.contact_quality ?? 0) / 3) * 0.2
    const age = p.last_updated ? this.#refMonth - monthNumber(p.last_updated) : NaN
    if (Number.isFinite(age)) q += Math.max(0, 0.2 - (age / 12) * 0.2)
    this.#quality[id] = Math.min(1, q)
  }

  #pushSkill(key: string): void {
    let k = this.#skillKeys.get(key)
    if (k === undefined) {
      k = this.#skillKeys.size
      this.#skillKeys.set(key, k)
    }
    if (this.#skillLength === this.#skillSeq.length) {
      const grown = new Uint32Array(this.#skillSeq.length * 2)
      grown.set(this.#skillSeq)
      this.#skillSeq = grown
    }
    this.#skillSeq[this.#skillLength++] = k
  }

  /** The finished parts (the builder is spent). */
  finish(): IndexParts {
    this.#skillStarts.fill(this.#skillLength, this.#lastId + 1)
    const b = this.#builders
    return {
      size: this.#size,
      byKey: this.#byKey,
      byEmail: this.#byEmail,
      byHandle: this.#byHandle,
      name: b.name.build(),
      title: b.title.build(),
      pastTitle: b.pastTitle.build(),
      company: b.company.build(),
      pastCompany: b.pastCompany.build(),
      school: b.school.build(),
      location: b.location.build(),
      skill: b.skill.build(),
      seniority: b.seniority.build(),
      text: b.text.build(),
      quality: this.#quality,
      skillKeys: [...this.#skillKeys.keys()],
      skillStarts: this.#skillStarts,
      skillSeq: this.#skillSeq.slice(0, this.#skillLength)
    }
  }
}

/** Months since year 0 of an ISO date ("2025-10-15..." -> 2025 * 12 + 9); NaN when malformed. */
export function monthNumber(iso: string): number {
  return Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1
}

const skillKeys = new Map<string, string>()
/** phraseKey of a skill, memoised: skills come from a vocabulary and ranking reads many. */
export function skillKey(skill: string): string {
  let k = skillKeys.get(skill)
  if (k === undefined) {
    k = phraseKey(skill)
    if (skillKeys.size < 50_000) skillKeys.set(skill, k)
  }
  return k
}
