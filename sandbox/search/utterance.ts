/**
 * Turns a recruiter's utterance into a structured query, merged with the conversation's current
 * query. The grammar (documented in sandbox/DATA.md):
 *
 * - Values are recognised from the data's own vocabularies (titles, skills, seniorities, places,
 *   companies, schools), longest phrase first; prepositions break ties ("at" -> company,
 *   "in" -> place, "from" -> school or company, "with"/"knows" -> skill).
 * - Each clause has a mode set by a cue word: add (default; "also", "add", "and"), only
 *   ("only", "just": the clause's values replace their category), exclude ("not", "no",
 *   "without", "excluding", "except"), remove ("remove", "drop", "forget", "never mind").
 *   A clause ends at , ; . or "but", and at "and"/"or" followed by a preposition.
 * - "start over", "new search", "reset" or "clear all" starts from an empty query.
 * - "anywhere", "any company", "any seniority"... and "remove the location filter" clear a category.
 * - Quoted text, or words after "mentioning"/"keyword", become keywords.
 * - Capitalised unknown words after "at"/"from" are taken as a company, after "in" as a place.
 */
import type { StructuredQuery } from '../../shared/api'
import { caseSensitiveSkills, cityRegions, Lexicon, lexTokens, stateCodes, type Category, type Entry } from './lexicon'
import { phraseKey } from './text'
import { summarizeQuery } from './query-summary'
import {
  INCLUDE_FIELDS,
  EXCLUDE_FIELD,
  STOP,
  EXCLUDE_CUES,
  REMOVE_CUES,
  ONLY_CUES,
  PREPOSITIONS,
  CATEGORY_WORDS,
  RESET,
  SHORT_PLURALS,
  SENIORITY_TITLE_WORD,
  type ListField
} from './utterance-words'

export interface Interpretation {
  query: StructuredQuery
  message: string
}

export interface InterpretOptions {
  /** Counts the people a query selects; when given, the message ends with "— N people". */
  count?: (query: StructuredQuery) => number
}

type Mode = 'add' | 'only' | 'exclude' | 'remove'

interface Token {
  /** Parser form: folded, stemmed ('' for punctuation). */
  norm: string
  /** As typed. */
  raw: string
  /** Clause boundary (, ; . ! ? or "but"). */
  boundary: boolean
  quoted: boolean
}

let lexicon: Lexicon | undefined
const lex = (): Lexicon => (lexicon ??= new Lexicon())

function tokenize(input: string): Token[] {
  const out: Token[] = []
  // quoted text | word (letters, digits, + # and inner . ' -) | punctuation
  const re = /"([^"]+)"|“([^”]+)”|([\p{L}\p{N}+#]+(?:[.'’\-/][\p{L}\p{N}+#]+)*)|([,;.!?])/gu
  for (const m of input.matchAll(re)) {
    const quoted = m[1] ?? m[2]
    if (quoted !== undefined) {
      out.push({ norm: '', raw: quoted.trim(), boundary: false, quoted: true })
      continue
    }
    const punct = m[4]
    if (punct !== undefined) {
      // "St. Louis": a period right after an abbreviation is not a boundary
      const prev = out[out.length - 1]
      if (punct === '.' && prev && /^(st|dr|mr|ms|mrs|jr|sr|inc|co|corp|vs)$/i.test(prev.raw)) continue
      out.push({ norm: '', raw: punct, boundary: true, quoted: false })
      continue
    }
    const word = m[3] as string
    const short = SHORT_PLURALS[word.toLowerCase()]
    const parts = short ? [short] : lexTokens(word)
    if (parts.length === 0) continue
    // Split "node.js" into its parts, all carrying the raw word, so phrases match across them.
    parts.forEach((norm) =>
      out.push({ norm, raw: parts.length === 1 ? word : norm, boundary: norm === 'but', quoted: false })
    )
  }
  return out
}

const isCapitalised = (raw: string): boolean => /^\p{Lu}/u.test(raw)

/** Picks one entry for a phrase, using the preposition before it. */
function choose(entries: readonly Entry[], preposition: string | undefined): Entry | undefined {
  const prefer: Category[] =
    preposition === 'at'
      ? ['companies', 'schools', 'locations']
      : preposition === 'in' || preposition === 'based'
        ? ['locations', 'skills', 'titles']
        : preposition === 'from'
          ? ['schools', 'companies', 'locations']
          : preposition === 'with' || preposition === 'knowing' || preposition === 'know' || preposition === 'using'
            ? ['skills', 'schools', 'titles']
            : ['titles', 'skills', 'seniorities', 'locations', 'companies', 'schools']
  for (const c of prefer) {
    const e = entries.find((x) => x.category === c)
    if (e) return e
  }
  return entries[0]
}

