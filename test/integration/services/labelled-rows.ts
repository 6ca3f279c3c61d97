import { rng } from '../store/fixtures/profiles'
import type { WholePersonProfile } from '../../../shared/api/profile'

/*
 * A labelled set for bulk match: rows a recruiter's sheet could hold, each with the person it
 * names (a Sandbox profile's key) or null for someone the Sandbox does not have. Deterministic
 * for a seed and a catalog. Kinds:
 * - real people as the sheet writes them: exact names with employer, title and place (the title's
 *   rank or the employer's legal form sometimes left out or added, the place in several forms);
 *   the first or the last name misspelt by two letters swapped ("Isbaella", "Matrha", "Colemna":
 *   near misses); accents
 *   stripped ("Soren", "Zurich"); an identifier (email, profile link or key) with or without the
 *   name; a former employer with the place;
 * - invented people: namesakes of Sandbox people at invented employers and cities (a few in the
 *   Sandbox person's own city), and common German names at invented employers.
 */

export type LabelledKind =
  | 'exact'
  | 'near-miss'
  | 'near-miss-last'
  | 'accents'
  | 'email'
  | 'handle'
  | 'key'
  | 'past-employer'
  | 'moved'
  | 'invented-namesake'
  | 'invented-same-city'
  | 'invented-common'

export interface LabelledRow {
  label: string
  kind: LabelledKind
  /** The Sandbox profile the row names, or null for an invented person. */
  person: string | null
  name: string
  company: string
  title: string
  location: string
  school: string
  email: string
  profile: string
  key: string
}

export const LABELLED_HEADERS = [
  'Label',
  'Name',
  'Company',
  'Title',
  'Location',
  'School',
  'Email',
  'Profile',
  'Key'
] as const

const STATE_CODES: Record<string, string> = {
  California: 'CA',
  'New York': 'NY',
  Texas: 'TX',
  Illinois: 'IL',
  Massachusetts: 'MA',
  Washington: 'WA',
  Pennsylvania: 'PA',
  Georgia: 'GA'
}

const SUFFIX_BY_COUNTRY: Record<string, string> = {
  Germany: 'GmbH',
  Switzerland: 'AG',
  'United Kingdom': 'Ltd',
  'United States': 'Inc.'
}

const INVENTED_EMPLOYERS = [
  'Hafenkran Systems AG',
  'Blaubeer Software AG',
  'Nordlicht Logistik GmbH',
  'Elbtal Datenwerk GmbH',
  'Rheinauen Medizintechnik GmbH',
  'Kestrel Harbour Ltd',
  'Moorland Analytics LLC',
  'Glimmerbach Versicherung AG',
  'Tannenhof Maschinenbau KG',
  'Saltspray Robotics Inc.',
  'Weidenkorb Energie GmbH',
  'Fjordlys Consulting AS',
  'Steinbock Finanz AG',
  'Lindwurm Games GmbH',
  'Quarzsand Labs GmbH',
  'Ostwind Mobility SE'
]
const INVENTED_CITIES = [
  'Köln',
  'München',
  'Hamburg',
  'Leipzig',
  'Bremen',
  'Dresden',
  'Hannover',
  'Graz',
  'Linz',
  'Kassel',
  'Freiburg im Breisgau',
  'Rostock'
]
const INVENTED_TITLES = [
  'Softwareentwicklerin',
  'UX Designerin',
  'Projektleiter',
  'Vertriebsleiterin',
  'Produktmanagerin',
  'Buchhalter',
  'Backend Developer',
  'Data Engineer',
  'Marketing Manager',
  'Personalreferentin',
  'Elektroingenieur',
  'Controller'
]
const GERMAN_FIRST = [
  'Anna',
  'Julia',
  'Lena',
  'Laura',
  'Lukas',
  'Jonas',
  'Felix',
  'Sophie',
  'Marie',
  'Paul',
  'Leon',
  'Hannah',
  'Jan',
  'Katrin',
  'Tobias',
  'Sabine'
]
const GERMAN_LAST = [
  'Fischer',
  'Becker',
  'Müller',
  'Schmidt',
  'Weber',
  'Wagner',
  'Schneider',
  'Hoffmann',
  'Koch',
  'Richter',
  'Klein',
  'Wolf'
]

const stripAccents = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '')
const hasAccent = (text: string) => stripAccents(text) !== text

/** Two neighbouring letters of a name swapped, away from its first and last: "Isabella" → "Isbaella". */
function swapLetters(word: string, pick: () => number): string | null {
  const spots: number[] = []
  for (let i = 1; i < word.length - 2; i++) if (word[i] !== word[i + 1]) spots.push(i)
  if (spots.length === 0) return null
  const at = spots[Math.floor(pick() * spots.length)]!
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
}

