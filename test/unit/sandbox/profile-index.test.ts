import { describe, expect, it } from 'vitest'
import type { StructuredQuery, WholePersonProfile } from '../../../shared/api'
import { generateProfiles } from '../../../sandbox/data/generate'
import { emailsOf, handlesOf } from '../../../sandbox/data/handles'
import { NAME_ONLY_MAX_SCORE, ProfileIndex } from '../../../sandbox/search/profile-index'

const profiles = generateProfiles({ count: 5000, seed: 3 })
const index = new ProfileIndex(profiles)
const snapshot = JSON.stringify(profiles)

const withEmail = profiles.find((p) => emailsOf(p).length > 1) as WholePersonProfile
const coder = profiles.find((p) => p.codehost_handle && p.qasite_name) as WholePersonProfile
/** A person with at least one past position at another company. */
const mover = profiles.find(
  (p) => (p.past_companies?.length ?? 0) > 0 && (p.positions?.length ?? 0) > 2
) as WholePersonProfile
/** The most common full first name, to get many candidates. */
const commonFirst = (() => {
  const counts = new Map<string, number>()
  for (const p of profiles) counts.set(p.first_name as string, (counts.get(p.first_name as string) ?? 0) + 1)
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] as string
})()

const lower = (s: string | null | undefined): string => (s ?? '').toLowerCase()

describe('ProfileIndex exact lookups', () => {
  it('finds profiles by key, email (any case) and handle (bare, @, URL)', () => {
    const p = profiles[17] as WholePersonProfile
    expect(index.get(p.key as string)).toBe(p)
    expect(index.get('p_nope')).toBeUndefined()
    const [e1, e2] = emailsOf(withEmail)
    expect(index.byEmail(String(e1).toUpperCase())?.key).toBe(withEmail.key)
    expect(index.byEmail(String(e2))?.key).toBe(withEmail.key)
    const h = coder.codehost_handle as string
    expect(index.byHandle(h)?.key).toBe(coder.key)
    expect(index.byHandle(`@${h.toUpperCase()}`)?.key).toBe(coder.key)
    expect(index.byHandle(`https://codehost.com/${h}`)?.key).toBe(coder.key)
    expect(index.byHandle(coder.li_urls?.[0] as string)?.key).toBe(coder.key)
    expect(index.byHandle(String(coder.li_urls?.[0]).replace('https://www.', ''))?.key).toBe(coder.key)
    expect(index.byHandle(coder.qasite_url as string)?.key).toBe(coder.key)
    for (const handle of handlesOf(coder)) expect(index.byHandle(handle)?.key).toBe(coder.key)
  })
})

