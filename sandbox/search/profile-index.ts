/**
 * In-memory search over generated profiles. Built once from the profile list: exact maps for
 * key, email and handle, and inverted indexes (term -> sorted profile ids) per field. Queries
 * intersect and union posting lists; no query scans the whole profile list.
 */
import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'
import { emailsOf, handlesOf, normalizeEmail, normalizeHandle } from '../data/handles'
import { placeAliases, places, type Place } from '../data/vocab/places'
import { schools } from '../data/vocab/schools'
import {
  contains,
  difference,
  EMPTY,
  FieldIndexer,
  intersectAll,
  PostingsBuilder,
  unionAll,
  type PostingList,
  type Postings
} from './postings'
import { canonicalSeniority } from './seniority'
import { companyTokens, editDistance, nameTokens, phraseKey, placeTokens, termTokens, titleTokens } from './text'

export interface MatchOptions {
  /** Cap on returned profiles (maxNumberOfResults); default 5. */
  max?: number
  /** Whether `emails` in the request are looked up (emailLookupEnabled); default true. */
  emailLookup?: boolean
}

export interface SearchOptions {
  limit?: number
  offset?: number
  /** Keeps only profiles for which this holds, before ranking (e.g. the private index). */
  where?: (profile: WholePersonProfile) => boolean
}

export interface SearchResult {
  total: number
  results: WholePersonProfile[]
}

type KeyMatch = NonNullable<WholePersonProfile['key_matches']>[number]

/** Field weights of partial matching; a field counts only when the request gives it. */
export const MATCH_WEIGHTS = { name: 40, title: 20, company: 25, school: 15, location: 15 } as const
/** Highest score of a name-only request: a name alone is ambiguous. */
export const NAME_ONLY_MAX_SCORE = 50
/** Partial matches never reach 100, which is reserved for exact identifiers. */
export const PARTIAL_MAX_SCORE = 99
/** Quality of a name token matched by prefix / by one edit, relative to an exact token. */
const PREFIX_QUALITY = 0.75
const FUZZY_QUALITY = 0.8
/** A past title or company counts this much of a current one. */
const PAST_FACTOR = 0.6

/** Title words implied by the department (indexed as title terms, documented in DATA.md). */
const FAMILY_TITLE_WORDS: Readonly<Record<string, readonly string[]>> = {
  Medicine: ['physician', 'doctor'],
  Nursing: ['nurse']
}

const placesByCity = new Map<string, Place[]>()
for (const p of places) placesByCity.set(p.city, [...(placesByCity.get(p.city) ?? []), p])
const placeOf = (city: string, state: string, country: string): Place | undefined =>
  placesByCity.get(city)?.find((p) => p.state === state && p.country === country)

/** Request location, with aliases (NYC, SF, USA...) replaced by what profiles store. */
function expandPlace(text: string): string {
  const k = phraseKey(text)
  const alias = placeAliases[k]
  if (alias) return alias
  // "Seattle, WA" style: alias per comma part
  return text
    .split(',')
    .map((part) => placeAliases[phraseKey(part)] ?? part)
    .join(',')
}

/** Profile ids that hold every token of `tokens` in `postings`, or EMPTY when no tokens. */
function allOf(postings: Postings, tokens: readonly string[]): PostingList {
  return tokens.length === 0 ? EMPTY : postings.all(tokens)
}

/** Where the index reads profiles: an array, or profiles made on demand (the catalog file's). */
export interface ProfileSource {
  readonly size: number
  /** Profile `id` (0 ≤ id < size); the same object on every call. */
  at(id: number): WholePersonProfile
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

export class ProfileIndex {
  readonly #source: ProfileSource
  readonly #parts: IndexParts
  readonly #byKey: Lookup
  readonly #byEmail: Lookup
  readonly #byHandle: Lookup
  readonly #name: Postings
  readonly #title: Postings
  readonly #pastTitle: Postings
  readonly #company: Postings
  readonly #pastCompany: Postings
  readonly #school: Postings
  readonly #location: Postings
  readonly #skill: Postings
  readonly #seniority: Postings
  readonly #text: Postings
  /** Name tokens, for fuzzy expansion of misspelt names. */
  readonly #nameVocabulary: readonly string[]
  /** Query-independent quality per profile in [0, 1]: completeness and freshness. */
  readonly #quality: Float32Array
  readonly #skillOrdinals: ReadonlyMap<string, number>
  readonly #skillStarts: Uint32Array
  readonly #skillSeq: Uint32Array

