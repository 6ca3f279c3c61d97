import { describe, expect, it } from 'vitest'
import { structuredQuerySchema, type StructuredQuery } from '../../../shared/api'
import { generateProfiles } from '../../../sandbox/data/generate'
import { ProfileIndex } from '../../../sandbox/search/profile-index'
import { interpretUtterance, summarizeQuery } from '../../../sandbox/search/utterance'

/** Runs a conversation, returning each turn's query and message. */
function converse(turns: string[], start?: StructuredQuery): Array<{ query: StructuredQuery; message: string }> {
  const out: Array<{ query: StructuredQuery; message: string }> = []
  let current = start
  for (const t of turns) {
    const r = interpretUtterance(t, current)
    expect(structuredQuerySchema.safeParse(r.query).success).toBe(true)
    out.push(r)
    current = r.query
  }
  return out
}

describe('interpretUtterance', () => {
  it('parses titles, skills, seniority and place from one sentence', () => {
    const { query, message } = interpretUtterance('find senior python engineers in Seattle', undefined)
    expect(query).toEqual({ titles: ['engineer'], skills: ['Python'], locations: ['Seattle'], seniorities: ['senior'] })
    expect(message).toBe('Senior engineers with Python in Seattle.')
  })

  it('refines across turns: exclude, add, only, remove, reset', () => {
    const turns = converse([
      'find senior python engineers in Seattle',
      'not at Acme',
      'also in Boston',
      'only staff or principal',
      'remove Seattle',
      'with AWS and Kubernetes',
      'remove python skill',
      'start over',
      'new search: registered nurses in Portland, OR'
    ])
    expect(turns[1]?.query).toMatchObject({ exclude_companies: ['Acme Corp'], locations: ['Seattle'] })
    expect(turns[2]?.query.locations).toEqual(['Seattle', 'Boston'])
    expect(turns[3]?.query.seniorities).toEqual(['staff', 'principal'])
    expect(turns[4]?.query.locations).toEqual(['Boston'])
    expect(turns[5]?.query.skills).toEqual(['Python', 'AWS', 'Kubernetes'])
    expect(turns[6]?.query.skills).toEqual(['AWS', 'Kubernetes'])
    expect(turns[6]?.query).toMatchObject({ titles: ['engineer'], exclude_companies: ['Acme Corp'] })
    expect(turns[7]?.query).toEqual({})
    expect(turns[7]?.message).toMatch(/^Started a new search\. Everyone/)
    expect(turns[8]?.query).toEqual({ titles: ['registered nurse'], locations: ['Portland'] })
  })

  it('reads exclusions, removals of whole categories, aliases and state codes', () => {
    const q1 = interpretUtterance(
      "ML engineers at Hooli or Contoso who know PyTorch, not in Texas, without Java, don't want Globex",
      undefined
    ).query
    expect(q1).toEqual({
      titles: ['machine learning engineer'],
      skills: ['PyTorch'],
      companies: ['Hooli', 'Contoso'],
      exclude_companies: ['Globex'],
      exclude_locations: ['Texas'],
      exclude_skills: ['Java']
    })
    const q2 = interpretUtterance('drop the company filter and the exclusions, anywhere', {
      ...q1,
      locations: ['Boston']
    }).query
    expect(q2).toEqual({ titles: ['machine learning engineer'], skills: ['PyTorch'] })
    expect(interpretUtterance('doctors in NYC from Stanford', undefined).query).toEqual({
      titles: ['physician'],
      locations: ['New York'],
      schools: ['Stanford University']
    })
    // a region after a comma qualifies the city; a region alone is a filter of its own
    expect(interpretUtterance('Go developers in St. Louis, MO', undefined).query).toEqual({
      titles: ['developer'],
      skills: ['Go'],
      locations: ['St. Louis']
    })
    expect(interpretUtterance('frontend devs in Berlin, Germany or WA', undefined).query).toEqual({
      titles: ['frontend engineer'],
      locations: ['Berlin', 'Washington']
    })
    expect(interpretUtterance('people at Globex, Inc. in Seattle, Boston', undefined).message).toBe(
      'People at Globex in Seattle or Boston.'
    )
    expect(interpretUtterance('VPs of Engineering excluding managers', undefined).query).toEqual({
      titles: ['vp of engineering'],
      exclude_titles: ['manager']
    })
  })

  it('moves a value between include and exclude lists instead of keeping both', () => {
    const [a, b] = converse(['engineers at Globex', 'not at Globex'])
    expect(a?.query.companies).toEqual(['Globex'])
    expect(b?.query).toEqual({ titles: ['engineer'], exclude_companies: ['Globex'] })
    const c = interpretUtterance('actually at Globex again', b?.query)
    expect(c.query).toEqual({ titles: ['engineer'], companies: ['Globex'] })
  })

  it('takes quoted text and words after "mentioning" as keywords, capitalised unknowns as company or place', () => {
    expect(interpretUtterance('data scientists mentioning kubernetes "a/b tests"', undefined).query).toEqual({
      titles: ['data scientist'],
      keywords: ['kubernetes', 'a/b tests']
    })
    expect(interpretUtterance('designers at Blue Origin Labs in Springfield', undefined).query).toEqual({
      titles: ['designer'],
      companies: ['Blue Origin Labs'],
      locations: ['Springfield']
    })
  })

  it('says what it did not understand and keeps the current query', () => {
    const current: StructuredQuery = { titles: ['engineer'] }
    const r = interpretUtterance('frobnicate the wibble', current)
    expect(r.query).toEqual(current)
    expect(r.message).toContain('Did not understand: frobnicate, wibble.')
  })

  it('summarises with the count when given one, consistent with the index', () => {
    const index = new ProfileIndex(generateProfiles({ count: 3000, seed: 5 }))
    const r = interpretUtterance('senior engineers with Python in California, excluding Acme', undefined, {
      count: (q) => index.search(q, { limit: 0 }).total
    })
    const total = index.search(r.query, { limit: 0 }).total
    expect(total).toBeGreaterThan(0)
    expect(r.message).toBe(
      `Senior engineers with Python in California, not at Acme Corp — ${total} ${total === 1 ? 'person' : 'people'}.`
    )
    expect(
      summarizeQuery(
        { titles: ['director of engineering', 'data scientist'], seniorities: ['vp'], exclude_titles: ['intern'] },
        1
      )
    ).toBe('VP directors of engineering or data scientists, not interns — 1 person.')
  })
})
