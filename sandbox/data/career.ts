/**
 * A person's working life: job family, role, seniority, the positions that led there and the
 * studies before them. Everything is built on one month timeline, so dates are ordered by
 * construction: studies end before the first job, each job starts after the previous one ends,
 * and the current role is the most recent position.
 */
import type { Education, Position } from '../../shared/api'
import { isoMonth, yearOf, type Month } from './dates'
import { stableId } from './hash'
import type { ArrayInterner } from './intern'
import type { Random } from './random'
import { placeLabel } from './text'
import { companies, companiesByKind, type Company, type CompanyKind } from './vocab/companies'
import { families, seniorities, softSkills, type Family, type Level, type Role } from './vocab/families'
import { physicianTaxonomies, type Taxonomy } from './vocab/healthcare'
import { placeId, places, usPlaces, type Place } from './vocab/places'
import { degrees, medicalSchools, schools, type Degree, type School } from './vocab/schools'

export interface Career {
  family: Family
  role: Role
  taxonomy?: Taxonomy
  level: Level
  title: string
  seniority: string
  company: Company
  place: Place
  prevPlace?: Place
  years: number
  careerStart: Month
  roleStart: Month
  companyStart: Month
  /** Most recent first; positions[0] is the current role. */
  positions: Position[]
  /** Most recent first. */
  educations: Education[]
  gradYear: number
  pastCompanies: string[]
  pastTitles: string[]
  majors: string[]
  degrees: string[]
  degreeIds: string[]
  skills: string[]
  likelySkills: string[]
}

const familyWeights = families.map((f) => f.weight)
/** Years of experience: bands and their shares (juniors to veterans). */
const experienceBands: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [2, 4],
  [5, 8],
  [9, 13],
  [14, 20],
  [21, 35]
]
const experienceWeights = [12, 22, 24, 18, 14, 10]
const placeWeights = places.map((p) => p.weight)
const usPlaceWeights = usPlaces.map((p) => p.weight)

export const pickFamily = (rng: Random): Family => rng.weighted(families, familyWeights)

export function pickPlace(rng: Random, usOnly: boolean): Place {
  return usOnly ? rng.weighted(usPlaces, usPlaceWeights) : rng.weighted(places, placeWeights)
}

/** Display title of `role` at `level` in `family`. */
export function titleFor(family: Family, role: Role, level: Level): string {
  const override = family.titleAt?.(level, role)
  if (override !== undefined) return override
  switch (level) {
    case 0:
      return `${role.title} Intern`
    case 1:
      return `Junior ${role.title}`
    case 2:
      return role.title
    case 3:
      return `Senior ${role.title}`
    case 4:
      return `${family.icSenior} ${role.title}`
    case 5:
      return `Principal ${role.title}`
    case 6:
      return family.manager
    case 7:
      return family.director
    case 8:
      return family.vp
    default:
      return family.chief
  }
}

/** Seniority label stored in cur_seniority; level 4 reads "Lead" outside tech ladders. */
export function seniorityLabel(family: Family, level: Level): string {
  if (level === 4) return family.icSenior
  return seniorities[level] ?? 'Mid'
}

// Interned title strings: the same title is one string across all profiles (roles belong to one family).
const titleCache = new Map<Role, string[]>()
function internedTitle(family: Family, role: Role, level: Level): string {
  let byLevel = titleCache.get(role)
  if (byLevel === undefined) {
    byLevel = seniorities.map((_, l) => titleFor(family, role, l))
    titleCache.set(role, byLevel)
  }
  return byLevel[level] ?? titleFor(family, role, level)
}

/** Current level from years of experience; some people move into management. */
function levelFor(rng: Random, family: Family, years: number): Level {
  let ic: Level = years < 2 ? 1 : years < 5 ? 2 : years < 9 ? 3 : years < 14 ? 4 : 5
  if (ic > family.icMax) ic = family.icMax
  const r = rng.next()
  if (years >= 20 && r < 0.02) return 9
  if (years >= 15 && r < 0.06) return 8
  if (years >= 11 && r < 0.15) return 7
  if (years >= 7 && r < 0.3) return 6
  return ic
}

const kindTables = new Map<Family, { kinds: CompanyKind[]; weights: number[] }>()
function pickCompany(rng: Random, family: Family, avoid?: Company): Company {
  let table = kindTables.get(family)
  if (!table) {
    const kinds = Object.keys(family.companyKinds) as CompanyKind[]
    table = { kinds, weights: kinds.map((k) => family.companyKinds[k] ?? 0) }
    kindTables.set(family, table)
  }
  const { kinds, weights } = table
  for (let attempt = 0; attempt < 6; attempt++) {
    const list = companiesByKind.get(rng.weighted(kinds, weights)) ?? companies
    const c = rng.pick(list)
    if (c !== avoid) return c
  }
  return rng.pick(companies.filter((c) => c !== avoid))
}