interface Item {
  field: ListField
  value: string
  mode: Mode
}

interface Parsed {
  items: Item[]
  cleared: Array<ListField | 'exclusions'>
  ignored: string[]
}

function parse(tokens: Token[]): Parsed {
  const items: Item[] = []
  const cleared: Array<ListField | 'exclusions'> = []
  const ignored: string[] = []
  let mode: Mode = 'add'
  let preposition: string | undefined
  let keywordRun = false
  /** Values recognised since the last cue: "remove python skill" removes Python, not all skills. */
  let clauseItems = 0
  const L = lex()
  const push = (item: Item, at: number): void => {
    // "Boston, MA" / "Berlin, Germany": a region after a comma only qualifies the city before it.
    const last = items[items.length - 1]
    if (
      item.field === 'locations' &&
      last?.field === 'locations' &&
      tokens[at - 1]?.raw === ',' &&
      cityRegions.get(last.value)?.has(item.value)
    )
      return
    items.push(item)
    clauseItems++
  }

  for (let i = 0; i < tokens.length;) {
    const t = tokens[i] as Token
    if (t.boundary) {
      mode = 'add'
      preposition = undefined
      keywordRun = false
      clauseItems = 0
      i++
      continue
    }
    if (t.quoted) {
      if (mode !== 'exclude') push({ field: 'keywords', value: t.raw, mode: mode === 'remove' ? 'remove' : mode }, i)
      i++
      continue
    }
    const w = t.norm
    const next = tokens[i + 1]
    // Clause cues
    if (EXCLUDE_CUES.has(w) || (w === 'other' && next?.norm === 'than')) {
      mode = 'exclude'
      preposition = undefined
      clauseItems = 0
      i += w === 'other' ? 2 : 1
      continue
    }
    if (w === 'don' && next?.norm === 't') {
      // "don't want X" excludes
      mode = 'exclude'
      clauseItems = 0
      i += 2
      continue
    }
    if (REMOVE_CUES.has(w) || (w === 'never' && next?.norm === 'mind')) {
      mode = 'remove'
      clauseItems = 0
      i += w === 'never' ? 2 : 1
      continue
    }
    if (ONLY_CUES.has(w)) {
      mode = 'only'
      clauseItems = 0
      i++
      continue
    }
    if ((w === 'and' || w === 'or') && next && PREPOSITIONS.has(next.norm) && mode !== 'only') {
      mode = 'add'
      i++
      continue
    }
    if (w === 'mentioning' || w === 'mention' || w === 'keyword') {
      keywordRun = true
      i++
      continue
    }
    // "anywhere", "any company", "remove the location filter"
    if (w === 'anywhere') {
      cleared.push('locations')
      i++
      continue
    }
    const categoryWord = CATEGORY_WORDS[w]
    if (categoryWord && ((mode === 'remove' && clauseItems === 0) || tokens[i - 1]?.norm === 'any')) {
      cleared.push(categoryWord)
      i++
      continue
    }
    if (PREPOSITIONS.has(w)) {
      preposition = w
      i++
      continue
    }

    if (keywordRun) {
      // explicit keywords ("mentioning kubernetes") stay keywords even when they are known words
      if (!STOP.has(w) && mode !== 'exclude') push({ field: 'keywords', value: t.raw, mode }, i)
      i++
      continue
    }

    // Longest known phrase starting here (not across clause boundaries or quotes)
    let matched = false
    for (let n = Math.min(L.maxTokens, tokens.length - i); n >= 1 && !matched; n--) {
      const span = tokens.slice(i, i + n)
      if (span.some((x) => x.boundary || x.quoted)) continue
      const entry = choose(L.lookup(span.map((x) => x.norm)), preposition)
      if (!entry) continue
      push({ field: entry.category, value: entry.value, mode }, i)
      i += n
      matched = true
    }
    if (matched) continue

    // Case-sensitive tokens: state codes ("WA") and one-letter skills ("R", "C", "Go").
    const stateName = /^[A-Z]{2}$/.test(t.raw) ? stateCodes.get(t.raw) : undefined
    // Codes that are also English words count only after a comma ("Portland, OR").
    if (stateName && (!['IN', 'OR', 'ME', 'OK', 'HI', 'OH', 'ID'].includes(t.raw) || tokens[i - 1]?.raw === ',')) {
      push({ field: 'locations', value: stateName, mode }, i)
      i++
      continue
    }
    const skill = caseSensitiveSkills.get(t.raw)
    if (skill && !(skill === 'Go' && i === 0 && !/^(engineer|developer|programmer)/.test(next?.norm ?? ''))) {
      push({ field: 'skills', value: skill, mode }, i)
      i++
      continue
    }

    // Capitalised unknown words after at/from (a company) or in (a place)
    if (
      (preposition === 'at' || preposition === 'from' || preposition === 'in') &&
      isCapitalised(t.raw) &&
      !STOP.has(w)
    ) {
      let j = i
      const words: string[] = []
      while (
        j < tokens.length &&
        !(tokens[j] as Token).boundary &&
        !(tokens[j] as Token).quoted &&
        isCapitalised((tokens[j] as Token).raw)
      ) {
        words.push((tokens[j] as Token).raw)
        j++
      }
      push({ field: preposition === 'in' ? 'locations' : 'companies', value: words.join(' '), mode }, i)
      i = j
      continue
    }

    if (!STOP.has(w) && !/^\d+$/.test(w)) ignored.push(t.raw)
    i++
  }
  return { items, cleared, ignored }
}

