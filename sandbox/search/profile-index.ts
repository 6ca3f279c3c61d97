/**
 * In-memory search over generated profiles: exact maps for key, email and handle, and inverted
 * indexes (term -> sorted profile ids) per field, built from the profile list (index-builder.ts)
 * or read from the catalog file (catalog-file.ts). Queries intersect and union posting lists; no
 * query scans the whole profile list.
 */
import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'
import { normalizeEmail, normalizeHandle } from '../data/handles'
import { placeAliases } from '../data/vocab/places'
import { arraySource, IndexBuilder, skillKey, type IndexParts, type Lookup, type ProfileSource } from './index-builder'
import { contains, difference, EMPTY, intersectAll, unionAll, type PostingList, type Postings } from './postings'
import { canonicalSeniority } from './seniority'
import { fieldQuality, topK } from './ranking'
import { explainMatch } from './match-explain'
import { companyTokens, editDistance, nameTokens, phraseKey, placeTokens, termTokens, titleTokens } from './text'

export interface MatchOptions {
  /** Cap on returned profiles (maxNumberOfResults); default 5. */
  max?: number
  /** Whether `emails` in the request are looked up (emailLookupEnabled); default true. */
  emailLookup?: boolean
  /**
   * Only profiles for which this holds can match (e.g. people already in the index, see
   * sandbox/server/arrivals.ts). Read by id, before ranking and the cap, without making profiles.
   */
  present?: (id: number) => boolean
}

export interface SearchOptions {
  limit?: number
  offset?: number
  /** Keeps only profiles for which this holds, before ranking (e.g. the private index). */
  where?: (profile: WholePersonProfile) => boolean
  /** Keeps only ids for which this holds, before `where` and ranking (no profile is made to ask). */
  present?: (id: number) => boolean
}

export interface SearchResult {
  total: number
  results: WholePersonProfile[]
}

/** Field weights of partial matching; a field counts only when the request gives it. */
export const MATCH_WEIGHTS = { name: 40, title: 20, company: 25, school: 15, location: 15 } as const
/** Highest score of a name-only request: a name alone is ambiguous. */
export const NAME_ONLY_MAX_SCORE = 50
/** Partial matches never reach 100, which is reserved for exact identifiers. */
export const PARTIAL_MAX_SCORE = 99
/** Quality of a name token matched by prefix / by one edit, relative to an exact token. */
const PREFIX_QUALITY = 0.75
const FUZZY_QUALITY = 0.8

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

  /** The key of profile `id`, without making the profile where its source can. */
  keyAt(id: number): string {
    return this.#source.keyAt?.(id) ?? this.#source.at(id).key ?? ''
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
    const present = options.present
    const found = this.#exactMatches(request, options.emailLookup ?? true)
    const exact = present ? found.filter(({ id }) => present(id)) : found
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
    return this.#partialMatches(request, max, present)
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

  #candidates(
    request: MatchProfileRequest,
    present?: (id: number) => boolean
  ): { ids: PostingList; variants: Array<Map<string, number>> } {
    let tokens = nameTokens(request.name ?? '')
    if (tokens.length === 0) return { ids: EMPTY, variants: [] }
    const among = (found: { ids: PostingList; variants: Array<Map<string, number>> }) =>
      present ? { ids: found.ids.filter((id) => present(id)), variants: found.variants } : found
    let found = among(this.#nameCandidates(tokens))
    if (found.ids.length === 0 && tokens.length > 2) {
      // Middle names the profile lacks: retry with first and last only.
      tokens = [tokens[0] as string, tokens[tokens.length - 1] as string]
      found = among(this.#nameCandidates(tokens))
    }
    return found
  }

  #partialMatches(request: MatchProfileRequest, max: number, present?: (id: number) => boolean): WholePersonProfile[] {
    const { ids, variants } = this.#candidates(request, present)
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
      const { matched, keyMatches } = explainMatch(
        this.#source.at(id),
        id,
        variants,
        { title: titleToks, company: companyToks, school: schoolTokens, location: locationTokens },
        this.#parts
      )
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
    const { where, present } = options
    const all = this.matchingIds(query)
    const matching = present ? all.filter((id) => present(id)) : all
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