const descriptionCache = new Map<Role, string>()
function describe(family: Family, role: Role): string {
  let d = descriptionCache.get(role)
  if (d === undefined) {
    d = `${family.department} work focused on ${role.specialization.toLowerCase()}, with ${role.skills.slice(0, 2).join(' and ')}.`
    descriptionCache.set(role, d)
  }
  return d
}

/**
 * A Position with only the fields it has. One object literal per shape keeps every field
 * in-object (adding or spreading fields later costs V8 two to three times the memory).
 */
function positionOf(
  c: Company,
  title: string,
  where: Place,
  start: Month,
  end: Month | undefined,
  yearsAgo: number,
  description: string | undefined
): Position {
  const titleId = stableId(title)
  const locationId = placeId(where)
  const location = placeLabel(where)
  if (end === undefined) {
    if (description === undefined) {
      return {
        index: 0,
        years_ago: yearsAgo,
        company_id: c.id,
        company_size: c.size,
        title_id: titleId,
        location_id: locationId,
        start: yearOf(start),
        company: c.name,
        title,
        location,
        start_date: isoMonth(start)
      }
    }
    return {
      index: 0,
      years_ago: yearsAgo,
      company_id: c.id,
      company_size: c.size,
      title_id: titleId,
      location_id: locationId,
      start: yearOf(start),
      company: c.name,
      title,
      location,
      start_date: isoMonth(start),
      description
    }
  }
  if (description === undefined) {
    return {
      index: 0,
      years_ago: yearsAgo,
      company_id: c.id,
      company_size: c.size,
      title_id: titleId,
      location_id: locationId,
      start: yearOf(start),
      end: yearOf(end),
      company: c.name,
      title,
      location,
      start_date: isoMonth(start),
      end_date: isoMonth(end)
    }
  }
  return {
    index: 0,
    years_ago: yearsAgo,
    company_id: c.id,
    company_size: c.size,
    title_id: titleId,
    location_id: locationId,
    start: yearOf(start),
    end: yearOf(end),
    company: c.name,
    title,
    location,
    start_date: isoMonth(start),
    end_date: isoMonth(end),
    description
  }
}

interface Study {
  school: School
  degree: Degree
  major: string
  months: number
}

function studiesFor(rng: Random, family: Family, role: Role): Study[] {
  const major = rng.pick(family.majors)
  const technical =
    /Engineering|Science|Mathematics|Physics|Statistics|Computer|Biology|Chemistry|Cybersecurity|Information/.test(
      major
    )
  const bachelor: Study = { school: rng.pick(schools), degree: technical ? degrees.bs : degrees.ba, major, months: 45 }
  switch (family.schooling) {
    case 'phd':
      return [bachelor, { school: rng.pick(schools), degree: degrees.phd, major, months: 57 }]
    case 'md':
      return [
        {
          school: rng.pick(schools),
          degree: degrees.bs,
          major: rng.pick(['Biology', 'Chemistry', 'Biochemistry', 'Neuroscience']),
          months: 45
        },
        { school: rng.pick(medicalSchools), degree: degrees.md, major: 'Medicine', months: 45 }
      ]
    case 'nursing': {
      if (role.title === 'Licensed Practical Nurse')
        return [{ school: rng.pick(schools), degree: degrees.associate, major: 'Practical Nursing', months: 21 }]
      const bsn: Study = { school: rng.pick(schools), degree: degrees.bsn, major: 'Nursing', months: 45 }
      if (role.title === 'Nurse Practitioner')
        return [
          bsn,
          { school: rng.pick(medicalSchools), degree: degrees.msn, major: 'Family Nurse Practitioner', months: 21 }
        ]
      return [bsn]
    }
    default: {
      const out = [bachelor]
      if (rng.chance(0.25)) {
        const business = ['product', 'sales', 'marketing', 'finance', 'operations', 'people', 'success'].includes(
          family.id
        )
        const degree = business && rng.chance(0.7) ? degrees.mba : degrees.ms
        out.push({
          school: rng.pick(schools),
          degree,
          major: degree === degrees.mba ? 'Business Administration' : major,
          months: 21
        })
      }
      return out
    }
  }
}

/** Lays the studies out backwards from `end`, most recent first. */
function educationsOf(rng: Random, studies: Study[], end: Month): Education[] {
  const out: Education[] = []
  let cursor = end
  for (let i = studies.length - 1; i >= 0; i--) {
    const s = studies[i] as Study
    const start = cursor - s.months
    out.push({
      index: out.length,
      school_id: s.school.id,
      school: s.school.name,
      major_id: stableId(s.major, 100, 9000),
      major: s.major,
      degree_id: s.degree.id,
      degree: s.degree.name,
      start: yearOf(start),
      end: yearOf(cursor),
      start_date: isoMonth(start),
      end_date: isoMonth(cursor)
    })
    cursor = start - rng.int(1, 4)
  }
  return out
}