  /**
   * Indexes `profiles` (all of them), or, given `parts` (built earlier or read from the catalog
   * file), serves those over `profiles`.
   */
  constructor(profiles: readonly WholePersonProfile[] | ProfileSource, parts?: IndexParts) {
    const source = Array.isArray(profiles) ? arraySource(profiles) : (profiles as ProfileSource)
    if (parts === undefined) {
      const builder = new IndexBuilder(source.size)
      for (let id = 0; id < source.size; id++) builder.add(id, source.at(id))
      parts = builder.finish()
    }
    this.#source = source
    this.#parts = parts
    this.#byKey = parts.byKey
    this.#byEmail = parts.byEmail
    this.#byHandle = parts.byHandle
    this.#name = parts.name
    this.#title = parts.title
    this.#pastTitle = parts.pastTitle
    this.#company = parts.company
    this.#pastCompany = parts.pastCompany
    this.#school = parts.school
    this.#location = parts.location
    this.#skill = parts.skill
    this.#seniority = parts.seniority
    this.#text = parts.text
    this.#nameVocabulary = [...this.#name.terms()]
    this.#quality = parts.quality
    this.#skillOrdinals = new Map(parts.skillKeys.map((key, i) => [key, i]))
    this.#skillStarts = parts.skillStarts
    this.#skillSeq = parts.skillSeq
  }

  /** What the index holds, for the catalog file. */
  parts(): IndexParts {
    return this.#parts
  }

  get size(): number {
    return this.#source.size
  }

  /** Profile `id` (shared, treat as read-only). */
  at(id: number): WholePersonProfile {
    return this.#source.at(id)
  }

  /** The stored profile (shared, treat as read-only), or undefined. */
  get(key: string): WholePersonProfile | undefined {
    const id = this.#byKey.get(key.trim())
    return id === undefined ? undefined : this.#source.at(id)
  }

  /** The profile holding this email (case-insensitive), or undefined. */
  byEmail(email: string): WholePersonProfile | undefined {
    const id = this.#byEmail.get(normalizeEmail(email))
    return id === undefined ? undefined : this.#source.at(id)
  }

  /** The profile holding this handle: bare, @handle or a codehost/profilenet/qasite URL. */
  byHandle(handle: string): WholePersonProfile | undefined {
    const id = this.#byHandle.get(normalizeHandle(handle))
    return id === undefined ? undefined : this.#source.at(id)
  }

