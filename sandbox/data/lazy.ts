/**
 * Sections computed on demand. The bulky nested parts of a profile (repositories, Q&A posts,
 * papers, healthcare and nurse records) are not stored: each is an enumerable getter that
 * rebuilds the value from the profile's own fields and a random stream seeded by its key, so
 * it is the same on every read. JSON.stringify, object spread, Object.entries and schema
 * parsing all read getters, so a consumer sees plain data; assigning a field replaces the
 * getter with a plain value. This keeps 200,000 profiles in a few hundred megabytes.
 */
import type { WholePersonProfile } from '../../shared/api'
import { parseMonth, type Month } from './dates'
import { fnv1a } from './hash'
import { Random } from './random'
import { companies, type Company } from './vocab/companies'
import { places, type Place } from './vocab/places'

/** What a section builder starts from: the stored profile and the data set's "now". */
export interface SectionInput {
  profile: WholePersonProfile
  key: string
  /** A random stream of this profile and section only. */
  rng: Random
  now: Month
  company: Company | undefined
  place: Place | undefined
  /** Start of the earliest position. */
  careerStart: Month
  /** Start of the current role. */
  roleStart: Month
}

export interface Section<V extends object> {
  name: string
  build: (input: SectionInput) => V
}

const companyByName = new Map(companies.map((c) => [c.name, c]))
const placeByCity = new Map<string, Place[]>()
for (const p of places) placeByCity.set(p.city, [...(placeByCity.get(p.city) ?? []), p])

export function sectionInput(profile: WholePersonProfile, section: string, now: Month): SectionInput {
  const key = profile.key ?? ''
  const positions = profile.positions ?? []
  const first = positions[positions.length - 1]?.start_date
  return {
    profile,
    key,
    rng: new Random(fnv1a(`${key}|${section}`)),
    now,
    company: profile.cur_company ? companyByName.get(profile.cur_company) : undefined,
    place: placeByCity.get(profile.city ?? '')?.find((p) => p.state === profile.state && p.country === profile.country),
    careerStart: first ? parseMonth(first) : now - 12,
    roleStart: profile.start_date_in_role ? parseMonth(profile.start_date_in_role) : now - 12
  }
}

/** Most recently built values per section, so reading several fields of one profile builds once. */
const RECENT = 64

/**
 * Attaches sections to profiles as getters, and builds them (with a small cache of recent
 * builds). One instance per generated data set: it knows the data set's "now".
 */
export class LazySections {
  readonly #now: Month
  // One getter/setter pair per (section, field), shared by every profile of the data set.
  readonly #accessors = new Map<string, PropertyDescriptor>()
  readonly #recent = new Map<string, Map<object, object>>()

  constructor(now: Month) {
    this.#now = now
  }

  build<V extends object>(section: Section<V>, profile: WholePersonProfile): V {
    let recent = this.#recent.get(section.name)
    if (!recent) {
      recent = new Map()
      this.#recent.set(section.name, recent)
    }
    const hit = recent.get(profile) as V | undefined
    if (hit) return hit
    const values = section.build(sectionInput(profile, section.name, this.#now))
    recent.set(profile, values)
    if (recent.size > RECENT) recent.delete(recent.keys().next().value as object)
    return values
  }

  /** `present` names the fields the profile has (its keys; undefined values are skipped), e.g. one build. */
  attach<V extends object>(
    section: Section<V>,
    profile: WholePersonProfile,
    present: { [K in keyof V]?: unknown }
  ): void {
    for (const field of Object.keys(present)) {
      if ((present as Record<string, unknown>)[field] === undefined) continue
      Object.defineProperty(profile, field, this.#accessor(section, field))
    }
  }

  #accessor<V extends object>(section: Section<V>, field: string): PropertyDescriptor {
    const id = `${section.name}.${field}`
    let d = this.#accessors.get(id)
    if (!d) {
      // eslint-disable-next-line @typescript-eslint/no-this-alias -- the getter's `this` is the profile
      const lazy = this
      d = {
        enumerable: true,
        configurable: true,
        get(this: WholePersonProfile): unknown {
          return (lazy.build(section, this) as Record<string, unknown>)[field]
        },
        set(this: WholePersonProfile, value: unknown): void {
          Object.defineProperty(this, field, { value, writable: true, enumerable: true, configurable: true })
        }
      }
      this.#accessors.set(id, d)
    }
    return d
  }
}
