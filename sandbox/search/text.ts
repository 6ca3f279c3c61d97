/**
 * Text normalisation shared by indexing and querying, so both sides agree: lowercase, accents
 * stripped, split into tokens, light plural stemming, legal suffixes and filler words dropped.
 */

const ACCENTS = /[\u0300-\u036f]/g

/** Lowercase, accents stripped, special letters folded: "Zürich" -> "zurich", "Søren" -> "soren". */
export function fold(s: string): string {
  return s
    .normalize('NFD')
    .replace(ACCENTS, '')
    .replace(/ø/gi, 'o')
    .replace(/æ/gi, 'ae')
    .replace(/ß/g, 'ss')
    .replace(/ł/g, 'l')
    .toLowerCase()
}

/** A phrase as one key: folded, runs of anything but letters/digits/+/# turned into one space. */
export function phraseKey(s: string): string {
  return fold(s)
    .replace(/[^a-z0-9+#]+/g, ' ')
    .trim()
}

/** Plural "s" removed (engineers -> engineer), keeping -ss/-us/-is words and short tokens. */
export function stem(token: string): string {
  if (token.length > 3 && token.endsWith('s') && !/(ss|us|is)$/.test(token)) {
    if (token.endsWith('ies') && token.length > 4) return token.slice(0, -3) + 'y'
    return token.slice(0, -1)
  }
  return token
}

const FILLER = new Set([
  'of',
  'the',
  'and',
  'at',
  'in',
  'for',
  'a',
  'an',
  'to',
  'with',
  'on',
  'de',
  'du',
  'la',
  'le',
  'von',
  'van'
])
const LEGAL = new Set([
  'inc',
  'corp',
  'corporation',
  'llc',
  'ltd',
  'co',
  'company',
  'plc',
  'gmbh',
  'sa',
  'ag',
  'limited',
  'incorporated'
])

/** Raw tokens: folded, split on anything but letters, digits, + and #. */
export function rawTokens(s: string): string[] {
  const out: string[] = []
  for (const t of fold(s).split(/[^a-z0-9+#]+/)) if (t) out.push(t)
  return out
}

/** Tokens for matching names: folded, no stemming; single letters (initials) dropped. */
export function nameTokens(s: string): string[] {
  return rawTokens(s.replace(/['’]/g, '')).filter(
    (t) => t.length > 1 && !['dr', 'mr', 'mrs', 'ms', 'md', 'phd', 'jr', 'sr'].includes(t)
  )
}

/** Tokens for titles, skills, schools, places and free text: stemmed, filler words dropped. */
export function termTokens(s: string): string[] {
  const out: string[] = []
  for (const t of rawTokens(s)) if (!FILLER.has(t)) out.push(stem(t))
  return out
}

/** Tokens of a company name: like termTokens, with legal suffixes (Inc, Corp...) dropped too. */
export function companyTokens(s: string): string[] {
  return termTokens(s).filter((t) => !LEGAL.has(t))
}

/** Levenshtein distance, giving up (returning max + 1) once it exceeds `max`. */
export function editDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  let prev = new Array<number>(b.length + 1)
  let cur = new Array<number>(b.length + 1)
  for (let j = 0; j <= b.length; j++) prev[j] = j
  for (let i = 1; i <= a.length; i++) {
    cur[0] = i
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1
      const v = Math.min((prev[j] as number) + 1, (cur[j - 1] as number) + 1, (prev[j - 1] as number) + cost)
      cur[j] = v
      if (v < rowMin) rowMin = v
    }
    if (rowMin > max) return max + 1
    ;[prev, cur] = [cur, prev]
  }
  return prev[b.length] as number
}

/** Abbreviations people type in titles, mapped to the words titles use ("Sr. Eng. Mgr" = Senior Engineer Manager). */
const TITLE_SYNONYMS: Readonly<Record<string, string>> = {
  sr: 'senior',
  snr: 'senior',
  jr: 'junior',
  mgr: 'manager',
  eng: 'engineer',
  engr: 'engineer',
  dev: 'developer',
  swe: 'software engineer',
  sde: 'software engineer',
  pm: 'product manager',
  rn: 'registered nurse',
  dir: 'director',
  assoc: 'associate',
  mktg: 'marketing',
  ops: 'operation',
  svp: 'vp',
  evp: 'vp',
  avp: 'vp',
  cto: 'chief technology officer',
  cfo: 'chief financial officer',
  cmo: 'chief marketing officer',
  coo: 'chief operating officer',
  cpo: 'chief product officer'
}

/** Tokens of a job title: like termTokens, with abbreviations expanded and "vice president" read as VP. */
export function titleTokens(s: string): string[] {
  const out: string[] = []
  for (const t of termTokens(s.replace(/vice[\s-]+president/gi, 'vp'))) {
    const syn = TITLE_SYNONYMS[t]
    if (syn) out.push(...syn.split(' ').map(stem))
    else out.push(t)
  }
  return out
}

const PLACE_FILLER = new Set(['greater', 'area', 'metro', 'metropolitan', 'region', 'city', 'county', 'downtown'])

/** Tokens of a place: like termTokens, without words such as "Greater ... Area" or "City". */
export function placeTokens(s: string): string[] {
  return termTokens(s).filter((t) => !PLACE_FILLER.has(t))
}
