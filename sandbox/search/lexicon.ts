/**
 * The words the utterance parser recognises, built from the generator's own vocabularies
 * (skills, titles, places, companies, schools) plus common aliases, so anything the data
 * contains can be asked for by name.
 */
import { companies } from '../data/vocab/companies'
import { families, programmingLanguages, softSkills } from '../data/vocab/families'
import { physicianTaxonomies } from '../data/vocab/healthcare'
import { placeAliases, places } from '../data/vocab/places'
import { schools } from '../data/vocab/schools'
import { titleFor } from '../data/career'
import { canonicalSeniority, seniorityPhrases } from './seniority'
import { companyTokens, fold, stem } from './text'

export type Category = 'titles' | 'skills' | 'locations' | 'companies' | 'seniorities' | 'schools'

export interface Entry {
  category: Category
  /** Value written into the structured query. */
  value: string
}

/** Tokens as the parser sees them: folded, split on anything but letters/digits/+/#, stemmed. */
export function lexTokens(s: string): string[] {
  const out: string[] = []
  for (const t of fold(s).split(/[^a-z0-9+#]+/)) if (t) out.push(stem(t))
  return out
}

const skillAliases: Readonly<Record<string, string>> = {
  js: 'JavaScript',
  javascript: 'JavaScript',
  ts: 'TypeScript',
  golang: 'Go',
  'go lang': 'Go',
  k8s: 'Kubernetes',
  ml: 'Machine Learning',
  nlp: 'Natural Language Processing',
  cv: 'Computer Vision',
  postgres: 'PostgreSQL',
  reactjs: 'React',
  'react js': 'React',
  'react.js': 'React',
  node: 'Node.js',
  nodejs: 'Node.js',
  vue: 'Vue.js',
  vuejs: 'Vue.js',
  cpp: 'C++',
  csharp: 'C#',
  'c sharp': 'C#',
  dotnet: '.NET',
  sklearn: 'scikit-learn',
  gcp: 'Google Cloud',
  rails: 'Ruby on Rails',
  ror: 'Ruby on Rails',
  tf: 'Terraform',
  'ab testing': 'A/B Testing',
  'a b testing': 'A/B Testing',
  excel: 'Excel',
  sfdc: 'Salesforce'
}

const titleAliases: Readonly<Record<string, string>> = {
  doctor: 'physician',
  doc: 'physician',
  swe: 'software engineer',
  sde: 'software engineer',
  sre: 'site reliability engineer',
  devops: 'devops engineer',
  pm: 'product manager',
  em: 'engineering manager',
  dev: 'developer',
  programmer: 'developer',
  coder: 'developer',
  rn: 'registered nurse',
  np: 'nurse practitioner',
  lpn: 'licensed practical nurse',
  ae: 'account executive',
  sdr: 'sales development representative',
  csm: 'customer success manager',
  ux: 'ux designer',
  'ml engineer': 'machine learning engineer',
  frontend: 'frontend engineer',
  'front end': 'frontend engineer',
  'frontend dev': 'frontend engineer',
  backend: 'backend engineer',
  'back end': 'backend engineer',
  'backend dev': 'backend engineer',
  'full stack': 'full stack engineer',
  fullstack: 'full stack engineer',
  'full stack dev': 'full stack engineer',
  'mobile dev': 'mobile engineer',
  'ios developer': 'mobile engineer',
  'android developer': 'mobile engineer',
  'ai engineer': 'machine learning engineer',
  'frontend developer': 'frontend engineer',
  'backend developer': 'backend engineer',
  'full stack developer': 'full stack engineer',
  'fullstack engineer': 'full stack engineer',
  engineering: 'engineer',
  nursing: 'nurse',
  design: 'designer',
  marketing: 'marketing',
  sales: 'sales',
  research: 'research',
  product: 'product',
  data: 'data',
  security: 'security',
  operations: 'operations',
  recruiting: 'recruiter'
}

/** Job-title head words: "engineers" alone means any engineer title. */
const titleHeads = [
  'engineer',
  'developer',
  'scientist',
  'designer',
  'nurse',
  'physician',
  'recruiter',
  'analyst',
  'researcher',
  'accountant',
  'marketer',
  'strategist',
  'representative',
  'consultant',
  'architect',
  'surgeon',
  'specialist',
  'administrator',
  'owner',
  'partner',
  'officer'
]

export class Lexicon {
  readonly #entries = new Map<string, Entry[]>()
  /** Longest phrase length in tokens. */
  readonly maxTokens: number

  constructor() {
    const add = (phrase: string, category: Category, value: string): void => {
      const key = lexTokens(phrase).join(' ')
      if (!key) return
      const list = this.#entries.get(key) ?? []
      if (!list.some((e) => e.category === category && e.value === value)) list.push({ category, value })
      this.#entries.set(key, list)
    }

    // Skills: everything the generator can put in `skills`, and aliases.
    const skills = new Set<string>([...programmingLanguages, ...softSkills])
    for (const f of families) {
      for (const r of f.roles) for (const s of r.skills) skills.add(s)
      for (const s of f.common) skills.add(s)
    }
    for (const t of physicianTaxonomies) for (const s of t.skills) skills.add(s)
    // One-letter or everyday-word skills need care: "C", "R" and "Go" only from their raw spelling (see parser).
    const guarded = new Set(['C', 'R', 'Go', 'Communication', 'Analysis', 'Teaching', 'Reporting'])
    for (const s of skills) if (!guarded.has(s)) add(s, 'skills', s)
    for (const [alias, s] of Object.entries(skillAliases)) add(alias, 'skills', s)

    // Titles: every role at every level, lowercase, and head words.
    for (const f of families) {
      for (const r of f.roles) {
        add(r.title, 'titles', r.title.toLowerCase())
        for (const level of [6, 7, 8, 9]) {
          const t = titleFor(f, r, level)
          add(t, 'titles', t.toLowerCase())
        }
        for (const level of [0, 1, 3, 4, 5]) {
          // family-specific titles such as "Charge Nurse" or "Resident Physician"
          const t = titleFor(f, r, level)
          if (!/^(Junior|Senior|Staff|Lead|Principal) /.test(t) && !t.endsWith(' Intern'))
            add(t, 'titles', t.toLowerCase())
        }
      }
    }
    for (const h of titleHeads) add(h, 'titles', h)
    for (const [alias, t] of Object.entries(titleAliases)) add(alias, 'titles', t)

    for (const phrase of seniorityPhrases)
      add(phrase, 'seniorities', (canonicalSeniority(phrase) ?? phrase).toLowerCase())

    for (const p of places) {
      add(p.city, 'locations', p.city)
      add(p.state, 'locations', p.state)
      add(p.country, 'locations', p.country)
    }
    for (const [alias, name] of Object.entries(placeAliases)) add(alias, 'locations', name)

    for (const c of companies) {
      add(c.name, 'companies', c.name)
      const bare = companyTokens(c.name).join(' ')
      if (bare && bare !== lexTokens(c.name).join(' ')) add(bare, 'companies', c.name)
    }

    for (const s of schools) {
      add(s.name, 'schools', s.name)
      for (const a of s.aliases) add(a, 'schools', s.name)
    }
    let max = 1
    for (const k of this.#entries.keys()) max = Math.max(max, k.split(' ').length)
    this.maxTokens = max
  }

  /** Entries for an exact phrase of lexer tokens. */
  lookup(tokens: readonly string[]): readonly Entry[] {
    return this.#entries.get(tokens.join(' ')) ?? []
  }
}

/** For "Boston, MA" / "Berlin, Germany": the states and countries each city lies in. */
export const cityRegions: ReadonlyMap<string, ReadonlySet<string>> = (() => {
  const map = new Map<string, Set<string>>()
  for (const p of places) {
    const set = map.get(p.city) ?? new Set<string>()
    set.add(p.state)
    set.add(p.country)
    map.set(p.city, set)
  }
  return map
})()

/** US state codes, recognised only when typed in capitals ("WA", not "wa"). */
export const stateCodes: ReadonlyMap<string, string> = new Map(
  places.filter((p) => p.countryCode === 'US').map((p) => [p.stateCode, p.state])
)

/** Guarded one-letter/short skills, recognised only with this exact spelling. */
export const caseSensitiveSkills: ReadonlyMap<string, string> = new Map([
  ['C', 'C'],
  ['R', 'R'],
  ['Go', 'Go'],
  ['GO', 'Go']
])
