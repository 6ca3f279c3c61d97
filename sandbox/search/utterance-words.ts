import type { StructuredQuery } from '../../shared/api'
import { lexTokens, type Category } from './lexicon'

/*
 * The words the utterance grammar (utterance.ts) listens for: the categories it fills, the cue
 * words of its modes, the words that carry no meaning, the short plurals and the seniority words.
 */

export type ListField = Exclude<keyof StructuredQuery, number | symbol> & string

export const INCLUDE_FIELDS = [
  'titles',
  'skills',
  'locations',
  'companies',
  'seniorities',
  'schools',
  'keywords'
] as const
export const EXCLUDE_FIELD: Partial<Record<Category, ListField>> = {
  companies: 'exclude_companies',
  locations: 'exclude_locations',
  titles: 'exclude_titles',
  skills: 'exclude_skills'
}

/** Words that carry no search meaning (never reported as "not understood"). */
export const STOP = new Set(
  (
    'find show me get give list search look looking for people person candidate profile who that which are is be ' +
    'work worked working based located live living with in at from the a an some any all please can could you i we want ' +
    'need hire hiring someone somebody experience experienced year of and or to have has know knowing skilled skill ' +
    'background good great strong also too add plus only just not no without excluding exclude except but remove drop ' +
    "forget delete never mind them those these ones one filter filters instead rather now then again more let let's " +
    "currently current used use using who're area region city state country company companies employer team role title " +
    'level seniority school university college degree keyword keywords mentioning mention about like other than ' +
    'folks guys talent licensed certified inc corp llc ltd co plc gmbh really maybe please thanks thank'
  )
    .split(' ')
    .map((w) => lexTokens(w)[0] ?? w)
)

export const EXCLUDE_CUES = new Set([
  'not',
  'no',
  'without',
  'excluding',
  'exclude',
  'except',
  'avoid',
  'minus',
  'besides'
])
export const REMOVE_CUES = new Set(['remove', 'drop', 'forget', 'delete', 'clear', 'unset'])
export const ONLY_CUES = new Set(['only', 'just', 'exclusively', 'solely'])
export const PREPOSITIONS = new Set(['in', 'at', 'from', 'with', 'who', 'knowing', 'know', 'using', 'based'])

export const CATEGORY_WORDS: Readonly<Record<string, ListField | 'exclusions'>> = {
  location: 'locations',
  place: 'locations',
  city: 'locations',
  region: 'locations',
  country: 'locations',
  skill: 'skills',
  technology: 'skills',
  tech: 'skills',
  stack: 'skills',
  title: 'titles',
  role: 'titles',
  job: 'titles',
  position: 'titles',
  company: 'companies',
  employer: 'companies',
  seniority: 'seniorities',
  level: 'seniorities',
  school: 'schools',
  education: 'schools',
  university: 'schools',
  keyword: 'keywords',
  exclusion: 'exclusions'
}

export const RESET =
  /\b(start(ing)? over|new search|reset|clear (all|everything)|from scratch|fresh search|forget (all|everything))\b/i

/** Plurals of short words the stemmer leaves alone ("VPs" -> "vp"). */
export const SHORT_PLURALS: Readonly<Record<string, string>> = {
  vps: 'vp',
  cxos: 'cxo',
  pms: 'pm',
  ems: 'em',
  sres: 'sre',
  devs: 'dev',
  swes: 'swe',
  sdes: 'sde',
  rns: 'rn',
  nps: 'np',
  lpns: 'lpn',
  aes: 'ae',
  sdrs: 'sdr',
  csms: 'csm',
  docs: 'doc',
  mds: 'doctor'
}

/** Seniorities have no exclusion list; excluding one excludes titles carrying its word. */
export const SENIORITY_TITLE_WORD: Readonly<Record<string, string>> = {
  intern: 'intern',
  junior: 'junior',
  senior: 'senior',
  staff: 'staff',
  lead: 'lead',
  principal: 'principal',
  manager: 'manager',
  director: 'director',
  vp: 'vp',
  cxo: 'chief'
}
