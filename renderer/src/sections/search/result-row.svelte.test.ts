import { describe, expect, it } from 'vitest'
import { highlight, readRow } from '../../lib/result-row'
import { requestOf, emptyForm } from './search-state.svelte'

describe('a result row, read from whatever the service sent', () => {
  it('takes the name, role and place, and survives fields of the wrong type', () => {
    const row = readRow(
      {
        profile: {
          first_name: 'Ada',
          last_name: 'Lovelace',
          cur_title: 42,
          cur_company: 'Analytical',
          city: 'London',
          match_score: '99'
        },
        issues: [{ path: 'cur_title', message: 'expected string' }],
        key: 'k1',
        shortlistedIn: []
      },
      7
    )
    expect(row).toMatchObject({
      index: 7,
      name: 'Ada Lovelace',
      title: '',
      company: 'Analytical',
      location: 'London',
      score: null,
      issues: 1
    })
    expect(readRow({ profile: 'not an object', issues: [], key: null, shortlistedIn: [] }, 0).name).toBe(
      'Unnamed person'
    )
  })
})

describe('matched terms highlighted', () => {
  it('marks word starts, ignoring case and accents', () => {
    expect(highlight('Zoë Wiśniewska, Rust', ['zoe', 'RUST'])).toEqual([
      { text: 'Zoë', hit: true },
      { text: ' Wiśniewska, ', hit: false },
      { text: 'Rust', hit: true }
    ])
  })
  it('does not mark inside a word, and leaves text alone without terms', () => {
    expect(highlight('Trust', ['rust'])).toEqual([{ text: 'Trust', hit: false }])
    expect(highlight('Ada', [])).toEqual([{ text: 'Ada', hit: false }])
  })
})

describe('the search form as a Match Profiles request', () => {
  it('leaves blank fields out and splits emails and handles', () => {
    const form = {
      ...emptyForm(),
      name: '  Ada ',
      company: '',
      emails: 'a@x.test, b@x.test\nc@x.test',
      handles: ' \n '
    }
    expect(requestOf(form)).toEqual({ name: 'Ada', emails: ['a@x.test', 'b@x.test', 'c@x.test'] })
    expect(requestOf(emptyForm())).toEqual({})
  })
})