export function buildCareer(rng: Random, now: Month, shared: ArrayInterner): Career {
  const family = pickFamily(rng)
  const taxonomy = family.id === 'physician' ? rng.pick(physicianTaxonomies) : undefined
  const role = taxonomy
    ? (family.roles.find((r) => r.title === taxonomy.title) ?? rng.pick(family.roles))
    : rng.pick(family.roles)
  const healthcare = family.id === 'physician' || family.id === 'nurse'
  const place = pickPlace(rng, healthcare)
  const prevPlace = rng.chance(0.3) ? pickPlace(rng, healthcare) : undefined

  const band = rng.weighted(experienceBands, experienceWeights)
  const years = rng.int(band[0], band[1])
  const level = levelFor(rng, family, years)
  const careerStart = now - years * 12 - rng.int(1, 11)

  const studies = studiesFor(rng, family, role)
  const educations = educationsOf(rng, studies, careerStart - rng.int(1, 3))

  // Positions, chronologically: split [careerStart, now] into n stints with short gaps.
  const span = now - careerStart
  const n = Math.max(1, Math.min(6, span < 18 ? 1 : 1 + Math.floor(years / rng.around(4, 2, 2, 7))))
  const weights: number[] = []
  let total = 0
  for (let i = 0; i < n; i++) {
    const w = 0.6 + rng.next()
    weights.push(w)
    total += w
  }
  const starts: Month[] = []
  let acc = 0
  for (let i = 0; i < n; i++) {
    starts.push(careerStart + Math.floor((acc / total) * span))
    acc += weights[i] as number
  }
  const startLevel = Math.min(level, family.schooling === 'phd' ? 2 : years < 2 || rng.chance(0.5) ? 1 : 2)
  const levels: Level[] = []
  for (let i = 0; i < n; i++) {
    let l = n === 1 ? level : startLevel + Math.round(((level - startLevel) * i) / (n - 1))
    if (l >= 4 && l <= 5 && l > family.icMax) l = family.icMax
    levels.push(l)
  }

  // Employers, walking back from the current one; promotions sometimes stay in-house.
  const company = pickCompany(rng, family)
  const employers: Company[] = new Array<Company>(n)
  employers[n - 1] = company
  for (let i = n - 2; i >= 0; i--) {
    const next = employers[i + 1] as Company
    const promoted = (levels[i] as number) < (levels[i + 1] as number)
    employers[i] = promoted && rng.chance(0.3) ? next : pickCompany(rng, family, next)
  }
  const moveAt = prevPlace ? rng.int(1, n) : 0 // positions before this index were elsewhere

  const chronological: Position[] = []
  for (let i = 0; i < n; i++) {
    const c = employers[i] as Company
    const title = internedTitle(family, role, levels[i] as number)
    const start = starts[i] as Month
    const isCurrent = i === n - 1
    const end = isCurrent ? undefined : Math.max(start + 1, (starts[i + 1] as Month) - rng.int(0, 2))
    const where = prevPlace && i < moveAt ? prevPlace : place
    const description = rng.chance(0.3) ? describe(family, role) : undefined
    const p = positionOf(c, title, where, start, end, end === undefined ? 0 : yearOf(now) - yearOf(end), description)
    chronological.push(p)
  }
  const positions = chronological.reverse()
  positions.forEach((p, i) => (p.index = i))

  const current = positions[0] as Position
  let companyStart = careerStart
  for (let i = 0; i < n && employers[n - 1 - i] === company; i++) companyStart = starts[n - 1 - i] as Month

  const pastCompanies = [...new Set(positions.slice(1).map((p) => p.company as string))].filter(
    (c) => c !== company.name
  )
  const pastTitles = [...new Set(positions.slice(1).map((p) => p.title as string))].filter((t) => t !== current.title)

  const skillSet = new Set<string>(rng.sample(role.skills, rng.int(3, 6)))
  for (const s of rng.sample(family.common, rng.int(2, 4))) skillSet.add(s)
  if (level >= 6) skillSet.add('Leadership')
  if (rng.chance(0.35)) for (const s of rng.sample(softSkills, rng.int(1, 2))) skillSet.add(s)
  const likelySkills = shared.of(role.skills.filter((s) => !skillSet.has(s)).slice(0, 3))

  return {
    family,
    role,
    ...(taxonomy ? { taxonomy } : {}),
    level,
    title: current.title as string,
    seniority: seniorityLabel(family, level),
    company,
    place,
    ...(prevPlace && prevPlace !== place ? { prevPlace } : {}),
    years,
    careerStart,
    roleStart: starts[n - 1] as Month,
    companyStart,
    positions,
    educations,
    gradYear: (educations[0]?.end as number | undefined) ?? yearOf(careerStart),
    pastCompanies: shared.of(pastCompanies),
    pastTitles: shared.of(pastTitles),
    majors: shared.of([...new Set(educations.map((e) => e.major as string))]),
    degrees: shared.of(educations.map((e) => e.degree as string)),
    degreeIds: shared.of(educations.map((e) => String(e.degree_id))),
    skills: [...skillSet],
    likelySkills
  }
}
