import { describe, expect, it } from 'vitest'
import { locationText } from '../../../electron/main/store/search-text'

describe('a candidate’s location', () => {
  it('says each place once', () => {
    expect(
      locationText({
        city: 'Philadelphia',
        state: 'Pennsylvania',
        country: 'United States',
        locations: ['Philadelphia, Pennsylvania, United States', 'Philadelphia']
      })
    ).toBe('Philadelphia, Pennsylvania, United States')
  })

  it('adds what a listed location says that is new, and only that', () => {
    expect(
      locationText({
        city: 'Philadelphia',
        state: 'Pennsylvania',
        country: 'United States',
        locations: ['Camden, New Jersey, United States', 'Greater Philadelphia Area', 'camden,  NEW JERSEY']
      })
    ).toBe('Philadelphia, Pennsylvania, United States; Camden, New Jersey; Greater Philadelphia Area')
  })

  it('compares as search does: any case and accents', () => {
    expect(
      locationText({ city: 'São Paulo', state: 'SP', country: 'Brazil', locations: ['Sao Paulo, sp, BRAZIL'] })
    ).toBe('São Paulo, SP, Brazil')
    expect(locationText({ city: 'Singapore', country: 'Singapore' })).toBe('Singapore')
  })

  it('reads only text, and says nothing when there is none', () => {
    expect(locationText({ city: '  ', state: 3, locations: [null, '', 7, ' , '] })).toBe('')
    expect(locationText({ locations: ['Lisbon, Portugal'] })).toBe('Lisbon, Portugal')
  })
})