const sameValue = (a: string, b: string): boolean => phraseKey(a) === phraseKey(b)

function listOf(q: StructuredQuery, field: ListField): string[] {
  const v = q[field]
  return Array.isArray(v) ? (v as string[]).slice() : []
}

function apply(base: StructuredQuery, parsed: Parsed): { query: StructuredQuery; notes: string[] } {
  const q: Record<string, unknown> = { ...base }
  const notes: string[] = []
  const get = (f: ListField): string[] => listOf(q as StructuredQuery, f)
  const set = (f: ListField, values: string[]): void => {
    if (values.length > 0) q[f] = values
    else delete q[f]
  }
  const without = (list: string[], value: string): string[] => list.filter((x) => !sameValue(x, value))

  for (const c of parsed.cleared) {
    if (c === 'exclusions') for (const f of Object.values(EXCLUDE_FIELD)) set(f as ListField, [])
    else set(c, [])
  }
  const replaced = new Set<ListField>()
  for (const { field, value, mode } of parsed.items) {
    const ex = EXCLUDE_FIELD[field as Category]
    switch (mode) {
      case 'only':
      case 'add':
        if (mode === 'only' && !replaced.has(field)) {
          replaced.add(field)
          set(field, [])
        }
        set(field, [...without(get(field), value), value])
        if (ex) set(ex, without(get(ex), value))
        break
      case 'exclude':
        if (ex) {
          set(field, without(get(field), value))
          set(ex, [...without(get(ex), value), value])
        } else if (field === 'seniorities' && SENIORITY_TITLE_WORD[value]) {
          const word = SENIORITY_TITLE_WORD[value] as string
          set(field, without(get(field), value))
          set('exclude_titles', [...without(get('exclude_titles'), word), word])
        } else {
          set(field, without(get(field), value))
          notes.push(
            `${field === 'seniorities' ? 'Seniority' : field === 'schools' ? 'School' : 'Keyword'} exclusions are not supported; dropped "${value}" from the search instead.`
          )
        }
        break
      case 'remove':
        set(field, without(get(field), value))
        if (ex) set(ex, without(get(ex), value))
        break
    }
  }
  // Keep only known list fields that are non-empty, in a stable order, plus any extra keys.
  const out: Record<string, unknown> = {}
  for (const f of [
    ...INCLUDE_FIELDS,
    'exclude_companies',
    'exclude_locations',
    'exclude_titles',
    'exclude_skills'
  ] as const) {
    const v = get(f)
    if (v.length > 0) out[f] = v
  }
  for (const [k, v] of Object.entries(q))
    if (!(k in out) && !(INCLUDE_FIELDS as readonly string[]).includes(k) && !k.startsWith('exclude_')) out[k] = v
  return { query: out as StructuredQuery, notes }
}

/**
 * Parses `userInput` and merges it into `current` (see the grammar above). The message says in
 * words what the query now is, and what was not understood.
 */
export function interpretUtterance(
  userInput: string,
  current: StructuredQuery | undefined,
  options: InterpretOptions = {}
): Interpretation {
  const reset = RESET.test(userInput)
  const text = reset ? userInput.replace(RESET, ',') : userInput
  const parsed = parse(tokenize(text))
  const { query, notes } = apply(reset ? {} : (current ?? {}), parsed)
  const parts: string[] = []
  if (reset) parts.push('Started a new search.')
  parts.push(summarizeQuery(query, options.count?.(query)))
  if (parsed.ignored.length > 0) parts.push(`Did not understand: ${[...new Set(parsed.ignored)].join(', ')}.`)
  parts.push(...notes)
  return { query, message: parts.join(' ') }
}

export { summarizeQuery }