  /**
   * Match Profiles. Exact identifiers (key, then emails, then handles) give COMPLETE matches
   * with score 100 and nothing else. Otherwise a name is required; candidates share every name
   * token (exact, prefix or one edit away), and are scored by how well title, company, school
   * and location agree. Returns copies with the match fields added, best first, at most `max`.
   */
  match(request: MatchProfileRequest, options: MatchOptions = {}): WholePersonProfile[] {
    const max = Math.max(0, Math.floor(options.max ?? 5))
    if (max === 0) return []
    const exact = this.#exactMatches(request, options.emailLookup ?? true)
    if (exact.length > 0) {
      return exact.slice(0, max).map(({ id, key, value }) =>
        this.#decorate(id, {
          match_type: 'COMPLETE',
          match_score: 100,
          document_score: 1,
          matched_terms: [value],
          key_matches: [{ key, value }]
        })
      )
    }
    return this.#partialMatches(request, max)
  }

  #exactMatches(request: MatchProfileRequest, emailLookup: boolean): Array<{ id: number; key: string; value: string }> {
    const out: Array<{ id: number; key: string; value: string }> = []
    const seen = new Set<number>()
    const push = (id: number | undefined, key: string, value: string): void => {
      if (id === undefined || seen.has(id)) return
      seen.add(id)
      out.push({ id, key, value })
    }
    if (request.key) push(this.#byKey.get(request.key.trim()), 'KEY', request.key.trim())
    if (emailLookup) for (const e of request.emails ?? []) push(this.#byEmail.get(normalizeEmail(e)), 'EMAIL', e.trim())
    for (const h of request.handles ?? []) {
      const n = normalizeHandle(h)
      if (n) push(this.#byHandle.get(n), 'HANDLE', n)
    }
    return out
  }

  /** For each request name token: ids holding it exactly, by prefix or by one edit, with a quality. */
  #nameCandidates(tokens: readonly string[]): { ids: PostingList; variants: Array<Map<string, number>> } {
    const variants: Array<Map<string, number>> = []
    const lists: PostingList[] = []
    for (const token of tokens) {
      const v = new Map<string, number>()
      if (this.#name.get(token).length > 0) v.set(token, 1)
      for (const term of this.#nameVocabulary) {
        if (term === token) continue
        if (token.length >= 3 && term.startsWith(token)) v.set(term, PREFIX_QUALITY)
        else if (token.length >= 3 && editDistance(token, term, 1) <= 1) v.set(term, FUZZY_QUALITY)
      }
      variants.push(v)
      lists.push(unionAll([...v.keys()].map((t) => this.#name.get(t))))
    }
    return { ids: intersectAll(lists), variants }
  }

  /**
   * The profiles a partial match ranks: those sharing every name token of the request (exact,
   * by prefix or one edit away). Only the name postings are read, so an index whose other parts
   * hold just these profiles ranks them as the whole index would.
   */
  nameCandidates(request: MatchProfileRequest): PostingList {
    return this.#candidates(request).ids
  }

  #candidates(request: MatchProfileRequest): { ids: PostingList; variants: Array<Map<string, number>> } {
    let tokens = nameTokens(request.name ?? '')
    if (tokens.length === 0) return { ids: EMPTY, variants: [] }
    let found = this.#nameCandidates(tokens)
    if (found.ids.length === 0 && tokens.length > 2) {
      // Middle names the profile lacks: retry with first and last only.
      tokens = [tokens[0] as string, tokens[tokens.length - 1] as string]
      found = this.#nameCandidates(tokens)
    }
    return found
  }

  #partialMatches(request: MatchProfileRequest, max: number): WholePersonProfile[] {
    const { ids, variants } = this.#candidates(request)
    if (ids.length === 0) return []

    const titleToks = request.title ? titleTokens(request.title) : []
    const companyToks = request.company ? companyTokens(request.company) : []
    const schoolTokens = request.school ? termTokens(request.school) : []
    const locationTokens = request.location ? placeTokens(expandPlace(request.location)) : []
    const fields = [
      { tokens: titleToks, weight: MATCH_WEIGHTS.title, current: this.#title, past: this.#pastTitle },
      { tokens: companyToks, weight: MATCH_WEIGHTS.company, current: this.#company, past: this.#pastCompany },
      { tokens: schoolTokens, weight: MATCH_WEIGHTS.school, current: this.#school, past: undefined },
      { tokens: locationTokens, weight: MATCH_WEIGHTS.location, current: this.#location, past: undefined }
    ].filter((f) => f.tokens.length > 0)
    const nameOnly = fields.length === 0
    const totalWeight = MATCH_WEIGHTS.name + fields.reduce((s, f) => s + f.weight, 0)

    const scored: Array<{ id: number; score: number; raw: number }> = []
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i] as number
      let nameQ = 0
      for (const v of variants) {
        let best = 0
        for (const [term, q] of v) if (q > best && contains(this.#name.get(term), id)) best = q
        nameQ += best
      }
      nameQ /= variants.length
      let sum = MATCH_WEIGHTS.name * nameQ
      for (const f of fields) sum += f.weight * fieldQuality(f.tokens, id, f.current, f.past)
      const raw = sum / totalWeight
      const score = nameOnly
        ? Math.round(NAME_ONLY_MAX_SCORE * nameQ)
        : Math.min(PARTIAL_MAX_SCORE, Math.round(100 * raw))
      scored.push({ id, score, raw })
    }
    scored.sort(
      (a, b) =>
        b.score - a.score ||
        b.raw - a.raw ||
        (this.#quality[b.id] as number) - (this.#quality[a.id] as number) ||
        a.id - b.id
    )

    return scored.slice(0, max).map(({ id, score, raw }) => {
      const p = this.#source.at(id)
      const matched: string[] = []
      const keyMatches: KeyMatch[] = [{ key: 'NAME', value: p.full_name ?? '' }]
      for (const v of variants) for (const [term] of v) if (contains(this.#name.get(term), id)) matched.push(term)
      const explain = (
        tokens: string[],
        key: string,
        current: Postings,
        currentValue: string | undefined,
        past?: Postings,
        pastValues?: readonly string[],
        tokenize = termTokens
      ): void => {
        if (tokens.length === 0) return
        const hit = tokens.filter((t) => contains(current.get(t), id))
        if (hit.length > 0) {
          matched.push(...hit)
          keyMatches.push({ key, value: currentValue ?? '' })
          return
        }
        if (!past) return
        const pastHit = tokens.filter((t) => contains(past.get(t), id))
        if (pastHit.length === 0) return
        matched.push(...pastHit)
        const which = pastValues?.find((s) => tokenize(s).some((t) => pastHit.includes(t)))
        keyMatches.push({ key, value: which ?? '' })
      }
      explain(
        titleToks,
        'TITLE',
        this.#title,
        p.cur_title ?? undefined,
        this.#pastTitle,
        p.past_titles ?? [],
        titleTokens
      )
      explain(
        companyToks,
        'COMPANY',
        this.#company,
        p.cur_company ?? undefined,
        this.#pastCompany,
        p.past_companies ?? [],
        companyTokens
      )
      const schoolName = (p.educations ?? []).find(
        (e) => e.school && schoolTokens.some((t) => termTokens(e.school as string).includes(t))
      )?.school
      explain(schoolTokens, 'SCHOOL', this.#school, schoolName ?? p.educations?.[0]?.school ?? undefined)
      explain(locationTokens, 'LOCATION', this.#location, p.locations?.[0] ?? p.city ?? undefined)
      return this.#decorate(id, {
        match_type: 'PARTIAL',
        match_score: score,
        document_score: Math.round(raw * 10_000) / 10_000,
        matched_terms: [...new Set(matched)],
        key_matches: keyMatches
      })
    })
  }

  #decorate(
    id: number,
    fields: Pick<WholePersonProfile, 'match_type' | 'match_score' | 'document_score' | 'matched_terms' | 'key_matches'>
  ): WholePersonProfile {
    return { ...this.#source.at(id), ...fields }
  }

  /**
   * Conversational search over a structured query. Within a category any value may match
   * (OR), except skills and keywords, which must all match (AND); categories combine with
   * AND; exclusions remove profiles. Ranked by how prominently the requested skills appear,
   * then profile quality, then id (deterministic).
   */
  search(query: StructuredQuery, options: SearchOptions = {}): SearchResult {
    const limit = Math.max(0, Math.floor(options.limit ?? 25))
    const offset = Math.max(0, Math.floor(options.offset ?? 0))
    const where = options.where
    const matching = this.matchingIds(query)
    const ids = where ? matching.filter((id) => where(this.#source.at(id))) : matching
    // the requested skills' ids (a skill nobody has never adds to a score)
    const skills = (query.skills ?? []).flatMap((skill) => this.#skillOrdinals.get(skillKey(skill)) ?? [])
    const score = (id: number): number => {
      let s = this.#quality[id] as number
      if (skills.length > 0) {
        const from = this.#skillStarts[id] as number
        const to = this.#skillStarts[id + 1] as number
        for (const want of skills) {
          for (let at = from; at < to; at++) {
            if (this.#skillSeq[at] === want) {
              s += 1 / (1 + at - from)
              break
            }
          }
        }
      }
      return s
    }
    const top = topK(ids, offset + limit, score)
    const results = top.slice(offset).map((id) => ({ ...this.#source.at(id) }))
    return { total: ids.length, results }
  }

  /** Sorted ids of the profiles a structured query selects (before ranking). */
  matchingIds(query: StructuredQuery): PostingList {
    const include: PostingList[] = []
    const any = (values: readonly string[] | null | undefined, one: (v: string) => PostingList): void => {
      const vs = (values ?? []).filter((v) => v.trim() !== '')
      if (vs.length > 0) include.push(unionAll(vs.map(one)))
    }
    const every = (values: readonly string[] | null | undefined, one: (v: string) => PostingList): void => {
      for (const v of values ?? []) if (v.trim() !== '') include.push(one(v))
    }
    any(query.titles, (v) => this.#titleIds(v))
    every(query.skills, (v) => this.#skillIds(v))
    any(query.locations, (v) => this.#locationIds(v))
    any(query.companies, (v) => allOf(this.#company, companyTokens(v)))
    any(query.seniorities, (v) => this.#seniority.get(canonicalSeniority(v) ?? phraseKey(v)))
    any(query.schools, (v) => allOf(this.#school, termTokens(v)))
    every(query.keywords, (v) => allOf(this.#text, termTokens(v)))

    let ids: PostingList = include.length > 0 ? intersectAll(include) : this.#allIds()
    const exclude: PostingList[] = []
    for (const v of query.exclude_companies ?? []) exclude.push(allOf(this.#company, companyTokens(v)))
    for (const v of query.exclude_locations ?? []) exclude.push(this.#locationIds(v))
    for (const v of query.exclude_titles ?? []) exclude.push(this.#titleIds(v))
    for (const v of query.exclude_skills ?? []) exclude.push(this.#skillIds(v))
    if (exclude.length > 0) ids = difference(ids, unionAll(exclude))
    return ids
  }

  #allIdsCache: PostingList | undefined
  #allIds(): PostingList {
    if (!this.#allIdsCache) {
      const all = new Uint32Array(this.#source.size)
      for (let i = 0; i < all.length; i++) all[i] = i
      this.#allIdsCache = all
    }
    return this.#allIdsCache
  }

  #titleIds(title: string): PostingList {
    return allOf(this.#title, titleTokens(title))
  }

  /** A skill as a whole phrase ("machine learning"); unknown phrases fall back to all their tokens. */
  #skillIds(skill: string): PostingList {
    const exact = this.#skill.get(phraseKey(skill))
    if (exact.length > 0) return exact
    return allOf(this.#text, termTokens(skill))
  }

  #locationIds(location: string): PostingList {
    return allOf(this.#location, placeTokens(expandPlace(location)))
  }
}

const skillKeys = new Map<string, string>()
/** phraseKey of a skill, memoised: skills come from a vocabulary and ranking reads many. */
function skillKey(skill: string): string {
  let k = skillKeys.get(skill)
  if (k === undefined) {
    k = phraseKey(skill)
    if (skillKeys.size < 50_000) skillKeys.set(skill, k)
  }
  return k
}

/**
 * The best `k` ids by `score` (higher first, ties by lower id), in order. A bounded min-heap:
 * O(n log k) instead of sorting every match when only a page is wanted.
 */
function topK(ids: PostingList, k: number, score: (id: number) => number): number[] {
  if (k <= 0) return []
  const heapIds: number[] = []
  const heapScores: number[] = []
  // "worse" = lower score, or equal score and higher id
  const worse = (i: number, j: number): boolean =>
    (heapScores[i] as number) < (heapScores[j] as number) ||
    ((heapScores[i] as number) === (heapScores[j] as number) && (heapIds[i] as number) > (heapIds[j] as number))
  const swap = (i: number, j: number): void => {
    ;[heapIds[i], heapIds[j]] = [heapIds[j] as number, heapIds[i] as number]
    ;[heapScores[i], heapScores[j]] = [heapScores[j] as number, heapScores[i] as number]
  }
  const down = (i: number): void => {
    for (;;) {
      const l = 2 * i + 1
      const r = l + 1
      let m = i
      if (l < heapIds.length && worse(l, m)) m = l
      if (r < heapIds.length && worse(r, m)) m = r
      if (m === i) return
      swap(i, m)
      i = m
    }
  }
  for (let n = 0; n < ids.length; n++) {
    const id = ids[n] as number
    const s = score(id)
    if (heapIds.length < k) {
      heapIds.push(id)
      heapScores.push(s)
      for (let i = heapIds.length - 1; i > 0;) {
        const parent = (i - 1) >> 1
        if (!worse(i, parent)) break
        swap(i, parent)
        i = parent
      }
    } else if (s > (heapScores[0] as number) || (s === heapScores[0] && id < (heapIds[0] as number))) {
      heapIds[0] = id
      heapScores[0] = s
      down(0)
    }
  }
  const order = heapIds.map((id, i) => ({ id, s: heapScores[i] as number }))
  order.sort((a, b) => b.s - a.s || a.id - b.id)
  return order.map((o) => o.id)
}

/** Months since year 0 of an ISO date ("2025-10-15..." -> 2025 * 12 + 9); NaN when malformed. */
function monthNumber(iso: string): number {
  return Number(iso.slice(0, 4)) * 12 + Number(iso.slice(5, 7)) - 1
}

/** Share of `tokens` found for `id` in the current field, else PAST_FACTOR times the past share. */
function fieldQuality(tokens: readonly string[], id: number, current: Postings, past: Postings | undefined): number {
  let hit = 0
  for (const t of tokens) if (contains(current.get(t), id)) hit++
  if (hit > 0 || !past) return hit / tokens.length
  let pastHit = 0
  for (const t of tokens) if (contains(past.get(t), id)) pastHit++
  return (PAST_FACTOR * pastHit) / tokens.length
}
