import { describe, expect, it } from 'vitest'
import { wholePersonProfileSchema, type WholePersonProfile } from '../../../shared/api'
import { generateProfiles, profileKey } from '../../../sandbox/data/generate'
import { emailsOf, handlesOf, normalizeHandle } from '../../../sandbox/data/handles'
import { isValidNpi, npiFromBase } from '../../../sandbox/data/npi'
import { families, programmingLanguages, softSkills } from '../../../sandbox/data/vocab/families'
import { physicianTaxonomies } from '../../../sandbox/data/vocab/healthcare'
import { places } from '../../../sandbox/data/vocab/places'

const COUNT = 4000
const profiles = generateProfiles({ count: COUNT, seed: 7 })
const share = (pred: (p: WholePersonProfile) => boolean): number => profiles.filter(pred).length / profiles.length

/** NPI check digit the way CMS describes it: double every other digit of the 9-digit base from the right, add 24. */
function cmsCheckDigit(base9: string): number {
  let sum = 24
  for (let i = 0; i < 9; i++) {
    let d = Number(base9[8 - i])
    if (i % 2 === 0) {
      d *= 2
      if (d > 9) d = Math.floor(d / 10) + (d % 10)
    }
    sum += d
  }
  return (10 - (sum % 10)) % 10
}

