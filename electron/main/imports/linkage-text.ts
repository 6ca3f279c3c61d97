import { jaroWinkler } from '@skyra/jaro-winkler'
import { CITY_ALIASES, COUNTRY_ALIASES, REGION_CODES } from './place-names'

/*
 * Values of a sheet and of a profile made comparable: case, accents, punctuation and the words
 * that do not tell two employers, titles or schools apart set aside.
 */

const LETTERS: Record<string, string> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ł: 'l',
  Ł: 'l',
  đ: 'd',
  Đ: 'd',
  ı: 'i',
  þ: 'th'
}

/** Folded texts lately asked for: a batch's employers, titles and places repeat from row to row. */
const folded = new Map<string, string>()
const FOLDED_KEPT = 20_000

/** Lowercase words without accents or punctuation: "Müller-Lüdenscheidt GmbH & Co." → "muller ludenscheidt gmbh and co". */
export function fold(text: string): string {
  let out = folded.get(text)
  if (out === undefined) {
    if (folded.size >= FOLDED_KEPT) folded.clear()
    out = foldNow(text)
    folded.set(text, out)
  }
  return out
}

function foldNow(text: string): string {
  return text
    .replace(/[ßøØæÆœŒłŁđĐıþ]/g, (letter) => LETTERS[letter] ?? letter)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

export const words = (text: string): string[] => fold(text).split(' ').filter(Boolean)

/** Jaro-Winkler similarity of two folded words (0 to 1). */
export const closeness = (a: string, b: string): number => (a === b ? 1 : jaroWinkler(a, b))

const COMPANY_FORMS = new Set([
  'ag',
  'gmbh',
  'mbh',
  'kg',
  'kgaa',
  'ohg',
  'ug',
  'ev',
  'se',
  'inc',
  'incorporated',
  'ltd',
  'limited',
  'llc',
  'llp',
  'lp',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'ab',
  'as',
  'asa',
  'oy',
  'pty',
  'pvt',
  'group',
  'holding',
  'holdings',
  'the',
  'and'
])

/** An employer's name without its legal form: "Blaubeer Software AG" → ["blaubeer", "software"]. */
export function companyWords(text: string): string[] {
  const all = words(text)
  const kept = all.filter((word) => !COMPANY_FORMS.has(word))
  return kept.length > 0 ? kept : all
}

/**
 * Two employer names for the same firm: equal without legal forms and spaces, one the start of the
 * other ("Keystone" of "Keystone Accounting"), or one letter or two apart in a long name.
 */
export function sameCompany(a: string, b: string): boolean {
  const x = companyWords(a)
  const y = companyWords(b)
  if (x.length === 0 || y.length === 0) return false
  if (x.join('') === y.join('')) return true
  if (startsWithWords(x, y) || startsWithWords(y, x)) return true
  const [p, q] = [x.join(''), y.join('')]
  return Math.min(p.length, q.length) >= 6 && closeness(p, q) >= 0.95
}

function startsWithWords(long: readonly string[], short: readonly string[]): boolean {
  return short.length < long.length && short.every((word, index) => long[index] === word)
}

const TITLE_FILLER = new Set([
  'senior',
  'sr',
  'junior',
  'jr',
  'lead',
  'principal',
  'staff',
  'head',
  'chief',
  'associate',
  'assistant',
  'intern',
  'trainee',
  'i',
  'ii',
  'iii',
  'iv',
  'of',
  'the',
  'and',
  'for',
  'in',
  'at',
  'to'
])

/** A title's words that say the job, not the rank: "Lead Financial Analyst" → ["financial", "analyst"]. */
export function titleWords(text: string): string[] {
  return words(text)
    .filter((word) => !TITLE_FILLER.has(word))
    .map((word) => (word.length > 3 && word.endsWith('s') ? word.slice(0, -1) : word))
}

/** Two titles for the same job: one's words within the other's, or half of all their words shared. */
export function sameTitle(a: string, b: string): boolean {
  const x = new Set(titleWords(a))
  const y = new Set(titleWords(b))
  if (x.size === 0 || y.size === 0) return false
  const shared = [...x].filter((word) => y.has(word)).length
  return shared === Math.min(x.size, y.size) || shared / new Set([...x, ...y]).size >= 0.5
}

const SCHOOL_FILLER = new Set([
  'university',
  'universitat',
  'universidad',
  'universita',
  'universite',
  'college',
  'school',
  'institute',
  'of',
  'the',
  'and',
  'at',
  'de',
  'du',
  'der',
  'fur',
  'in'
])

/** Two schools: the same distinctive words, one's within the other's, or an acronym ("MIT"). */
export function sameSchool(a: string, b: string): boolean {
  const [x, y] = [words(a), words(b)]
  if (x.length === 0 || y.length === 0) return false
  if (x.join(' ') === y.join(' ')) return true
  if (isAcronymOf(x, y) || isAcronymOf(y, x)) return true
  const [p, q] = [x.filter((w) => !SCHOOL_FILLER.has(w)), y.filter((w) => !SCHOOL_FILLER.has(w))]
  if (p.length === 0 || q.length === 0) return false
  const [short, long] = p.length <= q.length ? [p, q] : [q, p]
  return short.every((word) => long.includes(word))
}

function isAcronymOf(short: readonly string[], long: readonly string[]): boolean {
  if (short.length !== 1 || long.length < 2) return false
  const initials = long.filter((word) => !['of', 'the', 'and', 'at'].includes(word)).map((word) => word[0])
  return short[0] === initials.join('')
}

/** What a part of a written place is taken as, in the words a profile uses. */
export interface PlacePart {
  /** The part as written, folded. */
  text: string
  /** The names it may stand for (itself, and a city, region or country it abbreviates). */
  names: string[]
  kind: 'city' | 'region' | 'country'
}

const COUNTRIES = new Set([...COUNTRY_ALIASES.values(), 'canada', 'france', 'india', 'ireland', 'australia', 'japan'])
const REGIONS = new Set([...REGION_CODES.values(), 'england', 'scotland', 'wales', 'northern ireland'])

/** A written place split at commas, semicolons and slashes: "Köln, NRW" → cologne (city), north rhine westphalia (region). */
export function placeParts(text: string): PlacePart[] {
  return text
    .split(/[,;/|]+/)
    .map(fold)
    .filter(Boolean)
    .map((part) => {
      const country = COUNTRY_ALIASES.get(part)
      const region = REGION_CODES.get(part)
      const city = CITY_ALIASES.get(part)
      const names = [part, country, region, city].filter((name): name is string => name !== undefined)
      const kind =
        country !== undefined || COUNTRIES.has(part)
          ? 'country'
          : region !== undefined || REGIONS.has(part)
            ? 'region'
            : 'city'
      return { text: part, names: [...new Set(names)], kind }
    })
}