describe('ProfileIndex.match', () => {
  it('returns COMPLETE matches with score 100 for key, email or handle', () => {
    const byKey = index.match({ key: mover.key })
    expect(byKey).toHaveLength(1)
    expect(byKey[0]).toMatchObject({
      key: mover.key,
      match_type: 'COMPLETE',
      match_score: 100,
      key_matches: [{ key: 'KEY', value: mover.key }]
    })
    const byEmail = index.match({ emails: ['nobody@none.example', String(emailsOf(withEmail)[0]).toUpperCase()] })
    expect(byEmail.map((p) => p.key)).toEqual([withEmail.key])
    expect(byEmail[0]?.key_matches?.[0]?.key).toBe('EMAIL')
    const byHandle = index.match({
      handles: [`https://codehost.com/${coder.codehost_handle as string}`],
      name: 'Someone Else'
    })
    expect(byHandle[0]).toMatchObject({ key: coder.key, match_type: 'COMPLETE', match_score: 100 })
    // Several identifiers of different people: each once, in request order.
    const many = index.match({ key: mover.key, handles: [coder.codehost_handle as string] }, { max: 5 })
    expect(many.map((p) => p.key)).toEqual([mover.key, coder.key])
  })

  it('ignores request emails when email lookup is disabled', () => {
    expect(index.match({ emails: [String(emailsOf(withEmail)[0])] }, { emailLookup: false })).toEqual([])
  })

  it('scores name + title + company as the best PARTIAL match, and better than a wrong company', () => {
    const request = {
      name: mover.full_name as string,
      title: mover.cur_title as string,
      company: mover.cur_company as string
    }
    const results = index.match(request, { max: 5 })
    const top = results[0] as WholePersonProfile
    expect(top.key).toBe(mover.key)
    expect(top.match_type).toBe('PARTIAL')
    expect(top.match_score).toBeGreaterThan(90)
    expect(top.match_score).toBeLessThanOrEqual(99)
    expect(top.key_matches?.map((k) => k.key)).toEqual(['NAME', 'TITLE', 'COMPANY'])
    expect(top.matched_terms).toContain(
      lower(mover.first_name)
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]/g, '')
    )
    for (let i = 1; i < results.length; i++)
      expect((results[i - 1]?.match_score ?? 0) >= (results[i]?.match_score ?? 0)).toBe(true)

    const wrongCompany = index
      .match({ ...request, company: 'Company That Does Not Exist' })
      .find((p) => p.key === mover.key)
    expect(wrongCompany?.match_score).toBeLessThan(top.match_score as number)
    const pastCompany = index
      .match({ name: request.name, company: mover.past_companies?.[0] as string })
      .find((p) => p.key === mover.key)
    expect(pastCompany?.key_matches?.find((k) => k.key === 'COMPANY')?.value).toBe(mover.past_companies?.[0])
    expect(pastCompany?.match_score).toBeGreaterThan(wrongCompany?.match_score as number)
  })

  it('uses school and location, and tolerates a one-letter typo in the name', () => {
    const school = mover.educations?.[0]?.school as string
    const withSchool = index.match({ name: mover.full_name as string, school, location: mover.city as string })
    expect(withSchool[0]?.key).toBe(mover.key)
    expect(withSchool[0]?.key_matches?.map((k) => k.key)).toEqual(['NAME', 'SCHOOL', 'LOCATION'])
    const last = mover.last_name as string
    const typo = `${mover.first_name as string} ${last.slice(0, -1)}${last.endsWith('x') ? 'y' : 'x'}`
    const fuzzy = index.match({ name: typo, company: mover.cur_company as string }).find((p) => p.key === mover.key)
    expect(fuzzy).toBeDefined()
    const exact = index.match({ name: mover.full_name as string, company: mover.cur_company as string })[0]
    expect(fuzzy?.match_score).toBeLessThan(exact?.match_score as number)
  })

  it('reads title abbreviations and place fillers the way titles and places are written', () => {
    const senior = profiles.find(
      (p) => /^Senior [A-Z][a-z]+ Engineer$/.test(p.cur_title ?? '') && p.country === 'United States'
    ) as WholePersonProfile
    const title = (senior.cur_title as string).replace('Senior', 'Sr.').replace('Engineer', 'Eng')
    const exact = index.match({
      name: senior.full_name as string,
      title: senior.cur_title as string,
      location: senior.city as string
    })[0]
    const abbreviated = index.match({
      name: senior.full_name as string,
      title,
      location: `Greater ${senior.city as string} Area`
    })[0]
    expect(abbreviated?.key).toBe(senior.key)
    expect(abbreviated?.match_score).toBe(exact?.match_score)
    const vp = index.search({ titles: ['Vice President of Engineering'] }, { limit: 0 }).total
    expect(vp).toBe(profiles.filter((p) => p.cur_title === 'VP of Engineering').length)
    expect(vp).toBeGreaterThan(0)
  })

  it('scores a name alone lower, and caps results at max (default 5)', () => {
    const byName = index.match({ name: commonFirst }, { max: 50 })
    expect(byName.length).toBeGreaterThan(5)
    for (const p of byName) expect(p.match_score).toBeLessThanOrEqual(NAME_ONLY_MAX_SCORE)
    expect(index.match({ name: commonFirst })).toHaveLength(5)
    expect(index.match({ name: commonFirst }, { max: 3 })).toHaveLength(3)
    expect(index.match({ name: commonFirst }, { max: 0 })).toEqual([])
    expect(index.match({ title: 'Engineer', company: 'Acme' })).toEqual([]) // no name, no identifier
    expect(index.match({ name: 'Qwxyzzy Plonk' })).toEqual([])
  })

  it('orders deterministically and never mutates stored profiles', () => {
    const a = index.match({ name: commonFirst, location: 'New York' }, { max: 20 })
    const b = index.match({ name: commonFirst, location: 'New York' }, { max: 20 })
    expect(a.map((p) => p.key)).toEqual(b.map((p) => p.key))
    const first = a[0] as WholePersonProfile
    first.full_name = 'changed'
    expect(index.get(first.key as string)?.full_name).not.toBe('changed')
    expect(index.get(first.key as string)).not.toHaveProperty('match_type')
    expect(JSON.stringify(profiles)).toBe(snapshot)
  })
})