describe('generateProfiles', () => {
  it('is deterministic by seed, and a smaller count is a prefix of a larger one', () => {
    const a = generateProfiles({ count: 300, seed: 42 })
    const b = generateProfiles({ count: 300, seed: 42 })
    expect(JSON.stringify(a)).toBe(JSON.stringify(b))
    const prefix = generateProfiles({ count: 120, seed: 42 })
    expect(JSON.stringify(prefix)).toBe(JSON.stringify(a.slice(0, 120)))
    const other = generateProfiles({ count: 300, seed: 43 })
    expect(other.map((p) => p.key)).not.toEqual(a.map((p) => p.key))
    expect(other.map((p) => p.full_name)).not.toEqual(a.map((p) => p.full_name))
  })

  it('gives every profile a unique, stable key', () => {
    const keys = new Set(profiles.map((p) => p.key))
    expect(keys.size).toBe(COUNT)
    for (const k of keys) expect(k).toMatch(/^p_[0-9a-z]{7}$/)
    expect(profiles[10]?.key).toBe(profileKey(7, 10))
  })

  it('produces profiles that pass the shared schema, with every section represented', () => {
    const sample = profiles.slice(0, 2000)
    for (const p of sample) {
      const r = wholePersonProfileSchema.safeParse(p)
      if (!r.success) throw new Error(`${p.key}: ${JSON.stringify(r.error.issues.slice(0, 3))}`)
    }
    const has = (f: (p: WholePersonProfile) => unknown): boolean => sample.some((p) => f(p) !== undefined)
    expect(has((p) => p.user_repos)).toBe(true)
    expect(has((p) => p.contribs)).toBe(true)
    expect(has((p) => p.qasite_tags)).toBe(true)
    expect(has((p) => p.qasite_answers)).toBe(true)
    expect(has((p) => p.recent_papers)).toBe(true)
    expect(has((p) => p.co_authors)).toBe(true)
    expect(has((p) => p.healthcare_profile?.taxonomies)).toBe(true)
    expect(has((p) => p.healthcare_profile?.practice_address)).toBe(true)
    expect(has((p) => p.nurse_profile?.nurse_license_info)).toBe(true)
    expect(has((p) => p.ats_data?.applications)).toBe(true)
    expect(has((p) => p.salary_data?.median)).toBe(true)
    expect(has((p) => p.email)).toBe(true)
  })

  it('omits absent sections instead of setting them to null', () => {
    const nulls = profiles.flatMap((p) =>
      Object.entries(p)
        .filter(([, v]) => v === null || v === undefined)
        .map(([k]) => `${p.key}.${k}`)
    )
    expect(nulls).toEqual([])
    const plain = profiles.find((p) => !p.codehost_handle)
    expect(plain && 'user_repos' in plain).toBe(false)
  })

  it('computes bulky sections on demand, the same on every read, as plain data for consumers', () => {
    const coder = profiles.find((p) => p.codehost_handle) as WholePersonProfile
    const doc = profiles.find((p) => p.healthcare_profile) as WholePersonProfile
    expect(Object.getOwnPropertyDescriptor(coder, 'user_repos')?.get).toBeTypeOf('function')
    expect(JSON.stringify(coder.user_repos)).toBe(JSON.stringify(coder.user_repos))
    expect(coder.stars).toBe(
      (coder.user_repos ?? []).reduce((s, r) => s + Number(r.stars), 0) + (coder.contribs?.length ?? 0)
    )
    const copy = { ...doc }
    expect(Object.getOwnPropertyDescriptor(copy, 'healthcare_profile')).toHaveProperty('value')
    expect(JSON.parse(JSON.stringify(doc))).toEqual(JSON.parse(JSON.stringify(copy)))
    expect(copy.healthcare_profile?.npi_number).toBe(doc.healthcare_profile?.npi_number)
    // a fresh generation rebuilds the same values
    const again = generateProfiles({ count: 60, seed: 7 })
    for (const [i, p] of again.entries()) expect(JSON.stringify(p)).toBe(JSON.stringify(profiles[i]))
    // assigning replaces the getter with a plain value
    const scratch = generateProfiles({ count: 60, seed: 7 }).find((p) => p.codehost_handle) as WholePersonProfile
    scratch.user_repos = []
    expect(scratch.user_repos).toEqual([])
    expect(Object.getOwnPropertyDescriptor(scratch, 'user_repos')).toHaveProperty('value', [])
  })

  it('hits the documented section shares within tolerance', () => {
    expect(share((p) => p.codehost_handle !== undefined)).toBeGreaterThan(0.26)
    expect(share((p) => p.codehost_handle !== undefined)).toBeLessThan(0.34)
    expect(Math.abs(share((p) => p.qasite_name !== undefined) - 0.15)).toBeLessThan(0.03)
    expect(Math.abs(share((p) => p.author_id !== undefined) - 0.1)).toBeLessThan(0.025)
    expect(Math.abs(share((p) => p.healthcare_profile !== undefined) - 0.08)).toBeLessThan(0.02)
    expect(Math.abs(share((p) => p.nurse_profile !== undefined) - 0.05)).toBeLessThan(0.015)
    expect(Math.abs(share((p) => p.ats_data !== undefined) - 0.12)).toBeLessThan(0.03)
    expect(Math.abs(share((p) => p.salary_data !== undefined) - 0.25)).toBeLessThan(0.03)
  })

  it('orders dates: studies, then positions one after another, the current role last', () => {
    for (const p of profiles) {
      const positions = p.positions ?? []
      const educations = p.educations ?? []
      expect(positions.length).toBeGreaterThan(0)
      const current = positions[0]
      expect(current?.end_date).toBeUndefined()
      expect(p.start_date_in_role).toBe(current?.start_date)
      expect(p.cur_title).toBe(current?.title)
      expect(p.cur_company).toBe(current?.company)
      expect(String(p.start_date_in_company) <= String(p.start_date_in_role)).toBe(true)
      positions.forEach((pos, i) => {
        expect(pos.index).toBe(i)
        if (pos.end_date) expect(String(pos.start_date) < pos.end_date).toBe(true)
        const older = positions[i + 1]
        if (older) expect(String(older.end_date) <= String(pos.start_date)).toBe(true)
      })
      const firstJob = positions[positions.length - 1]?.start_date as string
      educations.forEach((e, i) => {
        expect(String(e.start_date) < String(e.end_date)).toBe(true)
        expect(String(e.end_date) < firstJob).toBe(true)
        const older = educations[i + 1]
        if (older) expect(String(older.end_date) <= String(e.start_date)).toBe(true)
      })
      for (const d of [p.last_updated, p.last_refreshed, p.start_date_in_role])
        expect(String(d) < '2026-01-01').toBe(true)
    }
  })

  it('matches titles to seniority', () => {
    const engineering = families.find((f) => f.id === 'software')
    const eng = profiles.filter((p) => p.department === 'Engineering')
    expect(eng.length).toBeGreaterThan(500)
    const prefix: Record<string, RegExp> = {
      Junior: /^Junior /,
      Senior: /^Senior /,
      Staff: /^Staff /,
      Principal: /^Principal /
    }
    const seen = new Set<string>()
    for (const p of eng) {
      const s = p.cur_seniority as string
      seen.add(s)
      const title = p.cur_title as string
      if (prefix[s]) expect(title).toMatch(prefix[s])
      else if (s === 'Mid') expect(title).toMatch(/^(?!Junior|Senior|Staff|Principal)/)
      else if (s === 'Manager') expect(title).toBe(engineering?.manager)
      else if (s === 'Director') expect(title).toBe(engineering?.director)
      else if (s === 'VP') expect(title).toBe(engineering?.vp)
      else if (s === 'CXO') expect(title).toBe(engineering?.chief)
      else throw new Error(`unexpected seniority ${s}`)
    }
    for (const s of ['Junior', 'Mid', 'Senior', 'Staff', 'Manager', 'Director']) expect(seen).toContain(s)
  })

  it('uses real city/state/country triples and skills of the person\u2019s job family', () => {
    const triples = new Set(places.map((p) => `${p.city}|${p.state}|${p.country}`))
    for (const p of profiles) {
      expect(triples.has(`${p.city}|${p.state}|${p.country}`)).toBe(true)
      const family = families.find((f) => f.department === p.department)
      expect(family).toBeDefined()
      const allowed = new Set<string>([...(family?.common ?? []), ...softSkills, 'Leadership'])
      for (const r of family?.roles ?? []) for (const s of r.skills) allowed.add(s)
      for (const t of physicianTaxonomies) if (family?.id === 'physician') for (const s of t.skills) allowed.add(s)
      for (const s of p.skills ?? []) expect(allowed.has(s), `${s} for ${p.cur_title}`).toBe(true)
      for (const lang of Object.keys(p.prog_lang_ranks ?? {})) expect(programmingLanguages).toContain(lang)
    }
  })

  it('gives physicians and nurses US places and NPIs with valid check digits', () => {
    expect(npiFromBase('123456789')).toBe('1234567893') // the CMS worked example
    expect(isValidNpi('1234567890')).toBe(false)
    const npis: string[] = []
    for (const p of profiles) {
      const hp = p.healthcare_profile ?? p.nurse_profile
      if (!hp) continue
      expect(p.country).toBe('United States')
      const npi = hp.npi_number as string
      expect(npi).toMatch(/^\d{10}$/)
      expect(Number(npi[9])).toBe(cmsCheckDigit(npi.slice(0, 9)))
      expect(isValidNpi(npi)).toBe(true)
      npis.push(npi)
    }
    expect(new Set(npis).size).toBe(npis.length)
    const nurse = profiles.find((p) => p.nurse_profile)?.nurse_profile
    expect(nurse?.nurse_license_info?.[0]?.state_code).toBe(nurse?.nurse_license_state?.[0])
    const doc = profiles.find((p) => p.healthcare_profile)
    expect(doc?.healthcare_profile?.taxonomies?.[0]?.taxonomy_code).toMatch(/^[0-9]{3}[0-9A-Z]{6}X$/)
    expect(doc?.healthcare_profile?.practice_address?.state).toMatch(/^[A-Z]{2}$/)
  })

  it('gives unique handles and emails, found by handlesOf and emailsOf', () => {
    const owner = new Map<string, string>()
    for (const p of profiles) {
      const handles = handlesOf(p)
      expect(handles.length).toBeGreaterThan(0)
      for (const h of handles) {
        const prev = owner.get(h)
        if (prev !== undefined) expect(prev).toBe(p.key)
        owner.set(h, p.key as string)
      }
    }
    const emails = profiles.flatMap(emailsOf)
    expect(new Set(emails).size).toBe(emails.length)
    expect(emails.length).toBeGreaterThan(COUNT * 0.5)
    for (const e of emails) expect(e).toMatch(/^[a-z0-9.]+@[a-z0-9]+(\.[a-z0-9]+)*\.example$/)
    const coder = profiles.find((p) => p.codehost_handle) as WholePersonProfile
    expect(handlesOf(coder)).toContain(coder.codehost_handle)
  })

  it('normalises handles given as bare names, @names or profile URLs', () => {
    expect(normalizeHandle('  Alice ')).toBe('alice')
    expect(normalizeHandle('@Alice')).toBe('alice')
    expect(normalizeHandle('https://codehost.com/Alice/')).toBe('alice')
    expect(normalizeHandle('codehost.com/alice/some-repo')).toBe('alice')
    expect(normalizeHandle('profilenet.com/in/alice-smith')).toBe('alice-smith')
    expect(normalizeHandle('https://www.profilenet.com/in/alice-smith-1a2b3c?trk=public')).toBe('alice-smith-1a2b3c')
    expect(normalizeHandle('https://qasite.com/users/123456/alice.smith')).toBe('alice.smith')
  })
})
