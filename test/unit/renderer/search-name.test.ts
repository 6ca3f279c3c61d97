import { describe, expect, it } from 'vitest'
import { nameFromParts, searchName, SUGGESTED_NAME_LENGTH } from '../../../renderer/src/components/watches/search-name'
import { queryWords } from '../../../renderer/src/sections/chat/query-chips'

// Issue 29, item 9: "Save search" suggested the last words said in Chat ("only senior") instead of
// the query, and Search's name was the request's values cut at 200 characters, mid-word.
describe('the name Save search suggests', () => {
  it('is a Chat query’s own words, in the chips’ order', () => {
    const query = {
      titles: ['Software Engineer'],
      locations: ['Seattle'],
      seniorities: ['senior'],
      exclude_companies: ['Globex'],
      remote: true
    }
    expect(nameFromParts(queryWords(query))).toBe(
      'Software Engineer · in Seattle · senior · not at Globex · remote: true'
    )
  })

  it('is a search’s request: who, then what and where, then identifiers', () => {
    expect(
      searchName({ company: 'Acme', name: 'Jane Doe', location: 'Berlin', emails: ['jane@example.com'], title: 'CTO' })
    ).toBe('Jane Doe · CTO · Acme · Berlin · jane@example.com')
  })

  it('keeps whole parts that fit, says a repeat once, and cuts a lone long part at a word', () => {
    const long = Array.from({ length: 30 }, (_, index) => `word${index}`).join(' ')
    const cut = nameFromParts([long])
    expect(cut.length).toBeLessThanOrEqual(SUGGESTED_NAME_LENGTH)
    expect(cut).toMatch(/^word0 word1 .* word\d+…$/)
    expect(nameFromParts(['Seattle', 'seattle', ' Nurse  practitioner '])).toBe('Seattle · Nurse practitioner')
    const many = nameFromParts(Array.from({ length: 20 }, (_, index) => `Place number ${index}`))
    expect(many.length).toBeLessThanOrEqual(SUGGESTED_NAME_LENGTH)
    expect(many.split(' · ').every((part) => /^Place number \d+$/.test(part))).toBe(true)
  })
})