describe('ProfileIndex.search', () => {
  /** Brute-force oracle over all profiles (the index itself never scans). */
  const has = (list: readonly string[] | null | undefined, word: string): boolean =>
    (list ?? []).some((x) => lower(x) === lower(word))
  const titleHas = (p: WholePersonProfile, word: string): boolean =>
    lower(p.cur_title)
      .split(/\W+/)
      .some((t) => t === word || t === `${word}s`)

  it('filters by title, skill, location and seniority', () => {
    // A place matches city, state or country: "New York" includes Brooklyn and Buffalo.
    const query: StructuredQuery = {
      titles: ['engineer'],
      skills: ['Python'],
      locations: ['New York'],
      seniorities: ['senior']
    }
    const expected = profiles.filter(
      (p) =>
        titleHas(p, 'engineer') && has(p.skills, 'Python') && p.state === 'New York' && p.cur_seniority === 'Senior'
    )
    const { total, results } = index.search(query, { limit: 1000 })
    expect(expected.length).toBeGreaterThan(0)
    expect(total).toBe(expected.length)
    expect(new Set(results.map((p) => p.key))).toEqual(new Set(expected.map((p) => p.key)))
  })

  it('ORs values within a category, ANDs skills, and applies exclusions', () => {
    const q: StructuredQuery = {
      locations: ['Seattle', 'Boston'],
      skills: ['SQL', 'Git'],
      exclude_companies: ['Globex', 'Hooli'],
      exclude_titles: ['manager']
    }
    const expected = profiles.filter(
      (p) =>
        (p.city === 'Seattle' || p.city === 'Boston') &&
        has(p.skills, 'SQL') &&
        has(p.skills, 'Git') &&
        p.cur_company !== 'Globex' &&
        p.cur_company !== 'Hooli' &&
        !titleHas(p, 'manager')
    )
    expect(expected.length).toBeGreaterThan(0)
    const { total, results } = index.search(q, { limit: 10_000 })
    expect(total).toBe(expected.length)
    expect(new Set(results.map((p) => p.key))).toEqual(new Set(expected.map((p) => p.key)))

    const states = index.search({ locations: ['Washington'], exclude_locations: ['Seattle'] }, { limit: 10_000 })
    expect(states.total).toBe(
      profiles.filter((p) => (p.state === 'Washington' || p.city === 'Washington') && p.city !== 'Seattle').length
    )
    const noPython = index.search({ titles: ['engineer'], exclude_skills: ['Python'] }, { limit: 0 })
    expect(noPython.total).toBe(profiles.filter((p) => titleHas(p, 'engineer') && !has(p.skills, 'Python')).length)
  })

  it('matches companies without legal suffixes, schools by alias, and keywords', () => {
    const acme = index.search({ companies: ['acme'] }, { limit: 0 }).total
    expect(acme).toBe(profiles.filter((p) => p.cur_company === 'Acme Corp').length)
    expect(acme).toBeGreaterThan(0)
    const mit = index.search({ schools: ['MIT'] }, { limit: 0 }).total
    expect(mit).toBe(
      profiles.filter((p) => p.educations?.some((e) => e.school === 'Massachusetts Institute of Technology')).length
    )
    const kw = index.search({ keywords: ['kubernetes'] }, { limit: 0 }).total
    expect(kw).toBe(
      profiles.filter((p) => has(p.skills, 'Kubernetes') || lower(p.certifications?.join(' ')).includes('kubernetes'))
        .length
    )
  })

  it('pages through a deterministic ranking; no filters selects everyone', () => {
    expect(index.search({}, { limit: 0 }).total).toBe(profiles.length)
    const q: StructuredQuery = { titles: ['engineer'] }
    const all = index.search(q, { limit: 60 }).results.map((p) => p.key)
    const page2 = index.search(q, { limit: 20, offset: 20 }).results.map((p) => p.key)
    expect(page2).toEqual(all.slice(20, 40))
    expect(index.search(q, { limit: 60 }).results.map((p) => p.key)).toEqual(all)
    const res = index.search({ skills: ['Python'] }, { limit: 5 }).results
    res[0]!.full_name = 'changed'
    expect(index.get(res[0]!.key as string)?.full_name).not.toBe('changed')
  })
})

describe('ProfileIndex.search with a predicate', () => {
  it('filters before ranking and paging, so totals and pages count only what the predicate keeps', () => {
    const query: StructuredQuery = {}
    const where = (p: WholePersonProfile) => !!p.ats_data
    const expected = profiles.filter(where).length
    expect(expected).toBeGreaterThan(0)
    const first = index.search(query, { limit: 10, offset: 0, where })
    expect(first.total).toBe(expected)
    expect(first.results.every(where)).toBe(true)
    const all = index.search(query, { limit: expected, offset: 0, where })
    expect(all.results.slice(0, 10).map((p) => p.key)).toEqual(first.results.map((p) => p.key))
  })
})
