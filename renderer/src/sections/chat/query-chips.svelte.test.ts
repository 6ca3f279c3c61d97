import { describe, expect, it } from 'vitest'
import { addTo, allChips, chipsOf, fieldLabel, removeAt, setAt } from './query-chips'

describe('query chips', () => {
  const sandboxQuery = { titles: ['Engineer'], locations: ['Seattle', 'Tacoma'], seniorities: ['senior'] }

  it('makes one chip per value of a list and one per plain value, whatever the keys', () => {
    const root = chipsOf({ ...sandboxQuery, remote: true, minYears: 5 })
    expect(allChips(root).map((chip) => `${chip.field}: ${chip.text}`)).toEqual([
      'title: Engineer',
      'in: Seattle',
      'in: Tacoma',
      'seniority: senior',
      'remote: true',
      'min years: 5'
    ])
    expect(fieldLabel('exclude_regions')).toBe('exclude regions')
  })

  it('says the structured query’s fields in words, never its API names (issue 19)', () => {
    const query = {
      titles: ['Nurse'],
      skills: ['ICU'],
      locations: ['Lyon'],
      companies: ['Acme'],
      seniorities: ['senior'],
      schools: ['Sorbonne'],
      exclude_companies: ['Globex'],
      exclude_locations: ['Paris'],
      exclude_titles: ['Intern'],
      exclude_skills: ['COBOL'],
      keywords: ['night shifts'],
      constructor: ['x'],
      toString: ['y']
    }
    const fields = allChips(chipsOf(query)).map((chip) => chip.field)
    expect(fields).toEqual([
      'title',
      'skill',
      'in',
      'at',
      'seniority',
      'school',
      'not at',
      'not in',
      'not title',
      'without skill',
      'keyword',
      'constructor',
      'to string'
    ])
    expect(fields.some((field) => field.includes('_'))).toBe(false)
  })

  it('groups nested objects and objects inside lists', () => {
    const query = { filters: [{ field: 'title', op: 'eq', value: 'Nurse' }], near: { city: 'Lyon', km: 20 } }
    const root = chipsOf(query)
    expect(root.chips).toEqual([])
    expect(root.groups.map((g) => g.label)).toEqual(['filters', 'near'])
    expect(root.groups[0]!.groups[0]!.label).toBe('filters 1')
    expect(root.groups[0]!.groups[0]!.chips.map((c) => c.path)).toEqual([
      ['filters', 0, 'field'],
      ['filters', 0, 'op'],
      ['filters', 0, 'value']
    ])
    expect(root.groups[1]!.chips.map((c) => c.text)).toEqual(['Lyon', '20'])
  })

  it('removes a value, and a list or object left empty goes with it', () => {
    expect(removeAt(sandboxQuery, ['locations', 0])).toEqual({ ...sandboxQuery, locations: ['Tacoma'] })
    expect(removeAt(sandboxQuery, ['titles', 0])).toEqual({ locations: ['Seattle', 'Tacoma'], seniorities: ['senior'] })
    const nested = { near: { city: 'Lyon' }, q: 'x' }
    expect(removeAt(nested, ['near', 'city'])).toEqual({ q: 'x' })
    // the original is untouched
    expect(sandboxQuery.locations).toEqual(['Seattle', 'Tacoma'])
  })

  it('edits a value in the type it had, and adds to a list', () => {
    const query = { near: { city: 'Lyon', km: 20 }, remote: false, titles: ['Nurse'] }
    expect(setAt(query, ['near', 'km'], '35')).toEqual({ ...query, near: { city: 'Lyon', km: 35 } })
    expect(setAt(query, ['near', 'km'], 'far')).toEqual({ ...query, near: { city: 'Lyon', km: 'far' } })
    expect(setAt(query, ['remote'], 'TRUE')).toMatchObject({ remote: true })
    expect(setAt(query, ['titles', 0], ' Midwife ')).toMatchObject({ titles: ['Midwife'] })
    expect(addTo(query, 'titles', 'Doula')).toMatchObject({ titles: ['Nurse', 'Doula'] })
    expect(addTo(query, 'skills', 'ICU')).toMatchObject({ skills: ['ICU'] })
  })
})