export function labelledRows(catalog: readonly WholePersonProfile[], seed = 29): LabelledRow[] {
  const pick = rng(seed)
  const choose = <T>(items: readonly T[]): T => items[Math.floor(pick() * items.length)]!
  const shuffled = [...catalog].filter((person) => person.key && person.full_name && person.cur_company)
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = Math.floor(pick() * (i + 1))
    ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
  }
  const used = new Set<string>()
  const take = (count: number, accept: (person: WholePersonProfile) => boolean = () => true) => {
    const out: WholePersonProfile[] = []
    for (const person of shuffled) {
      if (out.length === count) break
      if (used.has(person.key!) || !accept(person)) continue
      used.add(person.key!)
      out.push(person)
    }
    return out
  }
  const rows: LabelledRow[] = []
  const blank = { company: '', title: '', location: '', school: '', email: '', profile: '', key: '' }
  const add = (kind: LabelledKind, person: string | null, values: Partial<LabelledRow> & { name: string }) =>
    rows.push({ ...blank, ...values, kind, person, label: `${kind}-${rows.length + 1}` })

  const place = (person: WholePersonProfile): string => {
    const city = person.city ?? ''
    const form = Math.floor(pick() * 4)
    if (form === 0) return city
    if (form === 1 && person.state && STATE_CODES[person.state]) return `${city}, ${STATE_CODES[person.state]}`
    if (form === 2 && person.country) return `${city}, ${person.country}`
    return [city, person.state, person.country].filter(Boolean).join(', ')
  }
  const employer = (person: WholePersonProfile): string => {
    const suffix = SUFFIX_BY_COUNTRY[person.country ?? '']
    return suffix !== undefined && pick() < 0.3 ? `${person.cur_company} ${suffix}` : person.cur_company!
  }
  const title = (person: WholePersonProfile): string => {
    const written = person.cur_title ?? ''
    return pick() < 0.3 ? written.replace(/^(Senior|Lead|Principal|Junior|Staff) /, '') : written
  }
  const school = (person: WholePersonProfile): string => (pick() < 0.3 ? (person.educations?.[0]?.school ?? '') : '')
  // most sheets name the employer; one without it gives the title and the place
  const context = (person: WholePersonProfile) => {
    const company = pick() < 0.85 ? employer(person) : ''
    return {
      company,
      title: company === '' || pick() < 0.8 ? title(person) : '',
      location: company === '' || pick() < 0.8 ? place(person) : '',
      school: school(person)
    }
  }
  const emailOf = (person: WholePersonProfile) =>
    ((person as { emails?: unknown }).emails as string[] | undefined)?.[0] ?? ''

  for (const person of take(70)) add('exact', person.key!, { name: person.full_name!, ...context(person) })
  for (const person of take(40, (p) => (p.first_name ?? '').length >= 5)) {
    const first = person.first_name!
    const misspelt = swapLetters(first, pick)
    if (misspelt === null) continue
    add('near-miss', person.key!, {
      name: person.full_name!.replace(first, misspelt),
      ...context(person),
      location: place(person)
    })
  }
  for (const person of take(12, (p) => (p.last_name ?? '').length >= 5 && !/[\s-]/.test(p.last_name ?? ''))) {
    const last = person.last_name!
    const misspelt = swapLetters(last, pick)
    if (misspelt === null) continue
    add('near-miss-last', person.key!, {
      name: `${person.first_name} ${misspelt}`,
      ...context(person),
      location: place(person)
    })
  }
  for (const person of take(25, (p) => hasAccent(`${p.full_name}${p.city}`))) {
    const values = context(person)
    add('accents', person.key!, {
      name: stripAccents(person.full_name!),
      ...values,
      location: stripAccents(values.location || place(person))
    })
  }
  for (const person of take(15, (p) => emailOf(p) !== ''))
    add('email', person.key!, { name: pick() < 0.5 ? person.full_name! : '', email: emailOf(person).toUpperCase() })
  for (const person of take(15, (p) => (p.li_urls?.length ?? 0) > 0)) {
    const link = person.li_urls![0]!
    add('handle', person.key!, {
      name: person.full_name!,
      profile: pick() < 0.5 ? link : link.replace(/^.*\/in\//, '')
    })
  }
  for (const person of take(10)) add('key', person.key!, { name: person.full_name!, key: person.key! })
  for (const person of take(15, (p) => (p.past_companies?.length ?? 0) > 0)) {
    add('past-employer', person.key!, {
      name: person.full_name!,
      company: person.past_companies![0]!,
      location: place(person),
      title: title(person)
    })
  }

  const cities = [...new Set(catalog.map((person) => person.city).filter((city): city is string => !!city))]
  for (const person of take(10)) {
    add('moved', person.key!, {
      name: person.full_name!,
      company: employer(person),
      location: choose(cities.filter((city) => city !== person.city))
    })
  }

  // invented people: Sandbox people's names elsewhere, and common German names
  for (const person of take(40)) {
    add('invented-namesake', null, {
      name: person.full_name!,
      company: choose(INVENTED_EMPLOYERS),
      title: pick() < 0.7 ? choose(INVENTED_TITLES) : '',
      location: choose(INVENTED_CITIES)
    })
  }
  for (const person of take(12)) {
    add('invented-same-city', null, {
      name: person.full_name!,
      company: choose(INVENTED_EMPLOYERS),
      title: choose(INVENTED_TITLES),
      location: person.city!
    })
  }
  const known = new Set(catalog.map((person) => stripAccents(person.full_name ?? '').toLowerCase()))
  let invented = 0
  while (invented < 40) {
    const name = `${choose(GERMAN_FIRST)} ${choose(GERMAN_LAST)}`
    if (rows.some((row) => row.name === name)) continue
    invented += 1
    // a Sandbox person may carry the name too: still not the person this row means
    add(known.has(stripAccents(name).toLowerCase()) ? 'invented-namesake' : 'invented-common', null, {
      name,
      company: choose(INVENTED_EMPLOYERS),
      title: choose(INVENTED_TITLES),
      location: choose(INVENTED_CITIES)
    })
  }
  return rows
}

/** The rows as a CSV file the way a spreadsheet program writes one (quoted where needed). */
export function labelledCsv(rows: readonly LabelledRow[]): string {
  const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value)
  const lines = [LABELLED_HEADERS.join(',')]
  for (const row of rows) {
    lines.push(
      [row.label, row.name, row.company, row.title, row.location, row.school, row.email, row.profile, row.key]
        .map(cell)
        .join(',')
    )
  }
  return lines.join('\r\n') + '\r\n'
}
